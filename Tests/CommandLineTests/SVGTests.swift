import Foundation
import TestSupport
import Testing

/// `--snapshot --svg`: the frame as a picture, cell by cell, in the theme's colours.
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

  @Test(arguments: [
    ["--size", "80x24", "--open", "right-md"],
    ["--size", "40x12", "--scene", "form", "--open", "publish", "--theme", "dark"],
    ["--size", "13x7", "--scene", "edges", "--open", "left", "--bare"],
  ])
  func everyVisibleCellIsATextElementAtItsColumn(_ arguments: [String]) throws {
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

  @Test func theSizeIsNineByEighteenPixelsACell() throws {
    let svg = try TUI.run(["--snapshot", "--svg", "--size", "20x6"]).text
    #expect(svg.hasPrefix(##"<svg xmlns="http://www.w3.org/2000/svg" width="180" height="108" viewBox="0 0 180 108""##))
    #expect(svg.hasSuffix("</svg>\n"))
  }

  /// SPEC 3's top-md bubble at 80x24 with chrome: body columns 46 ..< 73, rows 1 ..< 5, the
  /// pointer at (59, 5); the light fill #0E121B on a light terminal, the dark fill #FFFFFF on a
  /// dark one.
  @Test(arguments: [("light", "#0E121B", "#FFFFFF"), ("dark", "#FFFFFF", "#0E121B")])
  func theBodyIsOneFilledRectanglePerRow(_ theme: String, _ fill: String, _ page: String) throws {
    let svg = try TUI.run(["--snapshot", "--svg", "--size", "80x24", "--open", "top-md", "--theme", theme]).text
    #expect(svg.contains(##"<rect width="720" height="432" fill="\##(page)"/>"##))
    let rows = Self.matches(##"<rect x="414" y="(\d+)" width="243" height="18" fill="\##(fill)"/>"##, in: svg)
    #expect(rows.map { Int($0[0])! / 18 } == [1, 2, 3, 4])
    // The headline bold in the headline colour, the pointer in the fill's colour.
    let headline = theme == "light" ? "#FFFFFF" : "#0E121B"
    #expect(svg.contains(##"<text x="423" y="50" fill="\##(headline)" font-weight="bold">T</text>"##))
    #expect(svg.contains(##"<text x="531" y="104" fill="\##(fill)">▼</text>"##))
  }

  /// Reverse video swaps the terminal's colours: the selected anchor (top-sm, 18, 6, with the
  /// cell each side) is dark with a light glyph on a light terminal; dim text is halfway to
  /// the background.
  @Test func reverseAndDimAreDrawnAsTheTerminalShowsThem() throws {
    let svg = try TUI.run(["--snapshot", "--svg", "--size", "80x24"]).text
    #expect(svg.contains(##"<rect x="153" y="108" width="27" height="18" fill="#0E121B"/>"##))
    #expect(svg.contains(##"<text x="162" y="122" fill="#FFFFFF">ⅈ</text>"##))
    // The status row is dim: #0E121B halfway to #FFFFFF is #86888D.
    #expect(svg.contains(##"<text x="9" y="428" fill="#86888D">T</text>"##))
  }

  @Test func copyIsEscapedForXML() throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "xml.json",
      ##"{"anchors": [{"id": "x", "x": 1, "y": 0, "placement": "bottom", "headline": "<b>&\"'"}]}"##)
    let svg = try TUI.run(["--snapshot", "--svg", "--size", "20x6", "--bare", "--scene", scene, "--open", "x"]).text
    for entity in ["&lt;", "b", "&gt;", "&amp;", "&quot;", "'"] {
      #expect(svg.contains(">\(entity)</text>"), "\(entity)")
    }
    #expect(!svg.contains("><</text>") && !svg.contains(">&</text>"))
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
