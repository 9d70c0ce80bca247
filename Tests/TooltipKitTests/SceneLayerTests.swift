import Testing

@testable import TooltipKit

/// The scene layer (``Renderer/drawScene(_:into:)``) with the state drawn over it
/// (``Renderer/drawState(_:state:into:)``) gives what drawing each anchor in its turn, the
/// selected one reversed, gives: overlapping boxes, wide labels, disabled anchors, crops.
@Suite struct SceneLayerTests {
  /// The frame as drawing every anchor in reading order, the selected one reversed, gives.
  static func drawnInTurn(_ l: SceneLayout, state: TooltipState) -> CellGrid {
    var grid = CellGrid(size: l.screen)
    for decoration in l.scene.decorations {
      let line = TextLine(decoration.text)
      guard let box = l.area.sceneBox(at: decoration.position, width: line.width) else { continue }
      grid.write(line, at: box.origin, style: Style(attributes: decoration.isDim ? .dim : []), clip: l.area)
    }
    let selectedIndex = state.selectedID.flatMap { l.readingIndex(of: $0) }
    for (index, placed) in l.anchors.enumerated() {
      var attributes: Attributes = placed.anchor.isDisabled ? .dim : []
      if index == selectedIndex { attributes.insert(.reverse) }
      let style = Style(attributes: attributes)
      guard let box = placed.box.intersection(l.area) else { continue }
      grid.fill(box, style: style)
      grid.write(placed.artwork, at: Point(x: placed.artworkX, y: placed.artworkY), style: style, clip: box)
    }
    if let selectedIndex {
      // The cells beside a one-cell box, reversed (and dim beside a disabled anchor).
      let selected = l.anchors[selectedIndex]
      let attributes: Attributes = selected.anchor.isDisabled ? [.dim, .reverse] : .reverse
      for cell in l.highlightPadding(of: selected) {
        grid.restyle(Rect(origin: cell, size: Size(width: 1, height: 1))) { $0.attributes.formUnion(attributes) }
      }
      grid.cursor = Renderer.cursor(l, state: state, screen: grid.size)
    }
    if let bubble = state.openBubble(l) {
      Renderer.drawBubble(bubble, styles: l.options.bubbleStyles, into: &grid)
    }
    return grid
  }

  @Test("each anchor selected in turn: the layer and the state drawn over it match drawing in turn", arguments: 0..<30)
  func layerAndStateMatchDrawingInTurn(seed: Int) {
    var random = SplitMix(seed: UInt64(seed) &+ 7_001)
    let width = 8 + random.next(below: 24)
    let height = 3 + random.next(below: 8)
    let labels = [nil, "Go", "你好", "a你", "Delete", "K"]
    var anchors: [Anchor] = []
    for i in 0..<(2 + random.next(below: 14)) {
      // Anchors crowd a small screen, so boxes overlap; some are taller boxes a program gave.
      let tall = random.next(below: 6) == 0
      anchors.append(
        Anchor(
          id: "a\(i)", position: Point(x: random.next(below: width) - 2, y: random.next(below: height)),
          size: random.next(below: 2) == 0 ? .sm : .md, placement: .bottom, headline: "Save",
          isDisabled: random.next(below: 4) == 0, label: labels[random.next(below: labels.count)],
          boxSize: tall ? Size(width: 1 + random.next(below: 5), height: 2 + random.next(below: 3)) : nil))
    }
    let decorations = [Decoration(position: Point(x: 1, y: 0), text: "Title 你好 row", isDim: true)]
    let area = random.next(below: 2) == 0 ? nil : Rect(x: 1, y: 1, width: width - 2, height: height - 2)
    let l = SceneLayout(
      scene: Scene(anchors: anchors, decorations: decorations), screen: Size(width: width, height: height), area: area)
    var layer = CellGrid(size: l.screen)
    Renderer.drawScene(l, into: &layer)
    var state = TooltipState(layout: l)
    for step in 0..<l.anchors.count {
      var grid = layer
      Renderer.drawState(l, state: state, into: &grid)
      let expected = Self.drawnInTurn(l, state: state)
      #expect(grid == expected, "seed \(seed), step \(step), selected \(state.selectedID ?? "-")")
      var drawn = CellGrid(size: l.screen)
      Renderer.draw(l, state: state, into: &drawn)
      #expect(drawn == expected, "seed \(seed), step \(step): draw")
      _ = state.send(.selectNext, layout: l)
      if step % 3 == 1, let id = state.selectedID { _ = state.send(.open(id), layout: l) }
    }
  }

  @Test func aLaterAnchorOverTheSelectedOneKeepsItsOwnLook() {
    // "b" starts inside "a"'s box, so it is drawn over a's last column.
    let l = layout(
      [anchor("a", x: 0, y: 0, label: "Save"), anchor("b", x: 5, y: 0, label: "Go")], width: 12, height: 1)
    var grid = CellGrid(size: l.screen)
    Renderer.draw(l, state: TooltipState(layout: l), into: &grid)
    #expect(RendererTests.reversedColumns(grid, row: 0) == "#####.......")
    expectScreen(grid, " Save Go    |")
  }
}
