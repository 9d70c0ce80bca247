/// The tap targets of placed anchors indexed by screen row, for hit testing: which anchor a
/// cell belongs to, in time that does not grow with the anchors on other rows.
struct HitIndex: Sendable {
  /// The anchors indexed, in reading order (``ScenePlacement/anchors``).
  private let anchors: [PlacedAnchor]
  /// The screen: cells off it hold no target.
  private let screen: Size
  /// The tap targets on each screen row, indexed by the row (0 up to the last row holding one,
  /// ``indexedRows`` at most).
  private let rows: [Row]
  /// The most rows the row index holds (65,536, far past any terminal's).
  static let indexedRows = 1 << 16

  /// The anchors whose targets lie on one row, sorted by the target's first column.
  private struct Row: Sendable {
    var order: [Int] = []
    var widest = 0
  }

  /// Indexes the tap targets of `anchors` (in reading order) on a screen of `screen` cells.
  init(_ anchors: [PlacedAnchor], screen: Size) {
    self.anchors = anchors
    self.screen = screen
    // Rows are screen rows: an array indexed by the row, not a dictionary keyed by it (whose
    // storage type the runtime would look up among every conformance record at start-up).
    // It ends at the last row holding a target, and at ``indexedRows`` at most: a screen a
    // caller sized from extreme values (Int.max rows) costs no more than its anchors.
    let lastRow = anchors.reduce(0) { max($0, min($1.target.maxY, screen.height, Self.indexedRows)) }
    var rows = [Row](repeating: Row(), count: lastRow)
    for (i, p) in anchors.enumerated() {
      // A taller box (one a program gave) is indexed on each of its rows that is on screen.
      let top = max(p.target.minY, 0)
      let bottom = min(p.target.maxY, lastRow)
      for row in top..<max(top, bottom) {
        rows[row].order.append(i)
      }
    }
    for row in rows.indices where !rows[row].order.isEmpty {
      rows[row].order.sort { anchors[$0].target.minX < anchors[$1].target.minX }
      rows[row].widest = rows[row].order.reduce(0) { max($0, anchors[$1].target.size.width) }
    }
    self.rows = rows
  }

  /// The reading index of the anchor whose tap target holds `point`, or nil.
  ///
  /// Where targets overlap, artwork (the box) beats padding, then the nearer centre wins,
  /// then reading order.
  func anchor(at point: Point) -> Int? {
    guard Rect(size: screen).contains(point) else { return nil }
    guard point.y < rows.count else {
      // No target reaches this row, or it is past the indexed rows (a screen sized from
      // extreme values): there every anchor is looked at.
      guard point.y >= Self.indexedRows else { return nil }
      var best: (rank: (Int, Int, Int), index: Int)?
      for (index, placed) in anchors.enumerated() where placed.target.contains(point) {
        let rank = (placed.box.contains(point) ? 0 : 1, abs(point.x - placed.centre.x), index)
        if best == nil || rank < best!.rank { best = (rank, index) }
      }
      return best?.index
    }
    let row = rows[point.y]
    // Targets starting after the point cannot hold it; binary-search the first of them.
    let low = row.order.partitionPoint { anchors[$0].target.minX <= point.x }
    var best: (rank: (Int, Int, Int), index: Int)?
    var i = low - 1
    while i >= 0 {
      let index = row.order[i]
      let placed = anchors[index]
      if placed.target.minX + row.widest <= point.x { break }
      if placed.target.contains(point) {
        let rank = (placed.box.contains(point) ? 0 : 1, abs(point.x - placed.centre.x), index)
        if best == nil || rank < best!.rank { best = (rank, index) }
      }
      i -= 1
    }
    return best?.index
  }
}

extension Array {
  /// The index of the first element for which `isBefore` is false, in an array where every
  /// element for which it is true comes first: a binary search.
  func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let mid = (low + high) / 2
      if isBefore(self[mid]) { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
