import Testing
import TooltipKit

@testable import TooltipCurses

/// What a terminal session hands curses: never a side curses cannot hold (it keeps
/// coordinates in `short`), never more cells than the memory budget.
@Suite struct SessionLimitsTests {
  @Test(arguments: [
    (Size(width: 80, height: 24), Size(width: 80, height: 24)),
    (Size(width: 40_000, height: 2), Size(width: 10_000, height: 2)),
    (Size(width: 2, height: 40_000), Size(width: 2, height: 10_000)),
    (Size(width: 65_535, height: 65_535), Size(width: 10_000, height: 104)),
    (Size(width: 3_000, height: 3_000), Size(width: 3_000, height: 349)),
    (Size(width: 0, height: 0), Size(width: 1, height: 1)),
  ])
  func aTerminalIsDrawnWithinTheLimits(real: Size, drawn: Size) {
    let size = ScreenSize.drawable(real)
    #expect(size == drawn)
    #expect(size.width <= Int(Int16.max) && size.height <= Int(Int16.max))
    #expect(size.width * size.height <= ScreenSize.maxCells)
  }
}
