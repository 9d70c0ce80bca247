extension Anchor {
  /// An anchor over `range`, a slice of a line the program writes with its first cell at
  /// `start`: the slice's columns, wide characters counted by the renderer's own widths.
  ///
  /// The program draws the line (``isDrawnByProgram``); the library draws the highlight and
  /// the bubble. Its box starts after the columns of the line before the slice. The arguments
  /// after `supporting` are the main initializer's, with its defaults, so a menu item or a code
  /// in a scrolling line is one expression.
  public init(
    id: String, over range: Substring, at start: Point, placement: Placement, headline: String = "",
    supporting: String = "", trigger: Trigger = .tap, action: Bool? = nil, isTabStop: Bool = true,
    group: String? = nil, viewport: Rect? = nil
  ) {
    let before = Text.width(String(range.base[range.base.startIndex..<range.startIndex]))
    self.init(
      id: id, position: Point(x: start.x + before, y: start.y), placement: placement, headline: headline,
      supporting: supporting, trigger: trigger, boxSize: Size(width: max(1, Text.width(String(range))), height: 1),
      action: action, isTabStop: isTabStop, group: group, isDrawnByProgram: true, viewport: viewport)
  }

  /// An anchor whose headline is `text` in full, over the `width` columns at `start` where the
  /// program writes it cut (``Text/truncate(_:to:ellipsis:)``), or nil when it fits uncut.
  ///
  /// A list item then has a tooltip only while it is truncated; made again after a resize, it
  /// follows the new width.
  ///
  /// A tap on a cut name selects its row, as a tap on a name that fits does: it is the
  /// program's (``leavesTapsToProgram``), and the full text shows by hover, focus, a held press
  /// or `i`. Pass `tapOpens: true` for a tap that opens and pins the full text instead.
  ///
  /// - Parameters:
  ///   - id: the anchor's id.
  ///   - text: the item's whole text, the tooltip's headline.
  ///   - width: the columns the program writes it in.
  ///   - start: the first cell the program writes it at.
  ///   - placement: the side of the item the bubble sits on.
  ///   - tapOpens: whether a tap opens the tooltip (the anchor's own) rather than the program's
  ///     row selection; false by default.
  ///   - viewport: the list's rows, for a list that scrolls (``viewport``).
  ///   - isTabStop: whether Tab stops at it; false for rows the program focuses itself.
  ///   - programKeys: the keys that stay the program's while it is selected (``programKeys``).
  public init?(
    id: String, truncated text: String, width: Int, at start: Point, placement: Placement, tapOpens: Bool = false,
    viewport: Rect? = nil, isTabStop: Bool = true, programKeys: ProgramKeys = []
  ) {
    let full = Text.width(text)
    guard full > width, width > 0 else { return nil }
    self.init(
      id: id, position: start, placement: placement, headline: text,
      boxSize: Size(width: width, height: 1), isTabStop: isTabStop, isDrawnByProgram: true, viewport: viewport,
      programKeys: programKeys, leavesTapsToProgram: !tapOpens)
  }
}
