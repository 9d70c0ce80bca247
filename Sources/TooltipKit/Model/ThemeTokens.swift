/// The four colour roles of a bubble, resolved for one theme and fidelity.
///
/// These are the design file's tokens; `hug` swaps the supporting line's disabled token for a
/// muted one that inverts with the theme.
package struct ThemeTokens: Hashable, Sendable {
  /// bg/strong-950: the body fill.
  package var fill: TerminalColor
  /// fg/strong-950: the pointer glyph (the same value as the fill in both themes).
  package var pointer: TerminalColor
  /// text/white-0: the headline, drawn bold.
  package var headline: TerminalColor
  /// The supporting line: text/disabled-400 under `file`, the muted token under `hug`.
  package var supporting: TerminalColor

  /// Tokens of the program's own: a bubble in its colours rather than the design's.
  ///
  /// Check them with ``contrastShortfalls()`` as `--lint` checks the design's.
  package init(fill: TerminalColor, pointer: TerminalColor, headline: TerminalColor, supporting: TerminalColor) {
    self.fill = fill
    self.pointer = pointer
    self.headline = headline
    self.supporting = supporting
  }

  /// The contrast WCAG AA asks of body text, 4.5:1: text tokens under it on the fill are hard
  /// to read.
  package static let minimumTextContrast = 4.5

  /// The least contrast the fill keeps with the terminal's background, 3:1 (WCAG 2.1 SC 1.4.11,
  /// graphical objects): a bubble under it does not stand out from the screen.
  package static let minimumFillContrast = 3.0

  /// The contrast a design fill must have with a known terminal background, in exact colours,
  /// to be drawn in colour (4.5:1): under it, on a mid grey, the 8- and 16-colour palettes a
  /// terminal really draws (its colours 0 and 7, not xterm's) can take it under
  /// ``minimumFillContrast``, so the bubble is drawn in reverse video instead.
  package static let minimumFillMargin = 4.5

  /// The text roles (headline, supporting line) whose colour on the fill is under
  /// ``minimumTextContrast``, headline first; empty when both read well.
  ///
  /// The same rule `tooltip-tui --lint` applies to the design's tokens, for a program's own.
  package func contrastShortfalls() -> [ContrastShortfall] {
    let roles: [(BubbleLayout.Role, TerminalColor)] = [(.headline, headline), (.supporting, supporting)]
    return roles.compactMap { role, color in
      let ratio = color.rgb.contrast(with: fill.rgb)
      guard ratio < Self.minimumTextContrast else { return nil }
      return ContrastShortfall(role: role, text: color.rgb, fill: fill.rgb, ratio: ratio)
    }
  }

  /// The tokens for `theme` under `fidelity`.
  package init(theme: Theme, fidelity: Fidelity) {
    let ink = RGB(hex: 0x0E121B)
    let white = RGB(hex: 0xFFFFFF)
    let disabled = RGB(hex: 0x99A0AE)
    let mutedDark = RGB(hex: 0x525866)
    switch theme {
    case .light:
      fill = TerminalColor(rgb: ink, basic: 0)
      pointer = fill
      headline = TerminalColor(rgb: white, basic: 7)
      supporting = TerminalColor(rgb: disabled, basic: 7)
    case .dark:
      fill = TerminalColor(rgb: white, basic: 7)
      pointer = fill
      headline = TerminalColor(rgb: ink, basic: 0)
      supporting = TerminalColor(rgb: fidelity == .hug ? mutedDark : disabled, basic: 8)
    }
  }
}

/// A text colour that reads poorly on its bubble's fill: its role, both colours and the
/// contrast ratio.
///
/// Reported by ``ThemeTokens/contrastShortfalls()`` so a program can refuse or warn about
/// colours of its own before a user meets them.
package struct ContrastShortfall: Hashable, Sendable {
  /// The text row's role: headline or supporting line.
  package var role: BubbleLayout.Role
  /// The text colour.
  package var text: RGB
  /// The fill it sits on.
  package var fill: RGB
  /// The WCAG contrast ratio, under ``ThemeTokens/minimumTextContrast``.
  package var ratio: Double

  /// Makes a shortfall.
  package init(role: BubbleLayout.Role, text: RGB, fill: RGB, ratio: Double) {
    self.role = role
    self.text = text
    self.fill = fill
    self.ratio = ratio
  }
}
