/// What the state machine is told: gestures, keys, time, programmatic requests.
///
/// Time arrives as an input (press and release timestamps, ticks) so a long press is decided
/// from numbers, never from a timer inside the logic. Timestamps are any monotonic clock's
/// readings as a `Duration` since its origin.
public enum TooltipInput: Hashable, Sendable {
  /// The primary button went down at a cell.
  case press(Point, time: Duration)
  /// The primary button came up at a cell.
  case release(Point, time: Duration)
  /// A press and its release reported as one event (ncurses does when both arrive in one
  /// read): a tap at its cell.
  case click(Point)
  /// Time passed: a press held on a long-press anchor past its duration becomes a long press.
  case tick(Duration)
  /// Enter or Space: a tap on the selected anchor.
  case activate
  /// The `i` key: close whatever is open and show the selected anchor's tooltip, or hide it
  /// when it was the one open.
  case info
  /// Esc: close.
  case escape
  /// Tab: select the next anchor in reading order.
  case selectNext
  /// Shift-Tab: select the previous anchor in reading order.
  case selectPrevious
  /// An arrow or h j k l: select the nearest anchor in that direction.
  case move(Direction)
  /// Select the anchor with this id (a programmatic selection).
  case select(String)
  /// Select nothing: the program's focus moved elsewhere. An open tooltip closes
  /// (selectionMoved); a state that keeps a selection selects the first anchor again at the
  /// next input.
  case deselect
  /// Open the anchor's tooltip programmatically (a coach mark, `--open`).
  case open(String)
  /// Close whatever is open, programmatically.
  case close
  /// Forget the press in progress: its release makes no tap and its hold no long press. Whatever
  /// takes the pointer from the scene (an overlay such as a help screen) sends it, so a press
  /// begun beneath does nothing; nothing else changes.
  case cancelPress
  /// The layout changed (resize, toggle): check what is open and selected still exists.
  /// Every input does this check first; this input does nothing else.
  case layoutChanged
  /// The scene was replaced by another: whatever is open closes (anchorRemoved), any press is
  /// forgotten and the first anchor is selected.
  case sceneReplaced
}

/// Why a tooltip closed.
///
/// The demo shows it; an app may log it or treat an escape differently from a tap.
public enum CloseReason: String, Hashable, Sendable {
  /// The next tap (or keyboard activation) anywhere.
  case tap
  /// The next long press anywhere.
  case longPress
  /// The Esc key.
  case escape
  /// The `i` key.
  case info
  /// The selection moved to another anchor.
  case selectionMoved
  /// The program asked, or a change left the bubble no visible line.
  case programmatic
  /// Its anchor left the scene or the scene area.
  case anchorRemoved
}

/// A change the state machine reports: every open, close and action.
///
/// The demo's status row shows the last one; tests compare sequences of them.
public enum TooltipEvent: Hashable, Sendable, CustomStringConvertible {
  /// The tooltip of this anchor opened.
  case opened(String)
  /// The tooltip of this anchor closed, for this reason.
  case closed(String, CloseReason)
  /// This labelled control's own action ran (its tap, not its tooltip).
  case action(String)

  /// A short human-readable form: `opened share`, `closed share (escape)`, `action publish`.
  public var description: String {
    switch self {
    case .opened(let id): "opened \(id)"
    case .closed(let id, let reason): "closed \(id) (\(reason.rawValue))"
    case .action(let id): "action \(id)"
    }
  }
}
