import Testing
import TooltipKit

@Suite struct CellGridTests {
  static let red = Style(foreground: TerminalColor(rgb: RGB(hex: 0xFF0000), basic: 1))
  static let fill = Style(background: TerminalColor(rgb: RGB(hex: 0x0E121B), basic: 0))

  /// Every row's display width equals the grid's width, and no continuation is orphaned.
  func expectWellFormed(_ grid: CellGrid, sourceLocation: SourceLocation = #_sourceLocation) {
    for line in grid.lines {
      #expect(
        Text.width(line) == grid.size.width, "row \(line) is not \(grid.size.width) wide",
        sourceLocation: sourceLocation)
    }
    for y in 0..<grid.size.height {
      var expectedContinuations = 0
      for x in 0..<grid.size.width {
        let cell = grid[x, y]
        if expectedContinuations > 0 {
          #expect(
            cell.isContinuation, "(\(x), \(y)) should continue a wide cell",
            sourceLocation: sourceLocation)
          expectedContinuations -= 1
        } else {
          #expect(
            !cell.isContinuation, "(\(x), \(y)) is half of nothing", sourceLocation: sourceLocation)
          expectedContinuations = cell.width - 1
        }
      }
      #expect(
        expectedContinuations == 0, "row \(y) ends inside a wide cell",
        sourceLocation: sourceLocation)
    }
  }

  @Test func newGridIsBlank() {
    let grid = CellGrid(size: Size(width: 4, height: 2))
    #expect(grid.cells.count == 8)
    #expect(grid.cells.allSatisfy { $0 == .blank })
    #expect(grid.cursor == nil)
    #expect(grid.bounds == rect(0, 0, 4, 2))
    expectScreen(
      grid,
      """
          |
          |
      """)
  }

  @Test(arguments: [
    Size(width: -3, height: 2), Size(width: 3, height: -2), Size(width: 0, height: 0),
  ])
  func negativeSidesCountAsZero(size: Size) {
    let grid = CellGrid(size: size)
    #expect(grid.cells.isEmpty)
    #expect(grid.lines.count == max(0, size.height))
    #expect(grid.cell(at: point(0, 0)) == nil)
  }

  @Test func writeStoresGraphemesAndContinuations() {
    var grid = CellGrid(size: Size(width: 8, height: 1))
    let end = grid.write("a中e\u{301}", at: point(1, 0), style: Self.red)
    #expect(end == 5)
    expectScreen(grid, " a中e\u{301}   |")
    #expect(grid[2, 0] == Cell(text: "中", width: 2, style: Self.red))
    #expect(grid[3, 0].isContinuation)
    #expect(grid[3, 0].style == Self.red)
    #expect(grid[4, 0].text == "e\u{301}")
    #expect(grid[5, 0] == .blank)
    expectWellFormed(grid)
  }

  @Test func writeSanitizesStrings() {
    var grid = CellGrid(size: Size(width: 6, height: 1))
    grid.write("\u{1B}[2J", at: point(0, 0), style: .plain)
    expectScreen(grid, "\u{FFFD}[2J  |")
  }

  @Test func writesOutsideTheGridAreDropped() {
    var grid = CellGrid(size: Size(width: 4, height: 2))
    #expect(grid.write("abc", at: point(0, -1), style: .plain) == 3)
    #expect(grid.write("abc", at: point(0, 2), style: .plain) == 3)
    grid.write("abcdef", at: point(-2, 0), style: .plain)
    grid.write("xyz", at: point(2, 1), style: .plain)
    expectScreen(
      grid,
      """
      cdef|
        xy|
      """)
  }

  @Test func wideCharacterCutByTheLeftEdgeIsDroppedWhole() {
    var grid = CellGrid(size: Size(width: 5, height: 1))
    grid.write("中文", at: point(-1, 0), style: Self.fill)
    expectScreen(grid, " 文  |")
    // The visible half is drawn as fill.
    #expect(grid[0, 0] == Cell(text: " ", width: 1, style: Self.fill))
    #expect(grid[1, 0].text == "文")
    expectWellFormed(grid)
  }

  @Test func wideCharacterCutByTheRightEdgeIsDroppedWhole() {
    var grid = CellGrid(size: Size(width: 5, height: 1))
    grid.write("ab中", at: point(2, 0), style: Self.fill)
    expectScreen(grid, "  ab |")
    #expect(grid[4, 0] == Cell(text: " ", width: 1, style: Self.fill))
    expectWellFormed(grid)
  }

  @Test func wideCharacterCutByAClipIsDroppedWhole() {
    var grid = CellGrid(size: Size(width: 8, height: 2))
    let clip = rect(2, 0, 4, 1)  // columns 2...5 of row 0
    grid.write("中文字", at: point(1, 0), style: Self.fill, clip: clip)
    grid.write("outside", at: point(0, 1), style: .plain, clip: clip)
    expectScreen(
      grid,
      """
         文   |
              |
      """)
    #expect(grid[1, 0] == .blank)  // outside the clip: untouched
    #expect(grid[2, 0] == Cell(text: " ", width: 1, style: Self.fill))  // right half of 中
    #expect(grid[5, 0] == Cell(text: " ", width: 1, style: Self.fill))  // left half of 字
    #expect(grid[6, 0] == .blank)
    expectWellFormed(grid)
  }

  @Test func clipOffTheGridWritesNothing() {
    var grid = CellGrid(size: Size(width: 4, height: 1))
    grid.write("abcd", at: point(0, 0), style: .plain, clip: rect(10, 0, 3, 1))
    expectScreen(grid, "    |")
  }

  @Test func overwritingHalfAWideCharacterLeavesNoHalf() {
    var grid = CellGrid(size: Size(width: 6, height: 1))
    grid.write("中文字", at: point(0, 0), style: Self.red)
    grid.write("x", at: point(1, 0), style: .plain)  // the right half of 中
    grid.write("y", at: point(4, 0), style: .plain)  // the left half of 字
    expectScreen(grid, " x文y |")
    #expect(grid[0, 0].text == " ")
    #expect(grid[0, 0].width == 1)
    #expect(grid[5, 0].text == " ")
    #expect(!grid[5, 0].isContinuation)
    expectWellFormed(grid)
  }

  @Test func cutWideCharacterOverAWideOneLeavesNoHalf() {
    var grid = CellGrid(size: Size(width: 4, height: 1))
    grid.write("中文", at: point(0, 0), style: .plain)
    grid.write("字", at: point(-1, 0), style: Self.fill)  // cut: its visible half covers 中's left
    expectScreen(grid, "  文|")
    #expect(grid[0, 0] == Cell(text: " ", width: 1, style: Self.fill))
    #expect(grid[1, 0] == .blank)
    expectWellFormed(grid)
    grid.write("あ", at: point(3, 0), style: Self.fill)  // cut on the right, over 文's right half
    expectScreen(grid, "    |")
    expectWellFormed(grid)
  }

  @Test func wideOverNarrowAndWideOverWide() {
    var grid = CellGrid(size: Size(width: 6, height: 1))
    grid.write("中文字", at: point(0, 0), style: .plain)
    grid.write("あ", at: point(1, 0), style: .plain)  // straddles 中 and 文
    expectScreen(grid, " あ 字|")
    expectWellFormed(grid)
  }

  @Test func fillBlanksTheWideCharactersItCuts() {
    var grid = CellGrid(size: Size(width: 6, height: 2))
    grid.write("中文字", at: point(0, 0), style: .plain)
    grid.write("中文字", at: point(0, 1), style: .plain)
    grid.fill(rect(1, 0, 3, 2), style: Self.fill)  // columns 1...3: right of 中, left of 文
    expectScreen(
      grid,
      """
          字|
          字|
      """)
    for (p, cell) in cells(of: grid, in: rect(1, 0, 3, 2)) {
      #expect(cell == Cell(text: " ", width: 1, style: Self.fill), "\(p)")
    }
    #expect(grid[0, 0] == .blank)
    expectWellFormed(grid)
  }

  @Test func fillIsCroppedAtTheGrid() {
    var grid = CellGrid(size: Size(width: 3, height: 2))
    grid.fill(rect(-2, -2, 4, 3), style: Self.fill)
    #expect(grid[0, 0].style == Self.fill)
    #expect(grid[1, 0].style == Self.fill)
    #expect(grid[2, 0] == .blank)
    #expect(grid[0, 1] == .blank)
    grid.fill(rect(5, 5, 2, 2), style: Self.fill)  // wholly outside: nothing happens
    #expect(grid.cells.filter { $0.style == Self.fill }.count == 2)
  }

  @Test func restyleKeepsText() {
    var grid = CellGrid(size: Size(width: 4, height: 1))
    grid.write("abcd", at: point(0, 0), style: .plain)
    grid.restyle(rect(1, -1, 2, 5)) { $0.attributes.insert(.reverse) }
    expectScreen(grid, "abcd|")
    #expect(grid.cells.map(\.style.attributes) == [[], .reverse, .reverse, []])
    grid.restyle(rect(9, 0, 1, 1)) { $0.attributes = .bold }
    #expect(!grid.cells.contains { $0.style.attributes == .bold })
  }

  @Test func cellAtIsNilOutsideTheGrid() {
    let grid = CellGrid(size: Size(width: 3, height: 2))
    #expect(grid.cell(at: point(2, 1)) == .blank)
    #expect(grid.cell(at: point(3, 1)) == nil)
    #expect(grid.cell(at: point(-1, 0)) == nil)
    #expect(grid.cell(at: point(0, 2)) == nil)
  }
}
