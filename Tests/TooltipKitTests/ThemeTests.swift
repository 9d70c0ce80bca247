import Testing
import TooltipKit

@Suite struct ThemeTests {
  struct TokenCase: Sendable, CustomTestStringConvertible {
    var theme: Theme
    var fidelity: Fidelity
    var fill: (UInt32, UInt8)
    var headline: (UInt32, UInt8)
    var supporting: (UInt32, UInt8)
    var testDescription: String { "\(theme) \(fidelity)" }
  }

  // BEHAVIOUR 2's tokens, and BEHAVIOUR 8's 8/16-colour roles: light: fill black, headline white,
  // supporting white; dark: fill white, headline black, supporting bright black.
  @Test(arguments: [
    TokenCase(
      theme: .light, fidelity: .hug, fill: (0x0E121B, 0), headline: (0xFFFFFF, 7),
      supporting: (0x99A0AE, 7)),
    TokenCase(
      theme: .light, fidelity: .file, fill: (0x0E121B, 0), headline: (0xFFFFFF, 7),
      supporting: (0x99A0AE, 7)),
    TokenCase(
      theme: .dark, fidelity: .hug, fill: (0xFFFFFF, 7), headline: (0x0E121B, 0),
      supporting: (0x525866, 8)),
    TokenCase(
      theme: .dark, fidelity: .file, fill: (0xFFFFFF, 7), headline: (0x0E121B, 0),
      supporting: (0x99A0AE, 8)),
  ])
  func tokens(_ c: TokenCase) {
    let t = ThemeTokens(theme: c.theme, fidelity: c.fidelity)
    #expect(t.fill == TerminalColor(rgb: rgb(c.fill.0), basic: c.fill.1))
    #expect(t.pointer == t.fill)
    #expect(t.headline == TerminalColor(rgb: rgb(c.headline.0), basic: c.headline.1))
    #expect(t.supporting == TerminalColor(rgb: rgb(c.supporting.0), basic: c.supporting.1))
  }

  @Test func hugSupportingLineReadsAtSevenToOneInBothThemes() {
    for theme in Theme.allCases {
      let t = ThemeTokens(theme: theme, fidelity: .hug)
      let ratio = t.supporting.rgb.contrast(with: t.fill.rgb)
      #expect(ratio >= 7.0 && ratio < 7.2, "\(theme): \(ratio)")
    }
  }

  @Test func fileSupportingLineFailsAAInDarkMode() {
    let t = ThemeTokens(theme: .dark, fidelity: .file)
    let ratio = t.supporting.rgb.contrast(with: t.fill.rgb)
    #expect(ratio > 2.5 && ratio < 2.7, "\(ratio)")
    #expect(ratio < 4.5)
  }

  @Test func contrastIsSymmetricAndBounded() {
    let black = rgb(0x000000)
    let white = rgb(0xFFFFFF)
    #expect(abs(black.contrast(with: white) - 21) < 1e-9)
    #expect(white.contrast(with: black) == black.contrast(with: white))
    #expect(white.contrast(with: white) == 1)
    #expect(black.luminance == 0)
    #expect(abs(white.luminance - 1) < 1e-12)
    // A mid grey: (0x80 / 255 + 0.055) / 1.055, raised to 2.4, is 0.2158605.
    #expect(abs(rgb(0x808080).luminance - 0.215_860_5) < 1e-6)
    // Below the linear threshold: 10 / 255 / 12.92.
    #expect(abs(rgb(0x0A0A0A).luminance - 10.0 / 255 / 12.92) < 1e-12)
  }

  @Test func hexSplitsIntoChannels() {
    #expect(rgb(0x0E121B) == RGB(red: 0x0E, green: 0x12, blue: 0x1B))
    #expect(rgb(0x99A0AE) == RGB(red: 0x99, green: 0xA0, blue: 0xAE))
  }

  @Test func defaults() {
    let o = RenderOptions()
    #expect(o.theme == .light)
    #expect(o.fidelity == .hug)
    #expect(o.glyphs == .unicode)
    #expect(o.colors)
    #expect(o.highlightsSelection)
    #expect(Scene(anchors: []).maxTextWidth == 30)
    let a = Anchor(id: "a", position: point(0, 0), placement: .top)
    #expect(a.size == .md)
    #expect(a.showHeadline && a.showSupporting)
    #expect(a.trigger == .tap)
    #expect(!a.isDisabled)
    #expect(a.glyph == nil && a.label == nil)
    #expect(!a.hasAction)
    #expect(Anchor(id: "p", position: point(0, 0), placement: .top, label: "Publish").hasAction)
    #expect(
      !Anchor(id: "p", position: point(0, 0), placement: .top, isDisabled: true, label: "Go")
        .hasAction)
  }

  @Test func sceneFindsAnchorsById() {
    let scene = Scene(anchors: [anchor("a", x: 0, y: 0), anchor("b", x: 5, y: 0)])
    #expect(scene.anchor(id: "b")?.position == point(5, 0))
    #expect(scene.anchor(id: "c") == nil)
  }

  @Test func visibleLinesAreTheHintInDrawingOrder() {
    let a = anchor("a", x: 0, y: 0, headline: "  Save ", supporting: "Saved\u{1B} to disk ")
    #expect(a.visibleLines == ["Save", "Saved\u{FFFD} to disk"])
    #expect(anchor("a", x: 0, y: 0, showHeadline: false).visibleLines == ["Saved to disk"])
    #expect(anchor("a", x: 0, y: 0, showSupporting: false).visibleLines == ["Save"])
    #expect(anchor("a", x: 0, y: 0, headline: " ", supporting: "").visibleLines == [])
  }
}
