/// The modifier keys held with a key or a mouse event: Shift, Alt, Ctrl and Meta.
///
/// A program names it to tell Ctrl-C from `c` or a Shift-click from a click: one set for keys
/// and buttons alike, as terminals report them (xterm's modifier parameter for keys, the
/// report's modifier bits for the mouse), so modifiers are checked the same way for both.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The bits: 1 Shift, 2 Alt, 4 Ctrl, 8 Meta (xterm's modifier parameter less one).
  public let rawValue: UInt8

  /// The set with these bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1)
  /// Alt (or Option): xterm's parameter, or ESC before the key.
  public static let alt = KeyModifiers(rawValue: 2)
  /// Ctrl: xterm's parameter, or a control character (Ctrl-C is `c` with Ctrl).
  public static let control = KeyModifiers(rawValue: 4)
  /// Meta, which xterm reports apart from Alt when told to.
  public static let meta = KeyModifiers(rawValue: 8)
}

/// A key the terminal sent, with the modifiers held: the name a program matches on.
///
/// A program names it to act on its own keys, and keeping keys symbolic lets that handling be
/// tested without a terminal. The unmodified keys have static names (`.tab`, `.up`,
/// `.pageDown`, `.character("q")`, `.function(1)`), so a `switch` reads `case .key(.tab)`; a
/// modified key reads its ``modifiers`` and compares its ``unmodified`` key, or its
/// ``character``.
public struct TerminalKey: Hashable, Sendable {
  /// Which key, without its modifiers.
  package enum Code: Hashable, Sendable {
    /// A printable character; a control character arrives as its letter with ``KeyModifiers/control``.
    case character(Character)
    /// Enter or Return.
    case enter
    /// Tab (Shift-Tab is Tab with ``KeyModifiers/shift``).
    case tab
    /// Backspace.
    case backspace
    /// Esc.
    case escape
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (the key that deletes forwards).
    case delete
    /// A function key: F1 is 1.
    case function(Int)
    /// An ncurses key code that has no name here (a program reading with its own `wgetch`).
    case other(Int32)
  }

  /// Which key.
  package var code: Code
  /// The modifiers held with it.
  public var modifiers: KeyModifiers

  /// The key `code` with `modifiers` held.
  package init(_ code: Code, modifiers: KeyModifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  /// The same key with no modifier held: `key.unmodified == .up` is any arrow up, Ctrl or not.
  public var unmodified: TerminalKey { TerminalKey(code) }

  /// The character of a printable key, with any modifiers (Ctrl-C is `c` with
  /// ``KeyModifiers/control``); nil for the other keys.
  public var character: Character? {
    if case .character(let character) = code { return character }
    return nil
  }

  /// The number of a function key (F1 is 1), with any modifiers; nil for the other keys.
  public var functionNumber: Int? {
    if case .function(let number) = code { return number }
    return nil
  }

  /// This key with `modifiers` held as well: `.character("c").with(.control)` is Ctrl-C.
  public func with(_ modifiers: KeyModifiers) -> TerminalKey {
    TerminalKey(code, modifiers: self.modifiers.union(modifiers))
  }

  /// A printable character typed with no modifier.
  public static func character(_ character: Character) -> TerminalKey { TerminalKey(.character(character)) }
  /// The function key F`number`, with no modifier.
  public static func function(_ number: Int) -> TerminalKey { TerminalKey(.function(number)) }
  /// Enter.
  public static let enter = TerminalKey(.enter)
  /// Tab.
  public static let tab = TerminalKey(.tab)
  /// Shift-Tab.
  public static let backTab = TerminalKey(.tab, modifiers: .shift)
  /// Backspace.
  public static let backspace = TerminalKey(.backspace)
  /// Esc.
  public static let escape = TerminalKey(.escape)
  /// The up arrow.
  public static let up = TerminalKey(.up)
  /// The down arrow.
  public static let down = TerminalKey(.down)
  /// The left arrow.
  public static let left = TerminalKey(.left)
  /// The right arrow.
  public static let right = TerminalKey(.right)
  /// Home.
  public static let home = TerminalKey(.home)
  /// End.
  public static let end = TerminalKey(.end)
  /// Page Up.
  public static let pageUp = TerminalKey(.pageUp)
  /// Page Down.
  public static let pageDown = TerminalKey(.pageDown)
  /// Insert.
  public static let insert = TerminalKey(.insert)
  /// Delete.
  public static let delete = TerminalKey(.delete)

  /// What an Alt-modified key stands for when the program gives it no meaning: Esc, then the
  /// key without Alt; any other key alone.
  ///
  /// Terminal multiplexers merge Esc with the key after it (GNU screen holds a lone ESC while
  /// mouse reporting is on, until the next key; tmux within its `escape-time`), so what the
  /// user typed as Esc, then Tab, arrives as Alt-Tab. A program that has no Alt-Tab of its own
  /// acts on both keys, as the user meant.
  public var unmerged: [TerminalKey] {
    guard modifiers.contains(.alt) else { return [self] }
    var key = self
    key.modifiers.remove(.alt)
    return [.escape, key]
  }
}

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

/// One input from the terminal: a key, a mouse event, a paste, or a new screen size.
///
/// A program names it where its loop reads input and hands what is not the component's to its
/// own handling (``TooltipState/send(_:layout:policy:now:letters:)`` takes the rest). Every key and mouse event a terminal sends that has a meaning arrives, with its modifiers;
/// sequences nobody knows are consumed whole and never arrive as loose keys.
public enum TerminalInput: Hashable, Sendable {
  /// A key.
  case key(TerminalKey)
  /// A mouse event.
  case mouse(TerminalMouse)
  /// Text the user pasted while bracketed paste was on: one event, never keys (a pasted `q`
  /// quits nothing). Line ends are `\n`; the text is as the terminal sent it, so sanitize it
  /// before showing it.
  case paste(String)
  /// The terminal was resized to this size.
  case resize(Size)
}

extension TerminalInput {
  /// Whether this input makes `earlier`, read just before it, stale: both are pointer motion
  /// with no button held, or both drags of one button.
  ///
  /// A reader that finds several inputs waiting acts on the last of such a run only (SPEC 4,
  /// Cost): a pointer swept across the screen while the program was busy is one input, not
  /// hundreds, and a press, release or key among them keeps its place, since only motion
  /// directly after motion is dropped. The session applies it; a program that feeds
  /// ``InputParser`` itself applies it the same way.
  public func supersedes(_ earlier: TerminalInput) -> Bool {
    guard case .mouse(let first) = earlier, case .mouse(let second) = self else { return false }
    switch (first.action, second.action) {
    case (.move, .move): return true
    case (.drag(let a), .drag(let b)): return a == b
    default: return false
    }
  }
}
