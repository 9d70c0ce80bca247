import Testing
import TooltipKit

/// The pointer keeps the background of the cell it is drawn over (a program's coloured row gets
/// no hole of the terminal's default colour) and stays visible on it.
///
/// The frame: a program row (row 6) painted in its own colours before the renderer draws, an
/// md anchor at (10, 5) whose bubble opens below, so its pointer is (11, 6) on that row.
@Suite struct PointerBackgroundTests {
  static let pointer = point(11, 6)
  static let grey = TerminalColor(rgb: rgb(0xC0C0C0), basic: 7)
  static let navy = TerminalColor(rgb: rgb(0x101830), basic: 4)

  /// The frame with row 6 drawn in `row` first; `options` as given.
  static func frame(row: Style, options: RenderOptions = renderOptions()) -> CellGrid {
    let l = layout(
      [anchor("a", x: 10, y: 5, placement: .bottom, headline: "Save", supporting: "To disk")], width: 23, height: 11,
      options: options)
    var grid = CellGrid(size: l.screen)
    grid.fill(rect(0, 6, 23, 1), style: row)
    Renderer.draw(l, state: opened("a", in: l), into: &grid)
    return grid
  }

  @Test func onAProgramsColouredRowThePointerKeepsTheRowsBackground() {
    let grid = Self.frame(row: Style(background: Self.grey))
    let cell = grid[Self.pointer.x, Self.pointer.y]
    #expect(cell.text == "▲")
    #expect(cell.style.background == Self.grey)
    // The fill's colour (BEHAVIOUR 2) shows on light grey: kept.
    #expect(cell.style.foreground?.rgb == rgb(0x0E121B))
  }

  @Test func onABackgroundTooCloseToTheFillThePointerTakesTheHeadlinesColour() {
    // #101830 against the light theme's #0E121B fill is about 1.1:1.
    let grid = Self.frame(row: Style(background: Self.navy))
    let cell = grid[Self.pointer.x, Self.pointer.y]
    #expect(cell.style.background == Self.navy)
    #expect(cell.style.foreground?.rgb == rgb(0xFFFFFF))
    #expect(cell.style.foreground!.rgb.contrast(with: Self.navy.rgb) >= BubbleStyles.minimumPointerContrast)
  }

  @Test func onAReversedRowThePointerStaysReversed() {
    // A highlighted row in reverse video shows its foreground as the background: so does the
    // pointer, its glyph in the fill's colour.
    let grid = Self.frame(row: Style(foreground: Self.grey, attributes: .reverse))
    let style = grid[Self.pointer.x, Self.pointer.y].style
    #expect(style.attributes.contains(.reverse))
    #expect(style.foreground == Self.grey)
    #expect(style.background?.rgb == rgb(0x0E121B))
  }

  @Test func inMonochromeOnAReversedRowThePointerIsReversedToo() {
    let grid = Self.frame(row: Style(attributes: .reverse), options: renderOptions(colors: false))
    #expect(grid[Self.pointer.x, Self.pointer.y].style == Style(attributes: .reverse))
  }

  @Test func onTheDefaultBackgroundThePointerIsTheFillsColour() {
    let grid = Self.frame(row: .plain)
    #expect(
      grid[Self.pointer.x, Self.pointer.y].style == Style(foreground: ThemeTokens(theme: .light, fidelity: .hug).fill))
  }

  @Test(arguments: [Theme.light, .dark])
  func aKnownTerminalBackgroundOfTheOtherKindKeepsThePointerVisible(_ theme: Theme) throws {
    // The light theme's dark pointer on a dark terminal, the dark theme's white one on a white
    // terminal: each switches to the headline's colour, the fill's opposite.
    let terminal = theme == .light ? rgb(0x1E1E1E) : rgb(0xFFFFFF)
    var options = renderOptions(theme: theme)
    options.terminalBackground = terminal
    let grid = Self.frame(row: .plain, options: options)
    let style = grid[Self.pointer.x, Self.pointer.y].style
    #expect(style.background == nil)
    let ink = try #require(style.foreground)
    #expect(ink == ThemeTokens(theme: theme, fidelity: .hug).headline)
    #expect(ink.rgb.contrast(with: terminal) >= BubbleStyles.minimumPointerContrast)
    // A terminal of the theme's own kind keeps the fill's colour.
    options.terminalBackground = theme == .light ? rgb(0xFFFFFF) : rgb(0x1E1E1E)
    let matched = Self.frame(row: .plain, options: options)
    #expect(matched[Self.pointer.x, Self.pointer.y].style.foreground == ThemeTokens(theme: theme, fidelity: .hug).fill)
  }

  @Test func aDimOrBoldCellDoesNotDimOrEmboldenThePointer() {
    let grid = Self.frame(row: Style(background: Self.grey, attributes: [.dim, .bold]))
    #expect(grid[Self.pointer.x, Self.pointer.y].style.attributes == [])
  }
}
