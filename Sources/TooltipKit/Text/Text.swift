import CTextWidth

/// One drawable piece of text: a grapheme (with any zero-width scalars that follow it) and
/// the number of columns it covers.
///
/// Units are what the cell grid stores one per cell, so measuring and drawing never disagree.
public struct TextUnit: Hashable, Sendable {
  /// The grapheme's characters.
  public var text: String
  /// The columns it covers: the sum of its scalars' display widths, at least 1.
  public var width: Int

  /// Makes a unit from already measured text.
  public init(text: String, width: Int) {
    self.text = text
    self.width = width
  }
}

/// A row of text ready to draw: its units and its total display width.
///
/// Wrapping produces these; the layout sizes bodies from `width` and the renderer draws `units`.
public struct TextLine: Hashable, Sendable {
  /// The units, left to right.
  public var units: [TextUnit]
  /// The sum of the units' widths.
  public var width: Int

  /// Makes a line from its units.
  public init(units: [TextUnit]) {
    self.units = units
    self.width = units.reduce(0) { $0 + $1.width }
  }

  /// Measures `text` (sanitizing it first) as one unwrapped line.
  public init(_ text: String) {
    self.init(units: Text.units(Text.sanitize(text)))
  }

  /// The line's characters.
  public var text: String { units.reduce(into: "") { $0 += $1.text } }
}

/// Sanitizing, measuring and wrapping copy: the text rules every string from a scene goes
/// through before layout.
///
/// Widths come from glibc's `wcwidth` under a fixed UTF-8 locale, the same measure ncurses
/// advances the cursor by, whatever the user's own locale is.
public enum Text {
  /// The replacement character that stands in for anything unsafe or unmeasurable.
  public static let replacement: Unicode.Scalar = "\u{FFFD}"

  /// Whether `scalar` must never reach a terminal or a layout: a control character (C0, C1,
  /// DEL, ESC), a bidirectional formatting character, a line or paragraph separator, a
  /// noncharacter, or anything `wcwidth` cannot measure.
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    switch v {
    case 0x00..<0x20, 0x7F..<0xA0: return true
    case 0x20..<0x7F: return false
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: return true
    case 0x2028, 0x2029: return true
    case 0xFDD0...0xFDEF: return true
    default:
      if v & 0xFFFE == 0xFFFE { return true }
      return tk_scalar_width(v) < 0
    }
  }

  /// `text` with every unsafe scalar replaced by U+FFFD.
  public static func sanitize(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var scalars = String.UnicodeScalarView()
    for scalar in text.unicodeScalars {
      scalars.append(isUnsafe(scalar) ? replacement : scalar)
    }
    return String(scalars)
  }

  /// The display width of a safe scalar (0 for combining and zero-width marks).
  public static func width(of scalar: Unicode.Scalar) -> Int {
    max(0, Int(tk_scalar_width(scalar.value)))
  }

  /// The display width of sanitized text: the sum of its scalars' widths.
  public static func width(_ text: String) -> Int {
    var total = 0
    for scalar in text.unicodeScalars { total += width(of: scalar) }
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
  public static func hasDisputedWidth(_ grapheme: String) -> Bool {
    guard grapheme.utf8.count > 1 else { return false }
    var widened = 0
    for scalar in grapheme.unicodeScalars {
      switch scalar.value {
      case 0x200D, 0xFE00...0xFE0F, 0xE0100...0xE01EF: return true
      case 0x00..<0x80: widened += 1
      default: if width(of: scalar) > 0 { widened += 1 }
      }
      if widened > 1 { return true }
    }
    return false
  }

  /// Splits sanitized text into drawable units: one per grapheme, where a grapheme of width 0
  /// joins the unit before it (one at the very start is dropped, having nothing to sit on).
  public static func units(_ text: String) -> [TextUnit] {
    var units: [TextUnit] = []
    units.reserveCapacity(text.utf8.count)
    for character in text {
      var w = 0
      if character.isASCII {
        w = 1
      } else {
        for scalar in character.unicodeScalars { w += width(of: scalar) }
      }
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
  public static func visible(_ text: String) -> String? {
    let clean = sanitize(text)
    guard hasDrawableUnit(clean) else { return nil }
    let scalars = clean.unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " }),
      let last = scalars.lastIndex(where: { $0 != " " })
    else { return nil }
    return String(scalars[first...last])
  }

  /// Whether ``units(_:)`` of sanitized `text` holds a unit other than a plain space, without
  /// building them: a grapheme with width that is not a space, or a zero-width one joining an
  /// earlier unit (a space with a mark on it draws as a word).
  private static func hasDrawableUnit(_ text: String) -> Bool {
    var sawUnit = false
    for character in text {
      if character.isASCII || character.unicodeScalars.contains(where: { width(of: $0) > 0 }) {
        if character != " " { return true }
        sawUnit = true
      } else if sawUnit {
        return true
      }
    }
    return false
  }

  /// Word-wraps sanitized text at `width` columns, or not at all when `width` is nil.
  ///
  /// Greedy: lines break only at spaces, runs of spaces collapse, leading and trailing spaces
  /// go. A word wider than the width starts a new row and is cut into pieces of the width; the
  /// next word may join its last piece. A grapheme wider than the width sits alone on its row.
  public static func wrap(_ text: String, width: Int?) -> [TextLine] {
    let space = TextUnit(text: " ", width: 1)
    var words: [[TextUnit]] = []
    var word: [TextUnit] = []
    for unit in units(text) {
      if unit.text == " " {
        if !word.isEmpty { words.append(word) }
        word = []
      } else {
        word.append(unit)
      }
    }
    if !word.isEmpty { words.append(word) }
    guard !words.isEmpty else { return [] }

    guard let limit = width else {
      var all: [TextUnit] = []
      for (i, w) in words.enumerated() {
        if i > 0 { all.append(space) }
        all.append(contentsOf: w)
      }
      return [TextLine(units: all)]
    }
    let maxWidth = max(1, limit)

    var lines: [TextLine] = []
    var current: [TextUnit] = []
    var currentWidth = 0
    func flush() {
      if !current.isEmpty { lines.append(TextLine(units: current)) }
      current = []
      currentWidth = 0
    }
    for w in words {
      let wordWidth = w.reduce(0) { $0 + $1.width }
      if !current.isEmpty {
        if currentWidth + 1 + wordWidth <= maxWidth {
          current.append(space)
          current.append(contentsOf: w)
          currentWidth += 1 + wordWidth
          continue
        }
        flush()
      }
      if wordWidth <= maxWidth {
        current = w
        currentWidth = wordWidth
        continue
      }
      // Cut the word into pieces of the width; the last piece stays open for the next word.
      for unit in w {
        if currentWidth + unit.width > maxWidth { flush() }
        current.append(unit)
        currentWidth += unit.width
      }
    }
    flush()
    return lines
  }
}
