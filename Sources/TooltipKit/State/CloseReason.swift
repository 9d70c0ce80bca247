/// Why a tooltip closed.
///
/// A program may show it, log it, or treat an escape differently from a tap.
public enum CloseReason: String, Hashable, Sendable {
  /// The next tap (or keyboard activation) anywhere.
  case tap
  /// The next long press anywhere.
  case longPress
  /// An ``TooltipInput/escape``.
  case escape
  /// A ``TooltipInput/toggleHint`` that hid it, or showed another anchor's (the `i` key among
  /// the component's keys).
  case hintToggled
  /// The selection moved to another anchor.
  case selectionMoved
  /// The program asked, or a change left the bubble no visible line.
  case programmatic
  /// Its anchor left the scene or the scene area.
  case anchorRemoved
  /// The pointer moved off the hoverable zone of a tooltip that hover opened (its anchor's tap
  /// target, its bubble and the gap line between them), or out of the window; or another
  /// anchor's tooltip opened by hover in its place.
  case pointerLeft
}
