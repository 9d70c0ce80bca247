/// A screen's worth of cells, row by row, and where the terminal cursor rests.
///
/// A value type: the renderer returns one per frame, the presenter compares two, tests read
/// them as text. Writes outside the grid (or outside a clip rect) are dropped, and no write
/// ever splits a wide grapheme: one cut by an edge is dropped whole, its visible part drawn as
/// fill, and one partly overwritten has its remains blanked.
public struct CellGrid: Hashable, Sendable {
  /// The grid's size in cells.
  public let size: Size
  /// The cells, row-major: the cell at (x, y) is `cells[y * size.width + x]`.
  @usableFromInline package private(set) var cells: [Cell]
  /// Where the terminal cursor rests, or nil when it is hidden.
  public var cursor: Point?

  /// A grid of blank cells (a negative side counts as zero).
  public init(size: Size) {
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
    cells = Array(repeating: .blank, count: self.size.area)
  }

  /// The whole grid as a rect at the origin.
  public var bounds: Rect { Rect(size: size) }

  /// The cell at column `x`, row `y`; the point must be inside the grid.
  @usableFromInline package subscript(x: Int, y: Int) -> Cell {
    cells[y * size.width + x]
  }

  /// The cell at `point`, or nil outside the grid.
  @usableFromInline package func cell(at point: Point) -> Cell? {
    bounds.contains(point) ? self[point.x, point.y] : nil
  }

  /// Each row as text: the graphemes in order, so each string spans exactly `size.width`
  /// display columns.
  public var lines: [String] {
    (0..<size.height).map { row in
      var line = ""
      let start = row * size.width
      for cell in cells[start..<start + size.width] where !cell.isContinuation {
        if let scalar = cell.scalar {
          line.unicodeScalars.append(scalar)
        } else {
          line += cell.text
        }
      }
      return line
    }
  }

  /// Sets every cell of `rect` (cropped to the grid) to a space in `style`.
  public mutating func fill(_ rect: Rect, style: Style) {
    guard let visible = rect.intersection(bounds) else { return }
    detach(row: visible.minY, from: visible.minX, to: visible.maxX - 1, rows: visible.size.height)
    let cell = Cell(code: 0x20, width: 1, styleNumber: StyleTable.number(of: style))
    for y in visible.minY..<visible.maxY {
      let start = y * size.width
      for x in visible.minX..<visible.maxX { cells[start + x] = cell }
    }
  }

  /// Writes `line` starting at `point` in `style`, dropping whatever falls outside the grid or
  /// `clip`; returns the column after the last one written to.
  @discardableResult
  package mutating func write(_ line: TextLine, at point: Point, style: Style, clip: Rect? = nil) -> Int {
    var x = point.x
    let y = point.y
    let area = clip.flatMap { $0.intersection(bounds) } ?? (clip == nil ? bounds : nil)
    guard let area, y >= area.minY, y < area.maxY, x < area.maxX else {
      // Nothing to draw; the end column saturates rather than overflowing far off the grid.
      let (end, overflow) = x.addingReportingOverflow(line.width)
      return overflow ? Int.max : end
    }
    let number = StyleTable.number(of: style)
    for unit in line.units {
      let end = x + unit.width
      if end <= area.minX {
        x = end
        continue
      }
      if x >= area.maxX { break }
      if x >= area.minX && end <= area.maxX {
        put(unit, x: x, y: y, styleNumber: number)
      } else {
        // Cut by an edge: drop it whole, draw its visible part as fill.
        let blank = Cell(code: 0x20, width: 1, styleNumber: number)
        let from = max(x, area.minX)
        let to = min(end, area.maxX)
        detach(row: y, from: from, to: to - 1, rows: 1)
        for column in from..<to { cells[y * size.width + column] = blank }
      }
      x = end
    }
    return x
  }

  /// Writes `text`, sanitized, as one line starting at `point` in `style`, dropping whatever
  /// falls outside the grid or `clip`; returns the column after the last one written to.
  @discardableResult
  public mutating func write(_ text: String, at point: Point, style: Style, clip: Rect? = nil) -> Int {
    write(TextLine(units: Text.units(Text.sanitize(text))), at: point, style: style, clip: clip)
  }

  /// Changes the style of the cells of `rect` (cropped to the grid), keeping their text.
  public mutating func restyle(_ rect: Rect, _ change: (inout Style) -> Void) {
    guard let visible = rect.intersection(bounds) else { return }
    // Neighbouring cells mostly share a style: each distinct one is changed and looked up once.
    var last: (from: UInt32, to: UInt32)?
    for y in visible.minY..<visible.maxY {
      for x in visible.minX..<visible.maxX {
        let from = cells[y * size.width + x].styleNumber
        if last?.from != from {
          var style = StyleTable.style(from)
          change(&style)
          last = (from, StyleTable.number(of: style))
        }
        cells[y * size.width + x].styleNumber = last!.to
      }
    }
  }

  /// Stores a unit that fits, with continuations after a wide one.
  private mutating func put(_ unit: TextUnit, x: Int, y: Int, styleNumber: UInt32) {
    detach(row: y, from: x, to: x + unit.width - 1, rows: 1)
    let start = y * size.width + x
    cells[start] = Cell(code: Cell.code(for: unit.text), width: unit.width, styleNumber: styleNumber)
    if unit.width > 1 {
      let continuation = Cell(code: Cell.emptyCode, width: 0, styleNumber: styleNumber)
      for i in 1..<unit.width { cells[start + i] = continuation }
    }
  }

  /// Blanks any wide grapheme that straddles column `from` or `to` on `rows` rows from `row`,
  /// so overwriting part of it never leaves half a character behind.
  private mutating func detach(row: Int, from: Int, to: Int, rows: Int) {
    for y in row..<row + rows {
      blankWide(covering: from, y: y)
      if to != from { blankWide(covering: to, y: y) }
    }
  }

  private mutating func blankWide(covering x: Int, y: Int) {
    let base = y * size.width
    var lead = x
    while lead > 0 && cells[base + lead].isContinuation { lead -= 1 }
    let width = cells[base + lead].width
    guard width > 1 || cells[base + x].isContinuation else { return }
    for column in lead..<min(size.width, lead + max(width, 1)) {
      cells[base + column] = Cell(code: 0x20, width: 1, styleNumber: cells[base + column].styleNumber)
    }
  }
}
