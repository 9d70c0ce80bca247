/// A row of text ready to draw: its units and its total display width.
///
/// Wrapping produces these; the layout sizes bodies from `width` and the renderer draws `units`.
public struct TextLine: Hashable, Sendable {
  /// The units, left to right.
  public var units: [TextUnit]
  /// The sum of the units' widths.
  public var width: Int

  /// Makes a line from its units.
  public init(units: [TextUnit]) {
    self.units = units
    self.width = units.reduce(0) { $0 + $1.width }
  }

  /// Measures `text` (sanitizing it first) as one unwrapped line.
  public init(_ text: String) {
    self.init(units: Text.units(Text.sanitize(text)))
  }

  /// The line's characters.
  public var text: String { units.reduce(into: "") { $0 += $1.text } }

  /// The line cut to at most `width` columns, ending in `ellipsis` when cut: the units that
  /// fit before the ellipsis, then the ellipsis (nothing when `width` is narrower than it).
  public func truncated(to width: Int, ellipsis: String) -> TextLine {
    guard self.width > width else { return self }
    let mark = TextLine(ellipsis)
    var kept: [TextUnit] = []
    var used = 0
    for unit in units {
      if used + unit.width > width - mark.width { break }
      kept.append(unit)
      used += unit.width
    }
    return TextLine(units: width >= mark.width ? kept + mark.units : kept)
  }
}
