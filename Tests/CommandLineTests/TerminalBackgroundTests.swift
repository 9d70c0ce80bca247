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
    #expect(RGB(colorFGBG: value) == expected)
  }

  @Test func theRenderOptionsCarryIt() {
    var options = Options()
    #expect(options.renderOptions().terminalBackground == nil)
    options.terminalBackground = RGB(hex: 0x000000)
    #expect(options.renderOptions().terminalBackground == RGB(hex: 0x000000))
    #expect(options.renderOptions().bubbleStyles.terminalBackground == RGB(hex: 0x000000))
  }
}

/// Issue 43: with no `--theme`, the interactive demo's theme follows the terminal: its answer to
/// the background query (which may come after the first frame), else `COLORFGBG`, else light;
/// a choice (`--theme`, `t`) always wins, and the title row says which theme and why.
@Suite struct ThemeFollowsTheTerminalTests {
  static func model(_ arguments: [String] = ["--scene", "form"], colorFGBG: String? = nil) throws -> DemoModel {
    var options = try Options.parse(arguments)
    options.terminalBackground = colorFGBG.flatMap { RGB(colorFGBG: $0) }
    options.followEnvironment()
    return DemoModel(scenes: try options.loadScenes(), options: options, screen: Size(width: 120, height: 24))
  }

  static func title(_ model: DemoModel) -> String { model.frame().lines[0] }

  /// The fill of Publish's open bubble in `model`'s frame.
  static func fill(_ model: DemoModel) throws -> TerminalColor? {
    var model = model
    model.open("publish")
    let bubble = try #require(model.state.openBubble(model.layout))
    return model.frame()[bubble.body.minX, bubble.body.minY].style.background
  }

  @Test func withNothingSaidTheThemeIsLight() throws {
    let model = try Self.model()
    #expect(model.render.theme == .light)
    #expect(Self.title(model).contains("· light ·"))
  }

  @Test(arguments: [("15;0", Theme.dark), ("0;15", .light), ("15;default;0", .dark), ("default;default", .light)])
  func colorFGBGChoosesTheTheme(_ value: String, _ theme: Theme) throws {
    let model = try Self.model(colorFGBG: value)
    #expect(model.render.theme == theme)
    let named = value == "default;default" ? "· light ·" : "· \(theme.rawValue) (COLORFGBG) ·"
    #expect(Self.title(model).contains(named), "\(Self.title(model))")
  }

  @Test func theTerminalsAnswerReThemesAndRepaints() throws {
    var model = try Self.model(colorFGBG: "0;15")
    #expect(try Self.fill(model) == ThemeTokens(theme: .light, fidelity: .hug).fill)
    // kitty's answer, after the first frame: dark, and the pointer's rule knows the colour.
    #expect(model.handle(.terminalBackground(RGB(hex: 0x000000))) == .draw)
    #expect(model.render.theme == .dark)
    #expect(model.layout.options.theme == .dark)
    #expect(model.layout.options.terminalBackground == RGB(hex: 0x000000))
    #expect(Self.title(model).contains("· dark (terminal) ·"))
    #expect(model.frame().lines.last?.contains("dark theme: the terminal's background is #000000") == true)
    #expect(try Self.fill(model) == ThemeTokens(theme: .dark, fidelity: .hug).fill)
    // The DA1 fence changes nothing.
    #expect(model.handle(.deviceAttributes) == .unchanged)
  }

  @Test func aChoiceWinsOverTheTerminal() throws {
    var chosen = try Self.model(["--scene", "form", "--theme", "light"], colorFGBG: "15;0")
    #expect(chosen.render.theme == .light)
    _ = chosen.handle(.terminalBackground(RGB(hex: 0x000000)))
    #expect(chosen.render.theme == .light)
    #expect(chosen.render.terminalBackground == RGB(hex: 0x000000))
    #expect(Self.title(chosen).contains("· light ·"))

    var toggled = try Self.model()
    _ = toggled.handle(.terminalBackground(RGB(hex: 0x000000)))
    _ = toggled.handle(.key(.character("t")))
    #expect(toggled.render.theme == .light)
    _ = toggled.handle(.terminalBackground(RGB(hex: 0x111111)))
    #expect(toggled.render.theme == .light)
    #expect(Self.title(toggled).contains("· light ·"))
  }
}
