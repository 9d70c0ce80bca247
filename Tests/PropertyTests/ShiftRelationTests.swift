import Testing
import TooltipKit

/// The relations the random sequences check every shifted bubble by (`Invariants.shifted`)
/// accept BEHAVIOUR 3's opt-in shift as worked by hand, and reject the same bubble moved one cell
/// either way on either axis, left where crop puts it, or with its pointer moved: they pin a
/// shifted body to one place. The copy is "Save" over "Saved to disk": body 15 x 4.
@Suite struct ShiftRelationTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var position: Point
    var placement: Placement
    var screen = Size(width: 60, height: 24)
    /// The shifted body worked by hand.
    var body: Rect
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // cx = 1: crop x = -6, shift to 0 (pointer column 1 inside).
    Case(
      name: "toolbar corner, below", position: Point(x: 0, y: 0), placement: .bottom,
      body: Rect(x: 0, y: 2, width: 15, height: 4)),
    // cx = 58: crop 51 ..< 66, shift to 45 ..< 60.
    Case(
      name: "right edge, below", position: Point(x: 57, y: 0), placement: .bottom,
      body: Rect(x: 45, y: 2, width: 15, height: 4)),
    // Right of (20, 0): rows -1 ..< 3 move to 0 ..< 4.
    Case(
      name: "top row, right", position: Point(x: 20, y: 0), placement: .right,
      body: Rect(x: 24, y: 0, width: 15, height: 4)),
    // Left of (40, 23): rows 22 ..< 26 move to 20 ..< 24.
    Case(
      name: "last row, left", position: Point(x: 40, y: 23), placement: .left,
      body: Rect(x: 24, y: 20, width: 15, height: 4)),
    // 10 columns, cx = 9: crop x = 2, 15 wide: its first column goes to 0.
    Case(
      name: "wider than the screen", position: Point(x: 8, y: 0), placement: .bottom,
      screen: Size(width: 10, height: 8), body: Rect(x: 0, y: 2, width: 15, height: 4)),
  ]

  static func bubbles(_ c: Case) throws -> (cropped: BubbleLayout, shifted: BubbleLayout, box: Rect) {
    let anchor = Anchor(
      id: "a", position: c.position, placement: c.placement, headline: "Save", supporting: "Saved to disk")
    let crop = SceneLayout(scene: Scene(anchors: [anchor]), screen: c.screen)
    let shift = SceneLayout(scene: Scene(anchors: [anchor], edges: .shift), screen: c.screen)
    let box = try #require(crop.anchor(id: "a")).box
    return (try #require(crop.bubble(for: "a")), try #require(shift.bubble(for: "a")), box)
  }

  @Test(arguments: cases)
  func theRelationsAcceptTheWorkedShiftAndRejectEveryNeighbour(_ c: Case) throws {
    let (cropped, shifted, box) = try Self.bubbles(c)
    #expect(shifted.body == c.body)
    #expect(Invariants.shifted(shifted, from: cropped, box: box, screen: c.screen) == [])

    for (dx, dy) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
      var wrong = shifted.offset(by: Point(x: dx, y: dy))
      wrong.pointer = shifted.pointer
      #expect(
        !Invariants.shifted(wrong, from: cropped, box: box, screen: c.screen).isEmpty, "moved by (\(dx), \(dy))")
    }
    // Left where crop puts it: rejected (each case here needs a shift).
    #expect(!Invariants.shifted(cropped, from: cropped, box: box, screen: c.screen).isEmpty)
    // The pointer moved with the body: rejected.
    let dragged = cropped.offset(
      by: Point(x: shifted.body.minX - cropped.body.minX, y: shifted.body.minY - cropped.body.minY))
    #expect(!Invariants.shifted(dragged, from: cropped, box: box, screen: c.screen).isEmpty)
  }

  @Test func aBubbleOnScreenMustNotMove() throws {
    let c = Case(
      name: "inside", position: Point(x: 20, y: 5), placement: .bottom, body: Rect(x: 14, y: 7, width: 15, height: 4))
    let (cropped, shifted, box) = try Self.bubbles(c)
    #expect(shifted == cropped)
    var wrong = cropped.offset(by: Point(x: 1, y: 0))
    wrong.pointer = cropped.pointer
    #expect(!Invariants.shifted(wrong, from: cropped, box: box, screen: c.screen).isEmpty)
  }
}
