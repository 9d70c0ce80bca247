/// Where an open bubble's body, pointer and text rows go, in screen cells, before cropping.
///
/// The rects here are exactly where BEHAVIOUR 3 puts them and may run past the screen: drawing and
/// hit testing crop them (``Rect/intersection(_:)``). Only a scene that opts in to
/// ``EdgePolicy/shift`` moves a body first, with `shifted(onto:)`.
public struct BubbleLayout: Hashable, Sendable {
  /// The kind of a text row, which sets its weight and colour.
  package enum Role: Hashable, Sendable {
    /// The headline: bold, text/white-0.
    case headline
    /// The supporting line: muted.
    case supporting
  }

  /// One wrapped row of bubble text and the cell it starts at (body x + 1).
  package struct Row: Hashable, Sendable {
    /// The first cell of the row.
    package var origin: Point
    /// Headline or supporting.
    package var role: Role
    /// The row's display width.
    package let width: Int
    /// The row's slice of the sanitized copy, first unit to last (a run of spaces inside it
    /// draws as one space).
    let slice: Substring

    /// The row's units, built from the copy when asked.
    package var line: TextLine { Text.rowLine(slice) }

    /// The row's text, built from the copy when asked.
    package var text: String { line.text }

    /// The row's first units, up to and including the one that takes them past `columns`:
    /// all that a row cropped `columns` cells after its origin shows.
    func line(upTo columns: Int) -> TextLine { Text.rowLine(slice, upTo: columns) }
  }

  /// The text rows of a bubble, headline rows first, one per line from the body's first text
  /// row down: a collection of ``Row`` values made when read.
  ///
  /// A bubble keeps its cleaned-up copy once and twelve bytes per row, not the rows' drawable
  /// units: a megabyte of copy wraps to tens of thousands of rows, of which a frame draws a
  /// screenful.
  package struct Rows: RandomAccessCollection, Hashable, Sendable {
    /// The first row's first cell.
    let origin: Point
    /// The sanitized headline and supporting line the rows are slices of.
    let headline: Substring
    let supporting: Substring
    /// Where each row lies in its line; the first `headlineCount` are the headline's.
    let spans: [Text.RowSpan]
    let headlineCount: Int

    /// The first row's index, 0.
    package var startIndex: Int { 0 }
    /// One past the last row's index: the number of rows.
    package var endIndex: Int { spans.count }

    /// The row at `index`: its cell, role, width and slice of the copy.
    package subscript(index: Int) -> Row {
      let headline = index < headlineCount
      return Row(
        origin: Point(x: origin.x, y: origin.y + index), role: headline ? .headline : .supporting,
        width: Int(spans[index].width),
        slice: spans[index].slice(of: headline ? self.headline : supporting))
    }
  }

  /// The side of the anchor the bubble sits on.
  package var placement: Placement
  /// The body: text plus one padding cell on every side (one more column under `file` for
  /// bottom, left and right).
  public var body: Rect
  /// The pointer's cell: in the one-cell gap between body and anchor, on the anchor's centre line.
  package var pointer: Point
  /// The pointer glyph, pointing at the anchor.
  package var pointerGlyph: String
  /// The text rows, headline rows first.
  package private(set) var rows: Rows

  /// Lays out the bubble of an anchor whose box is `box`, or returns nil when it has no
  /// visible line (then nothing is drawn and nothing opens).
  ///
  /// A box taller than one row (one a program gave) keeps BEHAVIOUR 3's rules with its height:
  /// bottom bubbles start below its last row, and left and right ones centre on its middle
  /// row (the upper one of two).
  package init?(
    anchor: Anchor,
    box: Rect,
    maxTextWidth: Int?,
    fidelity: Fidelity,
    glyphs: GlyphSet
  ) {
    let headline = Substring(anchor.showHeadline ? Text.sanitize(anchor.headline) : "")
    let supporting = Substring(anchor.showSupporting ? Text.sanitize(anchor.supporting) : "")
    var spans = Text.wrapRanges(headline, width: maxTextWidth)
    let headlineCount = spans.count
    spans += Text.wrapRanges(supporting, width: maxTextWidth)
    let rowCount = spans.count
    guard rowCount > 0 else { return nil }

    let textWidth = Int(spans.reduce(0) { max($0, $1.width) })
    let widens = fidelity == .file && anchor.placement != .top
    let w = textWidth + 2 + (widens ? 1 : 0)
    let h = rowCount + 2
    let ax = box.minX
    let ay = box.minY
    let aw = box.size.width
    let ah = box.size.height
    let cx = ax + (aw - 1) / 2
    let cy = ay + (ah - 1) / 2

    let bodyOrigin: Point
    switch anchor.placement {
    case .top:
      pointer = Point(x: cx, y: ay - 1)
      bodyOrigin = Point(x: cx - (w - 1) / 2, y: ay - 1 - h)
    case .bottom:
      pointer = Point(x: cx, y: ay + ah)
      bodyOrigin = Point(x: cx - (w - 1) / 2, y: ay + ah + 1)
    case .left:
      pointer = Point(x: ax - 1, y: cy)
      bodyOrigin = Point(x: ax - 1 - w, y: cy - (h - 1) / 2)
    case .right:
      pointer = Point(x: ax + aw, y: cy)
      bodyOrigin = Point(x: ax + aw + 1, y: cy - (h - 1) / 2)
    }
    placement = anchor.placement
    body = Rect(origin: bodyOrigin, size: Size(width: w, height: h))
    pointerGlyph = glyphs.pointer(for: anchor.placement)
    rows = Rows(
      origin: Point(x: bodyOrigin.x + 1, y: bodyOrigin.y + 1), headline: headline, supporting: supporting,
      spans: spans, headlineCount: headlineCount)
  }

