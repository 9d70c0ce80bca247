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
