/// A scene laid out on a screen of a given size: every visible anchor placed, in reading
/// order, with an index for hit testing.
///
/// One layout serves the frame it draws, the hit tests of the taps on that frame and the
/// selection moves, so what the user sees is what the user taps.
public struct SceneLayout: Sendable {
  /// The whole screen: bubbles are cropped at its edges.
  public let screen: Size
  /// The scene area: scene coordinates are relative to its top-left cell.
  public let area: Rect
  /// The scene laid out.
  public let scene: Scene
  /// The options the layout was made with (fidelity and glyphs matter here).
  public private(set) var options: RenderOptions
  /// The anchors at least partly inside the scene area and the screen, in reading order: by
  /// row, then column, then file order.
  package let anchors: [PlacedAnchor]

  private let orderByID: IDIndex
  /// The tap targets on each screen row, indexed by the row (0 up to the last row holding one,
  /// ``indexedRows`` at most).
  private let rows: [RowIndex]
  /// The most rows the row index holds (65,536, far past any terminal's).
  static let indexedRows = 1 << 16
  /// Centre cells by row, for arrow-key selection: rows in order, each row's anchors by centre
  /// column, then reading order.
  private let centres: [CentreRow]
  /// The open bubble as ``prepareBubble(for:)`` laid it out: its anchor's id and the layout
  /// (nil when that anchor opens nothing).
  private var kept: (id: String, bubble: BubbleLayout?)?

  /// The anchors whose centres lie on one row.
  private struct CentreRow: Sendable {
    var y: Int
    /// (centre column, reading index), sorted.
    var anchors: [(x: Int, index: Int)]
  }

  /// The anchors whose targets lie on one row, sorted by the target's first column.
  private struct RowIndex: Sendable {
    var order: [Int] = []
    var widest = 0
  }

  /// Draws the same layout in `theme` from now on: a theme changes how cells look, never
  /// where they are, so nothing is laid out again.
  public mutating func setTheme(_ theme: Theme) {
    options.theme = theme
  }

  /// Lays `scene` out on a screen of `screen` cells, with the scene area `area` (the whole
  /// screen when nil).
  public init(scene: Scene, screen: Size, area: Rect? = nil, options: RenderOptions = RenderOptions()) {
    let screenRect = Rect(size: screen)
    // An area a caller built from extreme values (Int.max sides) is pulled in to 2^40 cells a
    // coordinate and a side, far past any screen: everything laid out from it stays in range.
    let limit = 1 << 40
    let given = area ?? screenRect
    let area = Rect(
      x: min(max(given.origin.x, -limit), limit), y: min(max(given.origin.y, -limit), limit),
      width: min(max(given.size.width, 0), limit), height: min(max(given.size.height, 0), limit))
    self.screen = screen
    self.area = area
    self.scene = scene
    self.options = options
    var placed: [PlacedAnchor] = []
    placed.reserveCapacity(scene.anchors.count)
    for (i, anchor) in scene.anchors.enumerated() {
      // An area larger than the screen (a program's window smaller than its scene) places
      // only the anchors the screen shows.
      if let p = PlacedAnchor(anchor, fileIndex: i, area: area, glyphs: options.glyphs),
        p.box.intersection(screenRect) != nil
      {
        placed.append(p)
      }
    }
    placed.sort { $0.precedesInReadingOrder($1) }
    anchors = placed
    // Rows are screen rows: an array indexed by the row, not a dictionary keyed by it (whose
    // storage type the runtime would look up among every conformance record at start-up).
    // It ends at the last row holding a target, and at ``indexedRows`` at most: a screen a
    // caller sized from extreme values (Int.max rows) costs no more than its anchors.
    let lastRow = placed.reduce(0) { max($0, min($1.target.maxY, screen.height, Self.indexedRows)) }
    var rows = [RowIndex](repeating: RowIndex(), count: lastRow)
    for (i, p) in placed.enumerated() {
      // A taller box (one a program gave) is indexed on each of its rows that is on screen.
      let top = max(p.target.minY, 0)
      let bottom = min(p.target.maxY, lastRow)
      for row in top..<max(top, bottom) {
        rows[row].order.append(i)
      }
    }
    for row in rows.indices where !rows[row].order.isEmpty {
      rows[row].order.sort { placed[$0].target.minX < placed[$1].target.minX }
      rows[row].widest = rows[row].order.reduce(0) { max($0, placed[$1].target.size.width) }
    }
    orderByID = IDIndex(placed)
    self.rows = rows
    // Centre cells sorted by row, column and reading order, then cut into rows.
    let byCentre = placed.indices.sorted { a, b in
      (placed[a].centre.y, placed[a].centre.x, a) < (placed[b].centre.y, placed[b].centre.x, b)
    }
    var centres: [CentreRow] = []
    for i in byCentre {
      let centre = placed[i].centre
      if centres.last?.y != centre.y { centres.append(CentreRow(y: centre.y, anchors: [])) }
      centres[centres.count - 1].anchors.append((centre.x, i))
    }
    self.centres = centres
  }

