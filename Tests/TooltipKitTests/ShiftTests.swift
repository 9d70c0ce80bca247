import Testing
import TooltipKit

/// BEHAVIOUR 3's opt-in shift (`Scene.edges = .shift`): the body moves along the cross axis only, by
/// the fewest cells that bring it wholly on screen, never so far that the pointer leaves its
/// span; the pointer keeps its cell and nothing flips. Each body below was worked by hand from
/// the crop layout (body 15 x 4 for the tests' copy) and the screen.
@Suite struct ShiftTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var anchor: Anchor
    var screen = Size(width: 60, height: 24)
    /// The scene area, when not the whole screen.
    var area: Rect? = nil
    /// Where crop leaves the body, and where shift moves it.
    var cropped: Rect
    var shifted: Rect
    var pointer: Point
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    // A toolbar icon at the top-left corner, bubble below: cx = 1, crop x = 1 - 7 = -6; shift
    // brings the first column to 0 (the pointer, column 1, stays inside).
    Case(
      name: "bottom at the left edge", anchor: anchor("a", x: 0, y: 0, placement: .bottom),
      cropped: rect(-6, 2, 15, 4), shifted: rect(0, 2, 15, 4), pointer: point(1, 1)),
    // At the right edge: cx = 58, crop x = 51 runs to 66; shift ends it on column 59.
    Case(
      name: "bottom at the right edge", anchor: anchor("a", x: 57, y: 0, placement: .bottom),
      cropped: rect(51, 2, 15, 4), shifted: rect(45, 2, 15, 4), pointer: point(58, 1)),
    // Above an icon at the left edge: rows stay 5 ..< 9, the columns move.
    Case(
      name: "top at the left edge", anchor: anchor("a", x: 0, y: 10, placement: .top),
      cropped: rect(-6, 5, 15, 4), shifted: rect(0, 5, 15, 4), pointer: point(1, 9)),
    // Right of an icon on row 0: body y = 0 - 3 / 2 = -1; shift moves it down one row.
    Case(
      name: "right on the top row", anchor: anchor("a", x: 20, y: 0, placement: .right),
      cropped: rect(24, -1, 15, 4), shifted: rect(24, 0, 15, 4), pointer: point(23, 0)),
    // Left of an icon on the last row: rows 22 ..< 26 move up to 20 ..< 24.
    Case(
      name: "left on the last row", anchor: anchor("a", x: 40, y: 23, placement: .left),
      cropped: rect(24, 22, 15, 4), shifted: rect(24, 20, 15, 4), pointer: point(39, 23)),
    // A scene area starting two columns left of the screen puts the box at -2 ..< 1: its centre
    // (and so the pointer) is off screen at column -1. The body may move only until the pointer
    // is its first column, so one column stays cropped.
    Case(
      name: "pointer off screen limits the shift", anchor: anchor("a", x: 0, y: 0, placement: .bottom),
      area: rect(-2, 0, 62, 24), cropped: rect(-8, 2, 15, 4), shifted: rect(-1, 2, 15, 4), pointer: point(-1, 1)),
    // Wider than a 10-column screen: its first column goes on the screen's first, from the left...
    Case(
      name: "wider than the screen from the left", anchor: anchor("a", x: 3, y: 0, placement: .bottom),
      screen: Size(width: 10, height: 8), cropped: rect(-3, 2, 15, 4), shifted: rect(0, 2, 15, 4),
      pointer: point(4, 1)),
    // ... and from the right: cx = 9, crop x = 2; it moves left by 2.
    Case(
      name: "wider than the screen from the right", anchor: anchor("a", x: 8, y: 0, placement: .bottom),
      screen: Size(width: 10, height: 8), cropped: rect(2, 2, 15, 4), shifted: rect(0, 2, 15, 4),
      pointer: point(9, 1)),
    // Wholly on screen: nothing moves.
    Case(
      name: "on screen stays", anchor: anchor("a", x: 20, y: 5, placement: .bottom),
      cropped: rect(14, 7, 15, 4), shifted: rect(14, 7, 15, 4), pointer: point(21, 6)),
    // Off the placement axis only (above row 0): shift never moves along it, nor flips.
    Case(
      name: "placement axis never moves", anchor: anchor("a", x: 20, y: 2, placement: .top),
      cropped: rect(14, -3, 15, 4), shifted: rect(14, -3, 15, 4), pointer: point(21, 1)),
  ]

  func layout(_ c: Case, edges: EdgePolicy) -> SceneLayout {
    SceneLayout(scene: Scene(anchors: [c.anchor], edges: edges), screen: c.screen, area: c.area)
  }

  @Test(arguments: cases)
  func shiftMovesTheBodyAlongTheCrossAxisOnly(_ c: Case) throws {
    let cropped = try #require(layout(c, edges: .crop).bubble(for: "a"))
    #expect(cropped.body == c.cropped)
    #expect(cropped.pointer == c.pointer)
    let shifted = try #require(layout(c, edges: .shift).bubble(for: "a"))
    #expect(shifted.body == c.shifted)
    #expect(shifted.pointer == c.pointer)
    #expect(shifted.placement == c.anchor.placement)
    #expect(shifted.pointerGlyph == cropped.pointerGlyph)
    // The text moves with the body: every row still starts at body x + 1.
    for (i, row) in shifted.rows.enumerated() {
      #expect(row.origin == point(c.shifted.minX + 1, c.shifted.minY + 1 + i))
    }
    #expect(cropped.shifted(onto: c.screen) == shifted)
  }

  @Test func cropIsTheDefault() {
    #expect(Scene(anchors: []).edges == .crop)
    let left = anchor("a", x: 0, y: 0, placement: .bottom)
    let layout = SceneLayout(scene: Scene(anchors: [left]), screen: Size(width: 60, height: 24))
    #expect(layout.bubble(for: "a")?.body == rect(-6, 2, 15, 4))
  }

  @Test func aTopRowToolbarBubbleIsDrawnWholeWhenShifted() {
    let pause = anchor("pause", x: 0, y: 0, size: .sm, headline: "Pause", supporting: "", glyph: "i")
    var scene = Scene(anchors: [pause], edges: .shift)
    let size = Size(width: 20, height: 6)
    var state = TooltipState()
    let shifted = SceneLayout(scene: scene, screen: size)
    _ = state.send(.open("pause"), layout: shifted)
    var grid = CellGrid(size: size)
    Renderer.draw(shifted, state: state, into: &grid)
    expectScreen(
      grid,
      """
      i                   |
      ▲                   |
                          |
       Pause              |
                          |
                          |
      """)
    // The same tooltip cropped: its first three columns are lost.
    scene.edges = .crop
    var cropped = CellGrid(size: size)
    Renderer.draw(SceneLayout(scene: scene, screen: size), state: state, into: &cropped)
    #expect(cropped.lines[3] == "use                 ")
  }

  @Test func hitTestingFindsTheShiftedBubble() throws {
    // At the right edge the body moves from columns 51 ..< 66 to 45 ..< 60.
    let a = anchor("a", x: 57, y: 0, placement: .bottom)
    let shifted = SceneLayout(scene: Scene(anchors: [a], edges: .shift), screen: Size(width: 60, height: 24))
    let cropped = SceneLayout(scene: Scene(anchors: [a]), screen: Size(width: 60, height: 24))
    let cell = point(46, 3)
    #expect(shifted.hitTest(cell, bubble: shifted.bubble(for: "a")) == .bubble)
    #expect(cropped.hitTest(cell, bubble: cropped.bubble(for: "a")) == .background)
    // A tap there lands on the open bubble: under consume it only closes.
    var state = opened("a", in: shifted)
    #expect(state.send(.press(cell, time: .zero), layout: shifted) == [])
    #expect(state.send(.release(cell, time: .milliseconds(50)), layout: shifted) == [.closed("a", .tap)])
  }

  @Test func theCropReportMeasuresShiftedBubblesAndNamesTheLeastCroppedPlacement() throws {
    // An icon on row 0 at the left edge, bubble below: crop loses 6 columns x 4 rows.
    let toolbar = anchor("a", x: 0, y: 0, placement: .bottom)
    // A header on row 2 with its bubble above: shift cannot help (rows -3 ..< 1).
    let header = anchor("b", x: 0, y: 2, placement: .top)
    let screen = Size(width: 60, height: 24)
    let crop = CropReport(scene: Scene(anchors: [toolbar, header]), screen: screen)
    let a = try #require(crop.tooltips.first { $0.id == "a" })
    #expect(a.cellsLost == 24)
    #expect(a.edges == [.left])
    // Right of it, the body runs from row -1: one row of 15 lost, the fewest of the four.
    #expect(a.leastCroppedPlacement == .right)
    #expect(a.leastCellsLost == 15)

    let shift = CropReport(scene: Scene(anchors: [toolbar, header], edges: .shift), screen: screen)
    #expect(shift.cropped.map(\.id) == ["b"])
    let b = try #require(shift.cropped.first)
    #expect(b.edges == [.top])
    #expect(b.cellsLost == 3 * 15)
    #expect(b.leastCroppedPlacement == .bottom)
    #expect(b.leastCellsLost == 0)
  }

  @Test func aTooltipNoPlacementHelpsKeepsItsOwnAsTheLeastCropped() throws {
    // A 4 x 3 screen: every placement loses cells; ties go to the tooltip's own.
    let a = anchor("a", x: 0, y: 1, placement: .left)
    let report = CropReport(scene: Scene(anchors: [a]), screen: Size(width: 4, height: 3))
    let tooltip = try #require(report.cropped.first)
    #expect(tooltip.leastCellsLost <= tooltip.cellsLost)
    #expect(tooltip.leastCellsLost > 0)
    let hand = CropReport.Tooltip(id: "x", placement: .top, edges: [.top], cellsLost: 9)
    #expect(hand.leastCroppedPlacement == .top)
    #expect(hand.leastCellsLost == 9)
  }
}
