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
  /// highlight's first cell (``cursor(_:state:screen:)``), or hidden when the anchor is off the
  /// grid or the options leave the cursor to the program.
  ///
  /// The same as ``drawScene(_:into:)`` then ``drawState(_:state:into:)``.
  package static func draw(_ layout: SceneLayout, state: TooltipState, into grid: inout CellGrid) {
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

    for placed in layout.anchors where !placed.anchor.isDrawnByProgram {
      let style = Style(attributes: placed.anchor.isDisabled ? .dim : [])
      guard let box = placed.box.intersection(placed.viewport ?? sceneClip) else { continue }
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
    grid.needsPointerMotion = layout.needsPointerMotion
    let selected = state.selectedID.flatMap { layout.readingIndex(of: $0) }
    let bubble = state.openBubble(layout)
    if let selected {
      // The box of a disabled anchor is dim already; its padding turns dim with it.
      let attributes: Attributes = layout.anchors[selected].anchor.isDisabled ? [.dim, .reverse] : .reverse
      forEachHighlightRect(layout, selected: selected, under: bubble) {
        grid.restyle($0) { $0.attributes.formUnion(attributes) }
      }
    }
    grid.cursor = cursor(layout, selected: selected, screen: grid.size)
    if let bubble {
      drawBubble(bubble, styles: layout.options.bubbleStyles, into: &grid)
    }
  }

  /// The cells the selection highlight of `state` reverses, as the renderer draws it and as an
  /// overlay on a program's own cells should: the selected anchor's box inside the scene area,
  /// less the cells an anchor later in reading order covers (it is drawn over the box), then
  /// each cell beside a one-cell box (``SceneLayout/highlightPadding(of:)``). Empty when
  /// nothing is selected or the options leave the selection unhighlighted. The open bubble's
  /// pointer cell is never among them: the bubble, pointer included, lies over everything (BEHAVIOUR
  /// 3), and a one-cell anchor's padding is where its left or right pointer goes.
  ///
  /// The box comes as one rect when nothing covers it, else as its uncovered cells one by one;
  /// padding cells one by one. With duplicate ids, the selected anchor is the first of its name
  /// in reading order, the one the cursor rests on.
  package static func highlight(_ layout: SceneLayout, state: TooltipState) -> [Rect] {
    var rects: [Rect] = []
    let selected = state.selectedID.flatMap { layout.readingIndex(of: $0) }
    forEachHighlightRect(layout, selected: selected, under: state.openBubble(layout)) { rects.append($0) }
    return rects
  }

  /// Calls `body` with each rect of ``highlight(_:state:)`` for the anchor at `selected` in
  /// reading order, building no list: the renderer's path for every frame. The cell of
  /// `bubble`'s pointer is left out.
  static func forEachHighlightRect(
    _ layout: SceneLayout, selected: Int?, under bubble: BubbleLayout?, _ body: (Rect) -> Void
  ) {
    guard layout.options.highlightsSelection, let selected, !layout.anchors[selected].anchor.drawsOwnFocus else {
      return
    }
    let anchor = layout.anchors[selected]
    let pointer = bubble?.pointer
    let shown = anchor.viewport ?? layout.area
    // The segments after the first of a range that wraps: each highlighted as drawn.
    for segment in anchor.segments.dropFirst() {
      if let cells = segment.intersection(shown) { body(cells) }
    }
    if let box = anchor.box.intersection(shown) {
      // Anchors are drawn in reading order (by the box's top row first): only those after this
      // one whose top row is inside its box can cover part of it.
      var covered: [Rect] = []
      if let pointer, box.contains(pointer) { covered.append(Rect(origin: pointer, size: Size(width: 1, height: 1))) }
      var next = selected + 1
      while next < layout.anchors.count, layout.anchors[next].box.minY < box.maxY {
        if let overlap = layout.anchors[next].box.intersection(box) { covered.append(overlap) }
        next += 1
      }
      if covered.isEmpty {
        body(box)
      } else {
        for y in box.minY..<box.maxY {
          for x in box.minX..<box.maxX {
            let cell = Point(x: x, y: y)
            if !covered.contains(where: { $0.contains(cell) }) {
              body(Rect(origin: cell, size: Size(width: 1, height: 1)))
            }
          }
        }
      }
    }
    for cell in layout.highlightPadding(of: anchor) where cell != pointer {
      body(Rect(origin: cell, size: Size(width: 1, height: 1)))
    }
  }

  /// Where the terminal cursor belongs for `state` on a screen (or window) of `screen` cells:
  /// the first cell of the selection's highlight (the highlighted cell before a one-cell box,
  /// else the box's first cell on screen), or nil when nothing is selected, the box is off the
  /// screen, or the options leave the cursor to the program.
  ///
  /// A screen reader follows the cursor, so it rests on the selection; at its start, not its
  /// middle, so that a block cursor (which inverts its cell) takes one end of the reversed
  /// highlight, never splits it (`joi█tly`, `F█le`, `█ⅈ█` with the cursor at the centre).
  package static func cursor(_ layout: SceneLayout, state: TooltipState, screen: Size) -> Point? {
    cursor(layout, selected: state.selectedID.flatMap { layout.readingIndex(of: $0) }, screen: screen)
  }

  /// ``cursor(_:state:screen:)`` for the anchor at `selected` in reading order.
  static func cursor(_ layout: SceneLayout, selected: Int?, screen: Size) -> Point? {
    guard layout.options.placesCursor, let selected else { return nil }
    let anchor = layout.anchors[selected]
    let screenRect = Rect(size: screen)
    guard let shown = anchor.box.intersection(anchor.viewport ?? layout.area)?.intersection(screenRect) else {
      return nil
    }
    if layout.options.highlightsSelection, !anchor.anchor.drawsOwnFocus, shown.minX == anchor.box.minX {
      // A one-cell box is highlighted with a cell each side: the cursor takes the one before.
      let before = Point(x: shown.minX - 1, y: shown.minY)
      if screenRect.contains(before), layout.highlightPadding(of: anchor).contains(before) { return before }
    }
    return shown.origin
  }

  /// Draws one bubble (body, text, pointer), cropped at the grid's edges; the pointer keeps the
  /// background of the cell it covers (``BubbleStyles/pointer(over:)``).
  package static func drawBubble(_ bubble: BubbleLayout, styles: BubbleStyles, into grid: inout CellGrid) {
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
    // The pointer keeps the background of the cell it is drawn over (BEHAVIOUR 3's gap holds what
    // the scene or the program drew there).
    guard let under = grid.cell(at: bubble.pointer) else { return }
    grid.write(
      TextLine(units: [TextUnit(text: bubble.pointerGlyph, width: 1)]), at: bubble.pointer,
      style: styles.pointer(over: under.style))
  }
}

/// A new frame of `size` cells with `scene` drawn in `state` (the scene fills the frame), in
/// `options`.
///
/// The one call a program needs for a frame of tooltips alone; a program with cells of its own
/// lays the scene out with ``SceneLayout`` and draws it over them with
/// ``CellGrid/draw(_:state:)``.
public func render(scene: Scene, state: TooltipState, size: Size, options: RenderOptions = RenderOptions()) -> CellGrid
{
  let layout = SceneLayout(scene: scene, screen: size, options: options)
  var grid = CellGrid(size: size)
  grid.draw(layout, state: state)
  return grid
}
