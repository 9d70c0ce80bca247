/// Draws a laid-out scene and its state into a cell grid: decorations, then anchors, then the
/// open bubble on top.
///
/// Pure: the same layout, state and options always give the same cells.
public enum Renderer {
  /// Draws `layout` with `state` into `grid`, over whatever the grid holds (chrome, say).
  ///
  /// Anchors and decorations are cropped at the scene area; the bubble only at the grid's
  /// edges, so it may cover chrome. The selected anchor is reversed, with one more cell each
  /// side when its box is one cell wide (``PlacedAnchor/highlight``). The cursor is set on the
  /// selected anchor's centre cell, or hidden when that is off the grid or the options leave
  /// the cursor to the program.
  public static func draw(_ layout: SceneLayout, state: TooltipState, into grid: inout CellGrid) {
    let options = layout.options
    let sceneClip = layout.area

    for decoration in layout.scene.decorations {
      let line = TextLine(decoration.text)
      guard let box = layout.area.sceneBox(at: decoration.position, width: line.width) else {
        continue
      }
      let style = Style(attributes: decoration.isDim ? .dim : [])
      grid.write(line, at: box.origin, style: style, clip: sceneClip)
    }

    for placed in layout.anchors {
      var attributes: Attributes = placed.anchor.isDisabled ? .dim : []
      if options.highlightsSelection && placed.id == state.selectedID { attributes.insert(.reverse) }
      let style = Style(attributes: attributes)
      guard let box = placed.box.intersection(sceneClip) else { continue }
      grid.fill(box, style: style)
      grid.write(placed.artwork, at: Point(x: placed.artworkX, y: placed.artworkY), style: style, clip: box)
    }

    if options.highlightsSelection, let selected = state.selectedID.flatMap({ layout.anchor(id: $0) }) {
      highlightPadding(of: selected, in: layout, into: &grid)
    }

    grid.cursor = nil
    if options.placesCursor, let selected = state.selectedID.flatMap({ layout.anchor(id: $0) }),
      grid.bounds.contains(selected.centre)
    {
      grid.cursor = selected.centre
    }

    if let bubble = state.openBubble(layout) {
      drawBubble(bubble, styles: options.bubbleStyles, into: &grid)
    }
  }

  /// Reverses the cells on each side of a selected box that is one cell wide (its `sm` tap
  /// target), cropped at the scene area, keeping what they show.
  ///
  /// A block cursor inverts the cell it rests on, reverse video included: on a one-cell box it
  /// would undo the highlight, so the highlight reaches past the cursor. Another anchor's box
  /// keeps its own look (artwork beats padding, as in hit testing).
  static func highlightPadding(of selected: PlacedAnchor, in layout: SceneLayout, into grid: inout CellGrid) {
    guard selected.highlight != selected.box else { return }
    let attributes: Attributes = selected.anchor.isDisabled ? [.dim, .reverse] : .reverse
    let rows = selected.box.minY..<selected.box.maxY
    for x in [selected.box.minX - 1, selected.box.maxX] {
      for y in rows {
        let cell = Point(x: x, y: y)
        guard layout.area.contains(cell) else { continue }
        if let other = layout.anchor(at: cell), other.id != selected.id, other.box.contains(cell) { continue }
        grid.restyle(Rect(origin: cell, size: Size(width: 1, height: 1))) { $0.attributes.formUnion(attributes) }
      }
    }
  }

  /// Draws one bubble (body, text, pointer), cropped at the grid's edges.
  public static func drawBubble(_ bubble: BubbleLayout, styles: BubbleStyles, into grid: inout CellGrid) {
    grid.fill(bubble.body, style: styles.fill)
    for row in bubble.rows {
      let style = row.role == .headline ? styles.headline : styles.supporting
      // Text is clipped to the body's own columns: the trailing padding stays fill.
      grid.write(row.line, at: row.origin, style: style, clip: bubble.body)
    }
    grid.write(
      TextLine(units: [TextUnit(text: bubble.pointerGlyph, width: 1)]), at: bubble.pointer, style: styles.pointer)
  }
}

/// Renders `scene` in `state` on a screen of `size` (the scene fills it) with `options`.
///
/// The one call a program needs for a frame; programs with chrome lay the scene out in an
/// area of their own with ``SceneLayout`` and call ``Renderer/draw(_:state:into:)``.
public func render(scene: Scene, state: TooltipState, size: Size, options: RenderOptions = RenderOptions()) -> CellGrid
{
  let layout = SceneLayout(scene: scene, screen: size, options: options)
  var grid = CellGrid(size: size)
  Renderer.draw(layout, state: state, into: &grid)
  return grid
}
