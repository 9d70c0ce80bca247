/// An anchor resolved against a screen: its box, tap target and artwork in screen cells.
///
/// Placing resolves negative scene coordinates once, so drawing, hit testing and selection all
/// read the same boxes.
public struct PlacedAnchor: Hashable, Sendable {
  /// The anchor as the scene gives it.
  public var anchor: Anchor
  /// Its position in the scene's file order.
  package var fileIndex: Int
  /// The anchor's box on screen: one row high unless the anchor gives its own size.
  public var box: Rect
  /// The cells a tap on this anchor may land on: the box at md, the box plus one column each
  /// side at sm.
  public var target: Rect
  /// What is drawn in the box: the label, or the glyph.
  package var artwork: TextLine
  /// The column the artwork starts at, centred in the box (odd cell to the right).
  package var artworkX: Int
  /// The boxes of a range that wraps (``Anchor/segments``) on screen, first to last; empty for
  /// an anchor of one box.
  package var segments: [Rect] = []
  /// The region its cells show in (``Anchor/viewport``) on screen, within the scene area; nil
  /// for the scene area.
  package var viewport: Rect?

  /// The anchor's id.
  public var id: String { anchor.id }

  /// The box's centre cell (cx, cy): pointers line up on it and arrow-key selection measures
  /// between these. For a one-row box cy is its row.
  package var centre: Point {
    Point(x: box.minX + (box.size.width - 1) / 2, y: box.minY + (box.size.height - 1) / 2)
  }

  /// The largest explicit box side: big enough for any screen, small enough that no sum
  /// overflows.
  static let largestSide = 1 << 20

  /// Places `anchor` in a scene area whose top-left cell is `area.origin`, or returns nil when
  /// its box falls wholly outside the area (then it is not drawn, selected or tapped).
  package init?(_ anchor: Anchor, fileIndex: Int, area: Rect, glyphs: GlyphSet) {
    self.init(unclipped: anchor, fileIndex: fileIndex, area: area, glyphs: glyphs)
    if let given = anchor.viewport {
      // Scene coordinates as given, never from the far edge (see ``Anchor/viewport``).
      viewport = area.unclippedSceneBox(
        at: given.origin, width: max(0, given.size.width), height: max(0, given.size.height), fromFarEdge: false
      ).intersection(area)
      guard viewport != nil else { return nil }
    }
    let shown = viewport ?? area
    guard cells.contains(where: { $0.intersection(shown) != nil }) else { return nil }
  }

  /// Its cells: the segments of a range that wraps, else the box.
  package var cells: [Rect] { segments.isEmpty ? [box] : segments }

  /// Its tap targets for hit testing: each segment, or the target, inside its viewport.
  package var targets: [Rect] {
    let all = segments.isEmpty ? [target] : segments
    guard let viewport else { return all }
    return all.compactMap { $0.intersection(viewport) }
  }

  /// The box a bubble opened from the keyboard points at: the first segment for top and left,
  /// the last for bottom and right.
  package var keyboardBox: Rect { keyboardBox(for: anchor.placement) }

  /// The box a bubble on `side` opened from the keyboard points at: the first segment for top
  /// and left, the last for bottom and right.
  package func keyboardBox(for side: Placement) -> Rect {
    guard let last = segments.last else { return box }
    switch side {
    case .top, .left: return box
    case .bottom, .right: return last
    }
  }

  /// Places `anchor` in a scene area as ``init(_:fileIndex:area:glyphs:)`` does, even when its
  /// box falls wholly outside the area: a ``CropReport`` measures those bubbles too.
  package init(unclipped anchor: Anchor, fileIndex: Int, area: Rect, glyphs: GlyphSet) {
    let artwork: TextLine
    var width: Int
    if let label = anchor.label {
      artwork = TextLine(label)
      width = max(1, artwork.width + (anchor.size == .md ? 2 : 0))
    } else {
      let glyph = TextLine(anchor.glyph ?? glyphs.defaultGlyph)
      artwork = glyph.units.isEmpty ? TextLine(glyphs.defaultGlyph) : glyph
      width = anchor.size == .md ? 3 : 1
    }
    var height = 1
    var position = anchor.position
    if let given = anchor.segments.first?.size ?? anchor.boxSize {
      width = min(max(1, given.width), Self.largestSide)
      height = min(max(1, given.height), Self.largestSide)
    }
    if let first = anchor.segments.first { position = first.origin }
    // An anchor in a viewport (a row of a scrolling list) is where its coordinates say: a row
    // scrolled above the viewport is above it, not counted from the bottom.
    let fromFarEdge = anchor.viewport == nil
    let box = area.unclippedSceneBox(at: position, width: width, height: height, fromFarEdge: fromFarEdge)
    let x = box.minX
    self.anchor = anchor
    self.fileIndex = fileIndex
    self.box = box
    self.target = anchor.size == .sm ? Rect(x: x - 1, y: box.minY, width: width + 2, height: height) : box
    self.artwork = artwork
    self.artworkX = x + max(0, (width - artwork.width) / 2)
    if anchor.segments.count > 1 {
      self.segments = anchor.segments.map {
        area.unclippedSceneBox(
          at: $0.origin, width: min(max(1, $0.size.width), Self.largestSide),
          height: min(max(1, $0.size.height), Self.largestSide), fromFarEdge: fromFarEdge)
      }
    }
  }

  /// The cells the selection highlight covers: the box, or where the box is one cell wide the
  /// box and one cell each side (the sm tap target), so a block cursor resting on the box
  /// cannot hide the highlight (BEHAVIOUR 8).
  package var highlight: Rect {
    box.size.width == 1 ? Rect(x: box.minX - 1, y: box.minY, width: 3, height: box.size.height) : box
  }

  /// The row the artwork is drawn on: the box's centre row.
  package var artworkY: Int { box.minY + (box.size.height - 1) / 2 }

  /// Whether this anchor comes before `other` in reading order: by the box's first row, then
  /// its first column, then file order. Selection, the layout's anchor list and the crop report
  /// all order anchors by this one rule.
  package func precedesInReadingOrder(_ other: PlacedAnchor) -> Bool {
    (box.minY, box.minX, fileIndex) < (other.box.minY, other.box.minX, other.fileIndex)
  }
}
