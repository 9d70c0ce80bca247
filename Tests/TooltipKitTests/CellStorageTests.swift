import Testing
import TooltipKit

/// A cell stores a grapheme of one scalar as the scalar and one of several beside it: what it
/// gives back, compares and draws must be the grapheme it was given, byte for byte.
@Suite struct CellStorageTests {
  static let graphemes = [
    " ", "a", "~", "é", "·", "ⅈ", "界", "─", "€", "😀", "𝒜", "\u{200D}", "\u{FE0F}", "e\u{301}", "👍🏽",
    "👩‍💻", "❤️", "🇫🇷", "a\u{301}\u{302}\u{303}",
  ]

  @Test func everyGraphemeComesBackAsGiven() {
    for grapheme in Self.graphemes {
      let cell = Cell(text: grapheme, width: 1, style: .plain)
      #expect(Array(cell.text.utf8) == Array(grapheme.utf8), "\(grapheme.debugDescription)")
      var changed = Cell.blank
      changed.text = grapheme
      #expect(Array(changed.text.utf8) == Array(grapheme.utf8), "\(grapheme.debugDescription)")
    }
    #expect(Cell(text: "", width: 0, style: .plain).text.isEmpty)
  }

  @Test func theCStringIsTheGraphemesUTF8() {
    for grapheme in Self.graphemes {
      var bytes: [UInt8] = []
      Cell(text: grapheme, width: 1, style: .plain).withCString { pointer in
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
        let x = Cell(text: a, width: 1, style: .plain)
        let y = Cell(text: b, width: 1, style: .plain)
        let same = Array(a.utf8) == Array(b.utf8)
        #expect((x == y) == same, "\(a.debugDescription) against \(b.debugDescription)")
        if same { #expect(x.hashValue == y.hashValue) }
      }
    }
    // Canonically equal spellings are drawn as given, so they are different cells.
    #expect(Cell(text: "é", width: 1, style: .plain) != Cell(text: "e\u{301}", width: 1, style: .plain))
    #expect(Cell(text: "👍🏽", width: 2, style: .plain) != Cell(text: "👍🏽", width: 1, style: .plain))
  }

  @Test func theDisputedWidthIsTheTextsOwnAnswer() {
    for grapheme in Self.graphemes {
      let cell = Cell(text: grapheme, width: 1, style: .plain)
      #expect(cell.hasDisputedWidth == Text.hasDisputedWidth(grapheme), "\(grapheme.debugDescription)")
    }
  }

  /// Past the graphemes found along the list, the table's dictionary finds them: many
  /// distinct graphemes of several scalars each come back as given, and equal ones share a cell.
  @Test func manyGraphemesOfSeveralScalarsStayApart() {
    let graphemes = (0..<200).map {
      "e" + String(Character(Unicode.Scalar(0x300 + $0 % 100)!)) + ($0 < 100 ? "" : "\u{301}")
    }
    let cells = graphemes.map { Cell(text: $0, width: 1, style: .plain) }
    for (grapheme, cell) in zip(graphemes, cells) {
      #expect(Array(cell.text.utf8) == Array(grapheme.utf8))
      #expect(cell == Cell(text: grapheme, width: 1, style: .plain))
    }
    #expect(Set(cells).count == Set(graphemes.map { Array($0.utf8) }).count)
  }

  @Test func isBlankTellsTheBlankCellApart() {
    #expect(Cell.blank.isBlank)
    #expect(Cell(text: " ", width: 1, style: .plain).isBlank)
    #expect(!Cell(text: " ", width: 1, style: Style(attributes: .reverse)).isBlank)
    #expect(!Cell(text: "a", width: 1, style: .plain).isBlank)
    #expect(!Cell(text: " ", width: 2, style: .plain).isBlank)
  }

  /// A cell is 8 bytes with every colour and attribute, and a width up to 127 keeps its value: a grid of
  /// 80x24 cells takes 15 KB, about four pages, each of which every frame's first drawing touches.
  @Test func aCellIsEightBytesAndKeepsItsWidthAndStyle() {
    #expect(MemoryLayout<Cell>.stride == 8)
    let styled = Style(
      foreground: TerminalColor(red: 1, green: 2, blue: 3, basic: 4),
      background: TerminalColor(red: 5, green: 6, blue: 7, basic: 8), bold: true, dim: true, reverse: true,
      underline: true)
    // A pile of joined pictographs can measure more than two columns (terminals that do not join
    // them draw each); past 127 a width is kept as 127.
    for width in [0, 1, 2, 8, 127] {
      let cell = Cell(text: "界", width: width, style: styled)
      #expect(cell.width == width && cell.style == styled)
      var changed = cell
      changed.width = 127 - width
      #expect(changed.width == 127 - width && changed.style == styled && changed.text == "界")
      changed.style = .plain
      #expect(changed.width == 127 - width && changed.style == .plain)
    }
    #expect(Cell(text: "界", width: 500, style: styled).width == 127)
  }

  /// Styles are numbered once each: equal styles give equal cells, different ones (even one
  /// attribute or one colour channel apart) different cells, past the first ones the table finds
  /// by looking along its list too.
  @Test func cellsOfEqualStylesAreEqualAndOthersAreNot() {
    let styles = (0..<300).map { (index: Int) -> Style in
      let foreground = TerminalColor(red: UInt8(index % 256), green: UInt8(index / 256), blue: 9, basic: 1)
      let blue = UInt8(index % 7)
      let background: TerminalColor? = index % 3 == 0 ? nil : TerminalColor(red: 0, green: 0, blue: blue, basic: 2)
      return Style(foreground: foreground, background: background, bold: index % 2 == 0, underline: index % 5 == 0)
    }
    let cells = styles.map { Cell(text: "x", width: 1, style: $0) }
    for (style, cell) in zip(styles, cells) {
      #expect(cell.style == style)
      #expect(Cell(text: "x", width: 1, style: style) == cell)
    }
    #expect(Set(cells).count == styles.count)
    #expect(Cell(text: "x", width: 1, style: Style(bold: true)) != Cell(text: "x", width: 1, style: Style(dim: true)))
    #expect(Cell(text: "x", width: 1, style: Style()) == Cell(text: "x", width: 1, style: .plain))
  }
}
