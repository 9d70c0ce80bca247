/// One cell of the grid: a grapheme (or the continuation of a wide one to its left) and its style.
///
/// A grapheme `width` columns wide sits in its first cell; the `width - 1` cells after it are
/// continuations, so a row's text always spans exactly its columns.
@usableFromInline package struct Cell: Hashable, Sendable {
  /// The grapheme drawn here; empty for a continuation cell.
  @usableFromInline package var text: String
  /// The columns the grapheme covers (1 for most, 2 for wide characters), 0 for a continuation.
  @usableFromInline package var width: Int
  /// Colours and attributes.
  @usableFromInline package var style: Style

  /// Makes a cell.
  @usableFromInline package init(text: String, width: Int, style: Style) {
    self.text = text
    self.width = width
    self.style = style
  }

  /// A space in the terminal's own colours.
  @usableFromInline package static let blank = Cell(text: " ", width: 1, style: .plain)

  /// Whether this cell is the right part of a wide grapheme.
  @usableFromInline package var isContinuation: Bool { width == 0 }

  /// Whether two cells draw the same; inlinable so a presenter comparing whole frames pays a
  /// few instructions per cell, not a call.
  @inlinable package static func == (a: Cell, b: Cell) -> Bool {
    a.width == b.width && a.style == b.style && a.text == b.text
  }
}
