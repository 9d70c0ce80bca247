/// The tap targets of placed anchors indexed by screen row, for hit testing: which anchor a
/// cell belongs to, in time that does not grow with the anchors on other rows.
struct HitIndex: Sendable {
  /// The anchors indexed, in reading order (``ScenePlacement/anchors``).
  private let anchors: [PlacedAnchor]
  /// The screen: cells off it hold no target.
  private let screen: Size
  /// The reading indices of the tap targets on each screen row (0 up to the last row holding
  /// one, ``indexedRows`` at most), row after row, each row's sorted by the target's first
  /// column: row `r`'s are `order[rowStarts[r] ..< rowStarts[r + 1]]`.
  ///
  /// Arrays of `Int` alone, not an array of rows each holding an array: the runtime builds the
  /// metadata of an array of a row type on first use, on every start.
  private let order: [Int]
  /// Where each row's indices start in ``order``, and its count at the end.
  private let rowStarts: [Int]
  /// The widest tap target on each row.
  private let widest: [Int]
  /// The most rows the row index holds (65,536, far past any terminal's).
  static let indexedRows = 1 << 16

  /// Indexes the tap targets of `anchors` (in reading order) on a screen of `screen` cells.
  init(_ anchors: [PlacedAnchor], screen: Size) {
    self.anchors = anchors
    self.screen = screen
    // Rows are screen rows: arrays indexed by the row, not a dictionary keyed by it (whose
    // storage type the runtime would look up among every conformance record at start-up).
    // They end at the last row holding a target, and at ``indexedRows`` at most: a screen a
    // caller sized from extreme values (Int.max rows) costs no more than its anchors.
    let lastRow = anchors.reduce(0) { max($0, min($1.target.maxY, screen.height, Self.indexedRows)) }
    // A taller box (one a program gave) is indexed on each of its rows that is on screen.
    func rows(of i: Int) -> Range<Int> {
      let top = max(anchors[i].target.minY, 0)
      return top..<max(top, min(anchors[i].target.maxY, lastRow))
    }
    var rowStarts = [Int](repeating: 0, count: lastRow + 1)
    for i in anchors.indices {
      for row in rows(of: i) { rowStarts[row + 1] += 1 }
    }
    for row in 0..<lastRow { rowStarts[row + 1] += rowStarts[row] }
    var next = rowStarts
    var order = [Int](repeating: 0, count: rowStarts[lastRow])
    for i in anchors.indices {
      for row in rows(of: i) {
        order[next[row]] = i
        next[row] += 1
      }
    }
    var widest = [Int](repeating: 0, count: lastRow)
    for row in 0..<lastRow where rowStarts[row] < rowStarts[row + 1] {
      let range = rowStarts[row]..<rowStarts[row + 1]
      order[range].sort { anchors[$0].target.minX < anchors[$1].target.minX }
      widest[row] = order[range].reduce(0) { max($0, anchors[$1].target.size.width) }
    }
    self.order = order
    self.rowStarts = rowStarts
    self.widest = widest
  }

  /// The reading index of the anchor whose tap target holds `point`, or nil.
  ///
  /// Where targets overlap, artwork (the box) beats padding, then the nearer centre wins,
  /// then reading order.
  func anchor(at point: Point) -> Int? {
    guard Rect(size: screen).contains(point) else { return nil }
    guard point.y < widest.count else {
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
    let row = order[rowStarts[point.y]..<rowStarts[point.y + 1]]
    let rowWidest = widest[point.y]
    // Targets starting after the point cannot hold it; binary-search the first of them.
    let low = row.partitionPoint { anchors[$0].target.minX <= point.x }
    var best: (rank: (Int, Int, Int), index: Int)?
    var i = low - 1
    while i >= row.startIndex {
      let index = row[i]
      let placed = anchors[index]
      if placed.target.minX + rowWidest <= point.x { break }
      if placed.target.contains(point) {
        let rank = (placed.box.contains(point) ? 0 : 1, abs(point.x - placed.centre.x), index)
        if best == nil || rank < best!.rank { best = (rank, index) }
      }
      i -= 1
    }
    return best?.index
  }
}

extension RandomAccessCollection where Index == Int {
  /// The index of the first element for which `isBefore` is false, in an array (or a slice of
  /// one) where every element for which it is true comes first: a binary search.
  func partitionPoint(_ isBefore: (Element) -> Bool) -> Int {
    var low = startIndex
    var high = endIndex
    while low < high {
      let mid = (low + high) / 2
      if isBefore(self[mid]) { low = mid + 1 } else { high = mid }
    }
    return low
  }
}
