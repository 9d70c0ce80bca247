/// Selection moves over placed anchors: Tab and Shift-Tab in reading order, arrows to the
/// nearest anchor that way by an index of centre cells.
///
/// Built once per layout, so a press costs the same with 10,000 anchors as with 8.
struct KeyboardNavigation: Sendable {
  /// The anchors moved among, in reading order (``ScenePlacement/anchors``).
  private let anchors: [PlacedAnchor]
  /// Centre cells by row: rows in order, each row's anchors by centre column, then reading
  /// order.
  private let centres: [CentreRow]

  /// The anchors whose centres lie on one row.
  private struct CentreRow: Sendable {
    var y: Int
    /// (centre column, reading index), sorted.
    var anchors: [(x: Int, index: Int)]
  }

  /// Indexes the centre cells of `anchors` (in reading order).
  init(_ anchors: [PlacedAnchor]) {
    self.anchors = anchors
    // Centre cells sorted by row, column and reading order, then cut into rows.
    let byCentre = anchors.indices.sorted { a, b in
      (anchors[a].centre.y, anchors[a].centre.x, a) < (anchors[b].centre.y, anchors[b].centre.x, b)
    }
    var centres: [CentreRow] = []
    for i in byCentre {
      let centre = anchors[i].centre
      if centres.last?.y != centre.y { centres.append(CentreRow(y: centre.y, anchors: [])) }
      centres[centres.count - 1].anchors.append((centre.x, i))
    }
    self.centres = centres
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
    let low = centres.partitionPoint { $0.y < origin.y }
    var above = low - 1
    var below = low
    while above >= 0 || below < centres.count {
      // The nearer of the next row up and the next row down (by |dy|).
      let takeBelow: Bool
      if above < 0 {
        takeBelow = true
      } else if below >= centres.count {
        takeBelow = false
      } else {
        takeBelow = centres[below].y - origin.y <= origin.y - centres[above].y
      }
      let row = takeBelow ? centres[below] : centres[above]
      if takeBelow { below += 1 } else { above -= 1 }
      let dy = row.y - origin.y
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

  /// In `row`, the anchor with the least centre column from `minX` (and up to `maxX`), the
  /// first in reading order among equals; anchors named `id` do not count.
  private func first(in row: CentreRow, atLeast minX: Int, atMost maxX: Int = .max, excluding id: String)
    -> (index: Int, x: Int)?
  {
    let list = row.anchors
    var i = list.partitionPoint { $0.x < minX }
    while i < list.count && list[i].x <= maxX {
      let x = list[i].x
      var found: Int?
      // Equal columns are sorted by reading index: the first not named `id` wins.
      while i < list.count && list[i].x == x {
        if found == nil && anchors[list[i].index].id != id { found = list[i].index }
        i += 1
      }
      if let found { return (found, x) }
    }
    return nil
  }

  /// In `row`, the anchor with the greatest centre column up to `maxX` (and from `minX`), the
  /// first in reading order among equals; anchors named `id` do not count.
  private func last(in row: CentreRow, atMost maxX: Int, atLeast minX: Int = .min, excluding id: String)
    -> (index: Int, x: Int)?
  {
    let list = row.anchors
    var i = list.partitionPoint { $0.x <= maxX } - 1
    while i >= 0 && list[i].x >= minX {
      let x = list[i].x
      var found: Int?
      // Walking down, equal columns come last index first: keep the least one not named `id`.
      while i >= 0 && list[i].x == x {
        if anchors[list[i].index].id != id { found = list[i].index }
        i -= 1
      }
      if let found { return (found, x) }
    }
    return nil
  }
}
