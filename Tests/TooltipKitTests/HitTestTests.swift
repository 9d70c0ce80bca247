import Testing
import TooltipKit

@Suite struct HitTestTests {
  struct HitCase: Sendable, CustomTestStringConvertible {
    var name: String
    var anchors: [Anchor]
    var point: Point
    var expected: String?
    var testDescription: String { name }
  }

  // Screen 60 x 24, all on row 5. BEHAVIOUR 3: md target = box; sm target = box plus one column
  // each side; overlaps: artwork beats padding, then the nearer centre, then reading order.
  @Test(arguments: [
    HitCase(
      name: "sm artwork", anchors: [anchor("a", x: 10, y: 5, size: .sm)], point: point(10, 5),
      expected: "a"),
    HitCase(
      name: "sm left padding", anchors: [anchor("a", x: 10, y: 5, size: .sm)], point: point(9, 5),
      expected: "a"),
    HitCase(
      name: "sm right padding", anchors: [anchor("a", x: 10, y: 5, size: .sm)], point: point(11, 5),
      expected: "a"),
    HitCase(
      name: "sm two columns left", anchors: [anchor("a", x: 10, y: 5, size: .sm)],
      point: point(8, 5), expected: nil),
    HitCase(
      name: "sm two columns right", anchors: [anchor("a", x: 10, y: 5, size: .sm)],
      point: point(12, 5), expected: nil),
    HitCase(
      name: "sm row above", anchors: [anchor("a", x: 10, y: 5, size: .sm)], point: point(10, 4),
      expected: nil),
    HitCase(
      name: "md first column", anchors: [anchor("a", x: 10, y: 5)], point: point(10, 5),
      expected: "a"),
    HitCase(
      name: "md last column", anchors: [anchor("a", x: 10, y: 5)], point: point(12, 5),
      expected: "a"),
    HitCase(
      name: "md has no padding on the left", anchors: [anchor("a", x: 10, y: 5)],
      point: point(9, 5), expected: nil),
    HitCase(
      name: "md has no padding on the right", anchors: [anchor("a", x: 10, y: 5)],
      point: point(13, 5), expected: nil),
    HitCase(
      name: "md label box", anchors: [anchor("a", x: 10, y: 5, label: "Publish")],
      point: point(18, 5), expected: "a"),
    HitCase(
      name: "sm label padding", anchors: [anchor("a", x: 10, y: 5, size: .sm, label: "Publish")],
      point: point(17, 5), expected: "a"),
    // a: sm at 10 (padding 11, centre 10); b: "Publish" md at 11...19 (centre 15).
    HitCase(
      name: "artwork beats padding even with a farther centre",
      anchors: [anchor("a", x: 10, y: 5, size: .sm), anchor("b", x: 11, y: 5, label: "Publish")],
      point: point(11, 5), expected: "b"),
    HitCase(
      name: "artwork beats padding, listed the other way",
      anchors: [anchor("b", x: 11, y: 5, label: "Publish"), anchor("a", x: 10, y: 5, size: .sm)],
      point: point(11, 5), expected: "b"),
    // a: sm "Done" label at 5...8 (padding 9, centre 6); b: sm icon at 10 (padding 9, centre 10).
    HitCase(
      name: "nearer centre beats reading order between paddings",
      anchors: [
        anchor("a", x: 5, y: 5, size: .sm, label: "Done"), anchor("b", x: 10, y: 5, size: .sm),
      ],
      point: point(9, 5), expected: "b"),
    // Two sm icons at 10 and 12 share padding column 11, one column from each centre.
    HitCase(
      name: "padding tie goes to reading order",
      anchors: [anchor("b", x: 12, y: 5, size: .sm), anchor("a", x: 10, y: 5, size: .sm)],
      point: point(11, 5), expected: "a"),
    // Two md boxes overlapping on column 12: centres 11 and 13.
    HitCase(
      name: "artwork tie goes to reading order",
      anchors: [anchor("b", x: 12, y: 5), anchor("a", x: 10, y: 5)],
      point: point(12, 5), expected: "a"),
    HitCase(
      name: "overlapping artwork: nearer centre",
      anchors: [anchor("a", x: 10, y: 5, label: "Publish"), anchor("b", x: 17, y: 5)],
      point: point(17, 5), expected: "b"),
    // a: sm at 10 (target 9...11); b: "Publish" md at 20 (target 20...28), the row's widest.
    HitCase(
      name: "past a narrow target on a row with a wide one",
      anchors: [anchor("a", x: 10, y: 5, size: .sm), anchor("b", x: 20, y: 5, label: "Publish")],
      point: point(12, 5), expected: nil),
    HitCase(
      name: "off screen left", anchors: [anchor("a", x: 0, y: 5, size: .sm)], point: point(-1, 5),
      expected: nil),
    HitCase(
      name: "off screen right", anchors: [anchor("a", x: 59, y: 5, size: .sm)], point: point(60, 5),
      expected: nil),
    HitCase(
      name: "off screen above", anchors: [anchor("a", x: 10, y: 0)], point: point(10, -1),
      expected: nil),
    HitCase(
      name: "off screen below", anchors: [anchor("a", x: 10, y: 23)], point: point(10, 24),
      expected: nil),
    HitCase(
      name: "sm padding on column 0", anchors: [anchor("a", x: 1, y: 5, size: .sm)],
      point: point(0, 5), expected: "a"),
  ])
  func tapTargets(_ c: HitCase) {
    let l = layout(c.anchors)
    #expect(l.anchor(at: c.point)?.id == c.expected)
    #expect(
      l.hitTest(c.point, bubble: nil) == (c.expected.map { HitTarget.anchor($0) } ?? .background))
  }

  @Test func manyAnchorsOnOneRowFindTheRightOne() {
    // Every third column an sm icon: each column belongs to exactly one of them.
    let anchors = (0..<20).map { anchor("a\($0)", x: 1 + 3 * $0, y: 5, size: .sm) }
    let l = layout(anchors)
    for i in 0..<20 {
      for dx in -1...1 {
        #expect(l.anchor(at: point(1 + 3 * i + dx, 5))?.id == "a\(i)")
      }
    }
    #expect(l.anchor(at: point(5, 6)) == nil)  // a row with no anchor
  }

  @Test func bubbleIsOnTop() throws {
    // a's bubble (bottom) covers c; the pointer and body are the bubble, c lies beneath.
    let a = anchor("a", x: 30, y: 2, placement: .bottom)
    let c = anchor("c", x: 30, y: 5, size: .sm)
    let l = layout([a, c])
    let bubble = try #require(l.bubble(for: "a"))
    #expect(bubble.body == rect(24, 4, 15, 4))
    #expect(l.hitTest(point(31, 3), bubble: bubble) == .bubble)  // pointer
    #expect(l.hitTest(point(30, 5), bubble: bubble) == .bubble)  // over c
    #expect(l.hitTest(point(24, 4), bubble: bubble) == .bubble)
    #expect(l.hitTest(point(30, 5), bubble: nil) == .anchor("c"))
    #expect(l.anchor(at: point(30, 5))?.id == "c")  // as if no bubble were open
    #expect(l.hitTest(point(31, 2), bubble: bubble) == .anchor("a"))
    #expect(l.hitTest(point(23, 4), bubble: bubble) == .background)
    #expect(l.hitTest(point(30, 3), bubble: bubble) == .background)  // gap beside the pointer
  }

  @Test func offScreenBubbleCellsAreBackground() throws {
    let l = layout([anchor("a", x: 0, y: 5, size: .sm, placement: .left)], width: 20, height: 10)
    let bubble = try #require(l.bubble(for: "a"))
    #expect(bubble.contains(point(-1, 5)))
    #expect(l.hitTest(point(-1, 5), bubble: bubble) == .background)
    #expect(l.hitTest(point(0, 5), bubble: bubble) == .anchor("a"))
  }

  @Test func anchorsOutsideTheAreaCannotBeHit() {
    // Scene area rows 1...8 of a 20 x 10 screen: an anchor at y = 8 is below it.
    let l = layout([anchor("a", x: 2, y: 8)], width: 20, height: 10, area: rect(0, 1, 20, 8))
    #expect(l.anchors.isEmpty)
    #expect(l.anchor(at: point(3, 9)) == nil)
    #expect(l.hitTest(point(3, 9), bubble: nil) == .background)
  }
}
