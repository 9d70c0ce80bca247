import CCursesSupport
import CNcurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// Draws the open tooltip of a program that owns ncurses itself, in one of two styles: in
/// windows of its own on panels above the program's (any window the bubble crosses), or into
/// one window of the program's, over what the program drew there.
///
/// A program names it to pick the style and the colour pairs the bubble may use, and hands it
/// to ``CursesTooltips/init(scene:overlay:area:options:keepsSelection:tapsSelect:input:)``.
///
/// **Panels** (``init(pairs:noColor:)``): the program puts its windows on panels (`new_panel`; stdscr
/// needs none) and ends each frame with `update_panels()` and `doupdate()` instead of
/// `wrefresh`. The bubble's body and its pointer are each a window on a panel at the top of the
/// stack, in screen coordinates, so a bubble crosses every window of the program; when it closes
/// or moves, its panels go and the panel library gives back what lay under them without the
/// program drawing anything again. The overlay never reads or writes a cell of the program's
/// windows, but to read the background of the cell under the pointer (the pointer keeps it). The
/// selection highlight is the program's to draw: ``CursesTooltips/highlight`` says which cells.
///
/// **Into a window** (``init(window:pairs:noColor:)``): for a program without panels. The overlay draws
/// the bubble and the selection highlight (reverse video over the program's own cells, which it
/// reads back from that window) into the program's window; what it covered comes back through
/// the `redraw` closure of ``CursesTooltips/draw(redraw:)`` for the program to draw again.
/// Bubbles are cropped at the window's edges, and anchors must be drawn in that window. Read
/// keys with `wgetch` on that window (or one the bubble never overlaps): `wgetch` refreshes the
/// window it reads first, and a window refreshed over the bubble's cells paints over it. Where
/// an edge of the bubble cuts a wide character of the program's in two, the half outside is
/// blanked in the window (a terminal erases the whole character when half of it is written
/// over), and the rect handed to `redraw` when the bubble goes includes that cell, so curses
/// and the terminal agree on every cell before, while and after the bubble shows.
///
/// Either way it never erases, clears or refreshes a window of the program's, never calls
/// `start_color` or `use_default_colors`, never redefines a colour pair outside the range it was
/// given, and leaves the window's cursor and attributes as it found them. The scene is laid out
/// on the window's size (for panels, the whole screen's).
public final class TooltipOverlay {
  /// The window drawn into, or stdscr for panels: the window whose cells the scene's anchors,
  /// the cursor and the highlight are in, which a program's own drawing code may need.
  public let window: UnsafeMutablePointer<WINDOW>
  /// Turns the core's styles into the program's attributes and pairs.
  package let colors: any StyleResolver
  /// Whether the bubble is drawn in panels of its own (``init(pairs:noColor:)``) rather than
  /// into ``window``.
  package let usesPanels: Bool
  /// The rects (window coordinates) the last draw covered.
  package private(set) var covered: [Rect] = []
  /// Each of ``covered`` with the cells of the wide characters its edges cut, which the draw
  /// blanked (into a window): what `redraw` is asked to draw again when that rect goes.
  private var reach: [Rect] = []

  /// The bubble's panels (body, pointer) and what they show, in the panel style.
  private var panels: [(panel: UnsafeMutablePointer<PANEL>, window: UnsafeMutablePointer<WINDOW>)] = []
  private var shown: (bubble: BubbleLayout, styles: BubbleStyles)?
  /// The background (colour number) the pointer was last drawn on.
  private var pointerBackground: Int32?

  /// An overlay that draws into the program's `window`, over its cells, in colour pairs from
  /// `pairs`: for a program without panels. Call it after `newterm` and the program's own
  /// `start_color`.
  ///
  /// - Parameters:
  ///   - window: the window the bubble and the selection highlight are drawn into; the scene's
  ///     anchors are in its cells.
  ///   - pairs: the colour pair numbers the overlay may define (made on first use, cut to the
  ///     terminal's `COLOR_PAIRS`); the program's own pairs lie outside them. When they run out,
  ///     a filled style is drawn in reverse video.
  ///   - noColor: the value of `NO_COLOR`; when it is set and not empty, bubbles are drawn
  ///     without colour, as they are when the program started no colours.
  public convenience init(window: UnsafeMutablePointer<WINDOW>, pairs: Range<Int32>, noColor: String? = nil) {
    self.init(window: window, colors: CursesColors(pairs: pairs, noColor: noColor))
  }

