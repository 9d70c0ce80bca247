import TestSupport
import Testing
import TooltipKit

/// A cell grid written out: plain text, text with SGR sequences, and the SVG picture.
@Suite struct CellGridOutputTests {
  /// A top-md anchor whose box is (20, 6) ..< (23, 7) on a 40 x 10 screen, with the gallery's
  /// copy, open: BEHAVIOUR 3 puts the 27 x 4 body at columns 8 ..< 35, rows 1 ..< 5, the pointer ▼
  /// at (21, 5).
  static func topMedium(_ options: RenderOptions = renderOptions()) -> CellGrid {
    let scene = Scene(anchors: [
      anchor("t", x: 20, y: 6, placement: .top, headline: "Top · md", supporting: "Sits above a 3-cell icon.")
    ])
    let layout = SceneLayout(scene: scene, screen: Size(width: 40, height: 10), options: options)
    var grid = CellGrid(size: layout.screen)
    Renderer.draw(layout, state: opened("t", in: layout), into: &grid)
    return grid
  }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  // MARK: - Plain and SGR text

  @Test func plainTextIsTheLinesEachEndedByANewline() {
    var grid = CellGrid(size: Size(width: 6, height: 2))
    grid.write("a界b", at: point(1, 0), style: Style(attributes: .bold))
    grid.write("é", at: point(0, 1), style: .plain)
    // The wide grapheme's continuation cell adds nothing: each row spans six columns.
    #expect(Self.text(grid.plainText()) == " a界b \né     \n")
    #expect(Self.text(grid.plainText()) == grid.lines.map { $0 + "\n" }.joined())
  }

  /// SGR output with its escape sequences removed is the plain text, and every line ends
  /// with a reset so lines stand alone.
  @Test(arguments: [Theme.light, .dark])
  func ansiWithoutEscapesIsThePlainText(_ theme: Theme) {
    let grid = Self.topMedium(renderOptions(theme: theme))
    let ansi = Self.text(grid.ansiText())
    #expect(stripSGR(ansi) == Self.text(grid.plainText()))
    let lines = ansi.split(separator: "\n")
    #expect(lines.count == 10)
    #expect(lines.allSatisfy { $0.hasSuffix("\u{1B}[0m") })
  }

  @Test func ansiUsesTheThemeTokensInTwentyFourBitColour() {
    let light = Self.text(Self.topMedium().ansiText())
    // Light: fill #0E121B, headline #FFFFFF bold, supporting #99A0AE, pointer #0E121B.
    #expect(light.contains("\u{1B}[0;48;2;14;18;27m"))
    #expect(light.contains("\u{1B}[0;1;38;2;255;255;255;48;2;14;18;27mTop · md"))
    #expect(light.contains("\u{1B}[0;38;2;153;160;174;48;2;14;18;27mSits above a 3-cell icon."))
    #expect(light.contains("\u{1B}[0;38;2;14;18;27m▼"))
    let dark = Self.text(Self.topMedium(renderOptions(theme: .dark)).ansiText())
    // Dark under hug: fill #FFFFFF, headline #0E121B, supporting #525866.
    #expect(dark.contains("\u{1B}[0;1;38;2;14;18;27;48;2;255;255;255mTop · md"))
    #expect(dark.contains("\u{1B}[0;38;2;82;88;102;48;2;255;255;255mSits above"))
  }

  @Test func withoutColoursOnlyAttributesAreWritten() {
    let mono = Self.text(Self.topMedium(renderOptions(colors: false)).ansiText())
    #expect(!mono.contains("38;2;"))
    #expect(!mono.contains("48;2;"))
    #expect(mono.contains("\u{1B}[0;7m"))  // body in reverse video
    #expect(mono.contains("\u{1B}[0;1;7mTop · md"))  // headline bold
    #expect(mono.contains("\u{1B}[0;2;7mSits above"))  // supporting dim
  }

  /// A sequence only where the style changes, each a full set starting with its reset; plain
  /// cells at a row's start need none.
  @Test func aSequenceOnlyWhereTheStyleChanges() {
    var grid = CellGrid(size: Size(width: 6, height: 1))
    grid.write("ab", at: point(1, 0), style: Style(attributes: [.bold, .underline]))
    grid.write("c", at: point(3, 0), style: Style(attributes: .bold))
    #expect(Self.text(grid.ansiText()) == " \u{1B}[0;1;4mab\u{1B}[0;1mc\u{1B}[0m  \u{1B}[0m\n")
  }

