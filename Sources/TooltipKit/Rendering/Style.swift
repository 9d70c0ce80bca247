/// Text attributes a cell can carry.
///
/// These four are the ones every text terminal has; monochrome rendering is built from them.
@usableFromInline package struct Attributes: OptionSet, Hashable, Sendable {
  /// The raw bits.
  @usableFromInline package let rawValue: UInt8
  /// Makes attributes from raw bits.
  @usableFromInline package init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold (the headline).
  package static let bold = Attributes(rawValue: 1 << 0)
  /// Dim (disabled anchors; the supporting line in monochrome).
  package static let dim = Attributes(rawValue: 1 << 1)
  /// Reverse video (the selected anchor; the body in monochrome).
  package static let reverse = Attributes(rawValue: 1 << 2)
  /// Underline.
  package static let underline = Attributes(rawValue: 1 << 3)
}

/// How a cell is drawn: its text and background colours (nil: the terminal's default) and
/// whether it is bold, dim, reversed or underlined.
///
/// A program names one for each cell of its own it writes into a ``CellGrid`` (a title, a
/// status line); the core names exact colours and the terminal layer picks the nearest its
/// terminal can show.
public struct Style: Hashable, Sendable {
  /// The text colour, or nil for the terminal's default.
  public var foreground: TerminalColor?
  /// The cell colour, or nil for the terminal's default background.
  public var background: TerminalColor?
  /// Bold, dim, reverse, underline.
  @usableFromInline package var attributes: Attributes

  /// Makes a style from colours and attributes.
  package init(foreground: TerminalColor? = nil, background: TerminalColor? = nil, attributes: Attributes) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// A style in these colours (nil: the terminal's own) with these attributes, all off unless
  /// asked for.
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false, dim: Bool = false,
    reverse: Bool = false, underline: Bool = false
  ) {
    var attributes: Attributes = []
    if bold { attributes.insert(.bold) }
    if dim { attributes.insert(.dim) }
    if reverse { attributes.insert(.reverse) }
    if underline { attributes.insert(.underline) }
    self.init(foreground: foreground, background: background, attributes: attributes)
  }

  /// Whether the text is bold.
  public var bold: Bool {
    get { attributes.contains(.bold) }
    set { set(.bold, newValue) }
  }
  /// Whether the text is dim (faint).
  public var dim: Bool {
    get { attributes.contains(.dim) }
    set { set(.dim, newValue) }
  }
  /// Whether the cell is drawn in reverse video (text and background colours swapped).
  public var reverse: Bool {
    get { attributes.contains(.reverse) }
    set { set(.reverse, newValue) }
  }
  /// Whether the text is underlined.
  public var underline: Bool {
    get { attributes.contains(.underline) }
    set { set(.underline, newValue) }
  }

  private mutating func set(_ attribute: Attributes, _ on: Bool) {
    if on { attributes.insert(attribute) } else { attributes.remove(attribute) }
  }

  /// The terminal's own colours with no attribute: what a blank cell is drawn in.
  public static let plain = Style()

  /// Whether two styles draw the same; inlinable for a presenter comparing whole frames.
  @inlinable public static func == (a: Style, b: Style) -> Bool {
    a.attributes == b.attributes && a.foreground == b.foreground && a.background == b.background
  }
}
