/// One cell of the grid: a grapheme (or the continuation of a wide one to its left) and its style.
///
/// A grapheme `width` columns wide sits in its first cell; the `width - 1` cells after it are
/// continuations, so a row's text always spans exactly its columns.
///
/// A grapheme of one scalar (nearly every cell) is stored as that scalar; only the rare one of
/// several (an emoji sequence, a letter with combining marks) keeps its text, in a small object
/// of its own beside the cell. A grid is copied, compared and drawn without a `String` per cell.
public struct Cell: Hashable, Sendable {
  /// The grapheme's only scalar's value, `emptyCode` for none, or `clusterCode` when `cluster`
  /// holds a grapheme of several scalars.
  @usableFromInline package var code: UInt32
  /// The columns the grapheme covers, as stored.
  @usableFromInline package var columns: Int32
  /// A grapheme of several scalars, or nil.
  @usableFromInline package var cluster: Cluster?
  /// Colours and attributes.
  public var style: Style

  /// The code of a cell with no grapheme (a continuation).
  @usableFromInline package static let emptyCode: UInt32 = 0xFFFF_FFFF
  /// The code of a cell whose grapheme of several scalars is in `cluster` (scalar values stop
  /// at 0x10FFFF).
  @usableFromInline package static let clusterCode: UInt32 = 0xFFFF_FFFE

  /// A grapheme of several scalars, kept with its exact bytes: two canonically equal spellings
  /// are two graphemes, each drawn as given.
  @usableFromInline package final class Cluster: Sendable {
    /// The grapheme.
    let text: String

    init(_ text: String) { self.text = text }
  }

  /// Makes a cell.
  public init(text: String, width: Int, style: Style) {
    (code, cluster) = Self.stored(text)
    columns = Int32(clamping: width)
    self.style = style
  }

  /// Makes a cell of one scalar (`code` its value) or of none (`emptyCode`), without
  /// looking at a string.
  @inlinable package init(code: UInt32, width: Int, style: Style) {
    self.code = code
    columns = Int32(truncatingIfNeeded: width)
    cluster = nil
    self.style = style
  }

  /// The grapheme drawn here; empty for a continuation cell.
  public var text: String {
    get {
      if let cluster { return cluster.text }
      if code == Self.emptyCode { return "" }
      return String(Character(Unicode.Scalar(code) ?? "\u{FFFD}"))
    }
    set { (code, cluster) = Self.stored(newValue) }
  }

  /// The columns the grapheme covers (1 for most, 2 for wide characters), 0 for a continuation.
  public var width: Int {
    get { Int(columns) }
    set { columns = Int32(clamping: newValue) }
  }

  /// A space in the terminal's own colours.
  public static let blank = Cell(code: 0x20, width: 1, style: .plain)

  /// Whether this cell is a space in the terminal's own colours (``blank``), told without
  /// comparing styles field by field: what a full repaint skips.
  @inlinable package var isBlank: Bool {
    code == 0x20 && columns == 1 && style.foreground == nil && style.background == nil && style.attributes.isEmpty
  }

  /// Whether this cell is the right part of a wide grapheme.
  public var isContinuation: Bool { columns == 0 }

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
    if let cluster { return Text.hasDisputedWidth(cluster.text) }
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

  /// The stored form of `text`: its scalar when it has exactly one, else the code and object
  /// for none or several.
  static func stored(_ text: String) -> (UInt32, Cluster?) {
    var utf8 = text.utf8.makeIterator()
    guard let first = utf8.next() else { return (emptyCode, nil) }
    if first < 0x80 && utf8.next() == nil { return (UInt32(first), nil) }
    var scalars = text.unicodeScalars.makeIterator()
    let scalar = scalars.next()!
    if scalars.next() == nil { return (scalar.value, nil) }
    return (clusterCode, Cluster(text))
  }

  /// Whether two cells draw the same (graphemes of several scalars byte for byte); inlinable so
  /// a presenter comparing whole frames pays a few instructions per cell, not a call.
  @inlinable public static func == (a: Cell, b: Cell) -> Bool {
    a.code == b.code && a.columns == b.columns && a.style == b.style
      && (a.cluster === b.cluster || a.sameCluster(as: b))
  }

  /// Whether the two cells' graphemes of several scalars have the same bytes.
  @usableFromInline func sameCluster(as other: Cell) -> Bool {
    guard let mine = cluster, let theirs = other.cluster else { return false }
    return mine.text.utf8.elementsEqual(theirs.text.utf8)
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(code)
    hasher.combine(columns)
    hasher.combine(style)
    if let cluster {
      for byte in cluster.text.utf8 { hasher.combine(byte) }
    }
  }
}
