/// A scene laid out on a screen of a given size: every visible anchor placed, in reading
/// order, with an index for hit testing and one for keyboard navigation.
///
/// One layout serves the frame it draws, the hit tests of the taps on that frame and the
/// selection moves, so what the user sees is what the user taps. It holds no state of the
/// tooltips: the open bubble is laid out by ``TooltipState`` when it opens.
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
  public var anchors: [PlacedAnchor] { placement.anchors }

  /// Where each anchor goes, and which is which by id.
  private let placement: ScenePlacement
  /// Which anchor a cell belongs to.
  private let hits: HitIndex
  /// Where Tab and the arrows move the selection.
  private let navigation: KeyboardNavigation
  /// The Tab order of a scene with anchors left out of it or grouped; nil for reading order.
  private let tabOrder: TabOrder?
  /// This placement's identity: kept by a look-only ``setOptions(_:)``, new with each layout,
  /// so what was derived from one layout (the open bubble, which ``TooltipState`` keeps) is
  /// known to still hold.
  let stamp = LayoutStamp()
  /// The scene's ``Scene/needsPointerMotion``, read once per layout: every frame drawn from
  /// the layout carries it (``CellGrid/needsPointerMotion``) at no cost per anchor.
  let needsPointerMotion: Bool

  /// Lays `scene` out on a screen of `screen` cells, with the scene area `area` (the whole
  /// screen when nil).
  public init(scene: Scene, screen: Size, area: Rect? = nil, options: RenderOptions = RenderOptions()) {
    // An area a caller built from extreme values (Int.max sides) is pulled in to 2^40 cells a
    // coordinate and a side, far past any screen: everything laid out from it stays in range.
    let limit = 1 << 40
    let given = area ?? Rect(size: screen)
    let area = Rect(
      x: min(max(given.origin.x, -limit), limit), y: min(max(given.origin.y, -limit), limit),
      width: min(max(given.size.width, 0), limit), height: min(max(given.size.height, 0), limit))
    self.screen = screen
    self.area = area
    self.scene = scene
    self.options = options
    placement = ScenePlacement(scene: scene, screen: screen, area: area, glyphs: options.glyphs)
    hits = HitIndex(placement.anchors, screen: screen)
    navigation = KeyboardNavigation(placement.anchors)
    tabOrder = TabOrder(placement.anchors)
    needsPointerMotion = scene.needsPointerMotion
  }

  /// Draws with `options` from now on, and says whether that laid the scene out again.
  ///
  /// What changes only the look (theme, tokens, colours, the selection highlight, the cursor,
  /// the terminal's background) keeps every placement, and the open bubble a ``TooltipState``
  /// laid out on it: nothing is laid out again. New glyphs or a new fidelity change where
  /// things go and what a bubble holds, so the same scene is laid out again on the same screen
  /// and area, as a new layout would be (then send ``TooltipInput/layoutChanged``).
  @discardableResult
  public mutating func setOptions(_ options: RenderOptions) -> Bool {
    guard options.glyphs == self.options.glyphs && options.fidelity == self.options.fidelity else {
      self = SceneLayout(scene: scene, screen: screen, area: area, options: options)
      return true
    }
    self.options = options
    return false
  }

  /// Draws the same layout in `theme` from now on: a theme changes how cells look, never
  /// where they are, so nothing is laid out again.
  public mutating func setTheme(_ theme: Theme) {
    options.theme = theme
  }

  /// Whether `other` is this layout, or this one after look-only ``setOptions(_:)`` calls:
  /// the same placement, not laid out again.
  package func hasPlacement(of other: SceneLayout) -> Bool {
    stamp === other.stamp
  }

  /// The placed anchor named `id`, or nil when the scene has none or it is wholly outside.
  package func anchor(id: String) -> PlacedAnchor? {
    placement.index(of: id).map { anchors[$0] }
  }

  /// Whether the anchor named `id` has a viewport that shows none of its cells
  /// (``Anchor/viewport``): hidden, not removed, so its open tooltip stays open, undrawn.
  package func isHidden(_ id: String) -> Bool {
    anchor(id: id) == nil && placement.hidden.contains(id)
  }

  /// The position of `id` in reading order.
  public func readingIndex(of id: String) -> Int? {
    placement.index(of: id)
  }

  /// The bubble of the anchor named `id` as it would open here (shifted onto the screen when
  /// the scene's ``Scene/edges`` say so), or nil when that anchor is not placed or has no
  /// visible line.
  ///
  /// Each call lays the bubble out (wraps its copy): the open tooltip's is laid out once, when
  /// it opens, and kept by the state (``TooltipState/openBubble(_:)``).
  /// For an anchor that wraps (``Anchor/segments``), the bubble points at the segment numbered
  /// `segment` (the one tapped), or without one at the keyboard's (``PlacedAnchor/keyboardBox``).
  ///
  /// An anchor with ``Anchor/fallbackPlacements`` whose bubble would lose cells at the screen's
  /// edges gets the first of those sides whose bubble fits whole (before any shift), else its
  /// own placement, cropped.
  package func bubble(for id: String, segment: Int? = nil) -> BubbleLayout? {
    guard let placed = anchor(id: id) else { return nil }
    let tapped = segment.flatMap { placed.segments.indices.contains($0) ? placed.segments[$0] : nil }
    guard var bubble = bubble(of: placed, on: placed.anchor.placement, box: tapped) else { return nil }
    if !placed.anchor.fallbackPlacements.isEmpty, bubble.cellsLost(on: screen) > 0 {
      for side in placed.anchor.fallbackPlacements {
        if let other = self.bubble(of: placed, on: side, box: tapped), other.cellsLost(on: screen) == 0 {
          bubble = other
          break
        }
      }
    }
    // Bubbles are cropped at the screen's edges, not the scene area's: they shift onto it too.
    return scene.edges == .shift ? bubble.shifted(onto: screen) : bubble
  }

  /// The bubble of `placed` on `side`, pointing at `box` (a tapped segment) or the keyboard's
  /// box for that side; nil when it has no visible line.
  private func bubble(of placed: PlacedAnchor, on side: Placement, box: Rect?) -> BubbleLayout? {
    var anchor = placed.anchor
    anchor.placement = side
    return BubbleLayout(
      anchor: anchor, box: box ?? placed.keyboardBox(for: side), maxTextWidth: scene.maxTextWidth,
      fidelity: options.fidelity, glyphs: options.glyphs)
  }

  /// Whether the anchor named `id` is placed here and its tooltip would open: it has a visible
  /// line. The same answer as `bubble(for:) != nil`, without wrapping the copy.
  public func opens(_ id: String) -> Bool {
    anchor(id: id)?.anchor.hasVisibleLine ?? false
  }

  /// What a tap at `point` lands on: the open bubble (top layer), else an anchor's target,
  /// else the background. Cells off screen are background.
  package func hitTest(_ point: Point, bubble: BubbleLayout?) -> HitTarget {
    guard Rect(size: screen).contains(point) else { return .background }
    if let bubble, bubble.contains(point) { return .bubble }
    if let index = hits.anchor(at: point) { return .anchor(anchors[index].id) }
    return .background
  }

  /// The anchor whose tap target holds `point`, as if no bubble were open.
  ///
  /// Where targets overlap, artwork (the box) beats padding, then the nearer centre wins,
  /// then reading order.
  package func anchor(at point: Point) -> PlacedAnchor? {
    hits.anchor(at: point).map { anchors[$0] }
  }

  /// The cells beside `selected`'s box that its highlight covers besides the box (BEHAVIOUR 8):
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

  /// The anchor Tab moves to from `id`: the next in reading order (the first when `id` is nil),
  /// by the Tab order when some anchor is left out of it or grouped (``TabOrder``). Past the
  /// last, the first again when `wrapping`, else nil.
  package func next(after id: String?, wrapping: Bool = true) -> PlacedAnchor? {
    let index = id.flatMap { placement.index(of: $0) }
    let found: Int?
    if let tabOrder {
      found = tabOrder.next(after: index, wrapping: wrapping)
    } else if let index, !wrapping, index == anchors.count - 1 {
      found = nil
    } else {
      found = navigation.next(after: index)
    }
    return found.map { anchors[$0] }
  }

  /// The anchor Shift-Tab moves to from `id` (the last when `id` is nil); see
  /// ``next(after:wrapping:)``.
  package func previous(before id: String?, wrapping: Bool = true) -> PlacedAnchor? {
    let index = id.flatMap { placement.index(of: $0) }
    let found: Int?
    if let tabOrder {
      found = tabOrder.previous(before: index, wrapping: wrapping)
    } else if let index, !wrapping, index == 0 {
      found = nil
    } else {
      found = navigation.previous(before: index)
    }
    return found.map { anchors[$0] }
  }

  /// The member of `id`'s group after it (`forward`) or before it, wrapping: where Right and
  /// Left move inside a group. Nil when `id` is in no group.
  package func groupSibling(of id: String, forward: Bool) -> PlacedAnchor? {
    guard let tabOrder, let index = placement.index(of: id) else { return nil }
    return tabOrder.sibling(of: index, forward: forward).map { anchors[$0] }
  }

  /// The nearest anchor from `id` in `direction`: inside a 90° cone measured between centre
  /// cells, a row counting as two columns, scored by |dx| + 2|dy|, ties in reading order.
  /// Nil when the cone is empty.
  ///
  /// Rows are searched outward from the anchor's own and stop once no farther row can beat
  /// the best score, each row by binary search: a press costs the same with 10,000 anchors as
  /// with 8.
  package func nearest(from id: String, toward direction: Direction) -> PlacedAnchor? {
    guard let from = placement.index(of: id) else { return nil }
    let found: Int?
    switch direction {
    case .left: found = navigation.nearest(from: from, horizontal: true, increasing: false)
    case .right: found = navigation.nearest(from: from, horizontal: true, increasing: true)
    case .up: found = navigation.nearest(from: from, horizontal: false, increasing: false)
    case .down: found = navigation.nearest(from: from, horizontal: false, increasing: true)
    }
    return found.map { anchors[$0] }
  }
}

/// The identity of one placement (``SceneLayout``'s), compared by reference: what was derived
/// from a layout holds for another only when they share it.
final class LayoutStamp: Sendable {}

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
