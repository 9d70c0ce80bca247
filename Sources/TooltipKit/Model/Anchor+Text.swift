extension Anchor {
  /// An anchor over `range`, a slice of a line the program writes with its first cell at
  /// `start`: the slice's columns, wide characters counted by the renderer's own widths.
  ///
  /// The program draws the line (``isDrawnByProgram``); the library draws the highlight and
  /// the bubble. Its box starts after the columns of the line before the slice.
  public init(
    id: String, over range: Substring, at start: Point, placement: Placement, headline: String = "",
    supporting: String = ""
  ) {
    let before = Text.width(String(range.base[range.base.startIndex..<range.startIndex]))
    self.init(
      id: id, position: Point(x: start.x + before, y: start.y), placement: placement, headline: headline,
      supporting: supporting, boxSize: Size(width: max(1, Text.width(String(range))), height: 1))
    isDrawnByProgram = true
  }

  /// An anchor whose headline is `text` in full, over the `width` columns at `start` where the
  /// program writes it cut (``Text/truncate(_:to:ellipsis:)``), or nil when it fits uncut.
  ///
  /// A list item then has a tooltip only while it is truncated; made again after a resize, it
  /// follows the new width.
  public init?(id: String, truncated text: String, width: Int, at start: Point, placement: Placement) {
    let full = Text.width(text)
    guard full > width, width > 0 else { return nil }
    self.init(
      id: id, position: start, placement: placement, headline: text,
      boxSize: Size(width: width, height: 1))
    isDrawnByProgram = true
  }
}
