import Foundation
import Testing

extension EndToEnd.Mouse {
  @Test func theHelpOverlayDoesNotTurnAShortPressIntoALongPress() throws {
    let pane = try TmuxPane(width: 120, arguments: ["--scene", "form"])
    pane.expectStarted()
    let idle = try snapshot(["--size", "120x24", "--scene", "form"])
    pane.expectScreen(idle)
    // Press on Publish, `?` within 0.1 s, release 0.1 s later: a short press.
    pane.sgr(press: true, x: Self.publish.x, y: Self.publish.y)
    Thread.sleep(forTimeInterval: 0.05)
    pane.send("?")
    Thread.sleep(forTimeInterval: 0.1)
    pane.sgr(press: false, x: Self.publish.x, y: Self.publish.y)
    #expect(pane.wait { pane.capture().contains { $0.contains("Any key closes this help.") } })
    // Well past the half second Publish's long press takes.
    Thread.sleep(forTimeInterval: 0.8)
    pane.send("Escape")
    // The help closed and nothing else happened: no tooltip, no event, no selection change.
    pane.expectScreen(idle, "after the help closed")
  }
}
