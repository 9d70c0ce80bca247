import Testing
import TooltipKit

/// What a program with widgets of its own needs from the core: anchors with boxes it gives,
/// actions of their own, "nothing selected", the cursor and colours under its control.
@Suite struct EmbeddingTests {
  /// A 7 x 3 button at (20, 10), as a program that draws bordered buttons would give it.
  func button(placement: Placement, size: AnchorSize = .md, action: Bool? = nil) -> Anchor {
    Anchor(
      id: "save", position: point(20, 10), size: size, placement: placement, headline: Copy.headline,
      supporting: Copy.supporting, label: "Save", boxSize: Size(width: 7, height: 3), action: action)
  }

  struct TallCase: CustomTestStringConvertible, Sendable {
    var placement: Placement
    var body: Rect
    var pointer: Point
    var testDescription: String { "\(placement)" }
  }

  // Box (20, 10) 7 x 3: cx = 20 + 6 / 2 = 23, cy = 10 + 2 / 2 = 11; the body is 15 x 4.
  @Test(arguments: [
    TallCase(placement: .top, body: rect(23 - 7, 10 - 1 - 4, 15, 4), pointer: point(23, 9)),
    TallCase(placement: .bottom, body: rect(23 - 7, 13 + 1, 15, 4), pointer: point(23, 13)),
    TallCase(placement: .left, body: rect(20 - 1 - 15, 11 - 1, 15, 4), pointer: point(19, 11)),
    TallCase(placement: .right, body: rect(27 + 1, 11 - 1, 15, 4), pointer: point(27, 11)),
  ])
  func aBoxTheProgramGivesKeepsTheSpacingRulesWithItsHeight(_ c: TallCase) throws {
    let layout = layout([button(placement: c.placement)])
    let placed = try #require(layout.anchor(id: "save"))
    #expect(placed.box == rect(20, 10, 7, 3))
    #expect(placed.centre == point(23, 11))
    let bubble = try #require(layout.bubble(for: "save"))
    #expect(bubble.body == c.body)
    #expect(bubble.pointer == c.pointer)
  }

  @Test func everyRowOfATallBoxIsATapTarget() {
    let layout = layout([button(placement: .top)])
    for y in 10..<13 {
      #expect(layout.anchor(at: point(20, y))?.id == "save")
      #expect(layout.anchor(at: point(26, y))?.id == "save")
    }
    #expect(layout.anchor(at: point(20, 13)) == nil)
    #expect(layout.anchor(at: point(27, 11)) == nil)
  }

  @Test func aTallBoxCountedFromTheBottomEndsOnTheLastRow() throws {
    var anchor = button(placement: .top)
    anchor.position = point(0, -1)
    let placed = try #require(layout([anchor], height: 24).anchor(id: "save"))
    #expect(placed.box == rect(0, 21, 7, 3))
  }

  @Test func aLabelIsDrawnOnTheMiddleRowOfItsBox() {
    var grid = CellGrid(size: Size(width: 40, height: 16))
    let layout = layout([button(placement: .top)], width: 40, height: 16)
    Renderer.draw(layout, state: TooltipState(layout: layout, keepsSelection: false), into: &grid)
    #expect(grid.lines[11].contains("Save"))
    #expect(!grid.lines[10].contains("Save"))
  }

  @Test func anIconButtonWithAnActionReportsItOnATap() {
    let icon = anchor("save", x: 10, y: 5, placement: .bottom)
    var withAction = icon
    withAction.action = true
    let acting = layout([withAction])
    var state = TooltipState(layout: acting)
    #expect(state.send(.activate, layout: acting) == [.opened("save"), .action("save")])

    let plain = layout([icon])
    var plainState = TooltipState(layout: plain)
    #expect(plainState.send(.activate, layout: plain) == [.opened("save")])
  }

  @Test func aLabelledControlCanHaveNoActionAndADisabledOneNeverHasOne() {
    var label = anchor("save", x: 10, y: 5, label: "Save")
    #expect(label.hasAction)
    label.action = false
    #expect(!label.hasAction)
    var icon = anchor("icon", x: 10, y: 5)
    icon.action = true
    icon.isDisabled = true
    #expect(!icon.hasAction)
  }

  @Test func aLongPressIconWithAnActionRunsItOnATapAndOpensOnAHold() {
    var icon = anchor("save", x: 10, y: 5, trigger: .longPress)
    icon.action = true
    let layout = layout([icon])
    var state = TooltipState(layout: layout)
    #expect(state.send(.activate, layout: layout) == [.action("save")])
    _ = state.send(.press(point(11, 5), time: .zero), layout: layout)
    #expect(state.send(.tick(.seconds(1)), layout: layout) == [.opened("save")])
  }

  @Test func nothingSelectedStaysSoUntilTheUserSelects() {
    let anchors = [anchor("a", x: 2, y: 2), anchor("b", x: 20, y: 2)]
    let layout = layout(anchors)
    var state = TooltipState(layout: layout, keepsSelection: false)
    #expect(state.selectedID == nil)
    _ = state.send(.layoutChanged, layout: layout)
    _ = state.send(.escape, layout: layout)
    _ = state.send(.activate, layout: layout)
    #expect(state.selectedID == nil)
    #expect(state.openID == nil)
    _ = state.send(.selectNext, layout: layout)
    #expect(state.selectedID == "a")
  }

