import Testing
import TooltipKit

/// A grid stores a grapheme of one scalar as the scalar and one of several as its number in the
/// grid's own palette, beside the number of its style: what it gives back, compares and draws
/// must be the grapheme and style it was given, byte for byte, and two grids compare by what
/// they draw however each numbered it.
@Suite struct CellStorageTests {
  static let graphemes = [
    " ", "a", "~", "é", "·", "ⅈ", "界", "─", "€", "😀", "𝒜", "\u{200D}", "\u{FE0F}", "e\u{301}", "👍🏽",
    "👩‍💻", "❤️", "🇫🇷", "a\u{301}\u{302}\u{303}",
  ]

  /// A one-row grid holding `grapheme` at column 0, `width` columns wide, in `style`.
  static func grid(_ grapheme: String, width: Int = 1, style: Style = .plain, columns: Int = 4) -> CellGrid {
    var grid = CellGrid(size: Size(width: columns, height: 1))
    grid.write(TextLine(units: [TextUnit(text: grapheme, width: width)]), at: Point(x: 0, y: 0), style: style)
    return grid
  }

  @Test func everyGraphemeComesBackAsGiven() {
    for grapheme in Self.graphemes {
      let grid = Self.grid(grapheme)
      #expect(Array(grid[0, 0].text.utf8) == Array(grapheme.utf8), "\(grapheme.debugDescription)")
      #expect(Array(grid.text(of: grid.packedCells[0]).utf8) == Array(grapheme.utf8))
    }
    #expect(Self.grid("a", width: 2)[1, 0].text.isEmpty)
  }

  @Test func theCStringIsTheGraphemesUTF8() {
    for grapheme in Self.graphemes {
      let grid = Self.grid(grapheme)
      var bytes: [UInt8] = []
      grid.withCString(of: grid.packedCells[0]) { pointer in
        var p = pointer
        while p.pointee != 0 {
          bytes.append(UInt8(bitPattern: p.pointee))
          p += 1
        }
      }
      #expect(bytes == Array(grapheme.utf8), "\(grapheme.debugDescription)")
    }
  }

  @Test func cellsAreEqualExactlyWhenTheirBytesAre() {
    for a in Self.graphemes {
      for b in Self.graphemes {
        let x = Self.grid(a)
        let y = Self.grid(b)
        let same = Array(a.utf8) == Array(b.utf8)
        #expect((x == y) == same, "\(a.debugDescription) against \(b.debugDescription)")
        #expect((x[0, 0] == y[0, 0]) == same)
        if same { #expect(x.hashValue == y.hashValue) }
      }
    }
    // Canonically equal spellings are drawn as given, so they are different cells.
    #expect(Self.grid("é") != Self.grid("e\u{301}"))
    #expect(Self.grid("👍🏽", width: 2) != Self.grid("👍🏽", width: 1))
  }

  @Test func theDisputedWidthIsTheTextsOwnAnswer() {
    for grapheme in Self.graphemes {
      let grid = Self.grid(grapheme)
      #expect(
        grid.hasDisputedWidth(grid.packedCells[0]) == Text.hasDisputedWidth(grapheme), "\(grapheme.debugDescription)")
      #expect(grid[0, 0].hasDisputedWidth == Text.hasDisputedWidth(grapheme))
    }
  }

  /// Past the graphemes found along the list, the palette's dictionary finds them: many
  /// distinct graphemes of several scalars each come back as given, and equal ones share a number.
  @Test func manyGraphemesOfSeveralScalarsStayApart() {
    let graphemes = (0..<200).map {
      "e" + String(Character(Unicode.Scalar(0x300 + $0 % 100)!)) + ($0 < 100 ? "" : "\u{301}")
    }
    var grid = CellGrid(size: Size(width: 400, height: 1))
    let line = TextLine(units: graphemes.map { TextUnit(text: $0, width: 1) })
    grid.write(line, at: Point(x: 0, y: 0), style: .plain)
    grid.write(line, at: Point(x: 200, y: 0), style: .plain)
    for (index, grapheme) in graphemes.enumerated() {
      #expect(Array(grid[index, 0].text.utf8) == Array(grapheme.utf8))
      #expect(grid.packedCells[index] == grid.packedCells[200 + index])
    }
    #expect(grid.palette.graphemes.count == Set(graphemes.map { Array($0.utf8) }).count)
  }

  @Test func isBlankTellsTheBlankCellApart() {
    #expect(PackedCell.blank.isBlank)
    #expect(Self.grid(" ").packedCells[0].isBlank)
    #expect(!Self.grid(" ", style: Style(attributes: .reverse)).packedCells[0].isBlank)
    #expect(!Self.grid("a").packedCells[0].isBlank)
    #expect(!Self.grid(" ", width: 2).packedCells[0].isBlank)
  }

  /// A cell is 8 bytes with every colour and attribute, and a width up to 127 keeps its value: a grid of
  /// 80x24 cells takes 15 KB, about four pages, each of which every frame's first drawing touches.
  @Test func aCellIsEightBytesAndKeepsItsWidthAndStyle() {
    #expect(MemoryLayout<PackedCell>.stride == 8)
    let styled = Style(
      foreground: TerminalColor(red: 1, green: 2, blue: 3, basic: 4),
      background: TerminalColor(red: 5, green: 6, blue: 7, basic: 8), bold: true, dim: true, reverse: true,
      underline: true)
    // A pile of joined pictographs can measure more than two columns (terminals that do not join
    // them draw each); past 127 a width is kept as 127.
    for width in [1, 2, 8, 127] {
      let grid = Self.grid("界", width: width, style: styled, columns: 127)
      #expect(grid[0, 0].width == width && grid[0, 0].style == styled)
      var changed = grid.packedCells[0]
      changed.width = 127 - width
      #expect(changed.width == 127 - width && grid.style(of: changed) == styled && grid.text(of: changed) == "界")
    }
    var cell = PackedCell(code: 0x754C, width: 500, styleNumber: 3)
    #expect(cell.width == 127 && cell.styleNumber == 3)
    cell.styleNumber = 0
    #expect(cell.width == 127 && cell.styleNumber == 0)
  }