  /// An overlay that draws the bubble in windows of its own, on panels at the top of the panel
  /// stack, in screen coordinates, in colour pairs from `pairs`: for a program whose windows are
  /// on panels. Call it after `newterm` and the program's own `start_color`.
  ///
  /// - Parameters:
  ///   - pairs: the colour pair numbers the overlay may define (made on first use, cut to the
  ///     terminal's `COLOR_PAIRS`); the program's own pairs lie outside them. When they run out,
  ///     a filled style is drawn in reverse video.
  ///   - noColor: the value of `NO_COLOR`; when it is set and not empty, bubbles are drawn
  ///     without colour, as they are when the program started no colours.
  ///
  /// Called before `newterm` (there is no screen to draw on), it says so in one line on
  /// standard error and ends the program with status 2.
  public convenience init(pairs: Range<Int32>, noColor: String? = nil) {
    self.init(colors: CursesColors(pairs: pairs, noColor: noColor))
  }

  /// An overlay on `window`, drawing with `colors`.
  package init(window: UnsafeMutablePointer<WINDOW>, colors: any StyleResolver) {
    self.window = window
    self.colors = colors
    usesPanels = false
  }

  /// An overlay that draws the bubble in windows of its own, on panels, drawing with `colors`.
  package init(colors: any StyleResolver) {
    guard let screen = tk_stdscr() else {
      // No screen yet: a program error no later call can mend. Said in one line, and ended
      // with status 2 rather than a trap, whose backtracer would wait at a prompt on the
      // terminal.
      let message = "TooltipOverlay(pairs:) needs a screen: call it after newterm\n"
      _ = writeAll(Array(message.utf8), to: 2)
      exit(2)
    }
    window = screen
    self.colors = colors
    usesPanels = true
  }

  deinit { removePanels() }

  /// The window's (for panels, the screen's) size in cells.
  package var windowSize: Size {
    Size(width: max(0, Int(tk_getmaxx(window))), height: max(0, Int(tk_getmaxy(window))))
  }

  /// Lays `scene` out on this window: the window is the screen (bubbles are cropped at its
  /// edges) and `area` the scene area in window cells (the whole window when nil).
  ///
  /// A scene area larger than the window, or partly outside it, is fine: anchors outside the
  /// window are not placed (not drawn, selected or tapped) and bubbles are cropped.
  package func layout(scene: Scene, area: Rect? = nil, options: RenderOptions = RenderOptions()) -> SceneLayout {
    SceneLayout(scene: scene, screen: windowSize, area: area, options: options)
  }

  /// The cells the selection highlight covers (window, or screen, coordinates): the renderer's
  /// rule (`Renderer.highlight(_:state:)`: the selected anchor's box and, beside a one-cell
  /// box, a cell each side), cropped at the window; empty when nothing is selected or
  /// `layout.options.highlightsSelection` is off. Into a window the overlay draws them in reverse
  /// video; with panels the program draws its own cells there highlighted.
  package func highlight(_ layout: SceneLayout, state: TooltipState) -> [Rect] {
    let bounds = Rect(size: windowSize)
    return Renderer.highlight(layout, state: state).compactMap { $0.intersection(bounds) }
  }

