import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The title and status rows as a first-time user reads them: the tour's steps, events in
  /// words, the last event visible at 80 columns, the size toggle's three states.
  @Suite struct Chrome {
    static let topSm = " Top · sm · Sits above a 1-cell icon."
    static let publish = " Publish · Makes your app visible on the App Store. This cannot be undone."

    /// Waits until the status row (the last one) is exactly `row`, trailing spaces trimmed.
    func expectStatusRow(
      _ pane: TmuxPane, _ row: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let held = pane.wait { pane.capture().last == row }
      #expect(held, "status row '\(pane.capture().last ?? "")', expected '\(row)'", sourceLocation: sourceLocation)
    }

    /// Waits until the title row (the first one) contains `text`.
    func expectTitle(_ pane: TmuxPane, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
      let held = pane.wait { pane.capture().first?.contains(text) == true }
      #expect(held, "title row '\(pane.capture().first ?? "")', expected '\(text)'", sourceLocation: sourceLocation)
    }

    @Test func theTourStatusNeverPilesUp() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      pane.send("g")
      expectStatusRow(pane, Self.topSm + "  |  tour 1/8: opened top-sm")
      // `t` ends the tour; `g` starts it again on the tooltip already open.
      pane.send("t")
      expectTitle(pane, "dark")
      pane.send("g")
      pane.send("t")
      pane.send("g")
      expectTitle(pane, "light")
      expectStatusRow(pane, Self.topSm + "  |  tour 1/8: top-sm is open")
    }

    /// A step on an anchor with no text says so, even right after a tour ended.
    @Test func aTourStepThatOpensNothingSaysSo() throws {
      let directory = try TemporaryDirectory()
      try directory.write(
        "tour.json",
        """
        {"anchors": [
          {"id": "silent", "x": 2, "y": 2, "placement": "bottom"},
          {"id": "share", "x": 10, "y": 5, "placement": "bottom", "headline": "Share"}
        ]}
        """)
      let pane = try TmuxPane(arguments: ["--scene", directory.url.appendingPathComponent("tour.json").path])
      pane.expectStarted()
      let silent = " silent: no tooltip text  |  "
      pane.send("g")
      expectStatusRow(pane, silent + "tour 1/2: silent has no tooltip text")
      pane.send("g")
      expectStatusRow(pane, " Share  |  tour 2/2: opened share")
      pane.send("g")
      expectStatusRow(pane, " Share  |  tour over")
      pane.send("g")
      expectStatusRow(pane, silent + "tour 1/2: silent has no tooltip text")
    }

    /// At 80 columns the form's long hint is cut before the event, never the event; Esc with
    /// nothing open clears the event and the whole hint shows.
    @Test func anActionIsVisibleAtEightyColumns() throws {
      let pane = try TmuxPane(arguments: ["--scene", "form"])
      pane.expectStarted()
      pane.send("Tab")
      expectStatusRow(pane, Self.publish)
      pane.send("Enter")
      expectStatusRow(pane, " Publish · Makes your app visible on the App Store. This can…  |  action publish")
      pane.send("Escape")
      expectStatusRow(pane, Self.publish)
    }

    @Test func closeReasonsAreWords() throws {
      let pane = try TmuxPane(arguments: ["--open", "top-sm"])
      pane.expectStarted()
      // Both lines switched off: nothing is left to show, so it closes.
      pane.send("1")
      pane.send("2")
      expectStatusRow(pane, " top-sm: no tooltip text  |  closed top-sm: no line left to show")
      pane.send("1")
      pane.send("2")
      pane.send("i")
      expectStatusRow(pane, Self.topSm + "  |  opened top-sm")
      pane.send("n")
      expectStatusRow(pane, " Share · Share this document with teammate…  |  closed top-sm: the scene changed")
    }

    /// `s`: the scene's own sizes, all sm, all md, and back to the gallery's mix.
    @Test func sizeCyclesBackToTheScenesOwnSizes() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      let start = try snapshot(["--size", "80x24"])
      pane.expectScreen(start)
      #expect(start[0].contains(" · scene sizes · "))
      pane.send("s")
      expectTitle(pane, " · all sm · ")
      // right-md's icon is now one cell: its row has two one-cell boxes 11 columns apart.
      #expect(pane.wait { pane.capture()[13] == String(repeating: " ", count: 33) + "ⅈ          ⅈ" })
      pane.send("s")
      expectTitle(pane, " · all md · ")
      pane.send("s")
      pane.expectScreen(start, "after three presses of s")
    }

    /// A 1 x 1 pane: the help overlay fills the one cell; any key closes it and the cell is
    /// blank again.
    @Test func theHelpLeavesNothingBehindOnOneCell() throws {
      let pane = try TmuxPane(width: 1, height: 1)
      #expect(pane.wait { pane.display("#{alternate_on}") == "1" })
      #expect(pane.wait { pane.capture() == [""] }, "before: \(pane.capture())")
      pane.send("?")
      // The one cell shows the middle of the help box: some letter of it, whichever the list's
      // length puts there.
      #expect(
        pane.wait { pane.capture().count == 1 && !pane.capture()[0].trimmingCharacters(in: .whitespaces).isEmpty },
        "help: \(pane.capture())")
      pane.send("x")
      #expect(pane.wait { pane.capture() == [""] }, "after a key: \(pane.capture())")
    }
  }
}
