import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Selection and tooltips by keyboard, read back from the screen.
  @Suite struct Keyboard {
    /// The status row's hint for each gallery anchor.
    static let hints = [
      "top-sm": " Top · sm · Sits above a 1-cell icon.",
      "top-md": " Top · md · Sits above a 3-cell icon.",
      "left-sm": " Left · sm · Sits left of a 1-cell icon.",
      "right-sm": " Right · sm · Sits right of a 1-cell icon.",
      "left-md": " Left · md · Sits left of a 3-cell icon.",
      "right-md": " Right · md · Sits right of a 3-cell icon.",
      "bottom-sm": " Bottom · sm · Sits below a 1-cell icon.",
      "bottom-md": " Bottom · md · Sits below a 3-cell icon.",
    ]
    /// Where the cursor rests for each gallery anchor on an 80 x 24 screen: the start of its
    /// highlight (the cell before a 1-cell icon, a 3-cell icon's first cell).
    static let cursors = [
      "top-sm": "17,6", "top-md": "58,6", "left-sm": "33,10", "right-sm": "43,10",
      "left-md": "33,13", "right-md": "44,13", "bottom-sm": "17,17", "bottom-md": "58,17",
    ]

    func expectSelected(
      _ pane: TmuxPane, _ id: String, after key: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
      let hint = Self.hints[id]!
      let held = pane.wait {
        pane.capture().last?.hasPrefix(hint) == true && pane.display("#{cursor_x},#{cursor_y}") == Self.cursors[id]
      }
      #expect(
        held, "after \(key): status '\(pane.capture().last ?? "")', cursor \(pane.display("#{cursor_x},#{cursor_y}"))",
        sourceLocation: sourceLocation)
    }

    @Test func tabAndShiftTabWalkTheReadingOrderAndWrapAround() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      expectSelected(pane, "top-sm", after: "start")
      let order = ["top-md", "left-sm", "right-sm", "left-md", "right-md", "bottom-sm", "bottom-md", "top-sm"]
      for id in order {
        pane.send("Tab")
        expectSelected(pane, id, after: "Tab")
      }
      for id in order.reversed().dropFirst() + ["top-sm"] {
        pane.send("BTab")
        expectSelected(pane, id, after: "Shift-Tab")
      }
    }

    @Test(arguments: [["Right", "Down", "Left", "Up"], ["l", "j", "h", "k"]])
    func arrowsAndHJKLMoveToTheNearestAnchorThatWay(keys: [String]) throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      // Rows count double: from top-sm, left-sm (16 right, 4 down) is nearer than top-md (41 right).
      let path = ["left-sm", "left-md", "bottom-sm", "top-sm"]
      for (key, id) in zip(keys, path) {
        pane.send(key)
        expectSelected(pane, id, after: key)
      }
      // Nothing above the top row: the selection stays.
      pane.send(keys[3])
      pane.send("Tab")
      expectSelected(pane, "top-md", after: "\(keys[3]) then Tab")
    }

    @Test(arguments: ["Enter", "Space"])
    func enterOrSpaceOpensAndTheNextTapCloses(key: String) throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      pane.send(key)
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-sm"]))
      pane.send(key)
      let closed = try snapshot(["--size", "80x24"])
      pane.expectStatus(Self.hints["top-sm"]! + "  |  closed top-sm by a tap")
      pane.expectScreen(Array(closed.dropLast()) + [Self.hints["top-sm"]! + "  |  closed top-sm by a tap"])
    }

    @Test func escCloses() throws {
      let pane = try TmuxPane(arguments: ["--open", "left-md"])
      pane.expectStarted()
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "left-md"]))
      pane.send("Escape")
      pane.expectStatus(Self.hints["left-md"]! + "  |  closed left-md by Esc")
      pane.expectScreen(Array(try snapshot(["--size", "80x24"]).dropLast()) + [pane.capture().last ?? ""])
    }

    @Test func movingTheSelectionAwayCloses() throws {
      let pane = try TmuxPane(arguments: ["--open", "top-sm"])
      pane.expectStarted()
      pane.send("Tab")
      pane.expectStatus(Self.hints["top-md"]! + "  |  closed top-sm: the selection moved")
    }

    @Test func iShowsALongPressAnchorsTooltipAndHidesIt() throws {
      // Wide enough for the long hint and the event after it on the status row.
      let pane = try TmuxPane(width: 120, arguments: ["--scene", "form"])
      pane.expectStarted()
      pane.send("Tab")  // share, then publish
      pane.expectStatus(" Publish · Makes your app visible")
      pane.send("i")
      pane.expectScreen(try snapshot(["--size", "120x24", "--scene", "form", "--open", "publish"]))
      pane.send("i")
      pane.expectStatus(
        " Publish · Makes your app visible on the App Store. This cannot be undone.  |  closed publish by the i key")
    }

    @Test func enterOnALongPressControlRunsItsActionInstead() throws {
      // Wide enough for the long hint and the event after it on the status row.
      let pane = try TmuxPane(width: 120, arguments: ["--scene", "form"])
      pane.expectStarted()
      pane.send("Tab")
      pane.expectStatus(" Publish · Makes your app visible")
      pane.send("Enter")
      pane.expectStatus(" Publish · Makes your app visible on the App Store. This cannot be undone.  |  action publish")
      #expect(!pane.capture().contains { $0.contains("▼") })
    }

    /// Under tmux's own TERM, keypad 1 in application mode sends `ESC O q`: it is the key 1
    /// (every headline off), never Esc then `q` (quit).
    @Test func keypadOneInApplicationModeIsOneNotEscThenQ() throws {
      let pane = try TmuxPane(arguments: ["--open", "top-md"], environment: ["TERM": "tmux-256color"])
      pane.expectStarted()
      let start = try snapshot(["--size", "80x24", "--open", "top-md"])
      pane.expectScreen(start)
      pane.sendBytes([0x1B, 0x4F, 0x71])
      #expect(pane.wait { pane.capture() != start }, "keypad 1 changed nothing")
      #expect(pane.exitStatus(timeout: .milliseconds(300)) == nil, "keypad 1 quit the demo")
      #expect(pane.display("#{alternate_on}") == "1")
      // The top-row 1 switches the headlines back on: the screen is the start's again.
      pane.send("1")
      pane.expectScreen(start)
    }

    /// Home as tmux sends it (`ESC [ 1 ~`, not in the xterm entry): read as Home, which the demo
    /// gives no meaning, so nothing happens; never Esc then `1`.
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func homeDoesNothing(term: String) throws {
      let pane = try TmuxPane(arguments: ["--open", "top-md"], environment: ["TERM": term])
      pane.expectStarted()
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-md"]))
      pane.sendBytes(Array("\u{1B}[1~".utf8))
      // A marker key: once the theme is dark, Home has been read.
      pane.send("t")
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-md", "--theme", "dark"]))
    }

    @Test func theTourOpensTooltipsOneAfterAnother() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      pane.send("g")
      pane.expectScreen(
        Array(try snapshot(["--size", "80x24", "--open", "top-sm"]).dropLast())
          + [Self.hints["top-sm"]! + "  |  tour 1/8: opened top-sm"])
      pane.send("g")
      pane.expectStatus(Self.hints["top-md"]! + "  |  tour 2/8: opened top-md")
    }
  }
}
