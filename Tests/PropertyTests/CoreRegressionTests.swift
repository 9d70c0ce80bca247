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
      #expect(grid.lines == ["            ", " ⓘ          "], "position \(position)")
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
