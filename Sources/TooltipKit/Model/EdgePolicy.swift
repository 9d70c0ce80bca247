/// What an open bubble does where the screen ends: BEHAVIOUR 3's two edge rules.
///
/// Cropping is the design: a placement is a promise, so the bubble stays where its anchor puts
/// it and the screen cuts what falls outside. Shifting is for a program whose anchors have no
/// side with room (a toolbar on the top row, a column of icons at the left edge): the body
/// slides along the cross axis until it is on screen, the pointer stays on its anchor, and
/// nothing ever flips to another side.
public enum EdgePolicy: String, CaseIterable, Hashable, Sendable {
  /// Nothing moves; cells outside the screen are dropped (``Rect/intersection(_:)``).
  case crop
  /// The body moves along the cross axis by the fewest cells that bring it wholly on screen,
  /// never so far that the pointer leaves its span; what still falls outside is cropped.
  case shift
}