  // MARK: - SVG

  /// A text element: its cell (from its pixel position) and its grapheme.
  struct Glyph: Hashable {
    var column: Int
    var row: Int
    var text: String
  }

  /// The text elements of `svg`, by cell (cells are 9 x 18 pixels, the baseline 14 down).
  static func glyphs(_ svg: String) -> [Glyph] {
    let element = /<text x="(\d+)" y="(\d+)" fill="#[0-9A-F]{6}"(?: font-weight="bold")?>([^<]*)<\/text>/
    return svg.matches(of: element).map {
      Glyph(column: Int($0.1)! / 9, row: (Int($0.2)! - 14) / 18, text: unescaped(String($0.3)))
    }
  }

  static func unescaped(_ text: String) -> String {
    text.replacing("&lt;", with: "<").replacing("&gt;", with: ">").replacing("&quot;", with: "\"")
      .replacing("&amp;", with: "&")
  }

  @Test(arguments: [Theme.light, .dark])
  func everyVisibleCellIsATextElementAtItsColumn(_ theme: Theme) {
    var grid = Self.topMedium(renderOptions(theme: theme))
    grid.write("界 <&>", at: point(1, 8), style: .plain)
    var expected: Set<Glyph> = []
    for (row, line) in grid.lines.enumerated() {
      var column = 0
      for character in line {
        if !character.isWhitespace { expected.insert(Glyph(column: column, row: row, text: String(character))) }
        column += Text.width(String(character))
      }
    }
    let drawn = Self.glyphs(Self.text(grid.svg(theme: theme)))
    #expect(drawn.count == Set(drawn).count)
    #expect(Set(drawn) == expected)
  }

  @Test func theSizeIsNineByEighteenPixelsACell() {
    let svg = Self.text(CellGrid(size: Size(width: 20, height: 6)).svg(theme: .light))
    #expect(svg.hasPrefix(##"<svg xmlns="http://www.w3.org/2000/svg" width="180" height="108" viewBox="0 0 180 108""##))
    #expect(svg.contains(##"<rect width="180" height="108" fill="#FFFFFF"/>"##))
    #expect(svg.hasSuffix("</svg>\n"))
    let dark = Self.text(CellGrid(size: Size(width: 20, height: 6)).svg(theme: .dark))
    #expect(dark.contains(##"<rect width="180" height="108" fill="#0E121B"/>"##))
  }

  /// The body is one rectangle a row; the light fill #0E121B on a light terminal, the dark
  /// fill #FFFFFF on a dark one.
  @Test(arguments: [(Theme.light, "#0E121B"), (.dark, "#FFFFFF")])
  func theBodyIsOneFilledRectanglePerRow(_ theme: Theme, _ fill: String) {
    let grid = Self.topMedium(renderOptions(theme: theme))
    let body = grid.cells.firstIndex { $0.style.background != nil }.map { Point(x: $0 % 40, y: $0 / 40) }
    #expect(body == point(8, 1))
    let svg = Self.text(grid.svg(theme: theme))
    let rows = svg.matches(of: /<rect x="72" y="(\d+)" width="(\d+)" height="18" fill="(#[0-9A-F]{6})"\/>/)
      .filter { $0.3 == fill }.map { (Int($0.1)! / 18, Int($0.2)! / 9) }
    #expect(rows.map(\.0) == [1, 2, 3, 4])
    #expect(rows.allSatisfy { $0.1 == 27 })
    // The headline bold in the headline colour, the pointer in the fill's colour.
    let headline = theme == .light ? "#FFFFFF" : "#0E121B"
    #expect(svg.contains(##"<text x="81" y="50" fill="\##(headline)" font-weight="bold">T</text>"##))
    #expect(svg.contains(##"<text x="189" y="104" fill="\##(fill)">▼</text>"##))
  }

