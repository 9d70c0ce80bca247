import Testing
import TooltipKit

/// Colours and attributes of a drawn bubble, asserted apart from its text.
///
/// The bubble here is RendererTests' bottom variant: anchor md at (10, 5) on 23 x 11, so the
/// pointer is (11, 6), the body (7, 7) 9 x 4 (10 x 4 under file), "Save" at (8...11, 8) and
/// "To disk" at (8...14, 9).
@Suite struct BubbleStyleTests {
  static let pointer = point(11, 6)
  static let headlineCells = (8...11).map { point($0, 8) }
  static let supportingCells = (8...14).map { point($0, 9) }

  static func body(_ fidelity: Fidelity) -> Rect { rect(7, 7, fidelity == .file ? 10 : 9, 4) }

  static func frame(
    _ options: RenderOptions, showHeadline: Bool = true, placement: Placement = .bottom
  ) -> CellGrid {
    let l = layout(
      [
        anchor(
          "a", x: 10, y: 5, placement: placement, headline: "Save", supporting: "To disk",
          showHeadline: showHeadline)
      ], width: 23, height: 11, options: options)
    return render(scene: l.scene, state: opened("a", in: l), size: l.screen, options: options)
  }

  struct ColourCase: Sendable, CustomTestStringConvertible {
    var theme: Theme
    var fidelity: Fidelity
    var fill: UInt32
    var headline: UInt32
    var supporting: UInt32
    var testDescription: String { "\(theme) \(fidelity)" }
  }

  // BEHAVIOUR 2: fill bg/strong-950, headline text/white-0 bold, supporting muted (hug: #99A0AE
  // light, #525866 dark) or text/disabled-400 (file: #99A0AE both), pointer = fill colour.
  @Test(arguments: [
    ColourCase(
      theme: .light, fidelity: .hug, fill: 0x0E121B, headline: 0xFFFFFF, supporting: 0x99A0AE),
    ColourCase(
      theme: .dark, fidelity: .hug, fill: 0xFFFFFF, headline: 0x0E121B, supporting: 0x525866),
    ColourCase(
      theme: .light, fidelity: .file, fill: 0x0E121B, headline: 0xFFFFFF, supporting: 0x99A0AE),
    ColourCase(
      theme: .dark, fidelity: .file, fill: 0xFFFFFF, headline: 0x0E121B, supporting: 0x99A0AE),
  ])
  func coloursInBothThemes(_ c: ColourCase) {
    let grid = Self.frame(renderOptions(theme: c.theme, fidelity: c.fidelity))
    let body = Self.body(c.fidelity)
    for (p, cell) in cells(of: grid, in: body) {
      #expect(cell.style.background?.rgb == rgb(c.fill), "fill at \(p)")
    }
    for p in Self.headlineCells {
      let style = grid[p.x, p.y].style
      #expect(style.foreground?.rgb == rgb(c.headline), "headline colour at \(p)")
      #expect(style.attributes.contains(.bold), "headline weight at \(p)")
    }
    for p in Self.supportingCells {
      let style = grid[p.x, p.y].style
      #expect(style.foreground?.rgb == rgb(c.supporting), "supporting colour at \(p)")
      #expect(!style.attributes.contains(.bold), "supporting weight at \(p)")
    }
    // Padding and every other non-text body cell: a space in the fill.
    let text = Set(Self.headlineCells + Self.supportingCells)
    for (p, cell) in cells(of: grid, in: body) where !text.contains(p) {
      #expect(cell.text == " ", "padding at \(p)")
    }
    let pointer = grid[Self.pointer.x, Self.pointer.y]
    #expect(pointer.text == "▲")
    #expect(pointer.style.foreground?.rgb == rgb(c.fill))
    #expect(pointer.style.background == nil)  // on the default background
    // Nothing outside body, pointer and anchor carries a colour: the body is exactly its rect.
    for (p, cell) in cells(of: grid, in: grid.bounds)
    where !body.contains(p) && p != Self.pointer {
      #expect(cell.style.background == nil && cell.style.foreground == nil, "colour at \(p)")
    }
  }

