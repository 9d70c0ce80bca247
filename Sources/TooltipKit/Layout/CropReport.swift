/// What the screen's edges cut off each tooltip of a scene at one screen size, the scene filling
/// the screen.
///
/// Nothing flips, shifts or clamps at an edge, so a cropped tooltip is a design problem to fix
/// before shipping: this answers, for every tooltip at once, which edges its bubble crosses and
/// how many of its cells are lost. `tooltip-tui --check` prints it; a program can ask the same
/// at each size it supports.
public struct CropReport: Hashable, Sendable {
  /// One tooltip and what the screen's edges cut off it.
  public struct Tooltip: Hashable, Sendable {
    /// The anchor's id.
    public var id: String
    /// The side of the anchor its bubble sits on.
    public var placement: Placement
    /// The screen edges the bubble crosses, in the order left, right, top, bottom; for an
    /// anchor wholly off screen, also the edges its box lies beyond.
    public var edges: [BubbleLayout.Edge]
    /// The distinct cells of body and pointer that the screen does not show: all of them when
    /// the anchor is wholly off screen (it is not placed, so its bubble never shows).
    public var cellsLost: Int
    /// Whether the anchor's box lies wholly off screen.
    public var anchorIsOffScreen: Bool

    /// Whether the screen cuts anything off this tooltip.
    public var isCropped: Bool { cellsLost > 0 }

    /// Makes a report line by hand (tests, a program's own checks).
    public init(
      id: String, placement: Placement, edges: [BubbleLayout.Edge], cellsLost: Int, anchorIsOffScreen: Bool = false
    ) {
      self.id = id
      self.placement = placement
      self.edges = edges
      self.cellsLost = cellsLost
      self.anchorIsOffScreen = anchorIsOffScreen
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
  /// (off-screen anchors too) and measures each bubble against the screen's edges.
  ///
  /// `options` sets what changes a bubble's size: the fidelity (a wider body under `file`)
  /// and the glyph set.
  public init(scene: Scene, screen: Size, options: RenderOptions = RenderOptions()) {
    let screenRect = Rect(size: screen)
    var placed: [(anchor: PlacedAnchor, bubble: BubbleLayout)] = []
    for (index, anchor) in scene.anchors.enumerated() {
      let anchor = PlacedAnchor(unclipped: anchor, fileIndex: index, area: screenRect, glyphs: options.glyphs)
      guard
        let bubble = BubbleLayout(
          anchor: anchor.anchor, box: anchor.box, maxTextWidth: scene.maxTextWidth, fidelity: options.fidelity,
          glyphs: options.glyphs)
      else { continue }
      placed.append((anchor, bubble))
    }
    placed.sort { $0.anchor.precedesInReadingOrder($1.anchor) }
    self.screen = screen
    tooltips = placed.map { anchor, bubble in
      let box = anchor.box
      guard box.intersection(screenRect) == nil else {
        return Tooltip(
          id: anchor.id, placement: bubble.placement, edges: bubble.edgesCrossed(on: screen),
          cellsLost: bubble.cellsLost(on: screen))
      }
      let beyond = Set(bubble.edgesCrossed(on: screen)).union(
        [
          box.maxX <= 0 ? .left : nil, box.minX >= screen.width ? .right : nil,
          box.maxY <= 0 ? .top : nil, box.minY >= screen.height ? .bottom : nil,
        ].compactMap { $0 })
      return Tooltip(
        id: anchor.id, placement: bubble.placement, edges: BubbleLayout.Edge.allCases.filter(beyond.contains),
        cellsLost: bubble.body.area + (bubble.body.contains(bubble.pointer) ? 0 : 1), anchorIsOffScreen: true)
    }
  }
}
