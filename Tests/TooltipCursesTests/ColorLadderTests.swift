import Testing
import TooltipCurses
import TooltipKit

@Suite struct ColorLadderTests {
  @Test(arguments: [
    (UInt32(0x0E121B), 233),
    (0x99A0AE, 247),
    (0x525866, 240),
    (0xFFFFFF, 231),
    (0x000000, 16),
    (0xFF0000, 196),
    (0x808080, 244),
  ])
  func nearestPaletteEntry(_ hex: UInt32, _ index: Int) {
    #expect(ColorLadder.nearest256(RGB(hex: hex)) == index)
  }

  @Test func paletteEntriesAreXterms() {
    #expect(ColorLadder.paletteColor(16) == RGB(hex: 0x000000))
    #expect(ColorLadder.paletteColor(231) == RGB(hex: 0xFFFFFF))
    #expect(ColorLadder.paletteColor(196) == RGB(hex: 0xFF0000))
    #expect(ColorLadder.paletteColor(232) == RGB(hex: 0x080808))
    #expect(ColorLadder.paletteColor(255) == RGB(hex: 0xEEEEEE))
  }

  struct LevelCase: Sendable, CustomTestStringConvertible {
    var noColor: String?
    var hasColors: Bool
    var colors: Int
    var direct: Bool
    var level: ColorLevel
    var testDescription: String { "NO_COLOR=\(noColor ?? "unset") colors=\(colors) RGB=\(direct) -> \(level)" }
  }

