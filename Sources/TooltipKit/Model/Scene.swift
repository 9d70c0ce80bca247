/// A set of anchors laid out together, with the wrapping width their bubbles share.
///
/// A program describes its tooltips as one (in code, or in a scene file that decodes to one) and
/// lays it out on its screen with ``SceneLayout``.
public struct Scene: Hashable, Sendable {
  /// The anchors in file order (file order breaks reading-order ties).
  public var anchors: [Anchor]
  /// The column at which bubble lines wrap; nil never wraps.
  public var maxTextWidth: Int?
  /// Static text drawn beneath the anchors (form field frames, captions).
  public var decorations: [Decoration]
  /// What an open bubble does at the screen's edges: cropped where it stands (the design, the
  /// default) or shifted along the cross axis first (BEHAVIOUR 3's opt-in, for anchors with no side
  /// that has room, such as a toolbar on the top row).
  public var edges: EdgePolicy
  /// Whether tooltips open on hover for every anchor that does not say
  /// (``Anchor/opensOnHover`` nil). Off by default.
  public var opensOnHover: Bool
  /// Whether tooltips open on keyboard focus for every anchor that does not say
  /// (``Anchor/opensOnFocus`` nil). Off by default.
  public var opensOnFocus: Bool
  /// How long the pointer rests on an anchor, or the selection stays on it, before its tooltip
  /// opens by hover or focus.
  public var hoverDelay: Duration
  /// How soon after a tooltip opened by hover or focus closed (the pointer or the selection
  /// left it) the next one opens at once, without its delay: moving along a toolbar shows
  /// each hint as the pointer arrives.
  public var skipDelay: Duration

  /// The design's wrapping width: the recipe's 240-unit frame, in columns.
  public static let defaultMaxTextWidth = 30
  /// The hover and focus delay when a scene does not set one: half a second.
  public static let defaultHoverDelay: Duration = .milliseconds(500)
  /// The skip delay when a scene does not set one: 0.3 seconds.
  public static let defaultSkipDelay: Duration = .milliseconds(300)

  /// Makes a scene; edges crop, and hover and focus are off, unless asked for.
  ///
  /// The one value a program describes its tooltips with: lay it out with ``SceneLayout``.
  public init(
    anchors: [Anchor],
    maxTextWidth: Int? = Scene.defaultMaxTextWidth,
    edges: EdgePolicy = .crop,
    opensOnHover: Bool = false,
    opensOnFocus: Bool = false,
    hoverDelay: Duration = Scene.defaultHoverDelay,
    skipDelay: Duration = Scene.defaultSkipDelay
  ) {
    self.init(
      anchors: anchors, maxTextWidth: maxTextWidth, decorations: [], edges: edges, opensOnHover: opensOnHover,
      opensOnFocus: opensOnFocus, hoverDelay: hoverDelay, skipDelay: skipDelay)
  }

  /// Makes a scene with static text beneath its anchors (the built-in scenes' form frames).
  package init(
    anchors: [Anchor],
    maxTextWidth: Int? = Scene.defaultMaxTextWidth,
    decorations: [Decoration],
    edges: EdgePolicy = .crop,
    opensOnHover: Bool = false,
    opensOnFocus: Bool = false,
    hoverDelay: Duration = Scene.defaultHoverDelay,
    skipDelay: Duration = Scene.defaultSkipDelay
  ) {
    self.anchors = anchors
    self.maxTextWidth = maxTextWidth
    self.decorations = decorations
    self.edges = edges
    self.opensOnHover = opensOnHover
    self.opensOnFocus = opensOnFocus
    self.hoverDelay = hoverDelay
    self.skipDelay = skipDelay
  }

  /// Whether `anchor`'s tooltip opens on hover in this scene: its own choice, else the scene's.
  public func hoverEnabled(for anchor: Anchor) -> Bool {
    anchor.opensOnHover ?? opensOnHover
  }

  /// Whether `anchor`'s tooltip opens on keyboard focus in this scene: its own choice, else the
  /// scene's.
  public func focusEnabled(for anchor: Anchor) -> Bool {
    anchor.opensOnFocus ?? opensOnFocus
  }

  /// Whether some anchor opens on hover: a program asks the terminal for every pointer motion
  /// (any-motion tracking, DECSET 1003) only then, and otherwise leaves it reporting as before.
  public var needsPointerMotion: Bool {
    anchors.contains { hoverEnabled(for: $0) }
  }

  /// The anchor named `id`, if the scene has one.
  public func anchor(id: String) -> Anchor? {
    anchors.first { $0.id == id }
  }
}