  /// Lays out the bubble of `id` once and keeps it in this layout, so that every later frame,
  /// hit test and input reads it instead of wrapping the copy again; nil forgets it.
  ///
  /// A program calls this after each input with the open tooltip's id (`state.openID`). The
  /// kept bubble belongs to this layout and to `id` alone: a new layout starts without one,
  /// and asking for another anchor's bubble lays that one out afresh.
  public mutating func prepareBubble(for id: String?) {
    guard let id else {
      kept = nil
      return
    }
    if kept?.id == id { return }
    kept = (id, makeBubble(for: id))
  }

  /// The id whose bubble ``prepareBubble(for:)`` keeps, if any.
  public var preparedBubbleID: String? { kept?.id }

  /// The placed anchor named `id`, or nil when the scene has none or it is wholly outside.
  package func anchor(id: String) -> PlacedAnchor? {
    orderByID.index(of: id, in: anchors).map { anchors[$0] }
  }

  /// The position of `id` in reading order.
  public func readingIndex(of id: String) -> Int? {
    orderByID.index(of: id, in: anchors)
  }

  /// The bubble of the anchor named `id` as it would open here (shifted onto the screen when
  /// the scene's ``Scene/edges`` say so), or nil when that anchor is not placed or has no
  /// visible line.
  package func bubble(for id: String) -> BubbleLayout? {
    if let kept, kept.id == id { return kept.bubble }
    return makeBubble(for: id)
  }

  private func makeBubble(for id: String) -> BubbleLayout? {
    guard let placed = anchor(id: id),
      let bubble = BubbleLayout(
        anchor: placed.anchor,
        box: placed.box,
        maxTextWidth: scene.maxTextWidth,
        fidelity: options.fidelity,
        glyphs: options.glyphs
      )
    else { return nil }
    // Bubbles are cropped at the screen's edges, not the scene area's: they shift onto it too.
    return scene.edges == .shift ? bubble.shifted(onto: screen) : bubble
  }

  /// Whether the anchor named `id` is placed here and its tooltip would open: it has a visible
  /// line. The same answer as `bubble(for:) != nil`, without wrapping the copy.
  public func opens(_ id: String) -> Bool {
    if let kept, kept.id == id { return kept.bubble != nil }
    return anchor(id: id)?.anchor.hasVisibleLine ?? false
  }

  /// What a tap at `point` lands on: the open bubble (top layer), else an anchor's target,
  /// else the background. Cells off screen are background.
  package func hitTest(_ point: Point, bubble: BubbleLayout?) -> HitTarget {
    guard Rect(size: screen).contains(point) else { return .background }
    if let bubble, bubble.contains(point) { return .bubble }
    if let placed = anchor(at: point) { return .anchor(placed.id) }
    return .background
  }

  /// The anchor whose tap target holds `point`, as if no bubble were open.
  ///
  /// Where targets overlap, artwork (the box) beats padding, then the nearer centre wins,
  /// then reading order.
  package func anchor(at point: Point) -> PlacedAnchor? {
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
      return best.map { anchors[$0.index] }
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
    return best.map { anchors[$0.index] }
  }

  /// The cells beside `selected`'s box that its highlight covers besides the box (SPEC 8):
  /// where the box is one cell wide, the cell on each side of it, inside the scene area and
  /// not on another anchor's box (artwork beats padding, as in hit testing); none otherwise.
  ///
  /// A block cursor inverts the cell it rests on, reverse video included: on a one-cell box it
  /// would undo the highlight, so the highlight reaches past the cursor.
  package func highlightPadding(of selected: PlacedAnchor) -> [Point] {
    guard selected.highlight != selected.box else { return [] }
    var cells: [Point] = []
    for y in selected.box.minY..<selected.box.maxY {
      for x in [selected.box.minX - 1, selected.box.maxX] {
        let cell = Point(x: x, y: y)
        guard area.contains(cell) else { continue }
        if let other = anchor(at: cell), other.id != selected.id, other.box.contains(cell) { continue }
        cells.append(cell)
      }
    }
    return cells
  }

