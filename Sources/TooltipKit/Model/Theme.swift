/// The light or dark appearance of the design system: a dark bubble on a light screen, or a
/// light one on a dark screen.
///
/// A program picks the one that stands out on its own background (``RenderOptions/theme``);
/// a theme toggle only recolours, it never moves anything.
public enum Theme: String, CaseIterable, Hashable, Sendable {
  /// Dark bubble on a light screen.
  case light
  /// Light bubble on a dark screen.
  case dark
}
