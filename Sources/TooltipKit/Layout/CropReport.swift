/// What the screen's edges cut off each tooltip of a scene at one screen size, the scene filling
/// the screen.
///
/// Nothing flips at an edge, and by default nothing shifts either, so a cropped tooltip is a
/// design problem to fix before shipping: this answers, for every tooltip at once, which edges
/// its bubble crosses, how many of its cells are lost, and which placement would lose the
/// fewest. Bubbles are laid out with the scene's ``Scene/edges``, so under
/// ``EdgePolicy/shift`` only what shifting cannot bring on screen counts. `tooltip-tui
/// --check` prints it; a program can ask the same at each size it supports.
public struct CropReport: Hashable, Sendable {
  /// One tooltip and what the screen's edges cut off it.
  public struct Tooltip: Hashable, Sendable {
    /// The anchor's id.
    public var id: String
    /// The side of the anchor its bubble sits on.
    public var placement: Placement
    /// The screen edges the bubble crosses, in the order left, right, top, bottom; for an
    /// anchor wholly off screen, also the edges its box lies beyond.
    public var edges: [Placement]
    /// The distinct cells of body and pointer that the screen does not show: all of them when
    /// the anchor is wholly off screen (it is not placed, so its bubble never shows).
    public var cellsLost: Int
    /// Whether the anchor's box lies wholly off screen.
    public var anchorIsOffScreen: Bool
    /// Of the four placements, the one whose bubble would lose the fewest cells here, with
    /// the same copy and edge rule: this tooltip's own placement when no other loses fewer
    /// (ties go to it, then to the order top, bottom, left, right). What to change a cropped
    /// tooltip to, when a placement with room exists.
    public var leastCroppedPlacement: Placement
    /// The cells ``leastCroppedPlacement`` would lose (``cellsLost`` when it is this
    /// tooltip's own placement).
    public var leastCellsLost: Int

    /// Whether the screen cuts anything off this tooltip.
    public var isCropped: Bool { cellsLost > 0 }

    /// Makes a report line by hand (tests, a program's own checks); the least cropped
    /// placement defaults to the tooltip's own.
    public init(
      id: String, placement: Placement, edges: [Placement], cellsLost: Int, anchorIsOffScreen: Bool = false,
      leastCroppedPlacement: Placement? = nil, leastCellsLost: Int? = nil
    ) {
      self.id = id
      self.placement = placement
      self.edges = edges
      self.cellsLost = cellsLost
      self.anchorIsOffScreen = anchorIsOffScreen
      self.leastCroppedPlacement = leastCroppedPlacement ?? placement
      self.leastCellsLost = leastCellsLost ?? cellsLost
    }
  }

  /// The screen size the scene was measured at.
  public let screen: Size
  /// Every tooltip (every anchor with a visible line), cropped or not, in reading order: by
  /// the box's row, then its column, then file order. Anchors wholly off screen are included.
  public let tooltips: [Tooltip]

  /// The tooltips the screen's edges cut, in reading order.
  public var cropped: [Tooltip] { tooltips.filter(\.isCropped) }

  /// Lays out every anchor of `scene` with its scene area the whole screen of `screen` cells
  /// (off-screen anchors too), with the scene's edge rule, and measures each bubble against the
  /// screen's edges; for each cropped one, also every other placement's. An anchor with
  /// ``Anchor/fallbackPlacements`` is measured on the side the layout would draw.
  ///
  /// `options` sets what changes a bubble's size: the fidelity (a wider body under `file`)
  /// and the glyph set.
  public init(scene: Scene, screen: Size, options: RenderOptions = RenderOptions()) {
    let screenRect = Rect(size: screen)
    func layOut(_ anchor: Anchor, box: Rect) -> BubbleLayout? {
      BubbleLayout(
        anchor: anchor, box: box, maxTextWidth: scene.maxTextWidth, fidelity: options.fidelity, glyphs: options.glyphs)
    }
    var placed: [(anchor: PlacedAnchor, bubble: BubbleLayout)] = []
    for (index, anchor) in scene.anchors.enumerated() {
      let anchor = PlacedAnchor(unclipped: anchor, fileIndex: index, area: screenRect, glyphs: options.glyphs)
      guard var bubble = layOut(anchor.anchor, box: anchor.box) else { continue }
      // The side the layout draws: the first of the anchor's fallbacks that fits, when its own
      // placement does not (``Anchor/fallbackPlacements``).
      if !anchor.anchor.fallbackPlacements.isEmpty, bubble.cellsLost(on: screen) > 0 {
        for side in anchor.anchor.fallbackPlacements {
          var moved = anchor.anchor
          moved.placement = side
          if let other = layOut(moved, box: anchor.box), other.cellsLost(on: screen) == 0 {
            bubble = other
            break
          }
        }
      }
      placed.append((anchor, bubble))
    }
    placed.sort { $0.anchor.precedesInReadingOrder($1.anchor) }
    self.screen = screen
    tooltips = placed.map { anchor, bubble in
      var tooltip = Self.measure(bubble, box: anchor.box, id: anchor.id, screen: screen, edges: scene.edges)
      guard tooltip.isCropped else { return tooltip }
      for other in Placement.allCases where other != bubble.placement {
        var moved = anchor.anchor
        moved.placement = other
        guard let otherBubble = layOut(moved, box: anchor.box) else { continue }
        let lost = Self.measure(otherBubble, box: anchor.box, id: anchor.id, screen: screen, edges: scene.edges)
          .cellsLost
        if lost < tooltip.leastCellsLost {
          tooltip.leastCroppedPlacement = other
          tooltip.leastCellsLost = lost
        }
      }
      return tooltip
    }
  }

  /// What the screen cuts off `bubble`, laid out for the anchor `id` whose box is `box`: shifted
  /// first under ``EdgePolicy/shift``, unless the box is wholly off screen (such an anchor is not
  /// placed, so all its bubble is lost).
  private static func measure(_ bubble: BubbleLayout, box: Rect, id: String, screen: Size, edges: EdgePolicy)
    -> Tooltip
  {
    let screenRect = Rect(origin: Point(x: 0, y: 0), size: screen)
    guard box.intersection(screenRect) == nil else {
      let shown = edges == .shift ? bubble.shifted(onto: screen) : bubble
      return Tooltip(
        id: id, placement: shown.placement, edges: shown.edgesCrossed(on: screen),
        cellsLost: shown.cellsLost(on: screen))
    }
    let beyond = Set(bubble.edgesCrossed(on: screen)).union(
      [
        box.maxX <= 0 ? .left : nil, box.minX >= screen.width ? .right : nil,
        box.maxY <= 0 ? .top : nil, box.minY >= screen.height ? .bottom : nil,
      ].compactMap { $0 })
    return Tooltip(
      id: id, placement: bubble.placement, edges: [Placement.left, .right, .top, .bottom].filter(beyond.contains),
      cellsLost: bubble.body.area + (bubble.body.contains(bubble.pointer) ? 0 : 1), anchorIsOffScreen: true)
  }
}