  /// The anchor after `id` in reading order, wrapping around (the first when `id` is nil).
  package func next(after id: String?) -> PlacedAnchor? {
    guard !anchors.isEmpty else { return nil }
    guard let id, let i = orderByID.index(of: id, in: anchors) else { return anchors.first }
    return anchors[(i + 1) % anchors.count]
  }

  /// The anchor before `id` in reading order, wrapping around (the last when `id` is nil).
  package func previous(before id: String?) -> PlacedAnchor? {
    guard !anchors.isEmpty else { return nil }
    guard let id, let i = orderByID.index(of: id, in: anchors) else { return anchors.last }
    return anchors[(i + anchors.count - 1) % anchors.count]
  }

  /// The nearest anchor from `id` in `direction`: inside a 90° cone measured between centre
  /// cells, a row counting as two columns, scored by |dx| + 2|dy|, ties in reading order.
  /// Nil when the cone is empty.
  ///
  /// Rows are searched outward from the anchor's own and stop once no farther row can beat
  /// the best score, each row by binary search: a press costs the same with 10,000 anchors as
  /// with 8.
  package func nearest(from id: String, toward direction: Direction) -> PlacedAnchor? {
    guard let from = anchor(id: id) else { return nil }
    let origin = from.centre
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
      let bound: Int
      switch direction {
      case .left, .right: bound = 4 * d
      case .up, .down: bound = 2 * d
      }
      if let best, bound > best.score { break }
      switch direction {
      case .right:
        if let (index, x) = first(in: row, atLeast: origin.x + max(1, 2 * d), excluding: id) {
          consider(index, score: x - origin.x + 2 * d)
        }
      case .left:
        if let (index, x) = last(in: row, atMost: origin.x - max(1, 2 * d), excluding: id) {
          consider(index, score: origin.x - x + 2 * d)
        }
      case .down, .up:
        guard direction == .down ? dy > 0 : dy < 0 else { continue }
        if let (index, x) = first(in: row, atLeast: origin.x, atMost: origin.x + 2 * d, excluding: id) {
          consider(index, score: x - origin.x + 2 * d)
        }
        if let (index, x) = last(in: row, atMost: origin.x, atLeast: origin.x - 2 * d, excluding: id) {
          consider(index, score: origin.x - x + 2 * d)
        }
      }
    }
    return best.map { anchors[$0.index] }
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

/// What a tap lands on, in the order hit testing looks: the bubble on top, then anchors,
/// then the background.
///
/// A press and its release make a tap only when they land on the same target.
package enum HitTarget: Hashable, Sendable {
  /// The tap target of the anchor with this id.
  case anchor(String)
  /// The open bubble (body or pointer).
  case bubble
  /// Anything else: empty cells, chrome, off screen.
  case background
}

/// A direction for arrow-key selection.
///
/// Arrows and h j k l move the selection to the nearest anchor that way.
package enum Direction: CaseIterable, Hashable, Sendable {
  /// Towards row 0.
  case up
  /// Towards the last row.
  case down
  /// Towards column 0.
  case left
  /// Towards the last column.
  case right
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

/// The first reading index of each id: an open-addressing table of reading indices, probed
/// by the id's hash value.
///
/// Not a `[String: Int]`: the runtime instantiates a dictionary's storage type on its first
/// insertion and, for a `String` key, checks `Hashable` by scanning every protocol conformance
/// record in the executable, which on the first frame costs some 170,000 instructions and half
/// a megabyte of pages read in. Strings hash the same when they are equal, as a dictionary
/// needs too.
struct IDIndex: Sendable {
  /// Reading indices, -1 for an empty slot; a power of two at least twice the anchors.
  private var slots: [Int]

  /// Indexes `anchors` by id; of anchors sharing an id, the first in the array wins.
  init(_ anchors: [PlacedAnchor]) {
    var capacity = 8
    while capacity < 2 * anchors.count { capacity *= 2 }
    slots = [Int](repeating: -1, count: capacity)
    for (i, placed) in anchors.enumerated() {
      var slot = placed.id.hashValue & (capacity - 1)
      while slots[slot] >= 0 && anchors[slots[slot]].id != placed.id { slot = (slot + 1) & (capacity - 1) }
      if slots[slot] < 0 { slots[slot] = i }
    }
  }

  /// The first index in `anchors` (the array it was made from) whose id is `id`.
  func index(of id: String, in anchors: [PlacedAnchor]) -> Int? {
    let mask = slots.count - 1
    var slot = id.hashValue & mask
    while slots[slot] >= 0 {
      if anchors[slots[slot]].id == id { return slots[slot] }
      slot = (slot + 1) & mask
    }
    return nil
  }
}
