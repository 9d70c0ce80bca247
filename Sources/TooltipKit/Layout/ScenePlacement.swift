/// The anchors of a scene placed on a screen: each one's box, tap target and artwork in screen
/// cells, in reading order, found by id.
///
/// Placement is the one step that depends on where things go (the screen, the scene area, the
/// glyph set); hit testing and keyboard navigation are indexes built over its anchors.
struct ScenePlacement: Sendable {
  /// The anchors at least partly inside the scene area and the screen, in reading order: by
  /// row, then column, then file order.
  let anchors: [PlacedAnchor]
  /// The first reading index of each id.
  private let ids: [String: Int]
  /// The ids of the anchors with a viewport that shows none of their cells (``Anchor/viewport``):
  /// hidden, not removed.
  let hidden: [String]

  /// Places the anchors of `scene` in `area`, keeping those the screen of `screen` cells
  /// shows.
  init(scene: Scene, screen: Size, area: Rect, glyphs: GlyphSet) {
    let screenRect = Rect(size: screen)
    var placed: [PlacedAnchor] = []
    var hidden: [String] = []
    placed.reserveCapacity(scene.anchors.count)
    for i in scene.anchors.indices {
      // An area larger than the screen (a program's window smaller than its scene) places
      // only the anchors the screen shows.
      if let p = PlacedAnchor(scene.anchors[i], fileIndex: i, area: area, glyphs: glyphs),
        p.cells.contains(where: { $0.intersection(screenRect) != nil })
      {
        placed.append(p)
      } else if scene.anchors[i].viewport != nil {
        hidden.append(scene.anchors[i].id)
      }
    }
    placed.sort { $0.precedesInReadingOrder($1) }
    anchors = placed
    // Of anchors sharing an id, the first in reading order wins.
    ids = Dictionary(placed.indices.map { (placed[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
    self.hidden = hidden
  }

  /// The reading index of the first anchor named `id`, or nil when none is placed.
  func index(of id: String) -> Int? {
    ids[id]
  }
}