  @Test(arguments: [Theme.light, .dark])
  func fileFidelityKeepsTheTrailingColumnAsFill(theme: Theme) {
    let grid = Self.frame(renderOptions(theme: theme, fidelity: .file))
    let fill = ThemeTokens(theme: theme, fidelity: .file).fill
    for y in 7..<11 {
      #expect(grid[16, y] == Cell(text: " ", width: 1, style: Style(background: fill)))
    }
    // Text still starts at body x + 1.
    #expect(grid[8, 8].text == "S")
  }

  @Test(arguments: [Theme.light, .dark])
  func headlineOffLeavesTheSupportingLineMuted(theme: Theme) {
    let grid = Self.frame(renderOptions(theme: theme), showHeadline: false)
    // Body (7, 7) 9 x 3: "To disk" on row 8.
    #expect(grid.lines[8] == "        To disk        ")
    let muted: UInt32 = theme == .light ? 0x99A0AE : 0x525866
    for x in 8...14 {
      #expect(grid[x, 8].style.foreground?.rgb == rgb(muted))
      #expect(!grid[x, 8].style.attributes.contains(.bold))
    }
  }

  @Test(arguments: Placement.allCases)
  func pointerColourIsTheFillInEveryPlacement(placement: Placement) throws {
    for theme in Theme.allCases {
      let options = renderOptions(theme: theme)
      let grid = Self.frame(options, placement: placement)
      let l = layout([anchor("a", x: 10, y: 5, placement: placement)], width: 23, height: 11)
      let p = try #require(l.bubble(for: "a")).pointer
      let cell = grid[p.x, p.y]
      #expect(cell.text == GlyphSet.unicode.pointer(for: placement))
      #expect(cell.style == Style(foreground: ThemeTokens(theme: theme, fidelity: .hug).fill))
      #expect(cell.style.foreground?.rgb == rgb(theme == .light ? 0x0E121B : 0xFFFFFF))
    }
  }

  @Test(arguments: [Fidelity.hug, .file])
  func monochrome(fidelity: Fidelity) {
    // BEHAVIOUR 8: body reverse video, headline bold, supporting dim, pointer plain; no colour.
    let grid = Self.frame(renderOptions(fidelity: fidelity, colors: false))
    for (p, cell) in cells(of: grid, in: Self.body(fidelity)) {
      #expect(cell.style.attributes.contains(.reverse), "body at \(p)")
    }
    for p in Self.headlineCells {
      #expect(grid[p.x, p.y].style.attributes.contains(.bold))
      #expect(!grid[p.x, p.y].style.attributes.contains(.dim))
    }
    for p in Self.supportingCells {
      #expect(grid[p.x, p.y].style.attributes.contains(.dim))
      #expect(!grid[p.x, p.y].style.attributes.contains(.bold))
    }
    #expect(grid[Self.pointer.x, Self.pointer.y] == Cell(text: "▲", width: 1, style: .plain))
    #expect(grid.cells.allSatisfy { $0.style.foreground == nil && $0.style.background == nil })
  }

  @Test func asciiGlyphsChangeOnlyTheComponentsOwnGlyphs() {
    let l = layout(
      [
        anchor("a", x: 2, y: 1, placement: .right, headline: "▲ ⓘ", supporting: ""),
        anchor("b", x: 2, y: 5, placement: .right, headline: "x", supporting: "", glyph: "★"),
      ], width: 20, height: 7, options: renderOptions(glyphs: .ascii))
    let grid = render(scene: l.scene, state: opened("a", in: l), size: l.screen, options: l.options)
    expectScreen(
      grid,
      """
                          |
         i < ▲ ⓘ          |
                          |
                          |
                          |
         ★                |
                          |
      """)
  }
}