  /// Styles are numbered once each in a grid: equal styles give equal cells, different ones (even
  /// one attribute or one colour channel apart) different cells, past the first ones the palette
  /// finds by looking along its list too.
  @Test func cellsOfEqualStylesAreEqualAndOthersAreNot() {
    let styles = (0..<300).map { (index: Int) -> Style in
      let foreground = TerminalColor(red: UInt8(index % 256), green: UInt8(index / 256), blue: 9, basic: 1)
      let blue = UInt8(index % 7)
      let background: TerminalColor? = index % 3 == 0 ? nil : TerminalColor(red: 0, green: 0, blue: blue, basic: 2)
      return Style(foreground: foreground, background: background, bold: index % 2 == 0, underline: index % 5 == 0)
    }
    var grid = CellGrid(size: Size(width: 600, height: 1))
    for (index, style) in styles.enumerated() {
      grid.write("x", at: Point(x: index, y: 0), style: style)
      grid.write("x", at: Point(x: 300 + index, y: 0), style: style)
    }
    for (index, style) in styles.enumerated() {
      #expect(grid[index, 0].style == style)
      #expect(grid.packedCells[index] == grid.packedCells[300 + index])
    }
    #expect(Set(grid.packedCells.prefix(300)).count == styles.count)
    #expect(Self.grid("x", style: Style(bold: true)) != Self.grid("x", style: Style(dim: true)))
    #expect(Self.grid("x", style: Style()) == Self.grid("x", style: .plain))
  }

  /// Each grid numbers its own styles and graphemes: what one grid draws adds nothing to
  /// another's palette, and two grids that draw the same in a different order are equal, hash
  /// alike, and compare cell for cell once one's cells are numbered as the other numbers them
  /// (what the presenter compares frames by).
  @Test func gridsNumberTheirOwnStylesAndCompareByWhatTheyDraw() {
    let red = Style(foreground: TerminalColor(red: 255, green: 0, blue: 0, basic: 1))
    let blue = Style(background: TerminalColor(red: 0, green: 0, blue: 255, basic: 4), bold: true)
    var first = CellGrid(size: Size(width: 8, height: 1))
    first.write("a👩‍💻", at: Point(x: 0, y: 0), style: red)
    first.write("e\u{301}", at: Point(x: 6, y: 0), style: blue)
    var second = CellGrid(size: Size(width: 8, height: 1))
    second.write("e\u{301}", at: Point(x: 6, y: 0), style: blue)
    second.write("a👩‍💻", at: Point(x: 0, y: 0), style: red)
    #expect(CellGrid(size: Size(width: 8, height: 1)).palette.styles == [.plain])
    #expect(first.palette.styles == [.plain, red, blue] && second.palette.styles == [.plain, blue, red])
    #expect(first.packedCells != second.packedCells)
    #expect(first == second && first.hashValue == second.hashValue)
    #expect(first.cells(of: second) == first.packedCells)
    #expect(second.cells(of: first) == second.packedCells)
    // A style or grapheme the other grid lacks gets a number none of its cells has.
    var third = second
    third.write("🇫🇷", at: Point(x: 6, y: 0), style: Style(attributes: .underline))
    let numbered = first.cells(of: third)!
    #expect(first != third)
    #expect(numbered.indices.filter { numbered[$0] != first.packedCells[$0] } == [6, 7])
  }

  /// A full palette is numbered afresh with what the cells still use before it takes one more,
  /// so any number of styles and graphemes drawn over a grid's life come back as drawn.
  @Test func aFullPaletteIsNumberedAfresh() {
    // Room for the plain style, the two drawn and one more; for the two drawn graphemes and one more.
    let palette = CellPalette(styleCapacity: 4, graphemeCapacity: 3)
    var grid = CellGrid(size: Size(width: 4, height: 1), palette: palette)
    var drawn: [(String, Style)] = []
    for round in 0..<40 {
      let style = Style(foreground: TerminalColor(red: UInt8(round), green: 0, blue: 0, basic: 1))
      let grapheme = "e" + String(Character(Unicode.Scalar(0x300 + round)!))
      let column = round % 2
      grid.write(grapheme, at: Point(x: column, y: 0), style: style)
      if drawn.count < 2 { drawn.append((grapheme, style)) } else { drawn[column] = (grapheme, style) }
      for (x, (text, style)) in drawn.enumerated() {
        #expect(grid[x, 0].text == text && grid[x, 0].style == style, "round \(round), column \(x)")
      }
      #expect(grid.palette.styles.count <= 4 && grid.palette.graphemes.count <= 3)
    }
    // Restyling keeps up with a palette numbered afresh in the middle of it.
    grid.restyle(grid.bounds) { $0.attributes.insert(.bold) }
    for (x, (text, style)) in drawn.enumerated() {
      var bold = style
      bold.attributes.insert(.bold)
      #expect(grid[x, 0].text == text && grid[x, 0].style == bold)
    }
  }
}
