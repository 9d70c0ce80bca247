/// One drawable piece of text: a grapheme (with any zero-width scalars that follow it) and
/// the number of columns it covers.
///
/// Units are what the cell grid stores one per cell, so measuring and drawing never disagree.
public struct TextUnit: Hashable, Sendable {
  /// The grapheme's characters.
  public var text: String
  /// The columns it covers: the sum of its scalars' display widths, at least 1.
  public var width: Int

  /// Makes a unit from already measured text.
  public init(text: String, width: Int) {
    self.text = text
    self.width = width
  }
}
