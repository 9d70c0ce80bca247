import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The demo's reading scene in tmux: a term that wraps opens from a click on either row and
  /// from the keyboard; PgDn and the wheel scroll it off (hidden, not closed) and back.
  @Suite struct ReadingScene {
    func start() throws -> TmuxPane {
      let pane = try TmuxPane(arguments: ["--scene", "reading"])
      #expect(pane.wait { pane.capture().contains { $0.contains("The Licensee shall indemnify") } })
      return pane
    }

    func shows(_ pane: TmuxPane, _ text: String) -> Bool { pane.capture().contains { $0.contains(text) } }

    static let hint = "Each one owes the whole sum"

    @Test func theMouseOpensAWrappedTermFromEitherRowAndTheWheelHidesIt() throws {
      let pane = try start()
      pane.click(x: 6, y: 6)  // "and severally liable", the term's second row
      #expect(pane.wait { shows(pane, Self.hint) }, "\(pane.capture().joined(separator: "\n"))")
      for _ in 0..<4 { pane.sendBytes(Array("\u{1B}[<65;40;12M".utf8)) }
      #expect(pane.wait { !shows(pane, Self.hint) && shows(pane, "Clauses") })
      for _ in 0..<4 { pane.sendBytes(Array("\u{1B}[<64;40;12M".utf8)) }
      #expect(pane.wait { shows(pane, Self.hint) }, "the tooltip did not come back with its term")
      pane.send("Escape")
      #expect(pane.wait { !shows(pane, Self.hint) })
      pane.click(x: 46, y: 5)  // "jointly", the term's first row
      #expect(pane.wait { shows(pane, Self.hint) })
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test func theKeyboardOpensATermAndPagesItOffAndBack() throws {
      let pane = try start()
      pane.send("Tab", "Tab", "Tab", "i")
      #expect(pane.wait { shows(pane, Self.hint) })
      pane.send("NPage")
      #expect(pane.wait { !shows(pane, Self.hint) && shows(pane, "12. Counterparts") })
      pane.send("PPage")
      #expect(pane.wait { shows(pane, Self.hint) })
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }
  }
}
