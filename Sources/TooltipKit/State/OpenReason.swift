/// How the open tooltip opened, which decides what closes it.
///
/// ``TooltipEvent/opened(_:)`` names the anchor; ``TooltipState/openReason`` says how. A tooltip
/// opened by hover or focus is transient: it gives way to the next hover or focus open, the
/// pointer leaving closes one hover opened, and a tap on its anchor pins it (it is then as if a
/// tap had opened it). A program may show the reason, or draw a transient tooltip differently.
public enum OpenReason: String, Hashable, Sendable {
  /// A tap, a click or keyboard activation (Enter, Space) on the anchor.
  case tap
  /// A press held on a long-press anchor.
  case longPress
  /// ``TooltipInput/toggleHint`` (the `i` key among the component's keys).
  case hintToggled
  /// ``TooltipInput/open(_:)``.
  case programmatic
  /// The pointer rested on the anchor for the scene's ``Scene/hoverDelay``.
  case hover
  /// The keyboard moved the selection onto the anchor and it stayed there for the delay.
  case focus

  /// Whether hover or focus opened it.
  var isTransient: Bool { self == .hover || self == .focus }
}
