import Synchronization

/// One cell of the grid: a grapheme (or the continuation of a wide one to its left) and its style.
///
/// A grapheme `width` columns wide sits in its first cell; the `width - 1` cells after it are
/// continuations, so a row's text always spans exactly its columns.
///
/// A cell holds no reference and takes 8 bytes: a grapheme of one scalar (nearly every cell) is
/// stored as that scalar, and the rare one of several (an emoji sequence, a letter with combining
/// marks) as its number in a side table of such graphemes that the process shares; its style is
/// its number in the process's table of styles (a frame draws a handful), beside its width. A
/// grid is plain memory to make, copy, compare and free, with no `String` to retain, release or
/// compare per cell, and an 80x24 frame is 15 KB.
@usableFromInline package struct Cell: Hashable, Sendable {
  /// The grapheme: its only scalar's value, `emptyCode` for none, or `clusterFlag` and the
  /// number of a grapheme of several scalars in the side table.
  @usableFromInline package var code: UInt32
  /// The style's number in the process's table of styles in the upper 25 bits, the columns the
  /// grapheme covers (0 to 127) in the lower 7: one word, so cells compare in two.
  @usableFromInline package var look: UInt32

  /// The code of a cell with no grapheme (a continuation).
  @usableFromInline package static let emptyCode: UInt32 = 0xFFFF_FFFF
  /// The bit that marks a code as a number in the side table (scalar values stop at 0x10FFFF).
  @usableFromInline package static let clusterFlag: UInt32 = 0x8000_0000

  /// Makes a cell.
  @usableFromInline package init(text: String, width: Int, style: Style) {
    code = Self.code(for: text)
    look = StyleTable.number(of: style) << Self.columnBits | Self.columns(width)
  }

  /// Makes a cell of one scalar (`code` its value) or of none (`emptyCode`), without
  /// looking at a string.
  @inlinable package init(code: UInt32, width: Int, style: Style) {
    self.init(code: code, width: width, styleNumber: StyleTable.number(of: style))
  }

  /// Makes a cell in the style numbered `styleNumber` (``StyleTable/number(of:)``): what a
  /// write of many cells in one style makes, looking the style up once.
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

  /// The number of the cell's style in the process's table of styles.
  @inlinable package var styleNumber: UInt32 {
    get { look >> Self.columnBits }
    set { look = newValue << Self.columnBits | look & Self.columnMask }
  }

  /// Colours and attributes.
  @usableFromInline package var style: Style {
    get { StyleTable.style(styleNumber) }
    set { styleNumber = StyleTable.number(of: newValue) }
  }

  /// The grapheme drawn here; empty for a continuation cell.
  @usableFromInline package var text: String {
    get {
      if code == Self.emptyCode { return "" }
      if code & Self.clusterFlag != 0 { return GraphemeTable.text(code & ~Self.clusterFlag) }
      return String(Character(Unicode.Scalar(code) ?? "\u{FFFD}"))
    }
    set { code = Self.code(for: newValue) }
  }

  /// The columns the grapheme covers (1 for most, 2 for wide characters), 0 for a continuation.
  @usableFromInline package var width: Int {
    get { Int(look & Self.columnMask) }
    set { look = look & ~Self.columnMask | Self.columns(newValue) }
  }

  /// A space in the terminal's own colours.
  @usableFromInline package static let blank = Cell(code: 0x20, width: 1, style: .plain)

  /// Whether this cell is a space in the terminal's own colours (``blank``), told without
  /// comparing styles field by field: what a full repaint skips.
  @inlinable package var isBlank: Bool {
    code == 0x20 && look == 1  // style 0, one column
  }

  /// Whether this cell is the right part of a wide grapheme.
  @usableFromInline package var isContinuation: Bool { look & Self.columnMask == 0 }

  /// The grapheme's only scalar, or nil when it has none or several.
  package var scalar: Unicode.Scalar? {
    Unicode.Scalar(code)
  }

  /// Whether terminals disagree on the grapheme's width (``Text/hasDisputedWidth(_:)``): asked
  /// of every cell a frame sends, so it is inlined, and a grapheme of one scalar below U+200D
  /// (every Latin, Greek, Cyrillic and box-drawing cell) is answered without a call.
  @inlinable package var hasDisputedWidth: Bool { code >= 0x200D && isDisputed }

  /// ``hasDisputedWidth`` past its inlined test.
  @usableFromInline package var isDisputed: Bool {
    if code & Self.clusterFlag != 0 {
      return code != Self.emptyCode && Text.hasDisputedWidth(GraphemeTable.text(code & ~Self.clusterFlag))
    }
    switch code {
    case 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
    default: return false
    }
  }

  /// Calls `body` with the grapheme as a NUL-terminated UTF-8 string, built on the stack for a
  /// grapheme of one scalar.
  package func withCString(_ body: (UnsafePointer<CChar>) -> Void) {
    guard let scalar = Unicode.Scalar(code) else { return text.withCString(body) }
    // The UTF-8 bytes, first byte lowest, then zeros (the NUL).
    let value = UInt64(scalar.value)
    var packed: UInt64
    switch value {
    case 0..<0x80: packed = value
    case 0x80..<0x800: packed = (0xC0 | value >> 6) | (0x80 | value & 0x3F) << 8
    case 0x800..<0x10000:
      packed = (0xE0 | value >> 12) | (0x80 | value >> 6 & 0x3F) << 8 | (0x80 | value & 0x3F) << 16
    default:
      packed =
        (0xF0 | value >> 18) | (0x80 | value >> 12 & 0x3F) << 8 | (0x80 | value >> 6 & 0x3F) << 16
        | (0x80 | value & 0x3F) << 24
    }
    packed = packed.littleEndian
    withUnsafeBytes(of: &packed) { body($0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
  }

  /// The code for `text`: its scalar when it has exactly one, its number in the side table
  /// when it has several.
  static func code(for text: String) -> UInt32 {
    var utf8 = text.utf8.makeIterator()
    guard let first = utf8.next() else { return emptyCode }
    if first < 0x80 && utf8.next() == nil { return UInt32(first) }
    var scalars = text.unicodeScalars.makeIterator()
    let scalar = scalars.next()!
    if scalars.next() == nil { return scalar.value }
    return clusterFlag | GraphemeTable.number(of: text)
  }

  /// Whether two cells draw the same (graphemes of several scalars byte for byte); inlinable so
  /// a presenter comparing whole frames pays a few instructions per cell, not a call.
  @inlinable package static func == (a: Cell, b: Cell) -> Bool {
    a.code == b.code && a.look == b.look
  }
}

/// The styles that cells have held, each kept once for the life of the process and numbered in
/// order of first use, the terminal's own colours with no attribute (``Style/plain``) first.
///
/// A frame draws a handful of styles over thousands of cells: a cell keeps the style's number,
/// so equal numbers mean equal styles, and a write of many cells looks its style up once. It
/// only grows, as the grapheme table does, for the same reason. It numbers 33,554,432 styles (a
/// cell keeps 25 bits of the number); a style first seen after that many others is drawn plain.
@usableFromInline package enum StyleTable {
  private static let listed = 32
  private static let capacity = 1 << (32 - Int(Cell.columnBits))

  private struct Entries {
    var styles: [Style] = [.plain]
    /// Past the first `listed` styles, their numbers: the first ones are found by a look along
    /// the list, so most programs never pay for the dictionary.
    var numbers: [Style: UInt32] = [:]
  }

  private static let entries = Mutex(Entries())

  /// The style numbered `number`.
  @usableFromInline package static func style(_ number: UInt32) -> Style {
    number == 0 ? .plain : entries.withLock { $0.styles[Int(number)] }
  }

  /// The number of `style`, given one on its first use; the plain style is 0.
  @inlinable package static func number(of style: Style) -> UInt32 {
    style.foreground == nil && style.background == nil && style.attributes.isEmpty ? 0 : listedNumber(of: style)
  }

  /// ``number(of:)`` past its inlined test for the plain style.
  @usableFromInline static func listedNumber(of style: Style) -> UInt32 {
    entries.withLock { entries in
      let styles = entries.styles
      let end = min(styles.count, listed)
      for index in 1..<end where styles[index] == style { return UInt32(index) }
      if styles.count > listed, let found = entries.numbers[style] { return found }
      guard styles.count < capacity else { return 0 }
      let number = UInt32(styles.count)
      entries.styles.append(style)
      if number >= listed { entries.numbers[style] = number }
      return number
    }
  }
}

/// The graphemes of several scalars that cells have held, each kept once for the life of the
/// process and numbered in order of first use.
///
/// A grapheme is kept with its exact bytes (two canonically equal spellings are two entries), so
/// a cell draws the bytes it was given and equal numbers mean equal bytes. It only grows: a
/// program draws few distinct such graphemes, and a number in a cell must stay valid for as long
/// as any copy of the cell lives.
enum GraphemeTable {
  private struct Entries {
    var texts: [String] = []
    /// Past the first `listed` graphemes, the numbers of those canonically equal to a key (the
    /// dictionary's equality), told apart by their bytes. The first ones are found by a look
    /// along the list: most programs never draw more, and never pay for the dictionary (its
    /// first use makes the runtime look up `Hashable` conformances).
    var numbers: [String: [UInt32]] = [:]
  }

  /// How many graphemes are found along the list before the dictionary takes over.
  private static let listed = 32

  private static let entries = Mutex(Entries())

  /// The grapheme numbered `number`.
  static func text(_ number: UInt32) -> String {
    entries.withLock { $0.texts[Int(number)] }
  }

  /// The number of `text`, given one on its first use.
  static func number(of text: String) -> UInt32 {
    entries.withLock { entries in
      let found =
        entries.texts.prefix(listed).firstIndex { $0.utf8.elementsEqual(text.utf8) }.map(UInt32.init)
        ?? entries.numbers[text]?.first { entries.texts[Int($0)].utf8.elementsEqual(text.utf8) }
      if let found { return found }
      let number = UInt32(entries.texts.count)
      entries.texts.append(text)
      if entries.texts.count > listed { entries.numbers[text, default: []].append(number) }
      return number
    }
  }
}
