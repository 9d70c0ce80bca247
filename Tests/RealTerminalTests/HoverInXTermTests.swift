import Foundation
import TestSupport
import Testing

extension RealTerminalTests {
  /// Hover with a real pointer: X pointer motion that xterm turns into any-motion reports (1003)
  /// for the cells it crosses, then a rest.
  @Test func aRealPointerRestingOpensAfterTheDelayStaysOverTheGapAndBubbleAndClosesOneCellOff() throws {
    let term = try XTermWindow(arguments: ["--hover"])
    let md = Self.topMD
    // "Top · md" over "Sits above a 3-cell icon.": the body is columns 46 to 72 of rows 1 to 4,
    // the pointer row 5 is the gap line.
    let bubble = Self.topBubble(ax: md.x, ay: md.y, aw: md.width, w: 25 + 2, h: 2 + 2)
    let before = try #require(term.waitForScreen("the gallery", Self.started))
    let isOpen = { (shot: Screenshot) in
      shot.cell(bubble.columns.lowerBound, bubble.rows.lowerBound, isSolid: Self.fill256)
        && shot.cell(bubble.columns.upperBound, bubble.rows.upperBound, isSolid: Self.fill256)
    }
    // From an empty cell across the screen in steps onto top-md's box, where it rests.
    term.move(through: [(2, 20), (12, 17), (24, 14), (36, 11), (48, 8), (57, 7), (md.x + 1, md.y)])
    let arrived = ContinuousClock.now
    if let shot = term.screenshot() { #expect(!isOpen(shot), "open at once, before the delay") }
    let open = try #require(term.waitForScreen("top-md's bubble after the delay", isOpen))
    let elapsed = ContinuousClock.now - arrived
    #expect(elapsed >= .milliseconds(500), "opened \(elapsed) after the pointer came to rest")
    Self.expectBubble(open, bubble, fill: Self.fill256)

    // Up onto the pointer, along the gap line, into the body and to its last column.
    let right = bubble.columns.upperBound
    term.move(through: [(md.x + 1, md.y - 1), (52, md.y - 1), (50, md.y - 1), (50, 3), (60, 3), (right, 3)])
    Thread.sleep(forTimeInterval: 0.5)
    let stayed = try #require(term.screenshot())
    #expect(isOpen(stayed), "closed while the pointer travelled over the gap onto the bubble")

    // One more cell to the right: off the zone.
    term.move(through: [(right + 1, 3)])
    let closed = term.waitForScreen("the cells behind the bubble") { shot in
      Self.bubbleCells(shot, bubble) == Self.bubbleCells(before, bubble)
    }
    #expect(closed != nil)
  }
}
