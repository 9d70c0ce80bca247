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
  private let ids: IDIndex
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
    // By index, not `enumerated()` (see `IDIndex`).
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
    ids = IDIndex(placed)
    self.hidden = hidden
  }

  /// The reading index of the first anchor named `id`, or nil when none is placed.
  func index(of id: String) -> Int? {
    ids.index(of: id, in: anchors)
  }
}

/// The first reading index of each id: an open-addressing table of reading indices, probed
/// by the id's hash value.
///
/// Not a `[String: Int]`: the runtime instantiates a dictionary's storage type on its first
/// insertion and, for a `String` key, checks `Hashable` by scanning every protocol conformance
/// record in the executable, which on the first frame costs some 170,000 instructions and half
/// a megabyte of pages read in. Strings hash the same when they are equal, as a dictionary
/// needs too.
///
/// A scene of at most `listed` anchors has no table: its ids are compared along the array,
/// a few short comparisons where hashing one id runs SipHash over it (and the start would
/// read the hasher's code for it).
struct IDIndex: Sendable {
  /// Reading indices, -1 for an empty slot; a power of two at least twice the anchors; empty
  /// for a scene of at most `listed` anchors.
  private var slots: [Int]

  /// How many anchors are found by comparing ids along the array, without a table.
  static let listed = 16

  /// Indexes `anchors` by id; of anchors sharing an id, the first in the array wins.
  init(_ anchors: [PlacedAnchor]) {
    guard anchors.count > Self.listed else {
      slots = []
      return
    }
    var capacity = 8
    while capacity < 2 * anchors.count { capacity *= 2 }
    slots = [Int](repeating: -1, count: capacity)
    // By index, not `enumerated()`: its optional (offset, element) pairs are a generic type
    // the runtime builds on first use, 28,000 instructions of every start.
    for i in anchors.indices {
      let id = anchors[i].id
      var slot = id.hashValue & (capacity - 1)
      while slots[slot] >= 0 && anchors[slots[slot]].id != id { slot = (slot + 1) & (capacity - 1) }
      if slots[slot] < 0 { slots[slot] = i }
    }
  }

  /// The first index in `anchors` (the array it was made from) whose id is `id`.
  func index(of id: String, in anchors: [PlacedAnchor]) -> Int? {
    if slots.isEmpty {
      for i in anchors.indices where anchors[i].id == id { return i }
      return nil
    }
    let mask = slots.count - 1
    var slot = id.hashValue & mask
    while slots[slot] >= 0 {
      if anchors[slots[slot]].id == id { return slots[slot] }
      slot = (slot + 1) & mask
    }
    return nil
  }
}
