/// One cell of a grid as it is stored: a grapheme (or the continuation of a wide one to its
/// left) and its style, each as a number that only the grid holding the cell can read.
///
/// A grapheme `width` columns wide sits in its first cell; the `width - 1` cells after it are
/// continuations, so a row's text always spans exactly its columns.
///
/// A packed cell holds no reference and takes 8 bytes: a grapheme of one scalar (nearly every
/// cell) is stored as that scalar, and the rare one of several (an emoji sequence, a letter with
/// combining marks) as its number in the grid's ``CellPalette``; its style is its number in the
/// same palette (a frame draws a handful), beside its width. A grid is plain memory to make,
/// copy, compare and free, with no `String` to retain, release or compare per cell, and an
/// 80x24 frame is 15 KB. ``CellGrid`` reads a packed cell back as a ``Cell``.
@usableFromInline package struct PackedCell: Hashable, Sendable {
  /// The grapheme: its only scalar's value, `emptyCode` for none, or `clusterFlag` and the
  /// number of a grapheme of several scalars in the grid's palette.
  @usableFromInline package var code: UInt32
  /// The style's number in the grid's palette in the upper 25 bits, the columns the grapheme
  /// covers (0 to 127) in the lower 7: one word, so cells compare in two.
  @usableFromInline package var look: UInt32

  /// The code of a cell with no grapheme (a continuation).
  @usableFromInline package static let emptyCode: UInt32 = 0xFFFF_FFFF
  /// The bit that marks a code as a number in the palette (scalar values stop at 0x10FFFF).
  @usableFromInline package static let clusterFlag: UInt32 = 0x8000_0000

  /// Makes a cell of one scalar (`code` its value), of a grapheme of several (`clusterFlag` and
  /// its number) or of none (`emptyCode`), in the style numbered `styleNumber`.
  @inlinable package init(code: UInt32, width: Int, styleNumber: UInt32) {
    self.code = code
    look = styleNumber << Self.columnBits | Self.columns(width)
  }

  /// The bits of ``look`` that hold the columns.
  @inlinable static var columnBits: UInt32 { 7 }
  /// Those bits set.
  @inlinable static var columnMask: UInt32 { 0x7F }

  /// The stored columns for `width`: 0 to 127 (a wider grapheme, a pile of hundreds of joined
  /// pictographs, is kept as 127).
  @inlinable static func columns(_ width: Int) -> UInt32 {
    UInt32(truncatingIfNeeded: min(max(width, 0), Int(columnMask)))
  }

  /// The number of the cell's style in its grid's palette.
  @inlinable package var styleNumber: UInt32 {
    get { look >> Self.columnBits }
    set { look = newValue << Self.columnBits | look & Self.columnMask }
  }

  /// The columns the grapheme covers (1 for most, 2 for wide characters), 0 for a continuation.
  @usableFromInline package var width: Int {
    get { Int(look & Self.columnMask) }
    set { look = look & ~Self.columnMask | Self.columns(newValue) }
  }

  /// A space in the terminal's own colours (the plain style is number 0 in every palette).
  @usableFromInline package static let blank = PackedCell(code: 0x20, width: 1, styleNumber: 0)

  /// Whether this cell is a space in the terminal's own colours (``blank``), told without
  /// looking its style up: what a full repaint skips.
  @inlinable package var isBlank: Bool {
    code == 0x20 && look == 1  // style 0, one column
  }

  /// Whether this cell is the right part of a wide grapheme.
  @usableFromInline package var isContinuation: Bool { look & Self.columnMask == 0 }

  /// Whether the grapheme is one of several scalars, kept in the palette.
  @inlinable package var isCluster: Bool { code & Self.clusterFlag != 0 && code != Self.emptyCode }

  /// The grapheme's only scalar, or nil when it has none or several.
  package var scalar: Unicode.Scalar? {
    Unicode.Scalar(code)
  }

  /// Whether two cells of one grid draw the same; inlinable so a presenter comparing whole
  /// frames pays a few instructions per cell, not a call.
  @inlinable package static func == (a: PackedCell, b: PackedCell) -> Bool {
    a.code == b.code && a.look == b.look
  }
}

/// One cell of a grid read back: its grapheme (empty for the right part of a wide one), the
/// columns it covers and its style.
///
/// What ``CellGrid``'s subscript gives and what tests compare: a value that means the same in
/// any grid, where a ``PackedCell`` means something only in its own. Graphemes compare byte
/// for byte, as they are drawn (two canonically equal spellings are two cells).
@usableFromInline package struct Cell: Hashable, Sendable {
  /// The grapheme drawn here; empty for a continuation cell.
  package var text: String
  /// The columns the grapheme covers (1 for most, 2 for wide characters), 0 for a continuation.
  package var width: Int
  /// Colours and attributes.
  package var style: Style

  /// Makes a cell.
  package init(text: String, width: Int, style: Style) {
    self.text = text
    self.width = width
    self.style = style
  }

  /// A space in the terminal's own colours.
  package static let blank = Cell(text: " ", width: 1, style: .plain)

  /// Whether this cell is the right part of a wide grapheme.
  package var isContinuation: Bool { width == 0 }

  /// Whether terminals disagree on the grapheme's width (``Text/hasDisputedWidth(_:)``).
  package var hasDisputedWidth: Bool { Text.hasDisputedWidth(text) }

  /// Whether two cells draw the same: the same bytes, width and style.
  @usableFromInline package static func == (a: Cell, b: Cell) -> Bool {
    a.width == b.width && a.style == b.style && a.text.utf8.elementsEqual(b.text.utf8)
  }

  /// Hashes what ``==`` compares.
  @usableFromInline package func hash(into hasher: inout Hasher) {
    hasher.combine(width)
    hasher.combine(style)
    for byte in text.utf8 { hasher.combine(byte) }
  }
}

