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

/// A 24-bit colour, as the design tokens give it.
///
/// The terminal layer maps it down its colour ladder; the core keeps the exact value.
public struct RGB: Hashable, Sendable {
  /// The red channel.
  public var red: UInt8
  /// The green channel.
  public var green: UInt8
  /// The blue channel.
  public var blue: UInt8

  /// Makes a colour from its three channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Whether two colours are the same; inlinable for a presenter comparing whole frames.
  @inlinable public static func == (a: RGB, b: RGB) -> Bool {
    a.red == b.red && a.green == b.green && a.blue == b.blue
  }

  /// Makes a colour from 0xRRGGBB.
  public init(hex: UInt32) {
    self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
  }

  /// The WCAG relative luminance, 0 (black) to 1 (white).
  package var luminance: Double {
    func channel(_ value: UInt8) -> Double {
      let c = Double(value) / 255
      return c <= 0.039_28 ? c / 12.92 : pow24((c + 0.055) / 1.055)
    }
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
  }

  /// The WCAG contrast ratio between two colours, 1 to 21.
  package func contrast(with other: RGB) -> Double {
    let a = luminance
    let b = other.luminance
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

/// x^2.4 for x in (0, 1] without a maths library: x^2 times x^0.4, where x^0.4 is the fifth
/// root of x^2, found by Newton's method from 1 (above the root, so it descends to it).
private func pow24(_ x: Double) -> Double {
  guard x > 0 else { return 0 }
  let square = x * x
  var root = 1.0
  for _ in 0..<60 {
    let r4 = root * root * root * root
    let next = root - (r4 * root - square) / (5 * r4)
    if abs(next - root) < 1e-15 { break }
    root = next
  }
  return square * root
}

/// A colour for a cell: an exact 24-bit colour, with the basic ANSI colour (0 to 15) it falls
/// back to on 8- and 16-colour terminals.
///
/// A program names one for the text or the background of a ``Style``; the terminal layer
/// shows the exact colour where the terminal can, else the nearest in its palette, and on a
/// 16-colour terminal the fallback given here (the design names it per role, not as the
/// nearest colour).
public struct TerminalColor: Hashable, Sendable {
  /// The exact colour, for direct-colour and 256-colour terminals.
  @usableFromInline package var rgb: RGB
  /// The ANSI colour index 0 to 15 for 8- and 16-colour terminals (8 to 15 are bright).
  public var basic: UInt8

  /// Makes a terminal colour.
  package init(rgb: RGB, basic: UInt8) {
    self.rgb = rgb
    self.basic = basic
  }

  /// A colour from its red, green and blue channels, shown as `basic` (an ANSI index 0 to 15)
  /// on 8- and 16-colour terminals.
  public init(red: UInt8, green: UInt8, blue: UInt8, basic: UInt8) {
    self.init(rgb: RGB(red: red, green: green, blue: blue), basic: basic)
  }

  /// A colour from 0xRRGGBB, shown as `basic` (an ANSI index 0 to 15) on 8- and 16-colour
  /// terminals.
  public init(hex: UInt32, basic: UInt8) {
    self.init(rgb: RGB(hex: hex), basic: basic)
  }

  /// The red channel of the exact colour.
  public var red: UInt8 { rgb.red }
  /// The green channel of the exact colour.
  public var green: UInt8 { rgb.green }
  /// The blue channel of the exact colour.
  public var blue: UInt8 { rgb.blue }

  /// Whether two colours are the same; inlinable for a presenter comparing whole frames.
  @inlinable public static func == (a: TerminalColor, b: TerminalColor) -> Bool {
    a.basic == b.basic && a.rgb == b.rgb
  }
}

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
