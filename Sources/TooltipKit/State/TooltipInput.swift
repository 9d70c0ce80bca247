/// What the state machine is told: gestures, keys, time, programmatic requests.
///
/// A program sends one for what its own input means to the tooltips (a press, a tick, a
/// programmatic open); what the terminal sent goes in as a ``TerminalInput``. Time arrives as an
/// input (press and release timestamps, ticks) so a long press is decided from numbers, never
/// from a timer inside the logic. Timestamps are any monotonic clock's
/// readings as a `Duration` since its origin.
public enum TooltipInput: Hashable, Sendable {
  /// The primary button went down at a cell.
  case press(Point, time: Duration)
  /// The primary button came up at a cell.
  case release(Point, time: Duration)
  /// A press and its release reported as one event (a terminal library may report them so
  /// when both arrive at once): a tap at its cell.
  case click(Point)
  /// The pointer moved to a cell with no button held (a terminal's motion report), or out of
  /// the window (any cell off the screen). Only scenes with hover need it: the pointer resting
  /// on a hover anchor opens its tooltip, leaving the hoverable zone closes it. A report on
  /// the cell of the one before changes nothing.
  case motion(Point, time: Duration)
  /// Time passed: a press held on a long-press anchor past its duration becomes a long press,
  /// a pointer or a selection resting long enough on a hover or focus anchor opens its tooltip.
  case tick(Duration)
  /// Keyboard activation: a tap on the selected anchor (the component's keys map Enter and
  /// Space to it).
  case activate
  /// Show or hide the selected anchor's tooltip whatever its trigger: close whatever is open
  /// and show the selected anchor's, or hide it when it was the one open. The keyboard's way
  /// to a long-press hint (the component's keys map `i` to it).
  case toggleHint
  /// Close whatever is open (the component's keys map Esc to it).
  case escape
  /// Select the next anchor in reading order (Tab among the component's keys): after the last,
  /// the first again when the state keeps a selection, else nothing (the focus goes back to the
  /// program).
  case selectNext
  /// Select the previous anchor in reading order (Shift-Tab among the component's keys): before
  /// the first, the last again when the state keeps a selection, else nothing.
  case selectPrevious
  /// Select the nearest anchor that way: `.top` is up, towards row 0 (arrows and h j k l
  /// among the component's keys).
  case move(Placement)
  /// Select the anchor with this id (a programmatic selection).
  case select(String)
  /// Focus the anchor `id` as the keyboard would: select it and, when focus opens its tooltip
  /// (``Scene/opensOnFocus`` or the anchor's own), start the focus delay, after which it opens
  /// with ``OpenReason/focus``. For a program that moves the focus itself (its own focus ring,
  /// a menu entered by a key of its own); ``select(_:)`` selects without opening. Unknown ids
  /// change nothing.
  case focus(String)
  /// Select nothing: the program's focus moved elsewhere. An open tooltip closes
  /// (selectionMoved); a state that keeps a selection selects the first anchor again at the
  /// next input.
  case deselect
  /// Select nothing and leave an open tooltip open: the program's focus moved elsewhere but
  /// the bubble it showed still explains something on screen. A state that keeps a selection
  /// selects the first anchor again at the next input, without closing the bubble.
  case deselectKeepingOpen
  /// Open the anchor's tooltip programmatically (a coach mark, a tooltip open at start).
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
