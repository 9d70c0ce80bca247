import Testing
import TooltipKit

/// `PlacedAnchor(unclipped:)` places an anchor exactly as the failable initializer does, and
/// keeps the ones wholly outside the area, which a crop report needs to measure.
@Suite struct PlacedAnchorUnclippedTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var position: Point
    var size: AnchorSize
    var label: String?
    var box: Rect
    var insideArea: Bool
    var testDescription: String { "\(position) \(size) \(label ?? "icon")" }
  }

  static let area = Rect(x: 0, y: 1, width: 20, height: 10)

  @Test(arguments: [
    Case(
      position: Point(x: 2, y: 3), size: .md, label: nil,
      box: Rect(x: 2, y: 4, width: 3, height: 1), insideArea: true),
    Case(
      position: Point(x: -1, y: -1), size: .sm, label: nil,
      box: Rect(x: 19, y: 10, width: 1, height: 1), insideArea: true),
    Case(
      position: Point(x: -1, y: 0), size: .md, label: "Go",
      box: Rect(x: 16, y: 1, width: 4, height: 1), insideArea: true),
    Case(
      position: Point(x: 25, y: 0), size: .md, label: nil,
      box: Rect(x: 25, y: 1, width: 3, height: 1), insideArea: false),
    Case(
      position: Point(x: 0, y: 12), size: .sm, label: nil,
      box: Rect(x: 0, y: 13, width: 1, height: 1), insideArea: false),
    Case(
      position: Point(x: -30, y: -20), size: .md, label: nil,
      box: Rect(x: -12, y: -9, width: 3, height: 1), insideArea: false),
  ])
  func boxMatchesTheFailablePlacement(_ c: Case) {
    let anchor = Anchor(
      id: "a", position: c.position, size: c.size, placement: .top, label: c.label)
    let unclipped = PlacedAnchor(unclipped: anchor, fileIndex: 0, area: Self.area, glyphs: .unicode)
    #expect(unclipped.box == c.box)
    let placed = PlacedAnchor(anchor, fileIndex: 0, area: Self.area, glyphs: .unicode)
    #expect((placed != nil) == c.insideArea)
    if let placed { #expect(placed == unclipped) }
  }
}

/// Positions at the ends of `Int` place a box far outside the area without overflowing, on the
/// side the position points to.
@Test(arguments: [
  (Point(x: Int.max, y: 0), true), (Point(x: Int.min, y: 0), false),
  (Point(x: 0, y: Int.max), true), (Point(x: 0, y: Int.min), false),
])
func unclippedFarPositionsStayOutsideWithoutOverflow(_ position: Point, _ pastTheFarEdge: Bool) {
  let area = Rect(x: 0, y: 1, width: 80, height: 22)
  let anchor = Anchor(id: "far", position: position, placement: .left, headline: "Far")
  let placed = PlacedAnchor(unclipped: anchor, fileIndex: 0, area: area, glyphs: .unicode)
  #expect(placed.box.intersection(area) == nil)
  #expect(PlacedAnchor(anchor, fileIndex: 0, area: area, glyphs: .unicode) == nil)
  let past = position.x != 0 ? placed.box.minX >= area.maxX : placed.box.minY >= area.maxY
  let before = position.x != 0 ? placed.box.maxX <= area.minX : placed.box.maxY <= area.minY
  #expect(pastTheFarEdge ? past : before)
  // The bubble laid out from it stays wholly off screen too.
  let bubble = BubbleLayout(anchor: anchor, box: placed.box, maxTextWidth: 30, fidelity: .hug, glyphs: .unicode)
  #expect(bubble?.cellsLost(on: Size(width: 80, height: 24)) == (bubble?.body.area ?? 0) + 1)
}