  @Test(arguments: [
    LevelCase(noColor: nil, hasColors: true, colors: 1 << 24, direct: false, level: .direct),
    LevelCase(noColor: nil, hasColors: true, colors: 256, direct: true, level: .direct),
    LevelCase(noColor: nil, hasColors: true, colors: 256, direct: false, level: .palette256),
    LevelCase(noColor: nil, hasColors: true, colors: 88, direct: false, level: .basic16),
    LevelCase(noColor: nil, hasColors: true, colors: 16, direct: false, level: .basic16),
    LevelCase(noColor: nil, hasColors: true, colors: 8, direct: false, level: .basic8),
    LevelCase(noColor: nil, hasColors: true, colors: 2, direct: false, level: .none),
    LevelCase(noColor: nil, hasColors: false, colors: 256, direct: false, level: .none),
    LevelCase(noColor: "1", hasColors: true, colors: 1 << 24, direct: true, level: .none),
    LevelCase(noColor: "", hasColors: true, colors: 256, direct: false, level: .palette256),
  ])
  func ladderRung(_ c: LevelCase) {
    #expect(
      ColorLadder.level(noColor: c.noColor, hasColors: c.hasColors, colors: c.colors, directFlag: c.direct) == c.level)
  }

  let lightFill = ThemeTokens(theme: .light, fidelity: .hug).fill
  let darkSupporting = ThemeTokens(theme: .dark, fidelity: .hug).supporting

  @Test func directColourIsTheRGBValue() {
    let ladder = ColorLadder(level: .direct)
    #expect(ladder.map(lightFill, isForeground: false) == .init(number: 0x0E121B))
    // Direct-colour terminfo reads numbers below 8 as ANSI colours: near-blacks are nudged.
    #expect(ColorLadder.directNumber(RGB(hex: 0x000005)) == 8)
  }

  @Test func paletteColourIsTheNearestEntry() {
    let ladder = ColorLadder(level: .palette256)
    #expect(ladder.map(lightFill, isForeground: false) == .init(number: 233))
    #expect(ladder.map(darkSupporting, isForeground: true) == .init(number: 240))
  }

  @Test func sixteenColoursUseTheDesignsBasicIndex() {
    let ladder = ColorLadder(level: .basic16)
    #expect(ladder.map(lightFill, isForeground: false) == .init(number: 0))
    #expect(ladder.map(darkSupporting, isForeground: true) == .init(number: 8))
  }

  @Test func brightTextOnEightColoursIsItsPlainTwinDimmed() {
    let ladder = ColorLadder(level: .basic8)
    #expect(ladder.map(darkSupporting, isForeground: true) == .init(number: 0, dim: true))
    #expect(ladder.map(darkSupporting, isForeground: false) == .init(number: 0, dim: false))
    #expect(ladder.map(lightFill, isForeground: false) == .init(number: 0))
  }

  @Test func noColourMapsNothing() {
    #expect(ColorLadder(level: .none).map(lightFill, isForeground: false) == nil)
  }

  // MARK: - Text as the terminal shows it

  /// xterm's default palette, colours 0 to 15 (its `XTerm*color0` to `color15` resources).
  static let xtermPalette: [UInt32] = [
    0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
    0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
  ]

  /// The colour xterm shows for colour number `number` at `level`: bold text in colours 0 to 7
  /// takes the bright twin (`boldColors`, on by default), faint text two thirds of each channel.
  static func shown(_ number: Int32, level: ColorLevel, bold: Bool = false, dim: Bool = false) -> RGB {
    var rgb: RGB
    switch level {
    case .basic8, .basic16:
      rgb = RGB(hex: xtermPalette[Int(bold && number < 8 ? number + 8 : number)])
    case .palette256:
      rgb = ColorLadder.paletteColor(Int(number))
    case .direct, .none:
      rgb = RGB(hex: UInt32(number))
    }
    if dim {
      rgb = RGB(
        red: UInt8(Int(rgb.red) * 2 / 3), green: UInt8(Int(rgb.green) * 2 / 3), blue: UInt8(Int(rgb.blue) * 2 / 3))
    }
    return rgb
  }

  struct TextCase: Sendable, CustomTestStringConvertible {
    var theme: Theme
    var fidelity: Fidelity
    var level: ColorLevel
    var testDescription: String { "\(theme) \(fidelity) at \(level)" }
  }

  /// Both themes and fidelities at 8 and 16 colours; at 256 and direct colour, `hug` (`file`
  /// draws the design file's own grey there, 2.6:1 on purpose).
  static let textCases: [TextCase] = [Theme.light, .dark].flatMap { theme in
    [ColorLevel.basic8, .basic16].flatMap { level in
      [Fidelity.hug, .file].map { TextCase(theme: theme, fidelity: $0, level: level) }
    } + [ColorLevel.palette256, .direct].map { TextCase(theme: theme, fidelity: .hug, level: $0) }
  }

  /// Every text of a bubble, as the ladder draws it and xterm shows it, reads at WCAG AA on
  /// the fill it sits on.
  @Test(arguments: textCases)
  func bubbleTextReadsAtAAAsXtermShowsIt(_ c: TextCase) throws {
    let styles = BubbleStyles(RenderOptions(theme: c.theme, fidelity: c.fidelity))
    let ladder = ColorLadder(level: c.level)
    let fill = try #require(ladder.map(styles.fill).background)
    for (role, style) in [("headline", styles.headline), ("supporting", styles.supporting)] {
      let drawn = ladder.map(style)
      let text = try #require(drawn.foreground)
      #expect(drawn.background == fill, "\(role) sits on the body's fill")
      let shownText = Self.shown(
        text, level: c.level, bold: drawn.attributes.contains(.bold), dim: drawn.attributes.contains(.dim))
      let shownFill = Self.shown(fill, level: c.level)
      let ratio = shownText.contrast(with: shownFill)
      #expect(ratio >= 4.5, "\(role): \(shownText) on \(shownFill) reads \(ratio):1")
    }
  }

  /// The design's choice is kept wherever it reads: the light theme's headline stays bold
  /// white; only the dark theme's bold black, which xterm shows grey (3.2:1), loses its bold.
  @Test func theDesignIsKeptWhereItReads() {
    let light = BubbleStyles(RenderOptions(theme: .light))
    let dark = BubbleStyles(RenderOptions(theme: .dark))
    for level in [ColorLevel.basic8, .basic16] {
      let ladder = ColorLadder(level: level)
      #expect(ladder.map(light.headline) == (7, 0, [.bold]) as (Int32?, Int32?, Attributes))
      #expect(ladder.map(light.supporting) == (7, 0, []) as (Int32?, Int32?, Attributes))
      #expect(ladder.map(dark.headline) == (0, 7, []) as (Int32?, Int32?, Attributes))
    }
    #expect(ColorLadder(level: .basic8).map(dark.supporting) == (0, 7, [.dim]) as (Int32?, Int32?, Attributes))
    // 16 colours: grey (8) on light grey is 3.2:1, so the supporting line is black.
    #expect(ColorLadder(level: .basic16).map(dark.supporting) == (0, 7, []) as (Int32?, Int32?, Attributes))
    // 256 colours and direct colour keep bold: xterm brightens only colours 0 to 7.
    #expect(ColorLadder(level: .palette256).map(dark.headline).attributes == [.bold])
  }

  /// Styles that are not text on a fill are mapped colour by colour, as before.
  @Test func theFillAndThePointerAreMappedAlone() {
    let dark = BubbleStyles(RenderOptions(theme: .dark))
    let ladder = ColorLadder(level: .basic8)
    #expect(ladder.map(dark.fill) == (nil, 7, []) as (Int32?, Int32?, Attributes))
    #expect(ladder.map(dark.pointer) == (7, nil, []) as (Int32?, Int32?, Attributes))
    #expect(ColorLadder(level: .none).map(dark.headline) == (nil, nil, [.bold]) as (Int32?, Int32?, Attributes))
  }
}
