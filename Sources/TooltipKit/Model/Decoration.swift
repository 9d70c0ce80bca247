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
