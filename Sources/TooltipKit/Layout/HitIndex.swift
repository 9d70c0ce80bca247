/// The tap targets of placed anchors indexed by screen row, for hit testing: which anchor a
/// cell belongs to, in time that does not grow with the anchors on other rows.
struct HitIndex: Sendable {
  /// Each entry's tap target, its box and the reading index of its anchor.
  private let targets: [Rect]
  private let boxes: [Rect]
  private let owners: [Int]
  /// The screen: cells off it hold no target.
  private let screen: Size
  /// The entries of the tap targets on each screen row (0 up to the last row holding
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
    self.screen = screen
    // One entry a tap target: an anchor's, or each segment of one that wraps (``PlacedAnchor/targets``).
    var targets: [Rect] = []
    var boxes: [Rect] = []
    var owners: [Int] = []
    targets.reserveCapacity(anchors.count)
    boxes.reserveCapacity(anchors.count)
    owners.reserveCapacity(anchors.count)
    for i in anchors.indices {
      if anchors[i].segments.isEmpty && anchors[i].viewport == nil {
        targets.append(anchors[i].target)
        boxes.append(anchors[i].box)
        owners.append(i)
      } else if anchors[i].segments.isEmpty {
        // In a viewport: the target inside it, ranked by the whole box as anywhere else.
        for target in anchors[i].targets {
          targets.append(target)
          boxes.append(anchors[i].box)
          owners.append(i)
        }
      } else {
        for target in anchors[i].targets {
          targets.append(target)
          boxes.append(target)
          owners.append(i)
        }
      }
    }
    self.targets = targets
    self.boxes = boxes
    self.owners = owners
    // Rows are screen rows: arrays indexed by the row, not a dictionary keyed by it (whose
    // storage type the runtime would look up among every conformance record at start-up).
    // They end at the last row holding a target, and at ``indexedRows`` at most: a screen a
    // caller sized from extreme values (Int.max rows) costs no more than its anchors.
    let lastRow = targets.reduce(0) { max($0, min($1.maxY, screen.height, Self.indexedRows)) }
    // A taller box (one a program gave) is indexed on each of its rows that is on screen.
    func rows(of i: Int) -> Range<Int> {
      let top = max(targets[i].minY, 0)
      return top..<max(top, min(targets[i].maxY, lastRow))
    }
    var rowStarts = [Int](repeating: 0, count: lastRow + 1)
    for i in targets.indices {
      for row in rows(of: i) { rowStarts[row + 1] += 1 }
    }
    for row in 0..<lastRow { rowStarts[row + 1] += rowStarts[row] }
    var next = rowStarts
    var order = [Int](repeating: 0, count: rowStarts[lastRow])
    for i in targets.indices {
      for row in rows(of: i) {
        order[next[row]] = i
        next[row] += 1
      }
    }
    var widest = [Int](repeating: 0, count: lastRow)
    for row in 0..<lastRow where rowStarts[row] < rowStarts[row + 1] {
      let range = rowStarts[row]..<rowStarts[row + 1]
      order[range].sort { targets[$0].minX < targets[$1].minX }
      widest[row] = order[range].reduce(0) { max($0, targets[$1].size.width) }
    }
    self.order = order
    self.rowStarts = rowStarts
    self.widest = widest
  }

  /// How `entry` ranks for a tap at `point` (lower wins): artwork (the box) before padding,
  /// then the nearer centre, then reading order.
  private func rank(_ entry: Int, at point: Point) -> (Int, Int, Int) {
    let box = boxes[entry]
    return (box.contains(point) ? 0 : 1, abs(point.x - (box.minX + (box.size.width - 1) / 2)), owners[entry])
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
      for entry in targets.indices where targets[entry].contains(point) {
        let rank = rank(entry, at: point)
        if best == nil || rank < best!.rank { best = (rank, owners[entry]) }
      }
      return best?.index
    }
    let row = order[rowStarts[point.y]..<rowStarts[point.y + 1]]
    let rowWidest = widest[point.y]
    // Targets starting after the point cannot hold it; binary-search the first of them.
    let low = row.partitionPoint { targets[$0].minX <= point.x }
    var best: (rank: (Int, Int, Int), index: Int)?
    var i = low - 1
    while i >= row.startIndex {
      let entry = row[i]
      if targets[entry].minX + rowWidest <= point.x { break }
      if targets[entry].contains(point) {
        let rank = rank(entry, at: point)
        if best == nil || rank < best!.rank { best = (rank, owners[entry]) }
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