  /// The same bubble with its body (and text) moved along the cross axis, x for top and bottom,
  /// y for left and right, by the fewest cells that bring it wholly onto a screen of `screen`
  /// cells: BEHAVIOUR 3's opt-in shift.
  ///
  /// The body never moves so far that the pointer leaves its span on that axis (its columns for
  /// top and bottom, its rows for left and right); the pointer keeps its cell, the placement
  /// axis never moves and nothing flips, so what still falls outside is cropped as usual. A
  /// body wider (or taller) than the screen keeps its first column (or row) on the screen's
  /// first. A bubble already wholly on screen on that axis is returned as it is.
  package func shifted(onto screen: Size) -> BubbleLayout {
    let vertical = placement == .top || placement == .bottom
    let start = vertical ? body.minX : body.minY
    let length = vertical ? body.size.width : body.size.height
    let extent = vertical ? screen.width : screen.height
    let pointerAt = vertical ? pointer.x : pointer.y
    // The nearest start that puts the body wholly on screen, or the screen's first cell for a
    // body longer than the screen ...
    let onScreen = length > extent ? 0 : min(max(start, 0), extent - length)
    // ... as far as the pointer allows: it stays between the body's first and last cell.
    let moved = min(max(onScreen, pointerAt - length + 1), pointerAt) - start
    guard moved != 0 else { return self }
    var shifted = self
    let step = vertical ? Point(x: moved, y: 0) : Point(x: 0, y: moved)
    shifted.body.origin = Point(x: body.minX + step.x, y: body.minY + step.y)
    shifted.rows = Rows(
      origin: Point(x: rows.origin.x + step.x, y: rows.origin.y + step.y), headline: rows.headline,
      supporting: rows.supporting, spans: rows.spans, headlineCount: rows.headlineCount)
    return shifted
  }

  /// The smallest rect holding body and pointer: what a program that draws the bubble into a
  /// window of its own must cover, before cropping.
  package var bounds: Rect {
    let minX = min(body.minX, pointer.x)
    let minY = min(body.minY, pointer.y)
    let maxX = max(body.maxX, pointer.x + 1)
    let maxY = max(body.maxY, pointer.y + 1)
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The same bubble moved by `offset` cells: drawn into a grid whose top-left cell is
  /// elsewhere than the screen's (a scratch grid for one bubble, say).
  package func offset(by offset: Point) -> BubbleLayout {
    var moved = self
    moved.body.origin = Point(x: body.minX + offset.x, y: body.minY + offset.y)
    moved.pointer = Point(x: pointer.x + offset.x, y: pointer.y + offset.y)
    moved.rows = Rows(
      origin: Point(x: rows.origin.x + offset.x, y: rows.origin.y + offset.y), headline: rows.headline,
      supporting: rows.supporting, spans: rows.spans, headlineCount: rows.headlineCount)
    return moved
  }

  /// Whether `point` is a cell of the bubble (body or pointer), on screen or not.
  package func contains(_ point: Point) -> Bool {
    point == pointer || body.contains(point)
  }

  /// Whether `point` is on the bubble or on the gap line between it and its anchor: the row
  /// (top, bottom) or column (left, right) of the pointer, over the body's span. With the
  /// anchor's tap target, this is where a pointer keeps a tooltip opened by hover open.
  func hoverableContains(_ point: Point) -> Bool {
    if contains(point) { return true }
    switch placement {
    case .top, .bottom: return point.y == pointer.y && point.x >= body.minX && point.x < body.maxX
    case .left, .right: return point.x == pointer.x && point.y >= body.minY && point.y < body.maxY
    }
  }

  /// The number of the bubble's cells (body and pointer) that fall outside a screen of `size`.
  package func cellsLost(on size: Size) -> Int {
    let screen = Rect(size: size)
    let bodyKept = body.intersection(screen)?.area ?? 0
    return (body.area - bodyKept) + (screen.contains(pointer) ? 0 : 1)
  }

  /// The screen edges the bubble (body or pointer) crosses, in the order left, right, top, bottom.
  package func edgesCrossed(on size: Size) -> [Placement] {
    let minX = min(body.minX, pointer.x)
    let maxX = max(body.maxX, pointer.x + 1)
    let minY = min(body.minY, pointer.y)
    let maxY = max(body.maxY, pointer.y + 1)
    var edges: [Placement] = []
    if minX < 0 { edges.append(.left) }
    if maxX > size.width { edges.append(.right) }
    if minY < 0 { edges.append(.top) }
    if maxY > size.height { edges.append(.bottom) }
    return edges
  }
}
