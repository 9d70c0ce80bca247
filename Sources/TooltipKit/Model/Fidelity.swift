/// Which bubble style rules are applied: the clean one, or the design file's as drawn.
///
/// The file has two defects (wider bodies on three sides, a low-contrast supporting line);
/// `file` reproduces them so they can be seen, `hug` fixes them.
public enum Fidelity: String, CaseIterable, Hashable, Sendable {
  /// Every body hugs its text; the supporting line uses a muted token with 7.1:1 contrast.
  case hug
  /// Bottom, left and right bodies are one column wider; the supporting line uses
  /// text/disabled-400 in both themes.
  case file
}
