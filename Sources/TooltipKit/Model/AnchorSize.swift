/// The size axis of an anchor: `sm` is a 1-cell icon, `md` a 3-cell one.
///
/// A program names it for an icon anchor's box and tap target (it never changes the bubble); a
/// widget of its own gives ``Anchor/boxSize`` instead.
public enum AnchorSize: String, CaseIterable, Hashable, Sendable {
  /// Small: a 1 x 1 icon box with one column of tap padding each side.
  case sm
  /// Medium: a 3 x 1 icon box that is its own tap target.
  case md
}