  @Test func deselectingClosesTheOpenTooltipAndLeavesNothingSelected() {
    let layout = layout([anchor("a", x: 2, y: 2), anchor("b", x: 20, y: 2)])
    var state = TooltipState(layout: layout, keepsSelection: false)
    #expect(state.send(.click(point(21, 2)), layout: layout) == [.opened("b")])
    #expect(state.selectedID == "b")
    #expect(state.send(.deselect, layout: layout) == [.closed("b", .selectionMoved)])
    #expect(state.selectedID == nil)
    _ = state.send(.layoutChanged, layout: layout)
    #expect(state.selectedID == nil)
  }

  @Test func aSelectionThatLeavesTheSceneLeavesNothingSelected() {
    let both = layout([anchor("a", x: 2, y: 2), anchor("b", x: 20, y: 2)])
    var state = TooltipState(layout: both, keepsSelection: false)
    _ = state.send(.select("b"), layout: both)
    let onlyA = layout([anchor("a", x: 2, y: 2)])
    _ = state.send(.layoutChanged, layout: onlyA)
    #expect(state.selectedID == nil)

    var keeping = TooltipState(layout: both)
    _ = keeping.send(.select("b"), layout: both)
    _ = keeping.send(.layoutChanged, layout: onlyA)
    #expect(keeping.selectedID == "a")
  }

  @Test func theCursorIsTheProgramsWhenItSaysSo() {
    let anchors = [anchor("a", x: 2, y: 2)]
    var options = renderOptions()
    let placing = layout(anchors, options: options)
    var grid = CellGrid(size: placing.screen)
    Renderer.draw(placing, state: TooltipState(layout: placing), into: &grid)
    #expect(grid.cursor == point(2, 2))

    options.placesCursor = false
    let leaving = layout(anchors, options: options)
    var other = CellGrid(size: leaving.screen)
    other.cursor = point(0, 0)
    Renderer.draw(leaving, state: TooltipState(layout: leaving), into: &other)
    #expect(other.cursor == nil)
  }

  @Test func aOneCellBoxIsHighlightedWithOneCellEachSide() throws {
    let layout = layout([anchor("sm", x: 5, y: 3, size: .sm), anchor("md", x: 20, y: 3)])
    #expect(try #require(layout.anchor(id: "sm")).highlight == rect(4, 3, 3, 1))
    #expect(try #require(layout.anchor(id: "md")).highlight == rect(20, 3, 3, 1))
  }

  @Test func theHighlightPaddingSkipsANeighboursBoxAndTheSceneAreasEdge() throws {
    let crowded = layout([
      anchor("sm", x: 5, y: 3, size: .sm), anchor("md", x: 6, y: 3), anchor("edge", x: 0, y: 8, size: .sm),
    ])
    #expect(crowded.highlightPadding(of: try #require(crowded.anchor(id: "sm"))) == [point(4, 3)])
    #expect(crowded.highlightPadding(of: try #require(crowded.anchor(id: "edge"))) == [point(1, 8)])
    #expect(crowded.highlightPadding(of: try #require(crowded.anchor(id: "md"))).isEmpty)
  }

  @Test func bubbleColoursCanBeTheProgramsOwn() throws {
    let mine = ThemeTokens(
      fill: TerminalColor(rgb: rgb(0x003366), basic: 4), pointer: TerminalColor(rgb: rgb(0x003366), basic: 4),
      headline: TerminalColor(rgb: rgb(0xFFFF00), basic: 11), supporting: TerminalColor(rgb: rgb(0xCCCCCC), basic: 7))
    let options = RenderOptions(fidelity: .hug, tokens: mine)
    let layout = layout([anchor("a", x: 10, y: 2)], options: options)
    let grid = render(scene: layout.scene, state: opened("a", in: layout), size: layout.screen, options: options)
    let bubble = try #require(layout.bubble(for: "a"))
    #expect(grid[bubble.body.minX, bubble.body.minY].style.background == mine.fill)
    #expect(grid[bubble.rows[0].origin.x, bubble.rows[0].origin.y].style.foreground == mine.headline)
    #expect(mine.contrastShortfalls().isEmpty)
  }

  @Test func theContrastCheckFindsTheFilesDarkSupportingLine() throws {
    let file = ThemeTokens(theme: .dark, fidelity: .file).contrastShortfalls()
    let only = try #require(file.first)
    #expect(file.count == 1)
    #expect(only.role == .supporting)
    #expect(only.ratio > 2.5 && only.ratio < 2.7)
    #expect(ThemeTokens(theme: .dark, fidelity: .hug).contrastShortfalls().isEmpty)
    let grey = TerminalColor(rgb: rgb(0x777777), basic: 8)
    let poor = ThemeTokens(fill: grey, pointer: grey, headline: grey, supporting: grey)
    #expect(poor.contrastShortfalls().map(\.role) == [.headline, .supporting])
  }

  @Test func aBubbleMovedByAnOffsetKeepsItsShape() throws {
    let layout = layout([anchor("a", x: 10, y: 8, placement: .top)])
    let bubble = try #require(layout.bubble(for: "a"))
    #expect(bubble.bounds == rect(bubble.body.minX, bubble.body.minY, bubble.body.size.width, 5))
    let moved = bubble.offset(by: point(-3, 2))
    #expect(moved.body == rect(bubble.body.minX - 3, bubble.body.minY + 2, 15, 4))
    #expect(moved.pointer == point(bubble.pointer.x - 3, bubble.pointer.y + 2))
    #expect(moved.rows.map(\.origin) == bubble.rows.map { point($0.origin.x - 3, $0.origin.y + 2) })
  }
}
