extension CellGrid {
  /// The grid drawn as an SVG picture, cell by cell, as the UTF-8 bytes of an SVG document:
  /// what `tooltip-tui --snapshot --svg` writes, and how the README's colour pictures are made.
  ///
  /// Each cell is a fixed box of 9 x 18 pixels; a background is a rectangle over its cells,
  /// each grapheme a text element at its cell's left edge, so the picture keeps the grid's
  /// columns whatever font draws it. Cells with no colour of their own take the terminal's
  /// default colours, which follow `theme`: a light terminal for the light theme, a dark one
  /// for the dark theme.
  public func svg(theme: Theme) -> [UInt8] {
    SVGPicture.svg(self, theme: theme)
  }
}

/// The drawing rules of ``CellGrid/svg(theme:)``.
enum SVGPicture {
  /// A cell's width in pixels.
  static let cellWidth = 9
  /// A cell's height in pixels.
  static let cellHeight = 18
  /// The font size in pixels: a monospace font's advance at this size is about one cell.
  static let fontSize = 15
  /// From a cell's top to the text's baseline, in pixels.
  static let baseline = 14

  /// The terminal's default foreground and background under `theme`.
  static func defaultColors(_ theme: Theme) -> (foreground: RGB, background: RGB) {
    switch theme {
    case .light: (RGB(hex: 0x0E121B), RGB(hex: 0xFFFFFF))
    case .dark: (RGB(hex: 0xFFFFFF), RGB(hex: 0x0E121B))
    }
  }

  /// The picture of `grid`.
  static func svg(_ grid: CellGrid, theme: Theme) -> [UInt8] {
    let defaults = defaultColors(theme)
    let width = grid.size.width * cellWidth
    let height = grid.size.height * cellHeight
    var out = """
      <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
      viewBox="0 0 \(width) \(height)" font-family="DejaVu Sans Mono, monospace" \
      font-size="\(fontSize)">
      <rect width="\(width)" height="\(height)" fill="\(defaults.background.hex)"/>

      """
    for row in 0..<grid.size.height {
      var backgrounds = ""
      var texts = ""
      // A run of cells with the same background, drawn as one rectangle.
      var run: (start: Int, color: RGB)?
      func endRun(at end: Int) {
        guard let current = run else { return }
        run = nil
        guard current.color != defaults.background else { return }
        backgrounds +=
          "<rect x=\"\(current.start * cellWidth)\" y=\"\(row * cellHeight)\" "
          + "width=\"\((end - current.start) * cellWidth)\" height=\"\(cellHeight)\" "
          + "fill=\"\(current.color.hex)\"/>\n"
      }
      for x in 0..<grid.size.width {
        let cell = grid[x, row]
        if cell.isContinuation { continue }
        let colors = resolve(cell.style, defaults: defaults)
        if run?.color != colors.background {
          endRun(at: x)
          run = (x, colors.background)
        }
        let left = x * cellWidth
        let top = row * cellHeight
        if cell.style.attributes.contains(.underline) {
          texts +=
            "<rect x=\"\(left)\" y=\"\(top + baseline + 2)\" width=\"\(cell.width * cellWidth)\" "
            + "height=\"1\" fill=\"\(colors.foreground.hex)\"/>\n"
        }
        guard cell.text.contains(where: { !$0.isWhitespace }) else { continue }
        let bold = cell.style.attributes.contains(.bold) ? " font-weight=\"bold\"" : ""
        texts +=
          "<text x=\"\(left)\" y=\"\(top + baseline)\" fill=\"\(colors.foreground.hex)\"\(bold)>"
          + escaped(cell.text) + "</text>\n"
      }
      endRun(at: grid.size.width)
      out += backgrounds + texts
    }
    out += "</svg>\n"
    return Array(out.utf8)
  }

  /// A style's colours on screen: the terminal's defaults where it has none, swapped under
  /// reverse video, the foreground halfway to the background under dim.
  static func resolve(_ style: Style, defaults: (foreground: RGB, background: RGB)) -> (
    foreground: RGB, background: RGB
  ) {
    var foreground = style.foreground?.rgb ?? defaults.foreground
    var background = style.background?.rgb ?? defaults.background
    if style.attributes.contains(.reverse) { swap(&foreground, &background) }
    if style.attributes.contains(.dim) {
      func half(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) + Int(b)) / 2) }
      foreground = RGB(
        red: half(foreground.red, background.red), green: half(foreground.green, background.green),
        blue: half(foreground.blue, background.blue))
    }
    return (foreground, background)
  }

  /// `text` with XML's special characters as entities.
  static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
