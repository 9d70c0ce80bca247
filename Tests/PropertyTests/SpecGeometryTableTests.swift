import TestSupport
import Testing
import TooltipKit

/// BEHAVIOUR 3's bubble geometry as worked cases: each body and pointer below was worked by
/// hand from the spec's formulas, not by running code. `BubbleLayout` must give them, and the
/// relations the random sequences check every bubble by (`Invariants.bubbleShape`) must accept
/// them and reject each of them moved or resized by one cell: the relations pin a bubble to one
/// place, and it is the place the spec's numbers give.
///
/// Boxes taller than one row (a program's own widget, `Anchor.boxSize`) follow docs/DESIGN.md's
/// decision: bottom bubbles start below the last row, left and right ones centre on the middle
/// row (the upper of two).
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
    // A 3 x 3 box below: the pointer under its last row, 10 + 3 = 13; body from 14.
    Case(
      name: "tall box bottom", box: Rect(x: 20, y: 10, width: 3, height: 3), placement: .bottom,
      body: Rect(x: 14, y: 14, width: 15, height: 4), pointer: Point(x: 21, y: 13)),
    // Above, a tall box changes nothing: the pointer on the row above its first.
    Case(
      name: "tall box top", box: Rect(x: 20, y: 10, width: 3, height: 3), placement: .top,
      body: Rect(x: 14, y: 5, width: 15, height: 4), pointer: Point(x: 21, y: 9)),
    // Middle row 10 + 2 / 2 = 11; body y = 11 - 3 / 2 = 10.
    Case(
      name: "tall box left", box: Rect(x: 20, y: 10, width: 3, height: 3), placement: .left,
      body: Rect(x: 4, y: 10, width: 15, height: 4), pointer: Point(x: 19, y: 11)),
    // Two rows: the upper one, 10 + 1 / 2 = 10; body y = 10 - 3 / 2 = 9.
    Case(
      name: "two-row box right", box: Rect(x: 20, y: 10, width: 3, height: 2), placement: .right,
      body: Rect(x: 24, y: 9, width: 15, height: 4), pointer: Point(x: 23, y: 10)),
    // Four rows: the upper middle one, 10 + 3 / 2 = 11; H = 3, body y = 11 - 1 = 10.
    Case(
      name: "four-row box right headline only", box: Rect(x: 20, y: 10, width: 3, height: 4),
      placement: .right, supporting: false, body: Rect(x: 24, y: 10, width: 6, height: 3),
      pointer: Point(x: 23, y: 11)),
    // An even box, 6 wide: cx = 20 + 5 / 2 = 22 (two columns left of it, three right); body
    // x = 22 - 7 = 15.
    Case(
      name: "even-width box bottom", box: Rect(x: 20, y: 10, width: 6, height: 1), placement: .bottom,
      body: Rect(x: 15, y: 12, width: 15, height: 4), pointer: Point(x: 22, y: 11)),
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

  /// The worked case's text: the widest row and the number of rows.
  func text(_ c: Case) -> (widest: Int, rows: Int) { c.supporting ? (13, 2) : (4, 1) }

  func shape(_ c: Case, body: Rect, pointer: Point) -> [String] {
    Invariants.bubbleShape(
      body: body, pointer: pointer, placement: c.placement, box: c.box, widest: text(c).widest,
      rowCount: text(c).rows, fidelity: c.fidelity)
  }

  @Test(arguments: cases)
  func theRelationsAcceptTheWorkedCase(_ c: Case) throws {
    #expect(shape(c, body: c.body, pointer: c.pointer) == [])
    let bubble = try #require(
      BubbleLayout(anchor: anchor(c), box: c.box, maxTextWidth: 30, fidelity: c.fidelity, glyphs: .ascii))
    #expect(
      Invariants.bubble(
        bubble, anchor: anchor(c), box: c.box, maxTextWidth: 30, fidelity: c.fidelity, glyphs: .ascii) == [])
  }

  @Test(arguments: cases)
  func theRelationsRejectTheWorkedCaseMovedOrResizedByOneCell(_ c: Case) {
    let b = c.body
    let p = c.pointer
    var wrong: [(String, Rect, Point)] = []
    for d in [-1, 1] {
      wrong += [
        ("body x \(d)", Rect(x: b.minX + d, y: b.minY, width: b.size.width, height: b.size.height), p),
        ("body y \(d)", Rect(x: b.minX, y: b.minY + d, width: b.size.width, height: b.size.height), p),
        ("body width \(d)", Rect(x: b.minX, y: b.minY, width: b.size.width + d, height: b.size.height), p),
        ("body height \(d)", Rect(x: b.minX, y: b.minY, width: b.size.width, height: b.size.height + d), p),
        ("pointer x \(d)", b, Point(x: p.x + d, y: p.y)),
        ("pointer y \(d)", b, Point(x: p.x, y: p.y + d)),
      ]
    }
    for (change, body, pointer) in wrong {
      #expect(shape(c, body: body, pointer: pointer) != [], "\(change) passes")
    }
  }

  /// Random anchors on random boxes (one to six rows high, any width, on and off screen), laid
  /// out alone: every bubble keeps the relations, and one is laid out exactly when the copy
  /// wraps to at least one row.
  @Test func bubblesOnRandomBoxesKeepTheRelations() {
    var source = SplitMix64(seed: 0x0B0C_5E0D)
    var checked = 0
    for _ in 0..<4000 {
      let anchor = source.anchor(id: "a")
      let box = Rect(
        x: source.int(-40...140), y: source.int(-20...60), width: source.int(1...12),
        height: source.chance(50) ? 1 : source.int(2...6))
      let width = source.maxTextWidth()
      let fidelity = source.pick(Fidelity.allCases)
      let glyphs: GlyphSet = source.chance(50) ? .unicode : .ascii
      let bubble = BubbleLayout(anchor: anchor, box: box, maxTextWidth: width, fidelity: fidelity, glyphs: glyphs)
      let rows = Invariants.wrappedRows(anchor, maxTextWidth: width)
      guard let bubble else {
        #expect(rows.isEmpty, "no bubble for \(rows.count) rows: \(anchor)")
        continue
      }
      let violations = Invariants.bubble(
        bubble, anchor: anchor, box: box, maxTextWidth: width, fidelity: fidelity, glyphs: glyphs)
      #expect(violations == [], "\(box) \(anchor.placement) \(fidelity): \(violations)")
      if !violations.isEmpty { return }
      checked += 1
    }
    #expect(checked > 2000, "only \(checked) of 4000 anchors had a bubble")
  }
}
