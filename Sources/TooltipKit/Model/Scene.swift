/// A set of anchors laid out together, with the wrapping width their bubbles share.
///
/// A scene is what the renderer draws and what a scene file decodes to.
public struct Scene: Hashable, Sendable {
  /// The anchors in file order (file order breaks reading-order ties).
  public var anchors: [Anchor]
  /// The column at which bubble lines wrap; nil never wraps.
  public var maxTextWidth: Int?
  /// Static text drawn beneath the anchors (form field frames, captions).
  public var decorations: [Decoration]

  /// The design's wrapping width: the recipe's 240-unit frame, in columns.
  public static let defaultMaxTextWidth = 30

  /// Makes a scene.
  public init(anchors: [Anchor], maxTextWidth: Int? = Scene.defaultMaxTextWidth, decorations: [Decoration] = []) {
    self.anchors = anchors
    self.maxTextWidth = maxTextWidth
    self.decorations = decorations
  }

  /// The anchor named `id`, if the scene has one.
  public func anchor(id: String) -> Anchor? {
    anchors.first { $0.id == id }
  }
}

/// A piece of static text in a scene, placed like an anchor but never interactive.
///
/// Built-in scenes use decorations to show what an anchor belongs to (a form field's frame).
public struct Decoration: Hashable, Sendable {
  /// The first cell of the text in scene coordinates; negative values count from the far
  /// edge as they do for anchors (x = -1: the text ends on the last column).
  public var position: Point
  /// The text, one row, sanitized before drawing.
  public var text: String
  /// Whether it is drawn dim.
  public var isDim: Bool

  /// Makes a decoration.
  public init(position: Point, text: String, isDim: Bool = false) {
    self.position = position
    self.text = text
    self.isDim = isDim
  }
}
