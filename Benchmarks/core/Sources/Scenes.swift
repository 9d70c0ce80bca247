import TooltipKit

/// The scenes the core benchmarks draw and hit-test.
///
/// Built from the gallery's anchors so the figures speak of the demo's own workload, and
/// scaled by tiling so the density of anchors (the work per cell) stays the same at every size.
enum Scenes {
  /// The gallery's eight anchors as (placement, size, x, y) in an 80 x 22 scene area.
  static let galleryTile: [(Placement, AnchorSize, Int, Int)] = [
    (.top, .sm, 18, 5), (.top, .md, 58, 5),
    (.left, .sm, 34, 9), (.right, .sm, 44, 9),
    (.left, .md, 33, 12), (.right, .md, 44, 12),
    (.bottom, .sm, 18, 16), (.bottom, .md, 58, 16),
  ]

  /// The width and height of one gallery tile: the demo's 80 x 24 screen less its two chrome rows.
  static let tile = Size(width: 80, height: 22)

  /// One anchor with the gallery's copy for its placement and size.
  static func anchor(_ id: String, _ placement: Placement, _ size: AnchorSize, x: Int, y: Int)
    -> Anchor
  {
    let side: String
    switch placement {
    case .top: side = "above"
    case .bottom: side = "below"
    case .left: side = "left of"
    case .right: side = "right of"
    }
    return Anchor(
      id: id,
      position: Point(x: x, y: y),
      size: size,
      placement: placement,
      headline: "\(placement.rawValue) · \(size.rawValue)",
      supporting: "Sits \(side) a \(size == .sm ? 1 : 3)-cell icon."
    )
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
        for (placement, size, x, y) in galleryTile {
          let id = "\(placement.rawValue)-\(size.rawValue)-\(tx)-\(ty)"
          anchors.append(anchor(id, placement, size, x: tx + x, y: ty + y))
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
