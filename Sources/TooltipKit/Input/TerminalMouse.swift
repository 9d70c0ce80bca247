/// One mouse event with the cell, the modifiers and the time: a button going down or up, a
/// click, a drag, plain motion, or the wheel.
///
/// A program names it to act on the mouse input that is its own (the wheel, other buttons,
/// drags). Buttons are numbered as xterm numbers them (``button``), and exactly one of
/// ``isPress``, ``isRelease``, ``isClick``, ``isDrag``, ``isMove`` and ``isWheel`` is true. The
/// time (monotonic, the clock ``TooltipState`` long presses are timed by) is when the report
/// was read.
public struct TerminalMouse: Hashable, Sendable {
  /// A mouse button.
  package enum Button: Hashable, Sendable {
    /// The primary (usually left) button: the one that taps.
    case primary
    /// The middle button (or wheel press).
    case middle
    /// The secondary (usually right) button.
    case secondary
    /// A further button: xterm numbers them 8 to 11 (back and forward are 8 and 9).
    case extra(Int)

    /// xterm's number for the button: 1 primary, 2 middle, 3 secondary, 8 to 11 further.
    var number: Int {
      switch self {
      case .primary: 1
      case .middle: 2
      case .secondary: 3
      case .extra(let number): number
      }
    }
  }

  /// What happened.
  package enum Action: Hashable, Sendable {
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

  /// What happened.
  package var action: Action
  /// The cell, 0-based.
  public var point: Point
  /// The modifiers the terminal reported (terminals keep some for themselves: xterm's Shift
  /// selects text).
  public var modifiers: KeyModifiers
  /// When it was read, on the monotonic clock.
  public var time: Duration

  /// An event `action` at `point`.
  package init(_ action: Action, at point: Point, modifiers: KeyModifiers = [], time: Duration = .zero) {
    self.action = action
    self.point = point
    self.modifiers = modifiers
    self.time = time
  }

  /// The button, as xterm numbers it: 1 primary (usually left), 2 middle, 3 secondary, 4 and 5
  /// the wheel up and down, 6 and 7 the wheel left and right, 8 to 11 further buttons (back and
  /// forward are 8 and 9); 0 for motion with no button held.
  public var button: Int {
    switch action {
    case .press(let button), .release(let button), .click(let button), .drag(let button): button.number
    case .move: 0
    case .wheelUp: 4
    case .wheelDown: 5
    case .wheelLeft: 6
    case .wheelRight: 7
    }
  }

  /// Whether ``button`` went down.
  public var isPress: Bool {
    if case .press = action { return true }
    return false
  }

  /// Whether ``button`` came up.
  public var isRelease: Bool {
    if case .release = action { return true }
    return false
  }

  /// Whether ``button`` went down and up in one report (a terminal library merged them).
  public var isClick: Bool {
    if case .click = action { return true }
    return false
  }

  /// Whether the pointer moved to another cell with ``button`` held.
  public var isDrag: Bool {
    if case .drag = action { return true }
    return false
  }

  /// Whether the pointer moved to another cell with no button held.
  public var isMove: Bool { action == .move }

  /// Whether the wheel turned: ``button`` 4 up (away from the user), 5 down, 6 left, 7 right.
  public var isWheel: Bool {
    switch action {
    case .wheelUp, .wheelDown, .wheelLeft, .wheelRight: true
    default: false
    }
  }
}
