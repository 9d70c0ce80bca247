import Testing
import TooltipKit

/// Cases the random runs and the fuzzer found, kept as named tests so they never come back.
@Suite struct CoreRegressionTests {
  static let extremes = [Int.max, Int.max - 1, Int.max / 2 + 7, Int.min, Int.min + 1]

  /// An anchor whose coordinates overflow once resolved against the scene area used to trap in
  /// `Rect.maxX`; it is wholly outside any screen, so it is simply not placed.
  @Test("anchor at an extreme coordinate is not placed", arguments: extremes, [AnchorSize.sm, .md])
  func anchorAtExtremeCoordinateIsNotPlaced(value: Int, size: AnchorSize) {
    let area = Rect(x: 0, y: 1, width: 80, height: 22)
    for position in [Point(x: value, y: 3), Point(x: 3, y: value), Point(x: value, y: value)] {
      let far = Anchor(
        id: "far", position: position, size: size, placement: .left, headline: "Far", label: "Go")
      let near = Anchor(id: "near", position: Point(x: 2, y: 2), placement: .top, headline: "Near")
      let layout = SceneLayout(
        scene: Scene(anchors: [far, near]), screen: Size(width: 80, height: 24), area: area)
      #expect(layout.anchors.map(\.id) == ["near"], "position \(position)")
      var state = TooltipState(layout: layout)
      #expect(state.send(.open("far"), layout: layout).isEmpty)
      #expect(state.send(.click(Point(x: value, y: value)), layout: layout).isEmpty)
    }
  }

  /// A decoration whose coordinates overflow used to trap while drawing; it is dropped, and the
  /// rest of the frame is drawn.
  @Test("decoration at an extreme coordinate is dropped", arguments: extremes)
  func decorationAtExtremeCoordinateIsDropped(value: Int) {
    let anchor = Anchor(id: "a", position: Point(x: 0, y: 0), placement: .bottom, headline: "A")
    for position in [Point(x: value, y: 0), Point(x: 0, y: value)] {
      let scene = Scene(
        anchors: [anchor], decorations: [Decoration(position: position, text: "caption")])
      let layout = SceneLayout(
        scene: scene, screen: Size(width: 12, height: 2),
        area: Rect(x: 0, y: 1, width: 12, height: 1))
      var grid = CellGrid(size: Size(width: 12, height: 2))
      Renderer.draw(layout, state: TooltipState(layout: layout), into: &grid)
      #expect(grid.lines == ["            ", " ⅈ          "], "position \(position)")
    }
  }

  /// Writing at a column near Int.max used to overflow computing the end column.
  @Test("write at an extreme column draws nothing") func writeAtExtremeColumnDrawsNothing() {
    var grid = CellGrid(size: Size(width: 4, height: 1))
    let end = grid.write("abc", at: Point(x: Int.max - 1, y: 0), style: .plain)
    #expect(end == Int.max)
    #expect(grid.lines == ["    "])
    #expect(grid.write("abc", at: Point(x: Int.min, y: 0), style: .plain) == Int.min + 3)
    #expect(grid.lines == ["    "])
  }
}

/// Lines with nothing to draw: the bubble and the visible-line rule must agree.
@Suite struct VisibleLineRegressionTests {
  /// Copy made only of zero-width scalars: nothing to draw.
  static let invisible = ["\u{200B}", "\u{301}", "\u{200D}\u{FE0F}", "\u{2060}\u{200B}"]

  /// A line of zero-width scalars counted as visible while wrapping gave it no row, so a
  /// tooltip whose other line was switched off stayed open with no bubble to draw.
  @Test("a line of only zero-width scalars is not visible", arguments: invisible)
  func zeroWidthLineIsNotVisible(copy: String) {
    let anchor = Anchor(id: "a", position: Point(x: 10, y: 5), placement: .top, headline: copy)
    #expect(!anchor.hasVisibleLine)
    #expect(anchor.visibleLines.isEmpty)
  }

  /// Switching off the line that made the bubble leaves only the invisible one: it closes.
  @Test("switching off the only drawable line closes the tooltip", arguments: invisible)
  func switchingOffDrawableLineCloses(copy: String) {
    var anchor = Anchor(
      id: "a", position: Point(x: 10, y: 5), placement: .top, headline: "Share", supporting: copy)
    let screen = Size(width: 40, height: 12)
    var layout = SceneLayout(scene: Scene(anchors: [anchor]), screen: screen)
    var state = TooltipState(layout: layout)
    #expect(state.send(.open("a"), layout: layout) == [.opened("a")])
    anchor.showHeadline = false
    layout = SceneLayout(scene: Scene(anchors: [anchor]), screen: screen)
    #expect(state.send(.layoutChanged, layout: layout) == [.closed("a", .programmatic)])
    #expect(state.openID == nil)
    #expect(layout.bubble(for: "a") == nil)
  }

  /// A zero-width scalar after a leading space joins the space and draws as one: that line is
  /// visible, and its bubble opens.
  @Test("a zero-width scalar on a leading space is a visible line") func zeroWidthOnSpaceIsVisible() {
    let anchor = Anchor(
      id: "a", position: Point(x: 10, y: 5), placement: .top, headline: " \u{301}")
    let layout = SceneLayout(scene: Scene(anchors: [anchor]), screen: Size(width: 40, height: 12))
    #expect(anchor.hasVisibleLine == (layout.bubble(for: "a") != nil))
  }
}
