import CNcurses
import TooltipKit

/// Draws the open tooltip (and, if asked, the selection highlight) into a window of a program
/// that owns ncurses itself, over what the program drew there.
///
/// It never erases, clears or refreshes anything, and leaves the window's cursor and current
/// attributes as it found them: the program calls `wnoutrefresh`/`doupdate` as it always does.
/// Each frame, after drawing its own cells, the program calls ``draw(_:state:redraw:)``. What a
/// bubble or highlight covered comes back through `redraw`: before drawing, the overlay hands
/// the program each rect (window coordinates) that the last call covered and this one does
/// not, for the program to draw its own cells there again. A program that redraws its whole
/// window every frame can ignore it.
///
/// Lay the scene out with the window's size as the screen (``layout(scene:area:options:)``):
/// bubbles are then cropped at the window's edges, never shifted.
public final class TooltipOverlay {
  /// The window drawn into.
  public let window: UnsafeMutablePointer<WINDOW>
  /// Turns the core's styles into the program's attributes and pairs.
  public let colors: any StyleResolver
  /// The rects (window coordinates) the last draw covered.
  public private(set) var covered: [Rect] = []

  /// An overlay on `window`, drawing with `colors` (``CursesColors/init(pairs:noColor:)`` with
  /// pairs the program leaves free, or a resolver of the program's own).
  public init(window: UnsafeMutablePointer<WINDOW>, colors: any StyleResolver) {
    self.window = window
    self.colors = colors
  }

  /// The window's size in cells.
  public var windowSize: Size {
    Size(width: max(0, Int(tk_getmaxx(window))), height: max(0, Int(tk_getmaxy(window))))
  }

  /// Lays `scene` out on this window: the window is the screen (bubbles are cropped at its
  /// edges) and `area` the scene area in window cells (the whole window when nil).
  ///
  /// A scene area larger than the window, or partly outside it, is fine: anchors outside the
  /// window are not placed (not drawn, selected or tapped) and bubbles are cropped.
  public func layout(scene: Scene, area: Rect? = nil, options: RenderOptions = RenderOptions()) -> SceneLayout {
    SceneLayout(scene: scene, screen: windowSize, area: area, options: options)
  }

  /// Draws the open bubble of `state` (and the selection highlight when
  /// `layout.options.highlightsSelection`) into the window, over the program's cells.
  ///
  /// First calls `redraw` for each rect the previous call covered that this call does not
  /// cover the same way, so the program can put its own cells back. Returns the rects drawn.
  @discardableResult
  public func draw(_ layout: SceneLayout, state: TooltipState, redraw: (Rect) -> Void = { _ in }) -> [Rect] {
    let bounds = Rect(origin: Point(x: 0, y: 0), size: windowSize)
    var now: [Rect] = []
    // The selected box and, beside a one-cell box, the padding the core's renderer reverses.
    var highlight: [Rect] = []
    if layout.options.highlightsSelection, let selected = state.selectedID.flatMap({ layout.anchor(id: $0) }) {
      let padding = layout.highlightPadding(of: selected).map { Rect(origin: $0, size: Size(width: 1, height: 1)) }
      highlight = ([selected.box.intersection(layout.area)].compactMap { $0 } + padding).compactMap {
        $0.intersection(bounds)
      }
      now += highlight
    }
    let bubble = state.openBubble(layout)
    if let bubble {
      if let body = bubble.body.intersection(bounds) { now.append(body) }
      if bounds.contains(bubble.pointer) {
        now.append(Rect(origin: bubble.pointer, size: Size(width: 1, height: 1)))
      }
    }
    for old in covered where !now.contains(old) { redraw(old) }
    covered = now
    // Nothing open and nothing highlighted: no curses call at all.
    guard !now.isEmpty else { return now }

    let cursorY = tk_getcury(window)
    let cursorX = tk_getcurx(window)
    var savedAttrs: attr_t = 0
    var savedPair: Int32 = 0
    tk_attr_get(window, &savedAttrs, &savedPair)
    defer {
      _ = tk_attr_set(window, savedAttrs, savedPair)
      wmove(window, cursorY, cursorX)
    }

    for rect in highlight {
      for y in rect.minY..<rect.maxY {
        tk_add_attrs(window, Int32(y), Int32(rect.minX), Int32(rect.size.width), TK_A_REVERSE)
      }
    }
    if let bubble, let visible = bubble.bounds.intersection(bounds) {
      draw(bubble, visible: visible, styles: layout.options.bubbleStyles)
    }
    return now
  }

  /// Forgets what was drawn, for a program that cleared its window: the next draw asks for no
  /// redraw of the old rects.
  public func reset() {
    covered = []
  }

  /// Where the terminal cursor belongs for the selection: the selected anchor's centre cell in
  /// the window, or nil when nothing is selected, it is off the window, or the options leave the
  /// cursor to the program.
  public func cursor(_ layout: SceneLayout, state: TooltipState) -> Point? {
    guard layout.options.placesCursor, let selected = state.selectedID.flatMap({ layout.anchor(id: $0) }),
      Rect(origin: Point(x: 0, y: 0), size: windowSize).contains(selected.centre)
    else { return nil }
    return selected.centre
  }

  /// Draws body and pointer, the part inside `visible` (the bubble's bounds cropped to the
  /// window), through a scratch grid of that size.
  private func draw(_ bubble: BubbleLayout, visible: Rect, styles: BubbleStyles) {
    var grid = CellGrid(size: visible.size)
    Renderer.drawBubble(bubble.offset(by: Point(x: -visible.minX, y: -visible.minY)), styles: styles, into: &grid)
    var writer = CellWriter(window: window, colors: colors)
    if let body = bubble.body.intersection(visible) {
      let columns = (body.minX - visible.minX)..<(body.maxX - visible.minX)
      for y in body.minY..<body.maxY {
        writer.put(grid, row: y - visible.minY, columns: columns, at: Point(x: body.minX, y: y))
      }
    }
    if visible.contains(bubble.pointer) {
      let x = bubble.pointer.x - visible.minX
      writer.put(grid, row: bubble.pointer.y - visible.minY, columns: x..<(x + 1), at: bubble.pointer)
    }
  }
}
