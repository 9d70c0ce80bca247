import Testing
import TooltipKit

/// SPEC section 3's bubble geometry as worked cases: each body and pointer below was worked by
/// hand from the spec's formulas, not by running code. Both `BubbleLayout` and the random
/// sequences' oracle (`Invariants.expectedBubble`) must give them, so a mistake made in both
/// the same way still fails here.
///
/// The copy is "Save" (4 columns) over "Saved to disk" (13): W = 13 + 2 = 15 under hug, 16 under
/// file but for top, and H = 2 + 2 = 4; headline alone: W = 6, H = 3.
@Suite struct SpecGeometryTableTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var box: Rect
    var size: AnchorSize = .md
    var label: String?
    var placement: Placement
    var fidelity: Fidelity = .hug
    var supporting = true
    /// The body worked by hand: x, y, W, H.
    var body: Rect
    /// The pointer worked by hand.
    var pointer: Point
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // md icon at (20, 10), aw = 3, cx = 20 + 1 = 21; body x = 21 - 14 / 2 = 14.
    Case(
      name: "md bottom hug", box: Rect(x: 20, y: 10, width: 3, height: 1), placement: .bottom,
      body: Rect(x: 14, y: 12, width: 15, height: 4), pointer: Point(x: 21, y: 11)),
    // Rows ay - 1 - H ..< ay - 1 = 5 ..< 9.
    Case(
      name: "md top hug", box: Rect(x: 20, y: 10, width: 3, height: 1), placement: .top,
      body: Rect(x: 14, y: 5, width: 15, height: 4), pointer: Point(x: 21, y: 9)),
    // Columns ax - 1 - W ..< ax - 1 = 4 ..< 19; body y = 10 - 3 / 2 = 9.
    Case(
      name: "md left hug", box: Rect(x: 20, y: 10, width: 3, height: 1), placement: .left,
      body: Rect(x: 4, y: 9, width: 15, height: 4), pointer: Point(x: 19, y: 10)),
    // Pointer at ax + aw = 23, columns 24 ..< 39.
    Case(
      name: "md right hug", box: Rect(x: 20, y: 10, width: 3, height: 1), placement: .right,
      body: Rect(x: 24, y: 9, width: 15, height: 4), pointer: Point(x: 23, y: 10)),
    // sm icon, aw = 1, cx = 20; W = 16 under file; body x = 20 - 15 / 2 = 13.
    Case(
      name: "sm bottom file", box: Rect(x: 20, y: 10, width: 1, height: 1), size: .sm, placement: .bottom,
      fidelity: .file, body: Rect(x: 13, y: 12, width: 16, height: 4), pointer: Point(x: 20, y: 11)),
    // Top takes no trailing column under file: W = 15, x = 20 - 7 = 13.
    Case(
      name: "sm top file", box: Rect(x: 20, y: 10, width: 1, height: 1), size: .sm, placement: .top,
      fidelity: .file, body: Rect(x: 13, y: 5, width: 15, height: 4), pointer: Point(x: 20, y: 9)),
    // "Publish" at md: aw = 7 + 2 = 9; pointer at 16 + 9 = 25, body from 26, W = 16.
    Case(
      name: "label md right file", box: Rect(x: 16, y: 13, width: 9, height: 1), label: "Publish",
      placement: .right, fidelity: .file, body: Rect(x: 26, y: 12, width: 16, height: 4),
      pointer: Point(x: 25, y: 13)),
    // "Publish" at sm: aw = 7; columns 15 - 15 ..< 15 = 0 ..< 15.
    Case(
      name: "label sm left hug", box: Rect(x: 16, y: 13, width: 7, height: 1), size: .sm, label: "Publish",
      placement: .left, body: Rect(x: 0, y: 12, width: 15, height: 4), pointer: Point(x: 15, y: 13)),
    // Headline alone: W = 6 is even, the odd cell goes right: x = 21 - 5 / 2 = 19 (two columns
    // left of cx, three right).
    Case(
      name: "headline only bottom", box: Rect(x: 20, y: 10, width: 3, height: 1), placement: .bottom,
      supporting: false, body: Rect(x: 19, y: 12, width: 6, height: 3), pointer: Point(x: 21, y: 11)),
    // H = 3: y = 10 - 2 / 2 = 9; columns 19 - 6 ..< 19.
    Case(
      name: "headline only left", box: Rect(x: 20, y: 10, width: 3, height: 1), placement: .left,
      supporting: false, body: Rect(x: 13, y: 9, width: 6, height: 3), pointer: Point(x: 19, y: 10)),
    // Off the left edge, nothing shifts: pointer at -1, columns -16 ..< -1, y = 5 - 1 = 4.
    Case(
      name: "sm left off screen", box: Rect(x: 0, y: 5, width: 1, height: 1), size: .sm, placement: .left,
      body: Rect(x: -16, y: 4, width: 15, height: 4), pointer: Point(x: -1, y: 5)),
  ]

  func anchor(_ c: Case) -> Anchor {
    Anchor(
      id: "a", position: c.box.origin, size: c.size, placement: c.placement, headline: "Save",
      supporting: "Saved to disk", showSupporting: c.supporting, label: c.label)
  }

  @Test(arguments: cases)
  func bubbleLayoutGivesTheWorkedCase(_ c: Case) throws {
    let bubble = try #require(
      BubbleLayout(anchor: anchor(c), box: c.box, maxTextWidth: 30, fidelity: c.fidelity, glyphs: .unicode))
    #expect(bubble.body == c.body)
    #expect(bubble.pointer == c.pointer)
  }

  @Test(arguments: cases)
  func theOracleGivesTheWorkedCase(_ c: Case) throws {
    let bubble = try #require(
      Invariants.expectedBubble(anchor(c), box: c.box, maxTextWidth: 30, fidelity: c.fidelity))
    #expect(bubble.body == c.body)
    #expect(bubble.pointer == c.pointer)
  }
}
