import Testing

@testable import TooltipKit

@Suite struct TextTests {
  struct SanitizeCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: String
    var expected: String
    var testDescription: String { name }
  }

  // BEHAVIOUR 5: every control character, bidi formatting character and unmeasurable scalar
  // becomes U+FFFD; everything else is kept as written.
  @Test(arguments: [
    SanitizeCase(name: "plain ASCII", input: "Save it", expected: "Save it"),
    SanitizeCase(name: "CJK and emoji kept", input: "中文 😀", expected: "中文 😀"),
    SanitizeCase(name: "combining mark kept", input: "e\u{301}", expected: "e\u{301}"),
    SanitizeCase(name: "ESC sequence", input: "\u{1B}[31mRed", expected: "\u{FFFD}[31mRed"),
    SanitizeCase(
      name: "NUL, BEL, TAB, LF, CR", input: "a\u{0}\u{7}\t\n\rb",
      expected: "a\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}b"),
    SanitizeCase(name: "DEL", input: "a\u{7F}b", expected: "a\u{FFFD}b"),
    SanitizeCase(name: "C1 CSI", input: "a\u{9B}31mb", expected: "a\u{FFFD}31mb"),
    SanitizeCase(name: "C1 NEL and APC", input: "\u{85}\u{9F}", expected: "\u{FFFD}\u{FFFD}"),
    SanitizeCase(
      name: "bidi marks", input: "\u{200E}\u{200F}\u{61C}", expected: "\u{FFFD}\u{FFFD}\u{FFFD}"),
    SanitizeCase(
      name: "bidi embeddings and override", input: "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}x",
      expected: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}x"),
    SanitizeCase(
      name: "bidi isolates", input: "\u{2066}\u{2067}\u{2068}\u{2069}",
      expected: "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"),
    SanitizeCase(
      name: "line and paragraph separators", input: "a\u{2028}b\u{2029}",
      expected: "a\u{FFFD}b\u{FFFD}"),
    SanitizeCase(
      name: "noncharacters", input: scalars(0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF, 0x1FFFE, 0x10FFFF),
      expected: String(repeating: "\u{FFFD}", count: 6)),
    SanitizeCase(
      name: "unassigned code points", input: "\u{378}\u{E0080}", expected: "\u{FFFD}\u{FFFD}"),
  ])
  func sanitizeReplacesUnsafeScalars(_ c: SanitizeCase) {
    let clean = Text.sanitize(c.input)
    #expect(Array(clean.unicodeScalars) == Array(c.expected.unicodeScalars))
    #expect(!clean.unicodeScalars.contains(where: isControlScalar))
  }

  struct WidthCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var width: Int
    var testDescription: String { name }
  }

  // BEHAVIOUR 8: the sum of the scalars' wcwidth under a UTF-8 locale. The test process never calls
  // setlocale, so it runs in the C locale: these widths must not depend on it.
  @Test(arguments: [
    WidthCase(name: "ASCII", text: "Save", width: 4),
    WidthCase(name: "space", text: " ", width: 1),
    WidthCase(name: "CJK", text: "中文", width: 4),
    WidthCase(name: "Hangul jamo", text: "\u{1100}", width: 2),
    WidthCase(name: "fullwidth form", text: "\u{FF01}", width: 2),
    WidthCase(name: "combining acute", text: "e\u{301}", width: 1),
    WidthCase(name: "combining marks only", text: "\u{301}\u{302}", width: 0),
    WidthCase(name: "single-scalar emoji", text: "😀", width: 2),
    WidthCase(name: "Latin-1 letter", text: "é", width: 1),
    WidthCase(name: "pointer glyphs", text: "▲▼◀▶", width: 4),
    WidthCase(name: "info glyph", text: "ⅈ", width: 1),
    WidthCase(name: "replacement character", text: "\u{FFFD}", width: 1),
    WidthCase(name: "mixed", text: "a中é😀", width: 6),
  ])
  func displayWidth(_ c: WidthCase) {
    #expect(Text.width(c.text) == c.width)
    #expect(TextLine(c.text).width == c.width)
  }

  /// Graphemes whose width terminals disagree on, and ones they agree on.
  @Test(arguments: [
    ("👩\u{200D}👩\u{200D}👧", true),  // ZWJ family: 6 by wcwidth, 2 in tmux 3.3a
    ("🏳\u{FE0F}\u{200D}🌈", true),  // VS16 and ZWJ
    ("❤\u{FE0F}", true),  // VS16 on a 1-column symbol
    ("☺\u{FE0E}", true),  // VS15
    ("1\u{FE0F}\u{20E3}", true),  // keycap
    ("👍🏽", true),  // skin tone: two 2-column scalars
    ("🇫🇷", true),  // a flag: two regional indicators
    ("a\u{200D}", true),  // a joiner after a letter
    ("a", false), ("é", false), ("e\u{301}", false), ("中", false), ("😀", false), ("❤", false),
    ("\u{1100}\u{1161}\u{11A8}", false),  // conjoining jamo: one scalar with width
    ("a\u{301}\u{302}\u{303}", false), ("", false),
  ])
  func disputedWidth(grapheme: String, disputed: Bool) {
    #expect(Text.hasDisputedWidth(grapheme) == disputed)
  }

  @Test func graphemeWidths() {
    #expect(Text.width(of: "A") == 1)
    #expect(Text.width(of: "中") == 2)
    #expect(Text.width(of: "\u{301}") == 0)
    #expect(Text.width(of: "😀") == 2)
    #expect(Text.width(of: "e\u{301}") == 1)
    // What sanitizing replaces counts as U+FFFD's one column, each scalar.
    #expect(Text.width(of: "\u{1B}") == 1)
    #expect(Text.width(of: "\r\n") == 2)
  }

  /// Raw text measures as its sanitized copy draws.
  @Test(arguments: ["a\u{1B}[31mb", "\r\nx", "Right\u{202E}left", "\u{7}\u{0}", "e\u{301}\u{200B}中"])
  func rawTextMeasuresAsItsSanitizedCopy(_ text: String) {
    #expect(Text.width(text) == Text.width(Text.sanitize(text)))
    #expect(Text.width(text) == TextLine(text).width)
    #expect(Text.width(text) == text.reduce(0) { $0 + Text.width(of: $1) })
  }

  @Test(arguments: [
    ("Send it to your team", 20, "Send it to your team"),
    ("Send it to your team", 19, "Send it to your te…"),
    ("Send it to your team", 1, "…"),
    ("Send it to your team", 0, ""),
    ("中文中文", 4, "中…"),  // a wide character that does not fit leaves a column over
    ("中文中文", 5, "中文…"),
    ("a\u{1B}bcdef", 4, "a\u{FFFD}b…"),
  ])
  func truncateFitsTheWidthWithAnEllipsis(_ text: String, _ width: Int, _ expected: String) {
    let cut = Text.truncate(text, to: width)
    #expect(cut == expected)
    #expect(Text.width(cut) <= width)
  }

  @Test func truncateTakesTheProgramsEllipsis() {
    #expect(Text.truncate("Send it to your team", to: 8, ellipsis: "...") == "Send ...")
    // Narrower than the ellipsis: nothing fits beside it, and it does not fit either.
    #expect(Text.truncate("Send it", to: 2, ellipsis: "...") == "")
  }

  @Test func wrapSanitizes() {
    #expect(Text.wrap("Bell\u{7} rings", width: 5) == ["Bell\u{FFFD}", "rings"])
  }

  @Test func unitsAreGraphemesWithTheirWidths() {
    let units = Text.units("a中e\u{301}😀")
    #expect(units.map(\.text) == ["a", "中", "e\u{301}", "😀"])
    #expect(units.map(\.width) == [1, 2, 1, 2])
  }

  @Test func zeroWidthGraphemeJoinsTheUnitBeforeIt() {
    // U+200B is a grapheme of its own with width 0: it rides on the unit before it.
    let units = Text.units("a\u{200B}b")
    #expect(units.map(\.width) == [1, 1])
    #expect(units[0].text.unicodeScalars.map(\.value) == [0x61, 0x200B])
  }

  /// The grapheme walk `units` takes bytes of printable ASCII without: what it gives must be
  /// the stdlib's graphemes wherever an ASCII letter is followed by a mark, a joiner, a
  /// selector or a keycap, or sits between wide and combining text.
  @Test(arguments: [
    "plain ASCII, all of it", "e\u{301}te\u{301}", "1\u{FE0F}\u{20E3} keycap", "a\u{200D}b",
    "x\u{FE0E}y", "ok 👍🏽 done", "中a中b", "ab\u{200B}", " \u{301}a", "a\u{308}\u{301}!", "🇫🇷x",
    "z\u{E0100}", "·a·", "Top · sm", "ka\u{0903}b",
    // Common scalars past ASCII, walked without the breaker too, beside what joins them.
    "é\u{301}", "·\u{301}x", "▶\u{FE0F}x", "❤\u{FE0F}", "☺\u{200D}x", "…\u{20DD}", "─\u{0489}─",
    "Ж\u{0483}Ж", "a…b", "↑↓←→", "ⅈ i", "Ωω\u{0345}", "ʰ\u{301}", "€\u{20D0}", "x❤\u{FE0F}",
    "❤\u{200D}🔥", "—\u{0903}", "¡\u{0300}!", "✋🏽", "Tooltip · gallery · light · scene size…",
    "╭─┤ ▲ ├─╮", "ÅÄÖ中", "¬\u{1F3FB}", "\u{2010}\u{2027}\u{2030}\u{205E}\u{27BF}\u{52F}",
  ])
  func asciiBytesAreTheGraphemesTheStdlibFinds(_ text: String) {
    var expected: [TextUnit] = []
    for character in text {
      let w = character.isASCII ? 1 : Text.width(of: character)
      if w == 0 {
        if !expected.isEmpty { expected[expected.count - 1].text.append(character) }
      } else {
        expected.append(TextUnit(text: String(character), width: w))
      }
    }
    #expect(Text.units(text) == expected)
    #expect(Text.units(text).map(\.text).joined() == expected.map(\.text).joined())
    #expect(Text.units(text, upTo: Int.max) == expected)
  }

  /// Every scalar `commonScalar` takes is decoded from its own UTF-8 and is a grapheme of its
  /// own beside ASCII, itself and other such scalars, as the stdlib's breaker says: what lets
  /// `units` skip the breaker for them.
  @Test func commonScalarsAreGraphemesOfTheirOwn() {
    let ranges: [ClosedRange<UInt32>] = [
      0xA0...0x2FF, 0x370...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E, 0x2100...0x23FF,
      0x2500...0x27BF,
    ]
    let common = ranges.flatMap { $0 }.compactMap(Unicode.Scalar.init)
    for (index, scalar) in common.enumerated() {
      let bytes = Array(String(scalar).utf8) + [0, 0]
      let decoded = Text.commonScalar(bytes[0], bytes[1], bytes[2])
      #expect(decoded?.value == scalar.value && decoded?.length == bytes.count - 2, "U+\(scalar.value)")
      let other = common[(index * 7 + 13) % common.count]
      for pair in [["x", scalar], [scalar, "x"], [scalar, scalar], [scalar, other]] as [[Unicode.Scalar]] {
        var text = ""
        text.unicodeScalars.append(contentsOf: pair)
        #expect(text.count == 2, "U+\(pair[0].value) U+\(pair[1].value)")
      }
    }
    // Just outside the ranges: combining marks, joiners and selectors are not taken.
    for value: UInt32 in [0x9F, 0x300, 0x36F, 0x483, 0x489, 0x200B, 0x200D, 0x2028, 0x20D0, 0x2400, 0x27C0, 0xFE0F] {
      let bytes = Array(String(Unicode.Scalar(value)!).utf8) + [0, 0]
      #expect(Text.commonScalar(bytes[0], bytes[1], bytes[2]) == nil, "U+\(value)")
    }
  }

  @Test func leadingZeroWidthGraphemeIsDropped() {
    let units = Text.units("\u{301}ab")
    #expect(units.map(\.text) == ["a", "b"])
  }

  @Test func textLineSanitizesAndMeasures() {
    let line = TextLine("a\u{1B}b")
    #expect(line.text == "a\u{FFFD}b")
    #expect(line.width == 3)
    #expect(line.units.count == 3)
  }

  @Test(arguments: [
    ("  Save  ", "Save" as String?),
    ("Save it", "Save it"),
    ("   ", nil),
    ("", nil),
    ("\u{1B}", "\u{FFFD}"),
    ("\u{200B}", nil),
    ("\u{301}a", "\u{301}a"),
  ])
  func visibleTrimsSpacesAndRejectsBlankLines(input: String, expected: String?) {
    #expect(Text.visible(input) == expected)
  }

  @Test func replacementIsUFFFD() {
    #expect(Text.replacement.value == 0xFFFD)
  }
}
