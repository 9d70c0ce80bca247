import Testing
import TooltipKit

@Suite struct LayoutTests {
  /// The bubble of a lone anchor, laid out on a screen of `width` x `height`.
  func bubble(
    of a: Anchor,
    width: Int = 60,
    height: Int = 24,
    maxTextWidth: Int? = Scene.defaultMaxTextWidth,
    fidelity: Fidelity = .hug
  ) -> BubbleLayout? {
    let l = layout(
      [a], width: width, height: height, maxTextWidth: maxTextWidth,
      options: renderOptions(fidelity: fidelity))
    return l.bubble(for: a.id)
  }

  struct PlacementCase: Sendable, CustomTestStringConvertible {
    var placement: Placement
    var size: AnchorSize
    var fidelity: Fidelity
    var body: Rect
    var pointer: Point
    var testDescription: String { "\(placement) \(size) \(fidelity)" }

    init(
      _ placement: Placement, _ size: AnchorSize, _ fidelity: Fidelity, body: Rect, pointer: Point
    ) {
      self.placement = placement
      self.size = size
      self.fidelity = fidelity
      self.body = body
      self.pointer = pointer
    }
  }

  // Anchor box at (30, 12), away from every edge of a 60 x 24 screen. Copy "Save" over
  // "Saved to disk": W = 13 + 2 = 15 (16 under file for bottom, left, right), H = 2 + 2 = 4.
  // md: aw = 3, cx = 31; sm: aw = 1, cx = 30. Worked by hand from BEHAVIOUR 3:
  //   top     pointer (cx, 11)        body x = cx - (W-1)/2, y = 12 - 1 - 4 = 7
  //   bottom  pointer (cx, 13)        body x = cx - (W-1)/2, y = 14
  //   left    pointer (29, 12)        body x = 29 - W,       y = 12 - 3/2 = 11
  //   right   pointer (30 + aw, 12)   body x = 31 + aw,      y = 11
  @Test(
    arguments: [
      .init(.top, .md, .hug, body: rect(24, 7, 15, 4), pointer: point(31, 11)),
      .init(.top, .md, .file, body: rect(24, 7, 15, 4), pointer: point(31, 11)),
      .init(.top, .sm, .hug, body: rect(23, 7, 15, 4), pointer: point(30, 11)),
      .init(.top, .sm, .file, body: rect(23, 7, 15, 4), pointer: point(30, 11)),
      .init(.bottom, .md, .hug, body: rect(24, 14, 15, 4), pointer: point(31, 13)),
      .init(.bottom, .md, .file, body: rect(24, 14, 16, 4), pointer: point(31, 13)),
      .init(.bottom, .sm, .hug, body: rect(23, 14, 15, 4), pointer: point(30, 13)),
      .init(.bottom, .sm, .file, body: rect(23, 14, 16, 4), pointer: point(30, 13)),
      .init(.left, .md, .hug, body: rect(14, 11, 15, 4), pointer: point(29, 12)),
      .init(.left, .md, .file, body: rect(13, 11, 16, 4), pointer: point(29, 12)),
      .init(.left, .sm, .hug, body: rect(14, 11, 15, 4), pointer: point(29, 12)),
      .init(.left, .sm, .file, body: rect(13, 11, 16, 4), pointer: point(29, 12)),
      .init(.right, .md, .hug, body: rect(34, 11, 15, 4), pointer: point(33, 12)),
      .init(.right, .md, .file, body: rect(34, 11, 16, 4), pointer: point(33, 12)),
      .init(.right, .sm, .hug, body: rect(32, 11, 15, 4), pointer: point(31, 12)),
      .init(.right, .sm, .file, body: rect(32, 11, 16, 4), pointer: point(31, 12)),
    ] as [PlacementCase])
  func placementAwayFromEdges(_ c: PlacementCase) throws {
    let a = anchor("a", x: 30, y: 12, size: c.size, placement: c.placement)
    let b = try #require(bubble(of: a, fidelity: c.fidelity))
    #expect(b.body == c.body)
    #expect(b.pointer == c.pointer)
    #expect(b.placement == c.placement)
    // Text rows start at body x + 1, one padding row down, headline first.
    #expect(
      b.rows.map(\.origin) == [
        point(c.body.minX + 1, c.body.minY + 1), point(c.body.minX + 1, c.body.minY + 2),
      ])
    #expect(b.rows.map(\.role) == [.headline, .supporting])
    #expect(b.rows.map(\.line.text) == [Copy.headline, Copy.supporting])
    #expect(b.cellsLost(on: Size(width: 60, height: 24)) == 0)
    #expect(b.edgesCrossed(on: Size(width: 60, height: 24)) == [])
  }

  @Test(arguments: [
    (Placement.top, "▼", "v"), (.bottom, "▲", "^"), (.left, "▶", ">"), (.right, "◀", "<"),
  ])
  func pointerGlyphPointsAtTheAnchor(placement: Placement, unicode: String, ascii: String) throws {
    let a = anchor("a", x: 30, y: 12, placement: placement)
    let u = try #require(layout([a], options: renderOptions(glyphs: .unicode)).bubble(for: "a"))
    let s = try #require(layout([a], options: renderOptions(glyphs: .ascii)).bubble(for: "a"))
    #expect(u.pointerGlyph == unicode)
    #expect(s.pointerGlyph == ascii)
    #expect(u.body == s.body)
  }

  struct CentringCase: Sendable, CustomTestStringConvertible {
    var name: String
    var placement: Placement
    var headline: String
    var supporting: String
    var body: Rect
    var testDescription: String { name }
  }

  // md anchor box at (30, 12): cx = 31, ay = 12. An odd leftover cell goes right or down.
  @Test(arguments: [
    // W = 5: columns 29...33, two each side of cx.
    CentringCase(
      name: "odd width centred", placement: .bottom, headline: "Tip", supporting: "",
      body: rect(29, 14, 5, 3)),
    // W = 6: columns 29...34, the extra column on the right.
    CentringCase(
      name: "even width, odd cell right", placement: .top, headline: "Tips", supporting: "",
      body: rect(29, 8, 6, 3)),
    // H = 3: rows 11...13, one each side of ay.
    CentringCase(
      name: "odd height centred", placement: .right, headline: "Tip", supporting: "",
      body: rect(34, 11, 5, 3)),
    // H = 4: rows 11...14, the extra row below.
    CentringCase(
      name: "even height, odd cell down", placement: .left, headline: "Tip", supporting: "More",
      body: rect(23, 11, 6, 4)),
    // H = 5 (three rows of text at width 30): rows 10...14.
    CentringCase(
      name: "taller odd height centred", placement: .right, headline: "Tip",
      supporting: "Saved on this machine and then sent to the team", body: rect(34, 10, 32, 5)),
  ])
  func centringOnTheOtherAxis(_ c: CentringCase) throws {
    let a = anchor(
      "a", x: 30, y: 12, placement: c.placement, headline: c.headline, supporting: c.supporting)
    let b = try #require(bubble(of: a, width: 80))
    #expect(b.body == c.body)
  }

  struct CropCase: Sendable, CustomTestStringConvertible {
    var name: String
    var x: Int
    var y: Int
    var size: AnchorSize = .md
    var placement: Placement
    var body: Rect
    var pointer: Point
    var lost: Int
    var edges: [Placement]
    var testDescription: String { name }
  }

  // A 20 x 10 screen; copy "Edge" alone: W = 6, H = 3. The rects stay where BEHAVIOUR 3 puts
  // them however much of them is off screen; only the crop (intersection) shortens them.
  @Test(arguments: [
    CropCase(
      name: "left edge", x: 4, y: 4, placement: .left, body: rect(-3, 3, 6, 3),
      pointer: point(3, 4), lost: 9, edges: [.left]),
    CropCase(
      name: "right edge", x: 14, y: 4, placement: .right, body: rect(18, 3, 6, 3),
      pointer: point(17, 4), lost: 12, edges: [.right]),
    CropCase(
      name: "top edge", x: 8, y: 2, placement: .top, body: rect(7, -2, 6, 3), pointer: point(9, 1),
      lost: 12, edges: [.top]),
    CropCase(
      name: "bottom edge", x: 8, y: 7, placement: .bottom, body: rect(7, 9, 6, 3),
      pointer: point(9, 8), lost: 12, edges: [.bottom]),
    CropCase(
      name: "top-left corner", x: 3, y: 0, placement: .left, body: rect(-4, -1, 6, 3),
      pointer: point(2, 0), lost: 14, edges: [.left, .top]),
    CropCase(
      name: "top-right corner", x: 14, y: 0, placement: .right, body: rect(18, -1, 6, 3),
      pointer: point(17, 0), lost: 14, edges: [.right, .top]),
    CropCase(
      name: "bottom-left corner", x: 3, y: 9, placement: .left, body: rect(-4, 8, 6, 3),
      pointer: point(2, 9), lost: 14, edges: [.left, .bottom]),
    CropCase(
      name: "bottom-right corner", x: 14, y: 9, placement: .right, body: rect(18, 8, 6, 3),
      pointer: point(17, 9), lost: 14, edges: [.right, .bottom]),
    CropCase(
      name: "top edge over a corner", x: 0, y: 1, size: .sm, placement: .top,
      body: rect(-2, -3, 6, 3), pointer: point(0, 0), lost: 18, edges: [.left, .top]),
    CropCase(
      name: "pointer off screen too", x: 0, y: 4, size: .sm, placement: .left,
      body: rect(-7, 3, 6, 3), pointer: point(-1, 4), lost: 19, edges: [.left]),
    CropCase(
      name: "bottom pointer off screen", x: 8, y: 9, placement: .bottom, body: rect(7, 11, 6, 3),
      pointer: point(9, 10), lost: 19, edges: [.bottom]),
  ])
  func croppedAtEdgesAndCorners(_ c: CropCase) throws {
    let a = anchor(
      "a", x: c.x, y: c.y, size: c.size, placement: c.placement, headline: "Edge", supporting: "")
    let b = try #require(bubble(of: a, width: 20, height: 10))
    #expect(b.body == c.body)
    #expect(b.pointer == c.pointer)
    let screen = Size(width: 20, height: 10)
    #expect(b.cellsLost(on: screen) == c.lost)
    #expect(b.edgesCrossed(on: screen) == c.edges)
    // The crop is the body's cells that are on screen, at their own positions.
    let kept = b.body.intersection(rect(0, 0, 20, 10))
    #expect(
      (kept?.area ?? 0) + (rect(0, 0, 20, 10).contains(b.pointer) ? 1 : 0) == 6 * 3 + 1 - c.lost)
    if let kept {
      #expect(kept.minX == max(0, c.body.minX))
      #expect(kept.minY == max(0, c.body.minY))
    }
  }

  @Test func croppingNeverCancelsTheBubble() {
    // An sm anchor at column 0 with placement left: not one cell of the bubble is visible,
    // and it still opens.
    let l = layout([anchor("a", x: 0, y: 4, size: .sm, placement: .left)], width: 20, height: 10)
    let b = l.bubble(for: "a")
    #expect(b?.pointer == point(-1, 4))
    #expect(b?.cellsLost(on: l.screen) == 15 * 4 + 1)
    var state = TooltipState(layout: l)
    #expect(state.send(.click(point(0, 4)), layout: l) == [.opened("a")])
    #expect(state.openID == "a")
  }

  @Test func bubbleContainsBodyAndPointerOnly() throws {
    let b = try #require(bubble(of: anchor("a", x: 30, y: 12, placement: .bottom)))
    #expect(b.contains(point(31, 13)))  // pointer
    #expect(b.contains(point(24, 14)))
    #expect(b.contains(point(38, 17)))
    #expect(!b.contains(point(30, 13)))  // beside the pointer, in the gap
    #expect(!b.contains(point(39, 14)))
    #expect(!b.contains(point(31, 12)))  // the anchor itself
  }

  // MARK: - Anchor boxes

  struct BoxCase: Sendable, CustomTestStringConvertible {
    var name: String
    var anchor: Anchor
    var box: Rect
    var target: Rect
    var centre: Point
    var artworkX: Int
    var artwork: String
    var testDescription: String { name }
  }

  @Test(arguments: [
    BoxCase(
      name: "md icon", anchor: anchor("a", x: 10, y: 5), box: rect(10, 5, 3, 1),
      target: rect(10, 5, 3, 1), centre: point(11, 5), artworkX: 11, artwork: "ⅈ"),
    BoxCase(
      name: "sm icon", anchor: anchor("a", x: 10, y: 5, size: .sm), box: rect(10, 5, 1, 1),
      target: rect(9, 5, 3, 1), centre: point(10, 5), artworkX: 10, artwork: "ⅈ"),
    BoxCase(
      name: "md icon, own glyph", anchor: anchor("a", x: 10, y: 5, glyph: "?"),
      box: rect(10, 5, 3, 1), target: rect(10, 5, 3, 1), centre: point(11, 5), artworkX: 11,
      artwork: "?"),
    BoxCase(
      name: "md icon, wide glyph, odd cell right", anchor: anchor("a", x: 10, y: 5, glyph: "中"),
      box: rect(10, 5, 3, 1), target: rect(10, 5, 3, 1), centre: point(11, 5), artworkX: 10,
      artwork: "中"),
    BoxCase(
      name: "md label: label plus a padding column each side",
      anchor: anchor("a", x: 10, y: 5, label: "Publish"), box: rect(10, 5, 9, 1),
      target: rect(10, 5, 9, 1), centre: point(14, 5), artworkX: 11, artwork: "Publish"),
    BoxCase(
      name: "sm label: the label alone",
      anchor: anchor("a", x: 10, y: 5, size: .sm, label: "Publish"), box: rect(10, 5, 7, 1),
      target: rect(9, 5, 9, 1), centre: point(13, 5), artworkX: 10, artwork: "Publish"),
    BoxCase(
      name: "md label, even width", anchor: anchor("a", x: 10, y: 5, label: "Save"),
      box: rect(10, 5, 6, 1), target: rect(10, 5, 6, 1), centre: point(12, 5), artworkX: 11,
      artwork: "Save"),
    BoxCase(
      name: "md label, wide characters", anchor: anchor("a", x: 10, y: 5, label: "中文"),
      box: rect(10, 5, 6, 1), target: rect(10, 5, 6, 1), centre: point(12, 5), artworkX: 11,
      artwork: "中文"),
    BoxCase(
      name: "label replaces the glyph", anchor: anchor("a", x: 10, y: 5, glyph: "?", label: "Go"),
      box: rect(10, 5, 4, 1), target: rect(10, 5, 4, 1), centre: point(11, 5), artworkX: 11,
      artwork: "Go"),
    BoxCase(
      name: "hostile label sanitized", anchor: anchor("a", x: 10, y: 5, label: "\u{1B}x"),
      box: rect(10, 5, 4, 1), target: rect(10, 5, 4, 1), centre: point(11, 5), artworkX: 11,
      artwork: "\u{FFFD}x"),
  ])
  func anchorBoxes(_ c: BoxCase) throws {
    let placed = try #require(layout([c.anchor]).anchor(id: "a"))
    #expect(placed.box == c.box)
    #expect(placed.target == c.target)
    #expect(placed.centre == c.centre)
    #expect(placed.artworkX == c.artworkX)
    #expect(placed.artwork.text == c.artwork)
  }

  @Test(arguments: [GlyphSet.unicode, .ascii])
  func emptyGlyphFallsBackToTheDefault(glyphs: GlyphSet) throws {
    let placed = try #require(
      layout([anchor("a", x: 1, y: 1, glyph: "")], options: renderOptions(glyphs: glyphs)).anchor(
        id: "a"))
    #expect(placed.artwork.text == glyphs.defaultGlyph)
    #expect(GlyphSet.unicode.defaultGlyph == "ⅈ")
    #expect(GlyphSet.ascii.defaultGlyph == "i")
  }

  @Test(arguments: [AnchorSize.md, .sm])
  func labelledAnchorBubbleCentresOnTheLabelBox(size: AnchorSize) throws {
    // "Publish": md box 9 wide (cx = 10 + 4 = 14), sm box 7 wide (cx = 10 + 3 = 13).
    let a = anchor("a", x: 10, y: 10, size: size, placement: .top, label: "Publish")
    let b = try #require(bubble(of: a))
    let cx = size == .md ? 14 : 13
    #expect(b.pointer == point(cx, 9))
    #expect(b.body == rect(cx - 7, 5, 15, 4))
    let right = try #require(
      bubble(of: anchor("a", x: 10, y: 10, size: size, placement: .right, label: "Publish")))
    #expect(right.pointer == point(size == .md ? 19 : 17, 10))
    #expect(right.body.minX == (size == .md ? 20 : 18))
  }

  // MARK: - Scene area and negative positions

  struct PositionCase: Sendable, CustomTestStringConvertible {
    var name: String
    var anchor: Anchor
    var box: Rect?
    var testDescription: String { name }
  }

  // Screen 40 x 14; scene area at (2, 1), 30 x 10: columns 2...31, rows 1...10.
  @Test(arguments: [
    PositionCase(name: "origin", anchor: anchor("a", x: 0, y: 0), box: rect(2, 1, 3, 1)),
    PositionCase(
      name: "x -1 md ends on the last column", anchor: anchor("a", x: -1, y: 3),
      box: rect(29, 4, 3, 1)),
    PositionCase(
      name: "x -1 sm ends on the last column", anchor: anchor("a", x: -1, y: 3, size: .sm),
      box: rect(31, 4, 1, 1)),
    PositionCase(
      name: "x -1 label ends on the last column", anchor: anchor("a", x: -1, y: 3, label: "Go"),
      box: rect(28, 4, 4, 1)),
    PositionCase(name: "x -3 md", anchor: anchor("a", x: -3, y: 3), box: rect(27, 4, 3, 1)),
    PositionCase(
      name: "y -1 is the last row", anchor: anchor("a", x: 5, y: -1), box: rect(7, 10, 3, 1)),
    PositionCase(name: "y -2", anchor: anchor("a", x: 5, y: -2), box: rect(7, 9, 3, 1)),
    PositionCase(name: "both negative", anchor: anchor("a", x: -1, y: -1), box: rect(29, 10, 3, 1)),
    PositionCase(
      name: "partly outside on the left is placed", anchor: anchor("a", x: -30, y: 0),
      box: rect(0, 1, 3, 1)),
    PositionCase(
      name: "partly outside on the right is placed", anchor: anchor("a", x: 28, y: 0),
      box: rect(30, 1, 3, 1)),
    PositionCase(
      name: "wholly left of the area, though on screen", anchor: anchor("a", x: -31, y: 0), box: nil
    ),
    PositionCase(name: "wholly right of the area", anchor: anchor("a", x: 30, y: 0), box: nil),
    PositionCase(name: "below the area", anchor: anchor("a", x: 0, y: 10), box: nil),
    PositionCase(name: "above the area", anchor: anchor("a", x: 0, y: -11), box: nil),
    PositionCase(name: "far outside", anchor: anchor("a", x: 500, y: 500), box: nil),
    PositionCase(name: "x Int.max", anchor: anchor("a", x: Int.max, y: 0), box: nil),
    PositionCase(name: "x Int.min", anchor: anchor("a", x: Int.min, y: 0), box: nil),
    PositionCase(name: "y Int.max", anchor: anchor("a", x: 0, y: Int.max), box: nil),
    PositionCase(name: "y Int.min", anchor: anchor("a", x: 0, y: Int.min), box: nil),
    PositionCase(
      name: "y -10 is the first row", anchor: anchor("a", x: 0, y: -10), box: rect(2, 1, 3, 1)),
    PositionCase(
      name: "label x Int.min", anchor: anchor("a", x: Int.min, y: -1, label: "Publish"), box: nil),
  ])
  func positionsResolveInTheSceneArea(_ c: PositionCase) {
    let l = layout([c.anchor], width: 40, height: 14, area: rect(2, 1, 30, 10))
    #expect(l.anchor(id: "a")?.box == c.box)
    #expect(l.anchors.count == (c.box == nil ? 0 : 1))
    if c.box == nil {
      #expect(l.bubble(for: "a") == nil)
      #expect(l.readingIndex(of: "a") == nil)
    }
  }

  @Test func bubbleOfAnAnchorInAnOffsetArea() throws {
    // Bubbles are laid out from the resolved box, in screen cells.
    let l = layout(
      [anchor("a", x: -1, y: -1, placement: .top)], width: 40, height: 14, area: rect(2, 1, 30, 10))
    let b = try #require(l.bubble(for: "a"))
    #expect(b.pointer == point(30, 9))
    #expect(b.body == rect(23, 5, 15, 4))
  }

  // MARK: - Lines

  @Test func droppingALineTakesItsWrappedRowsOffTheHeight() throws {
    // At width 8: "Quick save" wraps to "Quick" / "save" (5 wide), "Written to disk" to
    // "Written" / "to disk" (7 wide).
    func b(_ showHeadline: Bool, _ showSupporting: Bool) -> BubbleLayout? {
      bubble(
        of: anchor(
          "a", x: 30, y: 12, placement: .bottom, headline: "Quick save",
          supporting: "Written to disk",
          showHeadline: showHeadline, showSupporting: showSupporting),
        maxTextWidth: 8)
    }
    let both = try #require(b(true, true))
    #expect(both.body.size == Size(width: 9, height: 6))
    #expect(both.rows.map(\.line.text) == ["Quick", "save", "Written", "to disk"])
    #expect(both.rows.map(\.role) == [.headline, .headline, .supporting, .supporting])
    #expect(both.rows.map(\.origin.y) == [15, 16, 17, 18])

    let noHeadline = try #require(b(false, true))
    #expect(noHeadline.body.size == Size(width: 9, height: 4))  // width kept: supporting is wider
    #expect(noHeadline.rows.map(\.role) == [.supporting, .supporting])
    #expect(noHeadline.rows.map(\.origin.y) == [15, 16])

    let noSupporting = try #require(b(true, false))
    #expect(noSupporting.body.size == Size(width: 7, height: 4))
    #expect(noSupporting.rows.map(\.role) == [.headline, .headline])
  }

  @Test func droppingAnUnwrappedLineTakesOneRow() throws {
    let noHeadline = try #require(
      bubble(of: anchor("a", x: 30, y: 12, placement: .top, showHeadline: false)))
    #expect(noHeadline.body == rect(24, 8, 15, 3))
    #expect(noHeadline.pointer == point(31, 11))
  }

  struct InvisibleCase: Sendable, CustomTestStringConvertible {
    var name: String
    var anchor: Anchor
    var testDescription: String { name }
  }

  @Test(arguments: [
    InvisibleCase(
      name: "both lines off",
      anchor: anchor("a", x: 10, y: 10, showHeadline: false, showSupporting: false)),
    InvisibleCase(
      name: "both lines empty", anchor: anchor("a", x: 10, y: 10, headline: "", supporting: "")),
    InvisibleCase(
      name: "only spaces", anchor: anchor("a", x: 10, y: 10, headline: "   ", supporting: " ")),
    InvisibleCase(
      name: "the shown line empty",
      anchor: anchor("a", x: 10, y: 10, supporting: "", showHeadline: false)),
    InvisibleCase(
      name: "only zero-width marks",
      anchor: anchor("a", x: 10, y: 10, headline: "\u{200B}", supporting: "\u{301}")),
  ])
  func noVisibleLineMeansNoBubble(_ c: InvisibleCase) {
    let l = layout([c.anchor])
    #expect(l.anchor(id: "a") != nil)
    #expect(l.bubble(for: "a") == nil)
    #expect(!c.anchor.hasVisibleLine)
    #expect(c.anchor.visibleLines.isEmpty)
    var state = TooltipState(layout: l)
    #expect(state.send(.click(point(11, 10)), layout: l) == [])
    #expect(state.send(.open("a"), layout: l) == [])
    #expect(state.send(.toggleHint, layout: l) == [])
    #expect(state.openID == nil)
    #expect(
      render(scene: l.scene, state: state, size: l.screen).lines
        == render(scene: l.scene, state: TooltipState(), size: l.screen).lines)
  }

  @Test func hostileCopyIsSanitizedBeforeLayout() throws {
    let b = try #require(
      bubble(of: anchor("a", x: 30, y: 12, headline: "\u{1B}[1m", supporting: "")))
    #expect(b.rows.map(\.line.text) == ["\u{FFFD}[1m"])
    #expect(b.body.size == Size(width: 6, height: 3))
  }

  @Test func maxTextWidthWrapsTheBody() throws {
    let a = anchor("a", x: 30, y: 12, headline: "Save", supporting: "Saved to disk")
    let narrow = try #require(bubble(of: a, maxTextWidth: 6))
    #expect(narrow.rows.map(\.line.text) == ["Save", "Saved", "to", "disk"])
    #expect(narrow.body.size == Size(width: 7, height: 6))
    let unwrapped = try #require(
      bubble(
        of: anchor("a", x: 30, y: 12, supporting: String(repeating: "word ", count: 20)),
        maxTextWidth: nil))
    #expect(unwrapped.body.size == Size(width: 99 + 2, height: 4))
  }
}