/// The styles and the graphemes of several scalars that a grid's cells number, each kept once
/// and numbered in order of first use, the terminal's own colours with no attribute
/// (``Style/plain``) first.
///
/// Kept by the grid that uses it, as a value: no table is shared between grids or programs, no
/// lock is taken, and a copy of a grid carries the numbers its cells need. A frame draws a
/// handful of styles over thousands of cells: a cell keeps the style's number, so within one
/// grid equal numbers mean equal styles, and a write of many cells looks its style up once. A
/// grapheme is kept with its exact bytes (two canonically equal spellings are two entries), so
/// a cell draws the bytes it was given. It only grows while the grid lives; a grid whose palette
/// is full numbers afresh the entries its cells still use (``CellGrid``).
@usableFromInline package struct CellPalette: Sendable {
  /// The styles, in order of first use; the plain style is number 0.
  @usableFromInline package private(set) var styles: [Style] = [.plain]
  /// The number of each style but the plain one.
  private var styleNumbers: [Style: UInt32] = [:]
  /// The graphemes of several scalars, in order of first use.
  package private(set) var graphemes: [String] = []
  /// The numbers of the graphemes canonically equal to a key (the dictionary's equality), told
  /// apart by their bytes.
  private var graphemeNumbers: [String: [UInt32]] = [:]
  /// How many styles it numbers: a cell keeps 25 bits of the number.
  let styleCapacity: Int
  /// How many graphemes it numbers: a code keeps 31 bits of the number, all ones meaning none.
  let graphemeCapacity: Int

  /// The most styles a cell can number.
  package static let maximumStyles = 1 << (32 - Int(PackedCell.columnBits))
  /// The most graphemes a cell can number.
  package static let maximumGraphemes = 1 << 30

  /// An empty palette (the plain style only), numbering at most `styleCapacity` styles and
  /// `graphemeCapacity` graphemes (the most a cell can keep unless smaller).
  package init(styleCapacity: Int = maximumStyles, graphemeCapacity: Int = maximumGraphemes) {
    self.styleCapacity = min(max(styleCapacity, 1), Self.maximumStyles)
    self.graphemeCapacity = min(max(graphemeCapacity, 0), Self.maximumGraphemes)
  }

  /// Forgets every style but the plain one (``CellGrid`` numbers its cells' styles afresh).
  mutating func removeStyles() {
    styles = [.plain]
    styleNumbers = [:]
  }

  /// Forgets every grapheme (``CellGrid`` numbers its cells' graphemes afresh).
  mutating func removeGraphemes() {
    graphemes = []
    graphemeNumbers = [:]
  }

  /// The style numbered `number`.
  @inlinable package func style(_ number: UInt32) -> Style {
    number == 0 ? .plain : styles[Int(number)]
  }

  /// The number of `style`, given one on its first use (the plain style is 0), or nil when
  /// it is new and the palette is full.
  @inlinable package mutating func number(of style: Style) -> UInt32? {
    style.foreground == nil && style.background == nil && style.attributes.isEmpty ? 0 : nonPlainNumber(of: style)
  }

  /// The number of `style` when the palette has it, nil otherwise.
  package func existingNumber(of style: Style) -> UInt32? {
    style == .plain ? 0 : styleNumbers[style]
  }

  /// ``number(of:)`` past its inlined test for the plain style.
  @usableFromInline mutating func nonPlainNumber(of style: Style) -> UInt32? {
    if let found = styleNumbers[style] { return found }
    guard styles.count < styleCapacity else { return nil }
    let number = UInt32(styles.count)
    styles.append(style)
    styleNumbers[style] = number
    return number
  }

  /// The grapheme numbered `number`.
  package func grapheme(_ number: UInt32) -> String {
    graphemes[Int(number)]
  }

  /// The number of `text` when the palette has it (byte for byte), nil otherwise.
  package func existingNumber(ofGrapheme text: String) -> UInt32? {
    graphemeNumbers[text]?.first { graphemes[Int($0)].utf8.elementsEqual(text.utf8) }
  }

  /// The number of `text`, given one on its first use, or nil when it is new and the palette
  /// is full.
  package mutating func number(ofGrapheme text: String) -> UInt32? {
    if let found = existingNumber(ofGrapheme: text) { return found }
    guard graphemes.count < graphemeCapacity else { return nil }
    let number = UInt32(graphemes.count)
    graphemes.append(text)
    graphemeNumbers[text, default: []].append(number)
    return number
  }

  /// Whether every number both palettes have means the same in each: then cells of a grid
  /// with one compare with cells of a grid with the other as they are, since a number only one
  /// of them has is in no cell of the other. True of the frames a program draws one after
  /// another from the same start, whose palettes only grow.
  package func agrees(with other: CellPalette) -> Bool {
    let styleCount = min(styles.count, other.styles.count)
    let graphemeCount = min(graphemes.count, other.graphemes.count)
    return styles.prefix(styleCount).elementsEqual(other.styles.prefix(styleCount))
      && graphemes.prefix(graphemeCount).elementsEqual(other.graphemes.prefix(graphemeCount)) {
        $0.utf8.elementsEqual($1.utf8)
      }
  }
}