  /// Draws the open bubble of `state` (and, into a window, the selection highlight when
  /// `layout.options.highlightsSelection`), over the program's cells.
  ///
  /// Into a window, first calls `redraw` for each rect the previous call covered that this call
  /// does not cover the same way, so the program can put its own cells back; with panels it is
  /// never called (the panel library gives those cells back). Returns the rects drawn (into a
  /// window, each widened by the cells of wide characters its edges cut: a highlight reverses
  /// such a character whole, a bubble blanks its other half).
  @discardableResult
  package func draw(_ layout: SceneLayout, state: TooltipState, redraw: (Rect) -> Void = { _ in }) -> [Rect] {
    let bounds = Rect(size: windowSize)
    var now: [Rect] = []
    // The selected box and, beside a one-cell box, the padding the core's renderer reverses.
    let highlight = usesPanels ? [] : highlight(layout, state: state)
    now += highlight
    let bubble = state.openBubble(layout)
    if let bubble {
      if let body = bubble.body.intersection(bounds) { now.append(body) }
      if bounds.contains(bubble.pointer) {
        now.append(Rect(origin: bubble.pointer, size: Size(width: 1, height: 1)))
      }
    }
    if usesPanels {
      covered = now
      drawPanels(bubble, styles: layout.options.bubbleStyles, bounds: bounds)
      return now
    }
    for (index, old) in covered.enumerated() where !now.contains(old) { redraw(reach[index]) }
    covered = now
    reach = now
    // Nothing open and nothing highlighted: no curses call at all.
    guard !now.isEmpty else { return now }

    let cursorY = cs_getcury(window)
    let cursorX = cs_getcurx(window)
    var savedAttrs: attr_t = 0
    var savedPair: Int32 = 0
    cs_attr_get(window, &savedAttrs, &savedPair)
    defer {
      _ = tk_attr_set(window, savedAttrs, savedPair)
      wmove(window, cursorY, cursorX)
    }

    // Reverse video over whole characters: a wide character of the program's that the
    // highlight's edge cuts is reversed whole, never one half of it.
    for (index, rect) in highlight.enumerated() {
      var (left, right) = (rect.minX, rect.maxX)
      for y in rect.minY..<rect.maxY {
        let minX = rect.minX > 0 && continues(y: y, x: rect.minX) ? rect.minX - 1 : rect.minX
        let maxX = rect.maxX < bounds.maxX && continues(y: y, x: rect.maxX) ? rect.maxX + 1 : rect.maxX
        cs_add_attrs(window, Int32(y), Int32(minX), Int32(maxX - minX), TK_A_REVERSE)
        (left, right) = (min(left, minX), max(right, maxX))
      }
      reach[index] = Rect(
        origin: Point(x: left, y: rect.minY), size: Size(width: right - left, height: rect.size.height))
    }
    // The bubble's own rects (after the highlight's) first give up the wide characters their
    // edges cut, so that the window holds what the terminal will show.
    for index in highlight.count..<now.count { reach[index] = blankCutWideCharacters(now[index]) }
    if let bubble, let visible = bubble.bounds.intersection(bounds) {
      draw(bubble, visible: visible, styles: layout.options.bubbleStyles, into: window, origin: Point(x: 0, y: 0))
      if visible.contains(bubble.pointer) {
        let style = pointer(bubble, styles: layout.options.bubbleStyles, under: window, at: bubble.pointer)
        putPointer(bubble, style: style, into: window, at: bubble.pointer)
      }
    }
    return reach
  }

  /// Blanks, in the program's window, each wide character that `rect`'s left or right edge cuts
  /// in two (its other half is outside `rect`) and returns `rect` widened by those cells.
  ///
  /// A terminal that is sent a character over one half of a wide character erases the whole
  /// of it, while curses keeps the half outside the bubble in its picture of the screen: once
  /// the bubble goes, curses thinks that half is still shown and never sends it again (a blank
  /// where the program drew `の`). With the half blanked in the window, curses sends a blank,
  /// the terminal shows one, and the two agree cell for cell; when the bubble goes, the
  /// program's character differs from that blank and is sent whole.
  private func blankCutWideCharacters(_ rect: Rect) -> Rect {
    let width = Int(tk_getmaxx(window))
    var left = false
    var right = false
    for y in rect.minY..<rect.maxY {
      if rect.minX > 0, continues(y: y, x: rect.minX) {
        blank(y: y, x: rect.minX - 1)
        left = true
      }
      if rect.maxX < width, continues(y: y, x: rect.maxX) {
        blank(y: y, x: rect.maxX)
        right = true
      }
    }
    let minX = rect.minX - (left ? 1 : 0)
    let maxX = rect.maxX + (right ? 1 : 0)
    return Rect(origin: Point(x: minX, y: rect.minY), size: Size(width: maxX - minX, height: rect.size.height))
  }

