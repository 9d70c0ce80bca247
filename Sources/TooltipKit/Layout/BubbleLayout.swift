/// Where an open bubble's body, pointer and text rows go, in screen cells, before cropping.
///
/// The rects here are exactly where SPEC 3 puts them and may run past the screen: drawing and
/// hit testing crop them (``Rect/intersection(_:)``); nothing ever shifts them.
public struct BubbleLayout: Hashable, Sendable {
  /// The kind of a text row, which sets its weight and colour.
  public enum Role: Hashable, Sendable {
    /// The headline: bold, text/white-0.
    case headline
    /// The supporting line: muted.
    case supporting
  }

  /// One wrapped row of bubble text and the cell it starts at (body x + 1).
  public struct Row: Hashable, Sendable {
    /// The first cell of the row.
    public var origin: Point
    /// The row's text.
    public var line: TextLine
    /// Headline or supporting.
    public var role: Role
  }

  /// A screen edge a bubble can cross.
  public enum Edge: String, CaseIterable, Hashable, Sendable {
    /// Column 0's outer side.
    case left
    /// The last column's outer side.
    case right
    /// Row 0's outer side.
    case top
    /// The last row's outer side.
    case bottom
  }

  /// The side of the anchor the bubble sits on.
  public var placement: Placement
  /// The body: text plus one padding cell on every side (one more column under `file` for
  /// bottom, left and right).
  public var body: Rect
  /// The pointer's cell: in the one-cell gap between body and anchor, on the anchor's centre line.
  public var pointer: Point
  /// The pointer glyph, pointing at the anchor.
  public var pointerGlyph: String
  /// The text rows, headline rows first.
  public var rows: [Row]

  /// Lays out the bubble of an anchor whose box is `box`, or returns nil when it has no
  /// visible line (then nothing is drawn and nothing opens).
  ///
  /// A box taller than one row (one a program gave) keeps SPEC 3's rules with its height:
  /// bottom bubbles start below its last row, and left and right ones centre on its middle
  /// row (the upper one of two).
  public init?(
    anchor: Anchor,
    box: Rect,
    maxTextWidth: Int?,
    fidelity: Fidelity,
    glyphs: GlyphSet
  ) {
    var lines: [(TextLine, Role)] = []
    if anchor.showHeadline {
      for line in Text.wrap(Text.sanitize(anchor.headline), width: maxTextWidth) {
        lines.append((line, .headline))
      }
    }
    if anchor.showSupporting {
      for line in Text.wrap(Text.sanitize(anchor.supporting), width: maxTextWidth) {
        lines.append((line, .supporting))
      }
    }
    guard !lines.isEmpty else { return nil }

    let textWidth = lines.reduce(0) { max($0, $1.0.width) }
    let widens = fidelity == .file && anchor.placement != .top
    let w = textWidth + 2 + (widens ? 1 : 0)
    let h = lines.count + 2
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
    rows = lines.enumerated().map { i, entry in
      Row(origin: Point(x: bodyOrigin.x + 1, y: bodyOrigin.y + 1 + i), line: entry.0, role: entry.1)
    }
  }

  /// The smallest rect holding body and pointer: what a program that draws the bubble into a
  /// window of its own must cover, before cropping.
  public var bounds: Rect {
    let minX = min(body.minX, pointer.x)
    let minY = min(body.minY, pointer.y)
    let maxX = max(body.maxX, pointer.x + 1)
    let maxY = max(body.maxY, pointer.y + 1)
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// The same bubble moved by `offset` cells: drawn into a grid whose top-left cell is
  /// elsewhere than the screen's (a scratch grid for one bubble, say).
  public func offset(by offset: Point) -> BubbleLayout {
    var moved = self
    moved.body.origin = Point(x: body.minX + offset.x, y: body.minY + offset.y)
    moved.pointer = Point(x: pointer.x + offset.x, y: pointer.y + offset.y)
    for i in moved.rows.indices {
      moved.rows[i].origin = Point(x: rows[i].origin.x + offset.x, y: rows[i].origin.y + offset.y)
    }
    return moved
  }

  /// Whether `point` is a cell of the bubble (body or pointer), on screen or not.
  public func contains(_ point: Point) -> Bool {
    point == pointer || body.contains(point)
  }

  /// The number of the bubble's cells (body and pointer) that fall outside a screen of `size`.
  public func cellsLost(on size: Size) -> Int {
    let screen = Rect(origin: Point(x: 0, y: 0), size: size)
    let bodyKept = body.intersection(screen)?.area ?? 0
    return (body.area - bodyKept) + (screen.contains(pointer) ? 0 : 1)
  }

  /// The screen edges the bubble (body or pointer) crosses, in the order left, right, top, bottom.
  public func edgesCrossed(on size: Size) -> [Edge] {
    let minX = min(body.minX, pointer.x)
    let maxX = max(body.maxX, pointer.x + 1)
    let minY = min(body.minY, pointer.y)
    let maxY = max(body.maxY, pointer.y + 1)
    var edges: [Edge] = []
    if minX < 0 { edges.append(.left) }
    if maxX > size.width { edges.append(.right) }
    if minY < 0 { edges.append(.top) }
    if maxY > size.height { edges.append(.bottom) }
    return edges
  }
}
