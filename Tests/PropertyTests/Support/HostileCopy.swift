/// Copy that has broken terminal programs: control characters, escape sequences, bidi
/// formatting, zero-width and combining pile-ups, wide characters, and plain edge cases.
///
/// The generators mix these with random scalars; the hostile-copy tests run each on its own.
enum HostileCopy {
  /// Every C0 control, DEL and every C1 control, one string each.
  static let controls: [String] =
    (0x00..<0x20).map { String(Unicode.Scalar(UInt8($0))) } + ["\u{7F}"]
    + (0x80...0x9F).map { String(Unicode.Scalar(UInt8($0))) }

  /// Escape sequences: CSI (7-bit and 8-bit), SGR, OSC (title, hyperlink, clipboard), DCS,
  /// APC, PM, SOS, cursor moves, screen clears and terminal resets.
  static let escapeSequences: [String] = [
    "\u{1B}[31mred\u{1B}[0m",
    "\u{1B}[2J\u{1B}[H",
    "\u{1B}[10;10H",
    "\u{1B}[?1049h",
    "\u{1B}[?1000h\u{1B}[?1006h",
    "\u{1B}c",
    "\u{1B}]0;title\u{07}",
    "\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\",
    "\u{1B}]52;c;aGVsbG8=\u{07}",
    "\u{1B}P+q544e\u{1B}\\",
    "\u{1B}_apc\u{1B}\\",
    "\u{1B}^pm\u{1B}\\",
    "\u{1B}Xsos\u{1B}\\",
    "\u{9B}2J",
    "\u{9D}0;title\u{9C}",
    "\u{1B}[6n",
    "\u{1B}[<0;10;10M",
    "\u{1B}",
    "a\u{8}\u{8}b",
    "line\r\nbreak\ttab",
  ]

  /// Bidirectional formatting: marks, embeddings, overrides and isolates.
  static let bidi: [String] = [
    "\u{200E}", "\u{200F}", "\u{061C}",
    "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",
    "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
    "abc\u{202E}fed\u{202C}ghi",
    "\u{2067}שלום\u{2069} world",
  ]

  /// Zero-width characters, separators, noncharacters and other scalars with no width.
  static let zeroWidth: [String] =
    [
      "\u{200B}", "\u{200C}", "\u{200D}", "\u{2060}", "\u{FEFF}", "\u{00AD}",
      "\u{2028}", "\u{2029}", "\u{E0001}", "\u{E0041}", "\u{FE0F}", "\u{034F}",
      "a\u{200B}b", "\u{200D}\u{200D}\u{200D}",
    ] + [0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF, 0x1FFFE, 0x10FFFF, 0x0378, 0xE01F0].map(scalarString)

  /// The one-scalar string of `value` (noncharacters and unassigned code points have no
  /// literal spelling).
  static func scalarString(_ value: UInt32) -> String {
    String(Unicode.Scalar(value) ?? "\u{FFFD}")
  }

  /// Combining marks piled up, wide characters and grapheme clusters wider than 2 columns.
  static let clusters: [String] = [
    "e\u{301}",
    "a" + String(repeating: "\u{301}", count: 500),
    "\u{301}",
    " \u{301}",
    "Z\u{351}\u{34B}\u{34B}\u{33E}\u{34C}\u{350}\u{313}\u{344}\u{33D}\u{36B}\u{305}\u{300}",
    "你好世界",
    "表示",
    "😀",
    "👨‍👩‍👧‍👦",
    "🇫🇷🇩🇪",
    "\u{1100}\u{1161}\u{11A8}",
    "ｗｉｄｅ",
    "\u{FFFD}",
    "\u{E000}",
    "ⓘ",
  ]

  /// Ordinary copy and the plain edge cases: empty, spaces, long words.
  static let plain: [String] = [
    "",
    " ",
    "   ",
    "Share",
    "Send it to your teammates.",
    "Goes live at once; no undo.",
    "Bundle ID",
    "The app's unique identifier, like com.example.app.",
    "supercalifragilisticexpialidocious",
    String(repeating: "x", count: 90),
    "a b c d e f g h i j k l m n o p q r s t u v w x y z",
    "  leading and trailing  ",
  ]

  /// Every sample above.
  static let all: [String] = controls + escapeSequences + bidi + zeroWidth + clusters + plain
}