  /// Whether cell (`x`, `y`) of the window is the right half of a wide character that starts
  /// to its left: ncurses 6 keeps such a cell as a copy of the character's first cell, marked
  /// in the low byte of its attributes (`A_CHARTEXT`, which `mvwin_wch` returns as stored) by a
  /// number from 2 to 31; a character's own cell holds 0 or 1 there.
  private func continues(y: Int, x: Int) -> Bool {
    var cell = cchar_t()
    guard mvwin_wch(window, Int32(y), Int32(x), &cell) == OK else { return false }
    let mark = cell.attr & 0xFF
    return mark > 1 && mark < 32
  }

  /// Writes a blank over cell (`x`, `y`) of the window in that cell's attributes and colour
  /// pair (a coloured row keeps its colour); curses blanks the rest of a wide character it cuts.
  private func blank(y: Int, x: Int) {
    var foreground: Int32 = -1
    var background: Int32 = -1
    var attrs: attr_t = 0
    var pair: Int32 = 0
    guard cs_cell_colors(window, Int32(y), Int32(x), &foreground, &background, &attrs, &pair) == OK else { return }
    _ = tk_attr_set(window, attrs, pair)
    _ = tk_put(window, Int32(y), Int32(x), " ")
  }

  /// Removes the bubble's panels (panel style) or forgets what was drawn (into a window): a
  /// program calls it (`tips.overlay.reset()`) after it cleared or remade its windows, so the
  /// next draw asks for no redraw of rects that are gone and makes its panels anew.
  public func reset() {
    covered = []
    reach = []
    removePanels()
  }

  /// Where the terminal cursor belongs for the selection: the selected anchor's centre cell in
  /// the window, or nil when nothing is selected, it is off the window, or the options leave the
  /// cursor to the program.
  package func cursor(_ layout: SceneLayout, state: TooltipState) -> Point? {
    Renderer.cursor(layout, state: state, screen: windowSize)
  }

  // MARK: - Panels

  /// Shows `bubble` in panels: new windows when it changed, else only the pointer's background
  /// brought up to date with what now lies under it.
  private func drawPanels(_ bubble: BubbleLayout?, styles: BubbleStyles, bounds: Rect) {
    if let shown, let bubble, shown.bubble == bubble, shown.styles == styles {
      for entry in panels { _ = cs_top_panel(entry.panel) }
      guard let last = panels.last, bounds.contains(bubble.pointer), panels.count == 2 else { return }
      let style = pointer(bubble, styles: styles, under: nil, at: bubble.pointer)
      if pointerBackground != style.background {
        putPointer(bubble, style: style, into: last.window, at: Point(x: 0, y: 0))
      }
      return
    }
    removePanels()
    guard let bubble, let body = bubble.body.intersection(bounds) else { return }
    shown = (bubble, styles)
    guard let bodyWindow = addPanel(body) else { return }
    draw(bubble, visible: body, styles: styles, into: bodyWindow, origin: body.origin)
    guard bounds.contains(bubble.pointer) else { return }
    // The cell under the pointer is read before its own panel covers it.
    let style = pointer(bubble, styles: styles, under: nil, at: bubble.pointer)
    guard let pointerWindow = addPanel(Rect(origin: bubble.pointer, size: Size(width: 1, height: 1))) else { return }
    putPointer(bubble, style: style, into: pointerWindow, at: Point(x: 0, y: 0))
  }

