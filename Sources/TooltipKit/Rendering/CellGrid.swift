/// A screen's worth of cells, row by row, and where the terminal cursor rests.
///
/// A value type: the renderer returns one per frame, the presenter compares two, tests read
/// them as text. Writes outside the grid (or outside a clip rect) are dropped, and no write
/// ever splits a wide grapheme: one cut by an edge is dropped whole, its visible part drawn as
/// fill, and one partly overwritten has its remains blanked.
///
/// The styles and graphemes its cells number are the grid's own (its palette): nothing is
/// shared with another grid, and two grids compare by what they draw.
public struct CellGrid: Hashable, Sendable {
  /// The grid's size in cells.
  public let size: Size
  /// The cells as stored, row-major: the cell at (x, y) is `packedCells[y * size.width + x]`;
  /// their numbers are read in ``palette``.
  @usableFromInline package private(set) var packedCells: [PackedCell]
  /// The styles and graphemes of several scalars the cells number.
  @usableFromInline package private(set) var palette: CellPalette
  /// Where the terminal cursor rests, or nil when it is hidden.
  public var cursor: Point?
  /// Whether the frame shows a scene with an anchor that opens on hover, so the terminal must
  /// report every pointer motion (any-motion tracking, DECSET 1003): ``Renderer`` sets it from
  /// the layout it draws, and a front end asks for motion reports while the frames it presents
  /// need them, so the program never passes it on. It takes no part in comparing grids.
  public var needsPointerMotion = false

  /// A grid of blank cells (a negative side counts as zero).
  public init(size: Size) {
    self.init(size: size, palette: CellPalette())
  }

  /// A grid of blank cells numbering its styles and graphemes in `palette` (an empty one, or
  /// one with the capacities a test needs).
  package init(size: Size, palette: CellPalette) {
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
    packedCells = Array(repeating: .blank, count: self.size.area)
    self.palette = palette
  }

  /// The cells, row-major, read back: the cell at (x, y) is `cells[y * size.width + x]`.
  package var cells: [Cell] { packedCells.map(cell) }

  /// The whole grid as a rect at the origin.
  public var bounds: Rect { Rect(size: size) }

  /// The cell at column `x`, row `y`, read back; the point must be inside the grid.
  package subscript(x: Int, y: Int) -> Cell {
    cell(packedCells[y * size.width + x])
  }

  /// The cell at `point`, read back, or nil outside the grid.
  package func cell(at point: Point) -> Cell? {
    bounds.contains(point) ? self[point.x, point.y] : nil
  }

  /// `packed`, a cell of this grid, read back.
  package func cell(_ packed: PackedCell) -> Cell {
    Cell(text: text(of: packed), width: packed.width, style: style(of: packed))
  }

  /// The style of `cell`, a cell of this grid.
  @inlinable package func style(of cell: PackedCell) -> Style {
    palette.style(cell.styleNumber)
  }

  /// The grapheme of `cell`, a cell of this grid; empty for a continuation.
  package func text(of cell: PackedCell) -> String {
    if cell.code == PackedCell.emptyCode { return "" }
    if cell.code & PackedCell.clusterFlag != 0 { return palette.grapheme(cell.code & ~PackedCell.clusterFlag) }
    return String(Character(Unicode.Scalar(cell.code) ?? "\u{FFFD}"))
  }

  /// Whether terminals disagree on the width of `cell`'s grapheme (``Text/hasDisputedWidth(_:)``):
  /// asked of every cell a frame sends, so it is inlined, and a grapheme of one scalar below
  /// U+200D (every Latin, Greek, Cyrillic and box-drawing cell) is answered without a call.
  @inlinable package func hasDisputedWidth(_ cell: PackedCell) -> Bool {
    cell.code >= 0x200D && isDisputed(cell)
  }

  /// ``hasDisputedWidth(_:)`` past its inlined test.
  @usableFromInline func isDisputed(_ cell: PackedCell) -> Bool {
    if cell.code & PackedCell.clusterFlag != 0 {
      return cell.code != PackedCell.emptyCode
        && Text.hasDisputedWidth(palette.grapheme(cell.code & ~PackedCell.clusterFlag))
    }
    switch cell.code {
    case 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
    default: return false
    }
  }

  /// Calls `body` with `cell`'s grapheme as a NUL-terminated UTF-8 string.
  package func withCString(of cell: PackedCell, _ body: (UnsafePointer<CChar>) -> Void) {
    text(of: cell).withCString(body)
  }

