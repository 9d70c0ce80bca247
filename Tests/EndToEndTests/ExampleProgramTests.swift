import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The two example programs in a real terminal: tooltips on a program's own toolbar, with the
  /// program's rows and colours untouched while a bubble is open and restored when it closes.
  @Suite struct ExamplePrograms {
    /// The example that owns ncurses: toolbar on row 1, the `?` icon at column 51.
    static let ownCurses = (program: Binary.sibling("toolbar-own-curses"), help: 51, copy: 33)
    /// The example whose terminal the component owns: the `?` icon at column 47.
    static let session = (program: Binary.sibling("toolbar-session"), help: 47, copy: 31)

    static let programs = [
      (ownCurses.program, ownCurses.help, ownCurses.copy), (session.program, session.help, session.copy),
    ]

    func start(_ program: String) throws -> TmuxPane {
      let pane = try TmuxPane(program: program)
      let started = pane.wait { pane.capture().first?.contains("Files: ~/project") == true }
      #expect(started, "the example did not start: \(pane.wrapperFiles?.read("stderr") ?? "")")
      return pane
    }

    @Test(arguments: programs)
    func aClickOpensEscClosesAndTheProgramsRowsKeepTheirColours(program: String, help: Int, copy: Int) throws {
      let pane = try start(program)
      let hint = "Hold a button for its hint;"
      // The first tap selects `?` as well as opening it: after Esc the screen is the program's
      // own with that selection, the reference for everything below.
      pane.click(x: help, y: 1)
      #expect(pane.wait { pane.capture().contains { $0.contains(hint) } })
      pane.send("Escape")
      #expect(pane.wait { !pane.capture().contains { $0.contains(hint) } })
      Thread.sleep(forTimeInterval: 0.2)
      let closed = pane.captureEscapes()
      let last = closed.count - 2  // the capture ends in an empty string after the last newline

      pane.click(x: help, y: 1)
      #expect(pane.wait { pane.capture().contains { $0.contains(hint) } })
      let open = pane.captureEscapes()
      // The program's title and status rows keep their colours while the bubble is open.
      #expect(open[0] == closed[0])
      #expect(open[0].contains("44m") || open[0].contains("48;5;26m"))
      #expect(open[last] == closed[last])
      #expect(open[last].contains("46m") || open[last].contains("48;5;45m"))
      pane.send("Escape")
      // No bubble cell is left: every row, colours included, is as it was.
      #expect(pane.wait { pane.captureEscapes() == closed }, "\(pane.capture().joined(separator: "\n"))")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test(arguments: programs)
    func aTapRunsTheButtonAndAHoldShowsItsHint(program: String, help: Int, copy: Int) throws {
      let pane = try start(program)
      pane.click(x: copy, y: 1)
      #expect(pane.wait { pane.capture().last?.hasPrefix(" copy: ") == true }, "\(pane.capture().last ?? "")")
      pane.sgr(press: true, x: copy, y: 1)
      #expect(pane.wait { pane.capture().contains { $0.contains("Copies the selected file") } })
      pane.sgr(press: false, x: copy, y: 1)
      pane.click(x: 70, y: 12)
      #expect(pane.wait { !pane.capture().contains { $0.contains("Copies the selected file") } })
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test func aSignalRestoresTheTerminalOfTheProgramThatOwnsCurses() throws {
      let pane = try start(Self.ownCurses.program)
      let pid = try #require(pane.demoPID())
      kill(pid, SIGTERM)
      #expect(pane.exitStatus() == 143)
      #expect(pane.wrapperFiles?.read("before") == pane.wrapperFiles?.read("after"))
      #expect(pane.display("#{alternate_on}") == "0")
    }
  }
}
