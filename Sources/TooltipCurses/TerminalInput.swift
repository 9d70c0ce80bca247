import TooltipKit

/// A key as the terminal layer decodes it from ncurses, before any program gives it meaning.
///
/// Keeping keys symbolic lets a program's key handling be tested without a terminal.
public enum TerminalKey: Hashable, Sendable {
  /// A printable character, or a control character such as Ctrl-C ("\u{03}") or Ctrl-L ("\u{0C}").
  case character(Character)
  /// Enter or Return.
  case enter
  /// Tab.
  case tab
  /// Shift-Tab.
  case backTab
  /// The up arrow.
  case up
  /// The down arrow.
  case down
  /// The left arrow.
  case left
  /// The right arrow.
  case right
  /// Esc on its own.
  case escape
  /// Backspace or Delete.
  case backspace
  /// Any other ncurses key code.
  case other(Int32)
}

/// One decoded input from the terminal: a key, a primary-button mouse event with its time,
/// or a new screen size.
///
/// Right and middle buttons and the wheel never get this far: the decoder drops them.
public enum TerminalInput: Hashable, Sendable {
  /// A key.
  case key(TerminalKey)
  /// The primary button went down at a cell, at a monotonic time.
  case press(Point, time: Duration)
  /// The primary button came up at a cell, at a monotonic time.
  case release(Point, time: Duration)
  /// A press and release reported together (one read held both): a tap at its cell.
  case click(Point)
  /// The terminal was resized to this size.
  case resize(Size)
}
