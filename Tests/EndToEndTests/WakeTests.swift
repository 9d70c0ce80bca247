import Foundation
import TestSupport
import Testing

extension EndToEnd.Lifecycle {
  /// The session's waker, called by another task while the demo is idle, ends its wait:
  /// `next(deadline:)` returns `.woken` (the demo, under `TOOLTIP_TUI_TEST_FAULT=wake`, then
  /// ends with status 3). A waker that did not reach the loop would leave the demo idle.
  @Test func anotherTasksWakeReachesTheIdleLoop() throws {
    let pane = try TmuxPane(environment: ["TOOLTIP_TUI_TEST_FAULT": "wake"])
    #expect(pane.exitStatus(timeout: .seconds(10)) == 3)
    expectTerminalRestored(pane)
  }
}
