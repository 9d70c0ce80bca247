import Foundation
import TestSupport
import Testing

/// `--snapshot --svg` through the binary: the demo's frame as a picture, in the theme's colours
/// (`--theme`) or monochrome (`NO_COLOR`). The picture's rules are ``CellGridOutputTests`` in the
/// core's tests.
@Suite struct SVGTests {
  /// A text element: its cell (from its pixel position) and its grapheme.
  struct Glyph: Hashable {
    var column: Int
    var row: Int
    var text: String
  }

  static func matches(_ pattern: String, in text: String) -> [[String]] {
    let regex = try! NSRegularExpression(pattern: pattern)
    let range = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: range).map { match in
      (1..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
    }
  }

  /// The text elements of `svg`, by cell (cells are 9 x 18 pixels, the baseline 14 down).
  static func glyphs(_ svg: String) -> [Glyph] {
    matches(##"<text x="(\d+)" y="(\d+)" fill="#[0-9A-F]{6}"(?: font-weight="bold")?>([^<]*)</text>"##, in: svg)
      .map { Glyph(column: Int($0[0])! / 9, row: (Int($0[1])! - 14) / 18, text: unescaped($0[2])) }
  }

  static func unescaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
      .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
  }

  @Test func everyVisibleCellIsATextElementAtItsColumn() throws {
    let arguments = ["--size", "40x12", "--scene", "form", "--open", "publish", "--theme", "dark"]
    let plain = try TUI.run(["--snapshot"] + arguments)
    let svg = try TUI.run(["--snapshot", "--svg"] + arguments)
    #expect(svg.status == 0)
    var expected: Set<Glyph> = []
    for (row, line) in plain.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().enumerated() {
      var column = 0
      for character in line {
        if !character.isWhitespace { expected.insert(Glyph(column: column, row: row, text: String(character))) }
        column += displayWidth(String(character))
      }
    }
    let drawn = Self.glyphs(svg.text)
    #expect(drawn.count == Set(drawn).count)
    #expect(Set(drawn) == expected)
  }

  @Test func noColorGivesAMonochromePicture() throws {
    let svg = try TUI.run(
      ["--snapshot", "--svg", "--size", "80x24", "--open", "top-md"], environment: ["NO_COLOR": "1"]
    ).text
    // Body in reverse video: the terminal's foreground as its background.
    #expect(svg.contains(##"<rect x="414" y="18" width="243" height="18" fill="#0E121B"/>"##))
    #expect(!svg.contains("#99A0AE"))
  }
}
