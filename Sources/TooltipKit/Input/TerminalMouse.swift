/// One mouse event with the cell, the modifiers and the time: a button going down or up, a
/// click, a drag, plain motion, or the wheel.
///
/// A program names it to act on the mouse input that is its own (the wheel, other buttons,
/// drags): it switches over ``action`` (`case .wheelUp:`, `case .press(.secondary):`). The
/// time (monotonic, the clock ``TooltipState`` long presses are timed by) is when the report
/// was read.
public struct TerminalMouse: Hashable, Sendable {
  /// A mouse button: which one went down, came up or was held.
  ///
  /// A program matches on it to give each button its own meaning (the secondary one a menu,
  /// back and forward a history).
  public enum Button: Hashable, Sendable {
    /// The primary (usually left) button: the one that taps.
    case primary
    /// The middle button (or wheel press).
    case middle
    /// The secondary (usually right) button.
    case secondary
    /// A further button: xterm numbers them 8 to 11 (back and forward are 8 and 9).
    case extra(Int)
  }

  /// What the mouse did: the case a program switches over.
  ///
  /// One enum, so a `switch` names every kind of report and the compiler checks that none is
  /// forgotten.
  public enum Action: Hashable, Sendable {
    /// A button went down.
    case press(Button)
    /// A button came up.
    case release(Button)
    /// A press and release reported together (curses merged them): a click.
    case click(Button)
    /// The pointer moved to another cell with a button held (reported under mode 1002 or 1003).
    case drag(Button)
    /// The pointer moved to another cell with no button held (reported under mode 1003).
    case move
    /// The wheel turned up, away from the user.
    case wheelUp
    /// The wheel turned down, towards the user.
    case wheelDown
    /// The wheel tilted left.
    case wheelLeft
    /// The wheel tilted right.
    case wheelRight
  }

  /// What happened: a program switches over it.
  public var action: Action
  /// The cell, 0-based.
  public var point: Point
  /// The modifiers the terminal reported (terminals keep some for themselves: xterm's Shift
  /// selects text).
  public var modifiers: KeyModifiers
  /// When it was read, on the monotonic clock.
  public var time: Duration

  /// An event `action` at `point`, read at `time`: what a program's tests hand its handling
  /// without a terminal.
  public init(_ action: Action, at point: Point, modifiers: KeyModifiers = [], time: Duration = .zero) {
    self.action = action
    self.point = point
    self.modifiers = modifiers
    self.time = time
  }
}