  /// The cells of `other`, a grid of the same size, numbered as this grid numbers styles and
  /// graphemes, so that they compare with this grid's cells as they are: a style or grapheme
  /// this grid lacks gets a number none of its cells has. Nil when this grid has no such number
  /// left (its palette is full).
  ///
  /// What a presenter compares the last frame with: when the two palettes agree (frames drawn
  /// from the same start), `other`'s own cells, with nothing copied.
  package func cells(of other: CellGrid) -> [PackedCell]? {
    if palette.agrees(with: other.palette) { return other.packedCells }
    let foreignStyle = UInt32(palette.styles.count)
    let foreignGrapheme = UInt32(palette.graphemes.count)
    guard foreignStyle < CellPalette.maximumStyles, foreignGrapheme < CellPalette.maximumGraphemes else { return nil }
    let styles = other.palette.styles.map { palette.existingNumber(of: $0) ?? foreignStyle }
    let graphemes = other.palette.graphemes.map {
      PackedCell.clusterFlag | (palette.existingNumber(ofGrapheme: $0) ?? foreignGrapheme)
    }
    return other.packedCells.map { cell in
      var cell = cell
      cell.styleNumber = styles[Int(cell.styleNumber)]
      if cell.isCluster { cell.code = graphemes[Int(cell.code & ~PackedCell.clusterFlag)] }
      return cell
    }
  }

  /// Whether two grids draw the same: the same size, cursor and cells (graphemes byte for
  /// byte, styles by value), however each numbers its styles and graphemes.
  public static func == (a: CellGrid, b: CellGrid) -> Bool {
    guard a.size == b.size, a.cursor == b.cursor else { return false }
    if let cells = a.cells(of: b) { return cells == a.packedCells }
    return a.packedCells.indices.allSatisfy { a.cell(a.packedCells[$0]) == b.cell(b.packedCells[$0]) }
  }

