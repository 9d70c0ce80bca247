import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The log viewer, on the public API alone: its menu's hints on hover and focus, error codes
  /// that scroll with their lines (hidden off the list, back with them), cut lines shown whole,
  /// and lines that keep arriving from a background task through the waker.
  @Suite struct LogViewer {
    static let program = Binary.sibling("log-viewer")

    func start() throws -> TmuxPane {
      let pane = try TmuxPane(program: Self.program)
      let started = pane.wait { pane.capture().first?.contains("File") == true }
      #expect(started, "the log viewer did not start: \(pane.wrapperFiles?.read("stderr") ?? "")")
      #expect(pane.wait { pane.display("#{mouse_all_flag}") == "1" }, "any-motion tracking (1003) is on")
      return pane
    }

    func shows(_ pane: TmuxPane, _ text: String) -> Bool { pane.capture().contains { $0.contains(text) } }

    /// The number in the status bar's first field ("N lines").
    func lineCount(_ pane: TmuxPane) -> Int? {
      pane.capture()[23].split(separator: " ").first.flatMap { Int($0) }
    }

    @Test func theMenuExplainsItselfOnHoverAndFocusAndItsItemsRun() throws {
      let pane = try start()
      pane.motion(x: 9, y: 0)
      #expect(pane.wait { shows(pane, "Wrap, columns and timestamps") }, "no hover hint on View")
      pane.motion(x: 60, y: 12)
      #expect(pane.wait { !shows(pane, "Wrap, columns and timestamps") })
      // Tab enters the bar at File; Right moves inside it; Enter runs the item.
      pane.send("Tab")
      #expect(pane.wait { shows(pane, "Open, export or close a log") }, "no focus hint on File")
      pane.send("Right")
      #expect(pane.wait { shows(pane, "Wrap, columns and timestamps") }, "Right did not move in the menu")
      pane.send("Enter")
      #expect(pane.wait { pane.capture()[23].contains("View menu") }, "\(pane.capture()[23])")
      #expect(!shows(pane, "Wrap, columns and timestamps"), "running an item closes its hint")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test func anOpenErrorCodeHidesWhenScrolledOffAndComesBackWithItsLine() throws {
      let pane = try start()
      Thread.sleep(forTimeInterval: 0.6)
      pane.send("f")  // stop following: the list holds still
      #expect(pane.wait { pane.capture()[23].contains("paused") })
      // The lowest row holding a disk error code.
      let rows = pane.capture()
      let row = try #require((1..<23).last { rows[$0].contains("E2210") })
      let column = try #require(rows[row].range(of: "E2210")).lowerBound.utf16Offset(in: rows[row])
      let hint = "Less than 5% is free"
      pane.click(x: column + 2, y: row)
      #expect(pane.wait { shows(pane, hint) }, "the code's tooltip did not open")
      // The wheel moves the list down past the bottom: the line is off, its tooltip hidden.
      let turns = (23 - row + 2) / 3
      for _ in 0..<turns { pane.sendBytes(Array("\u{1B}[<64;40;12M".utf8)) }
      #expect(pane.wait { !shows(pane, hint) }, "the hidden code's tooltip is still drawn")
      #expect(pane.wait { !pane.capture()[row].contains("E2210") || (row + 3 * turns) >= 23 })
      // And back: the same line, the same tooltip, never closed.
      for _ in 0..<turns { pane.sendBytes(Array("\u{1B}[<65;40;12M".utf8)) }
      #expect(pane.wait { shows(pane, hint) }, "the tooltip did not come back with its line")
      pane.send("Escape")
      #expect(pane.wait { !shows(pane, hint) })
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test func aCutLineShowsWholeOnHoverAndLinesKeepArriving() throws {
      let pane = try start()
      let first = try #require(lineCount(pane))
      #expect(pane.wait { (lineCount(pane) ?? 0) >= first + 3 }, "no lines arrived through the waker")
      pane.send("f")
      #expect(pane.wait { pane.capture()[23].contains("paused") })
      let rows = pane.capture()
      let row = try #require((1..<12).first { rows[$0].contains("E1042") && rows[$0].hasSuffix("…") })
      #expect(!shows(pane, "refused by"))
      pane.motion(x: 70, y: row)
      #expect(pane.wait { shows(pane, "refused") }, "the cut line's full text did not show")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }
  }
}
