import Testing
import TooltipKit

@testable import tooltip_tui

/// `COLORFGBG` tells the interactive demo the terminal's background: the last field is an
/// index 0 to 15 of xterm's default colours.
@Suite struct TerminalBackgroundTests {
  @Test(arguments: [
    ("15;0", RGB?.some(RGB(hex: 0x000000))), ("0;15", RGB(hex: 0xFFFFFF)), ("15;default;0", RGB(hex: 0x000000)),
    ("0;7", RGB(hex: 0xE5E5E5)), ("default;default", nil), ("15;16", nil), ("", nil), ("15;-1", nil),
  ])
  func colorFGBGNamesTheBackground(_ value: String, _ expected: RGB?) {
    #expect(Options.terminalBackground(colorFGBG: value) == expected)
  }

  @Test func noVariableNoBackground() {
    #expect(Options.terminalBackground(colorFGBG: nil) == nil)
  }

  @Test func theRenderOptionsCarryIt() {
    var options = Options()
    #expect(options.renderOptions().terminalBackground == nil)
    options.terminalBackground = RGB(hex: 0x000000)
    #expect(options.renderOptions().terminalBackground == RGB(hex: 0x000000))
    #expect(options.renderOptions().bubbleStyles.terminalBackground == RGB(hex: 0x000000))
  }
}