  /// Hashes what `==` compares: what the grid draws, not how it numbers it.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(size)
    hasher.combine(cursor)
    for cell in packedCells {
      hasher.combine(cell.isCluster ? UInt32.max : cell.code)
      if cell.isCluster { for byte in text(of: cell).utf8 { hasher.combine(byte) } }
      hasher.combine(cell.width)
      hasher.combine(style(of: cell))
    }
  }

  /// The number of `style` in this grid's palette: given one on its first use; when the
  /// palette is full, given one after the palette is numbered afresh with the entries the
  /// cells still use.
  @inlinable mutating func number(of style: Style) -> UInt32 {
    if let number = palette.number(of: style) { return number }
    return renumbered(style)
  }

  /// ``number(of:)`` for a style new to a full palette.
  @usableFromInline mutating func renumbered(_ style: Style) -> UInt32 {
    compact(styles: true)
    // A grid with more distinct styles in its cells than a cell can number draws the rest plain.
    return palette.number(of: style) ?? 0
  }

  /// The code of a cell holding `text`: its scalar when it has exactly one, its number in the
  /// palette when it has several (U+FFFD when a full palette has no room for it even after its
  /// graphemes are numbered afresh). Style numbers stay as they are.
  mutating func code(for text: String) -> UInt32 {
    var utf8 = text.utf8.makeIterator()
    guard let first = utf8.next() else { return PackedCell.emptyCode }
    if first < 0x80 && utf8.next() == nil { return UInt32(first) }
    var scalars = text.unicodeScalars.makeIterator()
    let scalar = scalars.next()!
    if scalars.next() == nil { return scalar.value }
    if let number = palette.number(ofGrapheme: text) { return PackedCell.clusterFlag | number }
    compact(styles: false)
    return palette.number(ofGrapheme: text).map { PackedCell.clusterFlag | $0 } ?? 0xFFFD
  }

  /// Numbers the palette's styles (when `styles`) or its graphemes (otherwise) afresh, keeping
  /// only those the cells use, in order of first use along the cells: what a full palette does
  /// before it numbers one more. The other kind keeps its numbers.
  mutating func compact(styles: Bool) {
    let old = palette
    var fresh = old
    if styles {
      fresh.removeStyles()
    } else {
      fresh.removeGraphemes()
    }
    var numbers: [UInt32: UInt32] = [:]
    for index in packedCells.indices {
      var cell = packedCells[index]
      if styles {
        let key = cell.styleNumber
        if let number = numbers[key] {
          cell.styleNumber = number
        } else {
          let number = fresh.number(of: old.style(key)) ?? 0
          numbers[key] = number
          cell.styleNumber = number
        }
      } else if cell.isCluster {
        let key = cell.code & ~PackedCell.clusterFlag
        if let number = numbers[key] ?? fresh.number(ofGrapheme: old.grapheme(key)) {
          numbers[key] = number
          cell.code = PackedCell.clusterFlag | number
        } else {
          cell.code = 0xFFFD
        }
      }
      packedCells[index] = cell
    }
    palette = fresh
  }

  /// Each row as text: the graphemes in order, so each string spans exactly `size.width`
  /// display columns.
  public var lines: [String] {
    (0..<size.height).map { row in
      var line = ""
      let start = row * size.width
      for cell in packedCells[start..<start + size.width] where !cell.isContinuation {
        if let scalar = cell.scalar {
          line.unicodeScalars.append(scalar)
        } else {
          line += text(of: cell)
        }
      }
      return line
    }
  }

  /// Sets every cell of `rect` (cropped to the grid) to a space in `style`.
  public mutating func fill(_ rect: Rect, style: Style) {
    guard let visible = rect.intersection(bounds) else { return }
    detach(row: visible.minY, from: visible.minX, to: visible.maxX - 1, rows: visible.size.height)
    let cell = PackedCell(code: 0x20, width: 1, styleNumber: number(of: style))
    for y in visible.minY..<visible.maxY {
      let start = y * size.width
      for x in visible.minX..<visible.maxX { packedCells[start + x] = cell }
    }
  }

  /// Writes `line` starting at `point` in `style`, dropping whatever falls outside the grid or
  /// `clip`; returns the column after the last one written to.
  @discardableResult
  public mutating func write(_ line: TextLine, at point: Point, style: Style, clip: Rect? = nil) -> Int {
    var x = point.x
    let y = point.y
    let area = clip.flatMap { $0.intersection(bounds) } ?? (clip == nil ? bounds : nil)
    guard let area, y >= area.minY, y < area.maxY, x < area.maxX else {
      // Nothing to draw; the end column saturates rather than overflowing far off the grid.
      let (end, overflow) = x.addingReportingOverflow(line.width)
      return overflow ? Int.max : end
    }
    let styleNumber = number(of: style)
    for unit in line.units {
      let end = x + unit.width
      if end <= area.minX {
        x = end
        continue
      }
      if x >= area.maxX { break }
      if x >= area.minX && end <= area.maxX {
        put(unit, x: x, y: y, styleNumber: styleNumber)
      } else {
        // Cut by an edge: drop it whole, draw its visible part as fill.
        let blank = PackedCell(code: 0x20, width: 1, styleNumber: styleNumber)
        let from = max(x, area.minX)
        let to = min(end, area.maxX)
        detach(row: y, from: from, to: to - 1, rows: 1)
        for column in from..<to { packedCells[y * size.width + column] = blank }
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
        let from = packedCells[y * size.width + x].styleNumber
        if last?.from != from {
          var style = palette.style(from)
          change(&style)
          let count = palette.styles.count
          let to = number(of: style)
          // A full palette was numbered afresh: the numbers seen so far mean nothing now.
          last = palette.styles.count < count ? nil : (from, to)
          packedCells[y * size.width + x].styleNumber = to
          continue
        }
        packedCells[y * size.width + x].styleNumber = last!.to
      }
    }
  }

  /// Stores a unit that fits, with continuations after a wide one.
  private mutating func put(_ unit: TextUnit, x: Int, y: Int, styleNumber: UInt32) {
    detach(row: y, from: x, to: x + unit.width - 1, rows: 1)
    let start = y * size.width + x
    packedCells[start] = PackedCell(code: code(for: unit.text), width: unit.width, styleNumber: styleNumber)
    if unit.width > 1 {
      let continuation = PackedCell(code: PackedCell.emptyCode, width: 0, styleNumber: styleNumber)
      for i in 1..<unit.width { packedCells[start + i] = continuation }
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
    while lead > 0 && packedCells[base + lead].isContinuation { lead -= 1 }
    let width = packedCells[base + lead].width
    guard width > 1 || packedCells[base + x].isContinuation else { return }
    for column in lead..<min(size.width, lead + max(width, 1)) {
      packedCells[base + column] = PackedCell(code: 0x20, width: 1, styleNumber: packedCells[base + column].styleNumber)
    }
  }
}
