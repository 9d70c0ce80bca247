import CNcurses
import TooltipKit

/// What one `get_wch` call returned, before any meaning is given to it.
///
/// Keeping ncurses' own codes lets ``InputDecoder`` be a pure function, tested without a
/// terminal.
public enum RawKey: Hashable, Sendable {
  /// `get_wch` answered `OK`: a character, as its Unicode scalar value (control characters
  /// included).
  case character(UInt32)
  /// `get_wch` answered `KEY_CODE_YES`: an ncurses key code such as `KEY_UP` or `KEY_MOUSE`.
  case keyCode(Int32)
}

/// One mouse event as `getmouse` reports it: the 0-based cell and the button state bits.
///
/// A plain value so mouse decoding is tested without a terminal.
public struct MouseReport: Hashable, Sendable {
  /// The column, 0-based.
  public var x: Int
  /// The row, 0-based.
  public var y: Int
  /// The `bstate` bits (`BUTTON1_PRESSED`, `BUTTON1_RELEASED`, ...).
  public var buttons: mmask_t

  /// Makes a report of `buttons` at column `x`, row `y`.
  public init(x: Int, y: Int, buttons: mmask_t) {
    self.x = x
    self.y = y
    self.buttons = buttons
  }

  /// The primary button went down.
  public static let pressed = TK_BUTTON1_PRESSED
  /// The primary button came up.
  public static let released = TK_BUTTON1_RELEASED
  /// Every button event the terminal layer asks for: the primary button's presses and releases,
  /// and the other buttons and the wheel, which are asked for only so that curses hands them
  /// over (and the decoder drops them): an event curses filters out itself leaves its read
  /// waiting for the next byte, past any timeout.
  public static let requested =
    TK_BUTTON1_PRESSED | TK_BUTTON1_RELEASED | TK_BUTTON2_PRESSED | TK_BUTTON2_RELEASED | TK_BUTTON3_PRESSED
    | TK_BUTTON3_RELEASED | TK_BUTTON4_PRESSED | TK_BUTTON5_PRESSED
  /// A press and release ncurses merged into one click.
  public static let clicked = TK_BUTTON1_CLICKED | TK_BUTTON1_DOUBLE_CLICKED | TK_BUTTON1_TRIPLE_CLICKED
}

/// Turns ncurses key codes and mouse reports into the terminal layer's `TerminalInput`.
///
/// It keeps one bit of state, whether the primary button is down, for one ncurses habit: with
/// `mouseinterval(0)`, a press and its release that arrive in one read are reported as the
/// release alone. A release with no press before it is therefore a click at its cell.
/// Right and middle buttons and the wheel decode to nothing.
public struct InputDecoder: Sendable {
  private var buttonDown = false

  /// A decoder with the primary button up.
  public init() {}

  /// Decodes one `get_wch` result.
  ///
  /// - Parameters:
  ///   - key: what `get_wch` returned.
  ///   - mouse: for `KEY_MOUSE`, what `getmouse` then reported (nil when it failed).
  ///   - screen: the screen size after the read (`COLS` x `LINES`), for `KEY_RESIZE`.
  ///   - time: the monotonic time of the read, stamped on presses and releases.
  /// - Returns: the input, or nil for anything the program ignores.
  public mutating func decode(_ key: RawKey, mouse: MouseReport? = nil, screen: Size, time: Duration)
    -> TerminalInput?
  {
    switch key {
    case .character(let value):
      return .key(Self.character(value))
    case .keyCode(let code):
      switch code {
      case KEY_MOUSE:
        guard let mouse else { return nil }
        return decodeMouse(mouse, time: time)
      case KEY_RESIZE:
        return .resize(screen)
      default:
        return Self.keyCode(code).map(TerminalInput.key)
      }
    }
  }

  private mutating func decodeMouse(_ mouse: MouseReport, time: Duration) -> TerminalInput? {
    let point = Point(x: mouse.x, y: mouse.y)
    let pressed = mouse.buttons & MouseReport.pressed != 0
    let released = mouse.buttons & MouseReport.released != 0
    if mouse.buttons & MouseReport.clicked != 0 || (pressed && released) {
      buttonDown = false
      return .click(point)
    }
    if pressed {
      buttonDown = true
      return .press(point, time: time)
    }
    if released {
      defer { buttonDown = false }
      // The press went by unreported (it came in the same read): a click.
      return buttonDown ? .release(point, time: time) : .click(point)
    }
    return nil
  }

  /// The key for a character `get_wch` returned with `OK`.
  static func character(_ value: UInt32) -> TerminalKey {
    switch value {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x1B: return .escape
    case 0x7F, 0x08: return .backspace
    default:
      guard let scalar = Unicode.Scalar(value) else { return .other(Int32(bitPattern: value)) }
      return .character(Character(scalar))
    }
  }

  /// The key for an ncurses key code, or nil for one the decoder leaves out.
  static func keyCode(_ code: Int32) -> TerminalKey? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_BTAB: return .backTab
    case KEY_ENTER: return .enter
    case KEY_BACKSPACE: return .backspace
    default: return .other(code)
    }
  }
}
