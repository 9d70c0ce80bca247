import Testing
import TooltipKit

@Suite struct SelectionTests {
  @Test func readingOrderIsRowThenColumnThenFileOrder() {
    let l = layout([
      anchor("late", x: 2, y: 9),
      anchor("right", x: 20, y: 3),
      anchor("left", x: 5, y: 3),
      anchor("twin2", x: 12, y: 6),
      anchor("twin1", x: 12, y: 6),
      anchor("outside", x: 2, y: 40),
    ])
    #expect(l.anchors.map(\.id) == ["left", "right", "twin2", "twin1", "late"])
    #expect(l.anchors.map(\.fileIndex) == [2, 1, 3, 4, 0])
    #expect(l.readingIndex(of: "twin1") == 3)
    #expect(l.readingIndex(of: "outside") == nil)
    #expect(TooltipState(layout: l).selectedID == "left")
  }

  @Test func nextAndPreviousWrapAround() {
    let l = layout([anchor("a", x: 1, y: 1), anchor("b", x: 10, y: 1), anchor("c", x: 1, y: 5)])
    #expect(l.next(after: "a")?.id == "b")
    #expect(l.next(after: "b")?.id == "c")
    #expect(l.next(after: "c")?.id == "a")
    #expect(l.previous(before: "a")?.id == "c")
    #expect(l.previous(before: "c")?.id == "b")
    #expect(l.next(after: nil)?.id == "a")
    #expect(l.previous(before: nil)?.id == "c")
    #expect(l.next(after: "gone")?.id == "a")
    #expect(l.previous(before: "gone")?.id == "c")
    let empty = layout([])
    #expect(empty.next(after: nil) == nil)
    #expect(empty.previous(before: "a") == nil)
    #expect(empty.nearest(from: "a", toward: .up) == nil)
  }

  struct MoveCase: Sendable, CustomTestStringConvertible {
    var name: String
    /// The anchors; the one named "o" is the selection the move starts from.
    var anchors: [Anchor]
    var direction: Placement
    var expected: String?
    var testDescription: String { name }
  }

  /// An sm icon: its centre cell is its box, (x, y).
  static func at(_ id: String, _ x: Int, _ y: Int) -> Anchor { anchor(id, x: x, y: y, size: .sm) }

  // BEHAVIOUR 8: the nearest anchor inside a 90° cone, measured between centre cells, a row
  // counting as two columns (right: dx > 0 and 2|dy| <= dx), scored by |dx| + 2|dy|, ties in
  // reading order; an empty cone keeps the selection.
  @Test(arguments: [
    MoveCase(
      name: "right: nearest on the row",
      anchors: [at("o", 10, 10), at("far", 18, 10), at("near", 14, 10)], direction: .right,
      expected: "near"),
    MoveCase(
      name: "right: cone edge is inside", anchors: [at("o", 10, 10), at("a", 14, 12)],
      direction: .right, expected: "a"),
    MoveCase(
      name: "right: just outside the cone", anchors: [at("o", 10, 10), at("a", 13, 12)],
      direction: .right, expected: nil),
    MoveCase(
      name: "right: a row counts two columns",
      anchors: [at("o", 10, 10), at("row", 16, 10), at("diag", 13, 11)], direction: .right,
      expected: "diag"),
    MoveCase(
      name: "right: tie goes to reading order, not file order",
      anchors: [at("o", 10, 10), at("below", 14, 11), at("level", 16, 10)], direction: .right,
      expected: "level"),
    MoveCase(
      name: "right: tie above wins in reading order",
      anchors: [at("o", 10, 10), at("below", 14, 11), at("above", 14, 9)], direction: .right,
      expected: "above"),
    MoveCase(
      name: "right: nothing behind counts", anchors: [at("o", 10, 10), at("a", 6, 10)],
      direction: .right, expected: nil),
    MoveCase(
      name: "left", anchors: [at("o", 10, 10), at("r", 12, 10), at("l", 6, 10)], direction: .left,
      expected: "l"),
    MoveCase(
      name: "left: just outside the cone", anchors: [at("o", 10, 10), at("a", 7, 12)],
      direction: .left, expected: nil),
    MoveCase(
      name: "up: cone edge is inside", anchors: [at("o", 10, 10), at("a", 12, 9)], direction: .top,
      expected: "a"),
    MoveCase(
      name: "up: just outside the cone", anchors: [at("o", 10, 10), at("a", 13, 9)], direction: .top,
      expected: nil),
    MoveCase(
      name: "down: the farther row wins when the near one is outside",
      anchors: [at("o", 10, 10), at("side", 13, 11), at("under", 10, 13)], direction: .bottom,
      expected: "under"),
    MoveCase(
      name: "down: tie in reading order",
      anchors: [at("o", 10, 10), at("r", 12, 11), at("l", 8, 11)], direction: .bottom, expected: "l"),
    MoveCase(
      name: "down: empty cone stays", anchors: [at("o", 10, 10), at("a", 10, 5)], direction: .bottom,
      expected: nil),
    // Centres, not box edges: "Publish" md at 12 has its centre at 16 (dx 6, dy 2: inside);
    // measured from the box's first column (dx 2) it would be outside.
    MoveCase(
      name: "measured between centre cells",
      anchors: [at("o", 10, 10), anchor("p", x: 12, y: 12, label: "Publish")], direction: .right,
      expected: "p"),
    MoveCase(
      name: "same centre is in no cone", anchors: [at("o", 10, 10), anchor("twin", x: 9, y: 10)],
      direction: .right, expected: nil),
  ])
  func arrowMoves(_ c: MoveCase) {
    let l = layout(c.anchors)
    #expect(l.nearest(from: "o", toward: Direction(c.direction))?.id == c.expected)

    // Through the state machine: the selection moves, or stays when the cone is empty.
    var state = TooltipState(layout: l)
    _ = state.send(.select("o"), layout: l)
    #expect(state.send(.move(c.direction), layout: l) == [])
    #expect(state.selectedID == (c.expected ?? "o"))
  }

  @Test func nearestFromAnUnknownAnchorIsNil() {
    #expect(layout([Self.at("a", 1, 1)]).nearest(from: "gone", toward: .right) == nil)
  }
}
