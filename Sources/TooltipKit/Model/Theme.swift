/// The light or dark appearance of the design system: a dark bubble on a light screen, or a
/// light one on a dark screen.
///
/// A program picks the one that stands out on its own background (``RenderOptions/theme``);
/// a theme toggle only recolours, it never moves anything.
public enum Theme: String, CaseIterable, Hashable, Sendable {
  /// Dark bubble on a light screen.
  case light
  /// Light bubble on a dark screen.
  case dark
}

extension Theme {
  /// The design theme whose bubble stands out on a terminal whose default background is
  /// `background` (what it answered to ``TerminalQuery/background``, or what `COLORFGBG` says):
  /// dark on a dark background, light on a light one.
  ///
  /// Most terminals start dark, where the light theme's near-black fill disappears (1.1:1 on
  /// black). The theme whose fill contrasts more with the background is taken, which is a
  /// threshold on its relative luminance (about 0.19, the grey #797979). Off the mid greys
  /// around it (#777777 to #7C7C7C, where the bubble is drawn in reverse video, see
  /// ``RenderOptions/terminalBackground``) the fill keeps at least 4.5:1 in 24-bit and 256
  /// colours and 3.5:1 in 16 and 8 (xterm's palette). A choice of the user's or the program's
  /// (`--theme`, a key, its own ``RenderOptions/theme``) wins over it.
  public init(background: RGB) {
    let light = ThemeTokens(theme: .light, fidelity: .hug).fill.rgb.contrast(with: background)
    let dark = ThemeTokens(theme: .dark, fidelity: .hug).fill.rgb.contrast(with: background)
    self = dark >= light ? .dark : .light
  }

  /// Whether neither design theme's fill stands out on `background` by
  /// ``ThemeTokens/minimumFillMargin``: a mid grey (luminance about 0.18 to 0.20, #777777 to
  /// #7C7C7C), where the fill of either theme, drawn in a terminal's own 8 or 16 colours, can
  /// fall under 3:1. The bubble is then drawn in reverse video (``RenderOptions/terminalBackground``).
  package static func neitherStandsOut(on background: RGB) -> Bool {
    Theme.allCases.allSatisfy {
      ThemeTokens(theme: $0, fidelity: .hug).fill.rgb.contrast(with: background) < ThemeTokens.minimumFillMargin
    }
  }
}
