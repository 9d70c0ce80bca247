import Foundation
import TestSupport
import Testing

extension EndToEnd.Mouse {
  @Test func theHelpOverlayDoesNotTurnAShortPressIntoALongPress() throws {
    let pane = try TmuxPane(width: 120, arguments: ["--scene", "form"])
    pane.expectStarted()
    let idle = try snapshot(["--size", "120x24", "--scene", "form"])
    pane.expectScreen(idle)
    // Press on Publish and `?` in one write (read together, well inside the half second),
    // the release once the help shows: a short press, whatever the machine's load.
    pane.sendBytes(TmuxPane.sgrBytes(press: true, x: Self.publish.x, y: Self.publish.y) + Array("?".utf8))
    #expect(pane.wait { pane.capture().contains { $0.contains("Any key closes this help.") } })
    pane.sgr(press: false, x: Self.publish.x, y: Self.publish.y)
    // Well past the half second Publish's long press takes.
    Thread.sleep(forTimeInterval: 0.8)
    pane.send("Escape")
    // The help closed and nothing else happened: no tooltip, no event, no selection change.
    pane.expectScreen(idle, "after the help closed")
  }
}