  /// A window over `rect` (screen cells) on a new panel at the top of the stack.
  private func addPanel(_ rect: Rect) -> UnsafeMutablePointer<WINDOW>? {
    guard
      let window = newwin(
        Int32(rect.size.height), Int32(rect.size.width), Int32(rect.origin.y), Int32(rect.origin.x))
    else { return nil }
    guard let panel = cs_new_panel(window) else {
      delwin(window)
      return nil
    }
    panels.append((panel, window))
    return window
  }

  private func removePanels() {
    for entry in panels.reversed() {
      cs_del_panel(entry.panel)
      delwin(entry.window)
    }
    panels = []
    shown = nil
    pointerBackground = nil
  }

  // MARK: - Cells

  /// Draws body and pointer-less bubble cells inside `visible` (window or screen cells) into
  /// `target`, whose top-left cell is `origin` in those coordinates, through a scratch grid.
  private func draw(
    _ bubble: BubbleLayout, visible: Rect, styles: BubbleStyles, into target: UnsafeMutablePointer<WINDOW>,
    origin: Point
  ) {
    var grid = CellGrid(size: visible.size)
    Renderer.drawBubble(bubble.offset(by: Point(x: -visible.minX, y: -visible.minY)), styles: styles, into: &grid)
    var writer = CellWriter(window: target, colors: colors)
    if let body = bubble.body.intersection(visible) {
      let columns = (body.minX - visible.minX)..<(body.maxX - visible.minX)
      for y in body.minY..<body.maxY {
        writer.put(grid, row: y - visible.minY, columns: columns, at: Point(x: body.minX - origin.x, y: y - origin.y))
      }
    }
  }

  /// How the pointer is drawn over the cell at `point`: in its own colour on the background that
  /// cell shows (read from `window`, or for panels from the topmost window under the bubble),
  /// so it never punches a default-coloured hole in a coloured row. Without a colour of its own
  /// (monochrome), the glyph takes the cell's own attributes and pair.
  private func pointer(
    _ bubble: BubbleLayout, styles: BubbleStyles, under window: UnsafeMutablePointer<WINDOW>?, at point: Point
  ) -> (curses: CursesStyle, background: Int32?) {
    let source: UnsafeMutablePointer<WINDOW>
    var cell = point
    if let window {
      source = window
    } else {
      source = cs_window_under(panels.last?.panel, Int32(point.y), Int32(point.x))
      cell = Point(x: point.x - Int(cs_getbegx(source)), y: point.y - Int(cs_getbegy(source)))
    }
    var foreground: Int32 = -1
    var background: Int32 = -1
    var attrs: attr_t = 0
    var pair: Int32 = 0
    guard cs_cell_colors(source, Int32(cell.y), Int32(cell.x), &foreground, &background, &attrs, &pair) == OK
    else { return (colors.resolve(styles.pointer), nil) }
    guard styles.pointer.foreground != nil else {
      return (CursesStyle(attrs: attrs | colors.resolve(styles.pointer).attrs, pair: pair), background)
    }
    guard let known = colors as? CursesColors else { return (colors.resolve(styles.pointer), background) }
    // The glyph's colour is the core's choice for that background (one that shows on it); the
    // background is the cell's own colour number, kept exactly.
    let under = Style(background: ColorLadder.color(number: Int(background), level: known.level))
    let ink = Style(foreground: styles.pointer(over: under).foreground, attributes: styles.pointer.attributes)
    return (known.resolve(ink, onBackground: background), background)
  }

  /// Draws the pointer glyph at `point` of `target` in `style`.
  private func putPointer(
    _ bubble: BubbleLayout, style: (curses: CursesStyle, background: Int32?), into target: UnsafeMutablePointer<WINDOW>,
    at point: Point
  ) {
    _ = tk_attr_set(target, style.curses.attrs, style.curses.pair)
    _ = bubble.pointerGlyph.withCString { tk_put(target, Int32(point.y), Int32(point.x), $0) }
    if target != window { _ = tk_attr_set(target, TK_A_NORMAL, 0) }
    pointerBackground = style.background
  }
}
