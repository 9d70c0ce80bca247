import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Taps and long presses injected as the terminal's own mouse reports.
  @Suite struct Mouse {
    /// top-md's box on an 80 x 24 gallery: columns 58 to 60 of row 6.
    static let topMD = (x: 59, y: 6)
    /// top-sm's box: the cell (18, 6).
    static let topSM = (x: 18, y: 6)
    /// publish's box on the form scene: columns 16 to 24 of row 13.
    static let publish = (x: 20, y: 13)

    @Test func anSGRClickOpensTheBubbleWhereTheSnapshotHasIt() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      #expect(pane.display("#{mouse_sgr_flag}") == "1")
      pane.click(x: Self.topMD.x, y: Self.topMD.y)
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-md"]))
    }

    @Test(arguments: [(0, 20), (59, 6), (50, 3), (18, 6)])
    func aClickAnywhereCloses(x: Int, y: Int) throws {
      // (50, 3) is inside top-md's bubble; (18, 6) is another anchor (consumed).
      let pane = try TmuxPane(arguments: ["--open", "top-md"])
      pane.expectStarted()
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-md"]))
      pane.click(x: x, y: y)
      pane.expectStatus(" Top · md · Sits above a 3-cell icon.  |  closed top-md by a tap")
      pane.expectScreen(Array(try snapshot(["--size", "80x24"]).dropLast()) + [pane.capture().last ?? ""])
    }

    @Test func underConsumeTheClosingTapDoesNothingElse() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      pane.click(x: Self.topSM.x, y: Self.topSM.y)
      pane.expectStatus(" Top · sm · Sits above a 1-cell icon.  |  opened top-sm")
      pane.click(x: Self.topMD.x, y: Self.topMD.y)
      // Closed, and top-md neither opened nor selected.
      pane.expectStatus(" Top · sm · Sits above a 1-cell icon.  |  closed top-sm by a tap")
      pane.expectScreen(Array(try snapshot(["--size", "80x24"]).dropLast()) + [pane.capture().last ?? ""])
    }

    @Test func underPassThroughTheClosingTapOpensTheOtherAnchor() throws {
      let pane = try TmuxPane(arguments: ["--dismiss", "pass-through"])
      pane.expectStarted()
      pane.click(x: Self.topSM.x, y: Self.topSM.y)
      pane.expectStatus(" Top · sm · Sits above a 1-cell icon.  |  opened top-sm")
      pane.click(x: Self.topMD.x, y: Self.topMD.y)
      pane.expectScreen(try snapshot(["--size", "80x24", "--dismiss", "pass-through", "--open", "top-md"]))
      // On the open anchor itself it only closes.
      pane.click(x: Self.topMD.x, y: Self.topMD.y)
      pane.expectStatus(" Top · md · Sits above a 3-cell icon.  |  closed top-md by a tap")
    }

    @Test func aClickPastColumn223WorksWithSGR() throws {
      // edges at 250 columns: the `right` anchor's box ends 7 columns from the right edge.
      let pane = try TmuxPane(width: 250, arguments: ["--scene", "edges"])
      pane.expectStarted()
      pane.click(x: 242, y: 9)
      pane.expectScreen(try snapshot(["--size", "250x24", "--scene", "edges", "--open", "right"]))
    }

    /// Under `screen`, terminfo names X10 only; SGR is asked for beside it (tmux takes it), and
    /// an X10 report, what a terminal without SGR sends, still lands.
    @Test func anX10ClickUnderTermScreen() throws {
      let pane = try TmuxPane(environment: ["TERM": "screen"])
      pane.expectStarted()
      #expect(pane.display("#{mouse_sgr_flag}") == "1")
      // Button-motion reporting (1002, for drags), which reports presses and releases as 1000 does.
      #expect(pane.display("#{mouse_button_flag}") == "1")
      pane.click(x: Self.topMD.x, y: Self.topMD.y, x10: true)
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-md"]))
    }

    /// Waits on the screen, never on time: the tooltip opens while the button is still down,
    /// and the release is known to be handled once `d` (sent after it) has drawn the debug
    /// corners on the bubble, which only an open bubble has.
    @Test func aLongPressOpensWhileStillHeldAndItsReleaseIsNotATap() throws {
      let pane = try TmuxPane(width: 120, arguments: ["--scene", "form"])
      pane.expectStarted()
      pane.sgr(press: true, x: Self.publish.x, y: Self.publish.y)
      // No release yet: the tooltip opens when the half second runs out.
      pane.expectStatus(
        " Publish · Makes your app visible on the App Store. This cannot be undone.  |  opened publish")
      pane.sgr(press: false, x: Self.publish.x, y: Self.publish.y)
      pane.send("d")  // a marker: input is handled in order
      #expect(pane.wait { pane.capture().contains { $0.contains("┌") } }, "the release closed the bubble")
      pane.send("d")
      pane.expectScreen(try snapshot(["--size", "120x24", "--scene", "form", "--open", "publish"]))
    }

    /// The press and release go in one write, so they reach the program together: a tap
    /// however long a tmux command takes to start on a busy machine (a press followed by a
    /// second command raced the half-second hold).
    @Test func aShortTapOnALongPressControlRunsItsAction() throws {
      let pane = try TmuxPane(width: 120, arguments: ["--scene", "form"])
      pane.expectStarted()
      pane.tap(x: Self.publish.x, y: Self.publish.y)
      pane.expectStatus(
        " Publish · Makes your app visible on the App Store. This cannot be undone.  |  action publish")
      #expect(!pane.capture().contains { $0.contains("▼") })
    }

    @Test func aPressAndReleaseOnDifferentTargetsMakeNothing() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      pane.tap(x: Self.topSM.x, y: Self.topSM.y, releaseX: 0, releaseY: 20)
      pane.send("Tab")  // a marker: once top-md is selected, the release has been handled
      pane.expectStatus(" Top · md · Sits above a 3-cell icon.")
      #expect(pane.capture().last == " Top · md · Sits above a 3-cell icon.")
    }

    /// A scene with an icon at column 251 of a 300-column pane (its box is 250 to 252), past
    /// the 223 columns X10 reports can carry, and one near the left edge.
    static let wideScene = """
      {
        "anchors": [
          { "id": "near", "x": 10, "y": 4, "placement": "bottom",
            "headline": "Near", "supporting": "Column 10." },
          { "id": "far", "x": 250, "y": 4, "placement": "bottom",
            "headline": "Far away", "supporting": "Column 250, past X10's reach." }
        ]
      }
      """
    /// The far icon's centre cell on a 300 x 24 screen with chrome.
    static let far = (x: 251, y: 5)

    /// Every TERM whose terminal has a mouse and that the issue found clicks lost under:
    /// tmux's defaults (X10 from terminfo), UTF-8 1005, and xterm-vt220 (whose terminfo names
    /// X10 but switches SGR on).
    @Test(arguments: ["tmux-256color", "screen", "xterm-1005", "xterm-vt220", "xterm-256color"])
    func aRealTmuxClientsClickAtColumn251OpensTheBubble(term: String) throws {
      let files = try TemporaryDirectory()
      try files.write("wide.json", Self.wideScene)
      let scene = files.url.appendingPathComponent("wide.json").path
      // The demo runs in an inner server; a real tmux client of it, with the mouse option on,
      // runs in an outer pane and turns the mouse reports it reads into the encoding the
      // demo asked tmux for, as it does for a person's clicks.
      let inner = try TmuxPane(width: 300, height: 24, arguments: ["--scene", scene], environment: ["TERM": term])
      inner.tmux(["set-option", "-g", "mouse", "on"])
      let conf = inner.files.url.appendingPathComponent("tmux.conf").path
      let client = ["/usr/bin/tmux", "-u", "-L", inner.socket, "-f", conf, "attach-session", "-t", "S"]
      let outer = try TmuxPane(width: 300, height: 24, command: client.map(shellQuoted).joined(separator: " "))
      inner.expectStarted()
      #expect(inner.wait { inner.display("#{client_width}") == "300" })
      #expect(inner.display("#{mouse_sgr_flag}") == "1", "SGR 1006 asked for under \(term)")
      outer.click(x: Self.far.x, y: Self.far.y)
      inner.expectScreen(try snapshot(["--size", "300x24", "--scene", scene, "--open", "far"]), "under \(term)")
      outer.click(x: Self.far.x, y: Self.far.y)
      inner.expectStatus(" Far away · Column 250, past X10's reach.  |  closed far by a tap")
    }

    /// Where the terminal does not know SGR, the X10 reports it sends still land.
    @Test func anX10ClickPastColumn95UnderTermScreen() throws {
      let files = try TemporaryDirectory()
      try files.write("wide.json", Self.wideScene.replacingOccurrences(of: "250", with: "200"))
      let scene = files.url.appendingPathComponent("wide.json").path
      let pane = try TmuxPane(width: 300, arguments: ["--scene", scene], environment: ["TERM": "screen"])
      pane.expectStarted()
      pane.click(x: 201, y: Self.far.y, x10: true)
      pane.expectScreen(try snapshot(["--size", "300x24", "--scene", scene, "--open", "far"]))
    }

    @Test func noMouseLeavesMouseReportingOff() throws {
      let pane = try TmuxPane(arguments: ["--no-mouse"])
      pane.expectStarted()
      #expect(pane.display("#{mouse_any_flag}") == "0")
      #expect(pane.display("#{mouse_sgr_flag}") == "0")
    }
  }
}
