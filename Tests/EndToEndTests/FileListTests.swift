import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The file list, on the public API alone: a list that keeps its own keys (cursor, Enter,
  /// Space, its Tab order) while the cut name under its cursor shows whole by focus, a click on
  /// a cut name that selects its row, and rows that scroll out of the list's viewport.
  @Suite struct FileList {
    static let program = Binary.sibling("file-list")

    /// The list on a 60 x 12 pane: rows 1 to 9 show files, the buttons are on row 10, the
    /// status on row 11.
    func start() throws -> TmuxPane {
      let pane = try TmuxPane(program: Self.program, width: 60, height: 12)
      let started = pane.wait { pane.capture().first?.contains("Files (18)") == true }
      #expect(started, "the file list did not start: \(pane.wrapperFiles?.read("stderr") ?? "")")
      return pane
    }

    func shows(_ pane: TmuxPane, _ text: String) -> Bool { pane.capture().contains { $0.contains(text) } }
    func status(_ pane: TmuxPane) -> String { pane.capture()[11] }

    @Test func theCursorKeysStayTheListsWhileACutNameShowsByFocus() throws {
      let pane = try start()
      pane.send("Down", "Down")
      #expect(pane.wait { shows(pane, "legal.pdf") }, "the cut name under the cursor did not show whole")
      // Down and Enter are the list's, with that row focused.
      pane.send("Down")
      #expect(pane.wait { !shows(pane, "legal.pdf") }, "the cursor did not move off the cut name")
      pane.send("Enter")
      #expect(pane.wait { status(pane).contains("opened notes.txt") }, "\(status(pane))")
      pane.send("Up", "Space", "Enter")
      #expect(pane.wait { pane.capture()[3].hasPrefix("*") }, "Space did not mark the focused row")
      #expect(pane.wait { status(pane).contains("opened quarterly-report") }, "\(status(pane))")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test func tabFollowsTheProgramsOrderAndTheButtonsHintsFindTheirSide() throws {
      let pane = try start()
      pane.send("Tab")
      // The Open button is on the second-last row: below has no room, its hint goes above.
      #expect(pane.wait { shows(pane, "Open the file") }, "no focus hint on Open")
      #expect(!pane.capture()[11].contains("Open the file"))
      pane.send("Tab")
      #expect(pane.wait { shows(pane, "Move the marked files") }, "Tab did not reach Delete")
      pane.send("Enter")
      #expect(pane.wait { status(pane).contains("deleted 0 marked") }, "\(status(pane))")
      pane.send("Tab", "Enter")
      #expect(pane.wait { status(pane).contains("opened README.md") }, "\(status(pane))")
      pane.send("BTab")
      #expect(pane.wait { shows(pane, "Move the marked files") }, "Shift-Tab did not go back to Delete")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test func aClickOnACutNameSelectsItsRowAndTheListScrolls() throws {
      let pane = try start()
      // Row 5 is file 4, a cut name: the click is the list's.
      pane.click(x: 10, y: 5)
      pane.send("Enter")
      #expect(pane.wait { status(pane).contains("opened photo-of-the-whiteboard") }, "\(status(pane))")
      // A page down: the cursor on file 13, the list scrolled so it is the last row shown.
      pane.send("NPage")
      #expect(pane.wait { pane.capture()[9].contains("minutes-of-the-annual") }, "\(pane.capture())")
      #expect(!pane.capture()[1].contains("README.md"))
      #expect(pane.wait { shows(pane, ".docx") }, "the cut name under the cursor did not show whole")
      // A resting pointer shows another cut name in place of it.
      pane.motion(x: 10, y: 3)
      #expect(pane.wait { shows(pane, "index.html") }, "no hover hint on a cut name")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }
  }
}
