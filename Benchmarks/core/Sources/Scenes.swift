import TooltipKit
import TooltipScenes

/// The scenes the core benchmarks draw and hit-test.
///
/// Built from the demo's own gallery (``BuiltinScene/gallery``, the one definition the demo
/// shows) so the figures speak of the demo's workload, and scaled by tiling so the density of
/// anchors (the work per cell) stays the same at every size.
enum Scenes {
  /// The gallery's eight anchors, placed in an 80 x 22 scene area.
  static let galleryTile = BuiltinScene.gallery.scene.anchors

  /// The width and height of one gallery tile: the demo's 80 x 24 screen less its two chrome rows.
  static let tile = Size(width: 80, height: 22)

  /// The gallery anchor of `placement` and `size` (its copy), renamed and moved.
  static func anchor(_ id: String, _ placement: Placement, _ size: AnchorSize, x: Int, y: Int) -> Anchor {
    var anchor = galleryTile.first { $0.placement == placement && $0.size == size }!
    anchor.id = id
    anchor.position = Point(x: x, y: y)
    return anchor
  }

  /// Gallery tiles repeated over a scene `area` wide and high: every tile whose origin lies
  /// inside the area, so anchors near the far edges may be cropped or left out as the demo
  /// would.
  static func gallery(area: Size) -> Scene {
    var anchors: [Anchor] = []
    var ty = 0
    while ty < area.height {
      var tx = 0
      while tx < area.width {
        for anchor in galleryTile {
          let id = "\(anchor.id)-\(tx)-\(ty)"
          anchors.append(
            Self.anchor(id, anchor.placement, anchor.size, x: tx + anchor.position.x, y: ty + anchor.position.y))
        }
        tx += tile.width
      }
      ty += tile.height
    }
    return Scene(anchors: anchors)
  }

  /// `count` anchors on a grid, one every 6 columns and 2 rows, about three times wider than
  /// high, every fourth one sm; returns the scene and the smallest screen that holds it.
  static func grid(count: Int) -> (scene: Scene, screen: Size) {
    var columns = 1
    while columns * columns < 3 * count { columns += 1 }
    let rows = (count + columns - 1) / columns
    let placements = Placement.allCases
    var anchors: [Anchor] = []
    anchors.reserveCapacity(count)
    for i in 0..<count {
      let size: AnchorSize = i % 4 == 3 ? .sm : .md
      let x = (i % columns) * 6 + (size == .sm ? 2 : 1)
      let y = (i / columns) * 2 + 1
      anchors.append(anchor("a\(i)", placements[i % placements.count], size, x: x, y: y))
    }
    return (Scene(anchors: anchors), Size(width: columns * 6 + 2, height: rows * 2 + 1))
  }
}

/// A small deterministic generator (64-bit LCG) so every run probes the same cells.
struct Generator {
  private var state: UInt64

  /// Starts from `seed`.
  init(seed: UInt64) { state = seed }

  /// The next value in 0..<bound.
  mutating func next(below bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
}
