/// Sanitizing, measuring, cutting and wrapping copy: the text rules every string from a scene
/// goes through before layout, for a program to measure and fit its own text the same way.
///
/// Widths come from a table generated from the Unicode Character Database (`WidthTable`, by
/// glibc's rules: the measure a terminal library advances the cursor by) and compiled in, so
/// they are the same on every machine whatever its C library and the user's locale. Every
/// function takes raw text: what sanitizing replaces counts as the one column U+FFFD covers.
public enum Text {
  /// The replacement character that stands in for anything unsafe or unmeasurable.
  static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// Whether `scalar` must never reach a terminal or a layout: a control character (C0, C1,
  /// DEL, ESC), a bidirectional formatting character, a line or paragraph separator, a
  /// noncharacter, or anything the width table cannot measure (an unassigned scalar).
  package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    drawnWidth(scalar) == nil
  }

  /// The columns a safe `scalar` covers (0 for combining and zero-width marks), or nil when it
  /// is unsafe (see ``isUnsafe(_:)``).
  private static func drawnWidth(_ scalar: Unicode.Scalar) -> Int? {
    let v = scalar.value
    switch v {
    case 0x00..<0x20, 0x7F..<0xA0: return nil
    case 0x20..<0x7F: return 1
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return nil
    case 0x2028, 0x2029: return nil
    case 0xFDD0...0xFDEF: return nil
    default:
      if v & 0xFFFE == 0xFFFE { return nil }
      let width = WidthTable.width(v)
      return width > 2 ? nil : Int(width)
    }
  }

  /// `text` with every scalar that must never reach a terminal or a layout replaced by U+FFFD:
  /// control characters (C0, C1, DEL, ESC), bidirectional formatting characters, line and
  /// paragraph separators, noncharacters, and anything the width table cannot measure.
  ///
  /// Copy is anyone's (a file, a translation, a user's name): sanitized, none of it can move
  /// the cursor, change colours or reorder the line.
  public static func sanitize(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      scalars.append(isUnsafe(scalar) ? replacement : scalar)
    }
    return String(scalars)
  }

  /// The columns `text` covers once sanitized: the sum of its graphemes' widths.
  ///
  /// What a program lines its own cells up by, measured as the cell grid and the terminal
  /// count.
  public static func width(_ text: String) -> Int {
    var total = 0
    for scalar in text.unicodeScalars { total += drawnWidth(scalar) ?? 1 }
    return total
  }

  /// The columns `grapheme` covers once sanitized: the sum of its scalars' widths, 0 for a
  /// zero-width one (which the cell grid joins to the grapheme before it).
  ///
  /// The one measure of a grapheme: layout, drawing and a program's own text agree on it.
  public static func width(of grapheme: Character) -> Int {
    var total = 0
    for scalar in grapheme.unicodeScalars { total += drawnWidth(scalar) ?? 1 }
    return total
  }

  /// Whether terminals disagree on how many columns `grapheme` covers: it holds a zero-width
  /// joiner (an emoji ZWJ sequence), a variation selector (an emoji asked for with VS16, text
  /// with VS15), or more than one scalar with a width of its own (an emoji with a skin tone, a
  /// flag).
  ///
  /// The layout counts such a grapheme as the sum of its scalars' widths, as ncurses does
  /// (`👩‍👩‍👧` is 6 columns), but a terminal may draw it narrower or wider (tmux 3.3a advances 2
  /// for that family); a presenter must not let anything drawn after it depend on where the
  /// terminal's cursor ended up. Single scalars (CJK, most emoji) and combining marks are not
  /// disputed.
  package static func hasDisputedWidth(_ grapheme: String) -> Bool {
    guard grapheme.utf8.count > 1 else { return false }
    var widened = 0
    for scalar in grapheme.unicodeScalars {
      switch scalar.value {
      case 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
      case 0x00..<0x80: widened += 1
      default: if (drawnWidth(scalar) ?? 1) > 0 { widened += 1 }
      }
      if widened > 1 { return true }
    }
    return false
  }

  /// Splits sanitized text into drawable units: one per grapheme, where a grapheme of width 0
  /// joins the unit before it (one at the very start is dropped, having nothing to sit on).
  ///
  /// Scalars that `loneScalar(at:in:)` finds are taken one a unit from the text's bytes, and
  /// the grapheme breaker is asked only at the others.
  public static func units(_ text: String) -> [TextUnit] {
    var units: [TextUnit] = []
    units.reserveCapacity(text.utf8.count)
    let walked = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
      let utf8 = text.utf8
      var i = 0
      while i < bytes.count {
        if let (scalar, length, _) = loneScalar(at: i, in: bytes) {
          let w = length == 1 ? 1 : drawnWidth(scalar) ?? 1
          if w == 0 {
            if !units.isEmpty { units[units.count - 1].text.unicodeScalars.append(scalar) }
          } else {
            units.append(TextUnit(text: String(scalar), width: w))
          }
          i += length
          continue
        }
        let start = utf8.index(utf8.startIndex, offsetBy: i)
        let character = text[start]
        let w = character.isASCII ? 1 : width(of: character)
        if w == 0 {
          if !units.isEmpty { units[units.count - 1].text.append(character) }
        } else {
          units.append(TextUnit(text: String(character), width: w))
        }
        i += character.utf8.count
      }
      return true
    }
    if walked == true { return units }
    for character in text {
      let w = character.isASCII ? 1 : width(of: character)
      if w == 0 {
        if !units.isEmpty { units[units.count - 1].text.append(character) }
      } else {
        units.append(TextUnit(text: String(character), width: w))
      }
    }
    return units
  }

  /// The sanitized string with leading and trailing spaces dropped, or nil when nothing
  /// visible is left: a string of only spaces, or of zero-width marks with nothing to sit on,
  /// wraps to no row, so it is not a visible line.
  package static func visible(_ text: String) -> String? {
    guard isVisible(text) else { return nil }
    let scalars = sanitize(text).unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " }),
      let last = scalars.lastIndex(where: { $0 != " " })
    else { return nil }
    return String(scalars[first...last])
  }

  /// Whether raw `text` has a visible line: the same answer as `visible(text) != nil`, found
  /// without copying or sanitizing the text, and usually from its first characters.
  ///
  /// Asked on every input while a tooltip is open, so a megabyte of copy must not be read
  /// whole each time.
  package static func isVisible(_ text: String) -> Bool {
    var sawUnit = false
    for character in text {
      // An unsafe scalar becomes U+FFFD, which is drawn: it counts as a column.
      if character.isASCII || width(of: character) > 0 {
        if character != " " { return true }
        sawUnit = true
      } else if sawUnit {
        return true
      }
    }
    return false
  }

  /// The first units of sanitized `text`, as ``units(_:)`` splits it, up to and including the
  /// one that takes the total past `columns`: all a line cut at `columns` can show, built
  /// without splitting the rest of the text.
  public static func units(_ text: String, upTo columns: Int) -> [TextUnit] {
    var units: [TextUnit] = []
    var total = 0
    let source = Substring(text)
    forEachUnit(source) { span in
      units.append(TextUnit(text: String(source[span.range]), width: span.width))
      total += span.width
      return total <= columns
    }
    return units
  }

  /// One unit of a text, found without building its string: where it lies, how wide it is and
  /// whether it is a plain space (a space with a mark on it is not).
  struct UnitSpan {
    var range: Range<String.Index>
    var width: Int
    var isSpace: Bool
  }

  /// Calls `body` with each unit of sanitized `text`, split exactly as ``units(_:)`` splits it
  /// (a grapheme of width 0 joins the unit before it; one at the very start is dropped), until
  /// `body` returns false.
  ///
  /// Scalars that `loneScalar(at:in:)` finds are stepped over in the text's bytes, and the
  /// grapheme breaker is asked only at the others.
  static func forEachUnit(_ text: Substring, _ body: (UnitSpan) -> Bool) {
    var pending: UnitSpan?
    var i = text.startIndex
    let end = text.endIndex
    let utf8 = text.utf8
    while i < end {
      let next: String.Index
      let w: Int
      let oneByte: Bool
      if let (scalar, length, end) = loneScalar(at: i, in: utf8) {
        next = end
        w = length == 1 ? 1 : drawnWidth(scalar) ?? 1
        oneByte = length == 1
      } else {
        next = text.index(after: i)
        w = text[i].isASCII ? 1 : width(of: text[i])
        oneByte = utf8.index(after: i) == next
      }
      if w == 0 {
        if pending != nil {
          pending!.range = pending!.range.lowerBound..<next
          pending!.isSpace = false
        }
      } else {
        if let unit = pending, !body(unit) { return }
        pending = UnitSpan(range: i..<next, width: w, isSpace: oneByte && utf8[i] == 0x20)
      }
      i = next
    }
    if let unit = pending { _ = body(unit) }
  }

  /// The scalar at `index` of UTF-8 `bytes`, its length in bytes and the index after it, when it
  /// is a grapheme of its own whatever the grapheme breaker would say: printable ASCII or a
  /// common scalar (``commonScalar(_:_:_:)``), followed by the end, ASCII or another common
  /// scalar. Of two ASCII scalars only CR LF join, and every mark, joiner or selector that could
  /// extend one of these lies past ASCII and outside the common ones. Most copy is such scalars,
  /// so the breaker is asked only at the others (nil).
  @inline(__always) static func loneScalar<Bytes: Collection<UInt8>>(at index: Bytes.Index, in bytes: Bytes) -> (
    scalar: Unicode.Scalar, length: Int, next: Bytes.Index
  )? {
    let lead = bytes[index]
    let value: UInt32
    let length: Int
    var next = bytes.index(after: index)
    if lead >= 0x20 && lead < 0x7F {
      (value, length) = (UInt32(lead), 1)
    } else {
      guard lead >= 0xC2, next != bytes.endIndex else { return nil }
      let third = bytes.index(after: next)
      guard let common = commonScalar(lead, bytes[next], third == bytes.endIndex ? 0 : bytes[third]) else {
        return nil
      }
      (value, length) = common
      next = bytes.index(index, offsetBy: length)
    }
    let scalar = Unicode.Scalar(value).unsafelyUnwrapped
    guard next != bytes.endIndex, bytes[next] >= 0x80 else { return (scalar, length, next) }
    let second = bytes.index(after: next)
    guard second != bytes.endIndex else { return nil }
    let third = bytes.index(after: second)
    guard commonScalar(bytes[next], bytes[second], third == bytes.endIndex ? 0 : bytes[third]) != nil else {
      return nil
    }
    return (scalar, length, next)
  }

  /// The value and UTF-8 length of the scalar whose bytes begin `lead`, `second`, `third` (as
  /// many as it has) when it is common copy past ASCII that no rule of grapheme breaking joins
  /// to its neighbours, nil for any other: Latin-1 and Latin Extended letters and spacing
  /// modifiers (U+00A0 to U+02FF), Greek and Cyrillic letters (U+0370 to U+0482, U+048A to
  /// U+052F), general punctuation (U+2010 to U+2027, U+2030 to U+205E: the ellipsis, dashes,
  /// quotes, the middle dot's neighbours), letterlike symbols, arrows and technical symbols
  /// (U+2100 to U+23FF), box drawing, blocks, geometric shapes, symbols and dingbats (U+2500 to
  /// U+27BF).
  ///
  /// Each of these has the grapheme break property Other or Control, so two of them side by
  /// side, or one beside ASCII, are two graphemes under every rule (a pictograph joins the next
  /// only through a joiner, which is not among them; combining marks, joiners, variation
  /// selectors, Hangul and regional indicators lie elsewhere). A title, a status line and most
  /// bubble copy are such scalars and ASCII, so the grapheme breaker is not asked for them.
  @inline(__always) static func commonScalar(_ lead: UInt8, _ second: UInt8, _ third: UInt8) -> (
    value: UInt32, length: Int
  )? {
    let value: UInt32
    let length: Int
    switch lead {
    case 0xC2...0xD4:
      value = UInt32(lead & 0x1F) << 6 | UInt32(second & 0x3F)
      length = 2
    case 0xE2:
      value = 0x2000 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
      length = 3
    default: return nil
    }
    switch value {
    case 0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E, 0x2100...0x23FF,
      0x2500...0x27BF:
      return (value, length)
    default: return nil
    }
  }

  /// One wrapped row found by ``wrapRanges(_:width:)``: where its slice of the text lies, in
  /// UTF-8 offsets from the text's start, first unit to last (runs of spaces inside it stand
  /// for one space), and its display width. Twelve bytes a row, whatever the row holds.
  struct RowSpan: Hashable, Sendable {
    var start: UInt32
    var end: UInt32
    var width: UInt32

    /// The row's slice of `text`, the string it was found in.
    func slice(of text: Substring) -> Substring {
      let utf8 = text.utf8
      let lower = utf8.index(utf8.startIndex, offsetBy: Int(start))
      return text[lower..<utf8.index(lower, offsetBy: Int(end - start))]
    }
  }

  /// Where sanitized `text` wraps at `width` columns (never when nil), by the rules of
  /// ``wrap(_:width:)``, as spans of the text: nothing is copied, so wrapping a megabyte
  /// keeps twelve bytes per row.
  static func wrapRanges(_ text: Substring, width: Int?) -> [RowSpan] {
    var rows: [RowSpan] = []
    var rowStart: String.Index?
    var rowEnd = text.startIndex
    var rowWidth = 0
    let maxWidth = width.map { max(1, $0) } ?? Int.max

    let utf8 = text.utf8
    func offset(_ index: String.Index) -> UInt32 { UInt32(utf8.distance(from: utf8.startIndex, to: index)) }
    func flush() {
      if let start = rowStart {
        rows.append(RowSpan(start: offset(start), end: offset(rowEnd), width: UInt32(rowWidth)))
      }
      rowStart = nil
      rowWidth = 0
    }
    func place(_ range: Range<String.Index>, wordWidth: Int) {
      if rowStart != nil {
        if rowWidth + 1 + wordWidth <= maxWidth {
          rowEnd = range.upperBound
          rowWidth += 1 + wordWidth
          return
        }
        flush()
      }
      if wordWidth <= maxWidth {
        rowStart = range.lowerBound
        rowEnd = range.upperBound
        rowWidth = wordWidth
        return
      }
      // Cut the word into pieces of the width; the last piece stays open for the next word.
      forEachUnit(text[range]) { unit in
        if rowWidth + unit.width > maxWidth { flush() }
        if rowStart == nil { rowStart = unit.range.lowerBound }
        rowEnd = unit.range.upperBound
        rowWidth += unit.width
        return true
      }
    }

    var wordStart: String.Index?
    var wordEnd = text.startIndex
    var wordWidth = 0
    forEachUnit(text) { unit in
      if unit.isSpace {
        if let start = wordStart { place(start..<wordEnd, wordWidth: wordWidth) }
        wordStart = nil
        wordWidth = 0
      } else {
        if wordStart == nil { wordStart = unit.range.lowerBound }
        wordEnd = unit.range.upperBound
        wordWidth += unit.width
      }
      return true
    }
    if let start = wordStart { place(start..<wordEnd, wordWidth: wordWidth) }
    flush()
    return rows
  }

  /// The units of one wrapped row's slice, runs of spaces drawn as one, stopping after the unit
  /// that takes the total past `columns` (all of them when nil).
  static func rowLine(_ slice: Substring, upTo columns: Int? = nil) -> TextLine {
    let limit = columns ?? Int.max
    var units: [TextUnit] = []
    var total = 0
    var afterSpace = false
    forEachUnit(slice) { unit in
      if unit.isSpace {
        if afterSpace { return true }
        afterSpace = true
      } else {
        afterSpace = false
      }
      units.append(TextUnit(text: unit.isSpace ? " " : String(slice[unit.range]), width: unit.width))
      total += unit.width
      return total <= limit
    }
    return TextLine(units: units)
  }

  /// `text` sanitized and word-wrapped at `width` columns (not wrapped when nil), as the
  /// bubble wraps its lines.
  ///
  /// Greedy: lines break only at spaces, runs of spaces collapse, leading and trailing spaces
  /// go. A word wider than the width starts a new row and is cut into pieces of the width; the
  /// next word may join its last piece. A grapheme wider than the width sits alone on its row.
  public static func wrap(_ text: String, width: Int?) -> [String] {
    let source = Substring(sanitize(text))
    return wrapRanges(source, width: width).map { rowLine($0.slice(of: source)).text }
  }

  /// `text` sanitized and cut to at most `width` columns, ending in `ellipsis` when cut (empty
  /// when `width` is narrower than the ellipsis).
  ///
  /// For a program's own one-row text (a status row, a title) that must not run past its
  /// space; only the start of a long text is read.
  public static func truncate(_ text: String, to width: Int, ellipsis: String = "…") -> String {
    TextLine(units: units(sanitize(text), upTo: width)).truncated(to: width, ellipsis: ellipsis).text
  }
}
