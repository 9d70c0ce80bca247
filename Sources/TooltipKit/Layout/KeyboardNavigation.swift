/// Selection moves over placed anchors: Tab and Shift-Tab in reading order, arrows to the
/// nearest anchor that way by an index of centre cells.
///
/// Built once per layout, so a press costs the same with 10,000 anchors as with 8.
struct KeyboardNavigation: Sendable {
  /// The anchors moved among, in reading order (``ScenePlacement/anchors``).
  private let anchors: [PlacedAnchor]
  /// The reading indices ordered by centre cell: row, then column, then reading order.
  private let byCentre: [Int]
  /// The centre rows present, in order; row `r`'s anchors are `byCentre[rowStarts[r] ..<
  /// rowStarts[r + 1]]`, by centre column, then reading order.
  ///
  /// Arrays of `Int` alone, not of a row type or of (column, index) pairs: the runtime builds
  /// the metadata of an array of those on first use, on every start.
  private let rowYs: [Int]
  /// Where each row's anchors start in ``byCentre``, and its count at the end.
  private let rowStarts: [Int]

  /// Indexes the centre cells of `anchors` (in reading order).
  init(_ anchors: [PlacedAnchor]) {
    self.anchors = anchors
    // Centre cells sorted by row, column and reading order, then cut into rows.
    let byCentre = anchors.indices.sorted { a, b in
      (anchors[a].centre.y, anchors[a].centre.x, a) < (anchors[b].centre.y, anchors[b].centre.x, b)
    }
    var rowYs: [Int] = []
    var rowStarts: [Int] = []
    for position in byCentre.indices {
      let y = anchors[byCentre[position]].centre.y
      if rowYs.last != y {
        rowYs.append(y)
        rowStarts.append(position)
      }
    }
    rowStarts.append(byCentre.count)
    self.byCentre = byCentre
    self.rowYs = rowYs
    self.rowStarts = rowStarts
  }

  /// The reading index after `index`, wrapping around (the first when `index` is nil); nil
  /// when there are no anchors.
  func next(after index: Int?) -> Int? {
    guard !anchors.isEmpty else { return nil }
    guard let index else { return 0 }
    return (index + 1) % anchors.count
  }

  /// The reading index before `index`, wrapping around (the last when `index` is nil); nil
  /// when there are no anchors.
  func previous(before index: Int?) -> Int? {
    guard !anchors.isEmpty else { return nil }
    guard let index else { return anchors.count - 1 }
    return (index + anchors.count - 1) % anchors.count
  }

  /// The reading index of the nearest anchor from the one at `index`, along rows
  /// (`horizontal`, towards greater columns when `increasing`) or columns (towards greater
  /// rows when `increasing`): inside a 90° cone measured between centre cells, a row counting
  /// as two columns, scored by |dx| + 2|dy|, ties in reading order. Anchors of the same id
  /// are never the answer. Nil when the cone is empty.
  ///
  /// Rows are searched outward from the anchor's own and stop once no farther row can beat
  /// the best score, each row by binary search.
  func nearest(from index: Int, horizontal: Bool, increasing: Bool) -> Int? {
    let id = anchors[index].id
    let origin = anchors[index].centre
    var best: (score: Int, index: Int)?
    func consider(_ index: Int, score: Int) {
      if best == nil || (score, index) < (best!.score, best!.index) { best = (score, index) }
    }
    // The row of the anchor's own centre, then outward.
    let low = rowYs.partitionPoint { $0 < origin.y }
    var above = low - 1
    var below = low
    while above >= 0 || below < rowYs.count {
      // The nearer of the next row up and the next row down (by |dy|).
      let takeBelow: Bool
      if above < 0 {
        takeBelow = true
      } else if below >= rowYs.count {
        takeBelow = false
      } else {
        takeBelow = rowYs[below] - origin.y <= origin.y - rowYs[above]
      }
      let r = takeBelow ? below : above
      let row = byCentre[rowStarts[r]..<rowStarts[r + 1]]
      if takeBelow { below += 1 } else { above -= 1 }
      let dy = rowYs[r] - origin.y
      let d = abs(dy)
      // The least score any anchor of this row or a farther one can have in the cone.
      let bound = horizontal ? 4 * d : 2 * d
      if let best, bound > best.score { break }
      if horizontal && increasing {
        if let (index, x) = first(in: row, atLeast: origin.x + max(1, 2 * d), excluding: id) {
          consider(index, score: x - origin.x + 2 * d)
        }
      } else if horizontal {
        if let (index, x) = last(in: row, atMost: origin.x - max(1, 2 * d), excluding: id) {
          consider(index, score: origin.x - x + 2 * d)
        }
      } else {
        guard increasing ? dy > 0 : dy < 0 else { continue }
        if let (index, x) = first(in: row, atLeast: origin.x, atMost: origin.x + 2 * d, excluding: id) {
          consider(index, score: x - origin.x + 2 * d)
        }
        if let (index, x) = last(in: row, atMost: origin.x, atLeast: origin.x - 2 * d, excluding: id) {
          consider(index, score: origin.x - x + 2 * d)
        }
      }
    }
    return best?.index
  }

  /// In `row` (reading indices by centre column), the anchor with the least centre column
  /// from `minX` (and up to `maxX`), the first in reading order among equals; anchors named `id`
  /// do not count.
  private func first(in row: ArraySlice<Int>, atLeast minX: Int, atMost maxX: Int = .max, excluding id: String)
    -> (index: Int, x: Int)?
  {
    func x(_ i: Int) -> Int { anchors[row[i]].centre.x }
    var i = row.partitionPoint { anchors[$0].centre.x < minX }
    while i < row.endIndex && x(i) <= maxX {
      let column = x(i)
      var found: Int?
      // Equal columns are sorted by reading index: the first not named `id` wins.
      while i < row.endIndex && x(i) == column {
        if found == nil && anchors[row[i]].id != id { found = row[i] }
        i += 1
      }
      if let found { return (found, column) }
    }
    return nil
  }

  /// In `row` (reading indices by centre column), the anchor with the greatest centre column
  /// up to `maxX` (and from `minX`), the first in reading order among equals; anchors named
  /// `id` do not count.
  private func last(in row: ArraySlice<Int>, atMost maxX: Int, atLeast minX: Int = .min, excluding id: String)
    -> (index: Int, x: Int)?
  {
    func x(_ i: Int) -> Int { anchors[row[i]].centre.x }
    var i = row.partitionPoint { anchors[$0].centre.x <= maxX } - 1
    while i >= row.startIndex && x(i) >= minX {
      let column = x(i)
      var found: Int?
      // Walking down, equal columns come last index first: keep the least one not named `id`.
      while i >= row.startIndex && x(i) == column {
        if anchors[row[i]].id != id { found = row[i] }
        i -= 1
      }
      if let found { return (found, column) }
    }
    return nil
  }
}
