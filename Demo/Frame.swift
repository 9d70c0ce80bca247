import TooltipKit

extension DemoModel {
  /// The whole screen for the current state: chrome, the scene, the open bubble on top, then
  /// the debug and help overlays.
  ///
  /// The scene's anchors and decorations never reach the chrome rows, so the scene is drawn (or
  /// its kept layer copied) first, then the chrome, then the selection and the bubble.
  @inline(never)
  func frame() -> CellGrid {
    var grid: CellGrid
    // Whether there is a layer is asked of the layout, not of the optional: even comparing an
    // optional grid with nil copies it, which asks the runtime for `Optional`'s metadata (see
    // `init(scenes:options:screen:colors:)`), and most scenes keep no layer.
    if keepsSceneLayer, let sceneLayer {
      grid = sceneLayer
    } else {
      grid = CellGrid(size: screen)
      Renderer.drawScene(layout, into: &grid)
    }
    if hasChrome {
      drawTitle(into: &grid)
      drawStatus(into: &grid)
    }
    Renderer.drawState(layout, state: state, into: &grid)
    if debugVisible { drawDebug(into: &grid) }
    if helpVisible { drawHelp(into: &grid) }
    return grid
  }

  private var ellipsis: String { render.asciiGlyphs ? "." : "…" }
  private var separator: String { render.asciiGlyphs ? " - " : " · " }

  /// The title row: the product, the scene and the settings that change what is drawn; the
  /// help key on the right when there is room.
  private func drawTitle(into grid: inout CellGrid) {
    let policyName = policy == .consume ? "consume" : "pass-through"
    let sizes = sizeOverride.map { "all \($0.rawValue)" } ?? "scene sizes"
    var left = " Tooltip"
    for part in [sceneName, render.theme.rawValue + themeSource.label, sizes, render.fidelity.rawValue, policyName] {
      left += separator + part
    }
    let right = "? keys  q quit "
    let style = Style(bold: true)
    let leftLine = truncated(left, to: screen.width)
    grid.write(leftLine, at: Point(x: 0, y: 0), style: style)
    let rightLine = TextLine(right)
    if leftLine.width + 2 + rightLine.width <= screen.width {
      grid.write(rightLine, at: Point(x: screen.width - rightLine.width, y: 0), style: .plain)
    }
  }

  /// The status row: the selected anchor's whole hint (what a screen reader reads without a
  /// tap), then the last event.
  ///
  /// The event is never the part that is cut: when both do not fit, the hint is cut with an
  /// ellipsis before it, so the event ends on the row's last column. Only an event wider than
  /// the row itself is cut. The whole hint stays reachable: `i` opens it in the bubble, and
  /// Esc with nothing open clears the event so the hint has the row to itself.
  private func drawStatus(into grid: inout CellGrid) {
    grid.write(statusLine, at: Point(x: 0, y: screen.height - 1), style: Style(dim: true))
  }

  /// The status row's text, fitted to the screen's width.
  var statusLine: TextLine {
    // The hint keeps its leading space; a long one is already cut to a screenful.
    let hintLine = hint.text.map { TextLine($0) } ?? hint.prefix
    guard !lastEvent.isEmpty else { return truncated(hintLine, to: screen.width) }
    let event = TextLine(Self.eventSeparator + lastEvent)
    guard hintLine.width + event.width > screen.width else { return TextLine(units: hintLine.units + event.units) }
    // One column for the leading space and at least one for the hint (or its ellipsis).
    let room = screen.width - event.width - 1
    guard room >= TextLine(ellipsis).width + 1 else { return truncated(" " + lastEvent, to: screen.width) }
    // A wide character that does not fit leaves a column over: a space keeps the event last.
    let cut = truncated(hintLine, to: room + 1)
    let padding = TextLine(String(repeating: " ", count: room + 1 - cut.width))
    return TextLine(units: cut.units + padding.units + event.units)
  }

  /// Between the hint and the last event on the status row.
  static let eventSeparator = "  |  "

  /// `text` cut to `width` columns, ending in an ellipsis when cut.
  func truncated(_ text: String, to width: Int) -> TextLine {
    truncated(TextLine(text), to: width)
  }

  /// `line` cut to `width` columns, ending in an ellipsis when cut.
  func truncated(_ line: TextLine, to width: Int) -> TextLine {
    line.truncated(to: width, ellipsis: ellipsis)
  }

  /// Underlines every tap target and marks the corners of the open bubble's body rect.
  private func drawDebug(into grid: inout CellGrid) {
    for placed in layout.anchors {
      grid.restyle(placed.target) { $0.underline = true }
    }
    if let bubble = state.openBubble(layout) {
      let body = bubble.body
      let corners = render.asciiGlyphs ? ["+", "+", "+", "+"] : ["┌", "┐", "└", "┘"]
      let points = [
        Point(x: body.minX, y: body.minY), Point(x: body.maxX - 1, y: body.minY),
        Point(x: body.minX, y: body.maxY - 1), Point(x: body.maxX - 1, y: body.maxY - 1),
      ]
      for (glyph, point) in zip(corners, points) {
        let style = grid.style(at: point) ?? .plain
        grid.write(glyph, at: point, style: style)
      }
    }
  }

  /// Every key, in a box centred on the screen, over everything (the open bubble included).
  static let helpLines: [(String, String)] = [
    ("Tab / Shift-Tab", "next / previous anchor"),
    ("arrows, h j k l", "nearest anchor that way"),
    ("Enter / Space", "tap the selected anchor"),
    ("mouse left", "tap what is under it"),
    ("PgUp / PgDn, wheel", "scroll the reading scene"),
    ("i", "show or hide its tooltip"),
    ("Esc", "close the tooltip"),
    ("t", "theme light / dark"),
    ("s", "sizes: scene's, all sm, all md"),
    ("1 / 2", "headline / supporting line"),
    ("f", "fidelity hug / file"),
    ("p", "dismiss consume / pass-through"),
    ("e", "edges crop / shift"),
    ("o", "open on hover and focus"),
    ("n", "next scene"),
    ("g", "guided tour: next step"),
    ("d", "debug: targets and body"),
    ("Ctrl-L", "redraw the screen"),
    ("?", "this help"),
    ("q / Ctrl-C", "quit"),
  ]

  private func drawHelp(into grid: inout CellGrid) {
    let keyWidth = Self.helpLines.reduce(0) { max($0, TextLine($1.0).width) }
    var rows =
      ["Keys"]
      + Self.helpLines.map { key, action in
        key + String(repeating: " ", count: keyWidth - TextLine(key).width + 2) + action
      }
    rows.append("Any key closes this help.")
    let width = rows.reduce(0) { max($0, TextLine($1).width) } + 4
    let height = rows.count + 2
    let origin = Point(x: (screen.width - width) / 2, y: (screen.height - height) / 2)
    let box = Rect(origin: origin, size: Size(width: width, height: height))
    let style = Style(reverse: true)
    grid.fill(box, style: style)
    for (i, row) in rows.enumerated() {
      grid.write(
        row, at: Point(x: origin.x + 2, y: origin.y + 1 + i),
        style: i == 0 ? Style(bold: true, reverse: true) : style, clip: box)
    }
    grid.cursor = nil
  }
}
