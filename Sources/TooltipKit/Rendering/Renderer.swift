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
  ///
  /// The same as ``drawScene(_:into:)`` then ``drawState(_:state:into:)``.
  public static func draw(_ layout: SceneLayout, state: TooltipState, into grid: inout CellGrid) {
    drawScene(layout, into: &grid)
    drawState(layout, state: state, into: &grid)
  }

  /// Draws what does not depend on the state: the decorations, then every anchor unselected.
  ///
  /// What it draws changes only with the layout, so a program showing many anchors can keep
  /// the result and draw only ``drawState(_:state:into:)`` over a copy for each frame: a key
  /// then costs the same with 10,000 anchors as with 8.
  public static func drawScene(_ layout: SceneLayout, into grid: inout CellGrid) {
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
      let style = Style(attributes: placed.anchor.isDisabled ? .dim : [])
      guard let box = placed.box.intersection(sceneClip) else { continue }
      grid.fill(box, style: style)
      grid.write(placed.artwork, at: Point(x: placed.artworkX, y: placed.artworkY), style: style, clip: box)
    }
  }

  /// Draws what depends on the state over a grid that ``drawScene(_:into:)`` drew: the
  /// selected anchor reversed (its padding too), the cursor, the open bubble on top.
  ///
  /// Its cost does not grow with the number of anchors: the selection reverses the cells of
  /// the selected box that no anchor drawn after it (later in reading order) covers, which is
  /// what drawing the anchor reversed in its turn would give. With duplicate ids, the selected
  /// anchor is the first of its name in reading order, the one the cursor rests on.
  public static func drawState(_ layout: SceneLayout, state: TooltipState, into grid: inout CellGrid) {
    let options = layout.options
    let selected = state.selectedID.flatMap { id in layout.readingIndex(of: id).map { (layout.anchors[$0], $0) } }

    if options.highlightsSelection, let (placed, index) = selected {
      reverse(placed, at: index, in: layout, into: &grid)
      highlightPadding(of: placed, in: layout, into: &grid)
    }

    grid.cursor = nil
    if options.placesCursor, let (placed, _) = selected, grid.bounds.contains(placed.centre) {
      grid.cursor = placed.centre
    }

    if let bubble = state.openBubble(layout) {
      drawBubble(bubble, styles: options.bubbleStyles, into: &grid)
    }
  }

  /// Reverses the cells of `selected`'s box (the anchor at `index` in reading order) inside
  /// the scene area, except those an anchor drawn after it covers.
  static func reverse(_ selected: PlacedAnchor, at index: Int, in layout: SceneLayout, into grid: inout CellGrid) {
    guard let box = selected.box.intersection(layout.area) else { return }
    // Anchors are drawn in reading order (by the box's top row first): only those after this
    // one whose top row is inside its box can cover part of it.
    var covered: [Rect] = []
    var next = index + 1
    while next < layout.anchors.count, layout.anchors[next].box.minY < box.maxY {
      if let overlap = layout.anchors[next].box.intersection(box) { covered.append(overlap) }
      next += 1
    }
    guard !covered.isEmpty else {
      grid.restyle(box) { $0.attributes.insert(.reverse) }
      return
    }
    for y in box.minY..<box.maxY {
      for x in box.minX..<box.maxX {
        let cell = Point(x: x, y: y)
        if covered.contains(where: { $0.contains(cell) }) { continue }
        grid.restyle(Rect(origin: cell, size: Size(width: 1, height: 1))) { $0.attributes.insert(.reverse) }
      }
    }
  }

  /// Reverses the cells on each side of a selected box that is one cell wide
  /// (``SceneLayout/highlightPadding(of:)``), keeping what they show.
  static func highlightPadding(of selected: PlacedAnchor, in layout: SceneLayout, into grid: inout CellGrid) {
    let attributes: Attributes = selected.anchor.isDisabled ? [.dim, .reverse] : .reverse
    for cell in layout.highlightPadding(of: selected) {
      grid.restyle(Rect(origin: cell, size: Size(width: 1, height: 1))) { $0.attributes.formUnion(attributes) }
    }
  }

  /// Draws one bubble (body, text, pointer), cropped at the grid's edges; the pointer keeps the
  /// background of the cell it covers (``BubbleStyles/pointer(over:)``).
  public static func drawBubble(_ bubble: BubbleLayout, styles: BubbleStyles, into grid: inout CellGrid) {
    grid.fill(bubble.body, style: styles.fill)
    // Only the rows and columns on the grid are built from the copy: a long copy's other
    // rows cost nothing per frame. Rows lie on consecutive lines from the first one down.
    let rows = bubble.rows
    let top = rows.first?.origin.y ?? 0
    let low = min(max(0, -top), rows.count)
    let right = min(bubble.body.maxX, grid.size.width)
    for index in low..<max(low, min(rows.count, grid.size.height - top)) {
      let row = rows[index]
      let style = row.role == .headline ? styles.headline : styles.supporting
      // Text is clipped to the body's own columns: the trailing padding stays fill.
      let columns = right - row.origin.x
      guard columns > 0 else { continue }
      grid.write(row.line(upTo: columns), at: row.origin, style: style, clip: bubble.body)
    }
    // The pointer keeps the background of the cell it is drawn over (SPEC 3's gap holds what
    // the scene or the program drew there).
    guard let under = grid.cell(at: bubble.pointer) else { return }
    grid.write(
      TextLine(units: [TextUnit(text: bubble.pointerGlyph, width: 1)]), at: bubble.pointer,
      style: styles.pointer(over: under.style))
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
