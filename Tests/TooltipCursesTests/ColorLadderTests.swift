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
}
