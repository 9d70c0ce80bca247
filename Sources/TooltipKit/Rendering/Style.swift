/// Text attributes a cell can carry.
///
/// These four are the ones every text terminal has; monochrome rendering is built from them.
public struct Attributes: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public let rawValue: UInt8
  /// Makes attributes from raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold (the headline).
  public static let bold = Attributes(rawValue: 1 << 0)
  /// Dim (disabled anchors; the supporting line in monochrome).
  public static let dim = Attributes(rawValue: 1 << 1)
  /// Reverse video (the selected anchor; the body in monochrome).
  public static let reverse = Attributes(rawValue: 1 << 2)
  /// Underline.
  public static let underline = Attributes(rawValue: 1 << 3)
}

/// How a cell is drawn: foreground and background colours (nil: the terminal's default) and
/// attributes.
///
/// The core names exact colours; the terminal layer picks the nearest its terminal can show.
public struct Style: Hashable, Sendable {
  /// The text colour, or nil for the terminal's default.
  public var foreground: TerminalColor?
  /// The cell colour, or nil for the terminal's default background.
  public var background: TerminalColor?
  /// Bold, dim, reverse, underline.
  public var attributes: Attributes

  /// Makes a style.
  public init(foreground: TerminalColor? = nil, background: TerminalColor? = nil, attributes: Attributes = []) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's own colours with no attribute.
  public static let plain = Style()

  /// Whether two styles draw the same; inlinable for a presenter comparing whole frames.
  @inlinable public static func == (a: Style, b: Style) -> Bool {
    a.attributes == b.attributes && a.foreground == b.foreground && a.background == b.background
  }
}