  /// Reverse video swaps the terminal's colours; dim text is halfway to the background;
  /// underline is a one-pixel rule under the text.
  @Test func reverseDimAndUnderlineAreDrawnAsTheTerminalShowsThem() {
    var grid = CellGrid(size: Size(width: 10, height: 3))
    grid.write("ⅈ", at: point(1, 0), style: Style(attributes: .reverse))
    grid.write("T", at: point(1, 1), style: Style(attributes: .dim))
    grid.write("u", at: point(1, 2), style: Style(attributes: .underline))
    let svg = Self.text(grid.svg(theme: .light))
    #expect(svg.contains(##"<rect x="9" y="0" width="9" height="18" fill="#0E121B"/>"##))
    #expect(svg.contains(##"<text x="9" y="14" fill="#FFFFFF">ⅈ</text>"##))
    // #0E121B halfway to #FFFFFF is #86888D.
    #expect(svg.contains(##"<text x="9" y="32" fill="#86888D">T</text>"##))
    #expect(svg.contains(##"<rect x="9" y="52" width="9" height="1" fill="#0E121B"/>"##))
  }

  @Test func copyIsEscapedForXML() {
    var grid = CellGrid(size: Size(width: 10, height: 1))
    grid.write(#"<b>&"'"#, at: point(0, 0), style: .plain)
    let svg = Self.text(grid.svg(theme: .light))
    for entity in ["&lt;", "b", "&gt;", "&amp;", "&quot;", "'"] {
      #expect(svg.contains(">\(entity)</text>"), "\(entity)")
    }
    #expect(!svg.contains("><</text>") && !svg.contains(">&</text>"))
  }

  @Test func withoutColoursThePictureIsMonochrome() {
    let svg = Self.text(Self.topMedium(renderOptions(colors: false)).svg(theme: .light))
    // Body in reverse video: the terminal's foreground as its background.
    #expect(svg.contains(##"<rect x="72" y="18" width="243" height="18" fill="#0E121B"/>"##))
    #expect(!svg.contains("#99A0AE"))
  }

  // MARK: - Wide characters

  /// Copy in CJK and a wide glyph, with the bubble cut by each edge through a wide character:
  /// every row still spans exactly the screen, in plain text and with SGR removed.
  @Test func wideCharactersKeepTheShape() {
    let scene = Scene(anchors: [
      Anchor(
        id: "w1", position: point(1, 3), placement: .left, headline: "日本語の見出し", supporting: "幅の広い文字が入ります",
        glyph: "界"),
      Anchor(id: "w2", position: point(-2, 2), placement: .right, headline: "全角テキスト", label: "設定"),
      Anchor(id: "w3", position: point(5, 0), placement: .top, headline: "上に切れる", supporting: "漢字"),
      Anchor(id: "w4", position: point(4, -1), placement: .bottom, headline: "下に切れる 😀"),
    ])
    for (width, height) in [(11, 5), (12, 6), (13, 7), (20, 9), (31, 10)] {
      let size = Size(width: width, height: height)
      for id in ["w1", "w2", "w3", "w4"] {
        // The whole screen, and a scene area between a title and a status row.
        for area in [nil, Rect(x: 0, y: 1, width: width, height: height - 2)] {
          let layout = SceneLayout(scene: scene, screen: size, area: area)
          var grid = CellGrid(size: size)
          Renderer.draw(layout, state: opened(id, in: layout), into: &grid)
          for text in [Self.text(grid.plainText()), stripSGR(Self.text(grid.ansiText()))] {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == height + 1 && lines.last == "", "\(size) \(id)")
            #expect(lines.dropLast().allSatisfy { Text.width(String($0)) == width }, "\(size) \(id)")
          }
        }
      }
    }
  }

  /// A wide character cut by the left edge is dropped whole; its visible half is fill.
  @Test func wideCharacterCutByTheLeftEdgeIsDroppedWhole() {
    // Body of "界界" (W = 6, H = 3) left of an sm box at (5, 1): columns -2 ..< 4, rows 0 ..< 3,
    // text from column -1.
    let scene = Scene(anchors: [
      Anchor(id: "c", position: point(5, 1), size: .sm, placement: .left, headline: "界界")
    ])
    let size = Size(width: 8, height: 3)
    let grid = render(scene: scene, state: opened("c", in: SceneLayout(scene: scene, screen: size)), size: size)
    // Row 1: column 0 is the visible half of the first 界 (fill), 界 on 1-2, padding on 3,
    // the pointer on 4 and the glyph on 5.
    #expect(Self.text(grid.plainText()) == "        \n 界 ▶ⅈ  \n        \n")
  }
}
