import CNcurses
import TooltipKit

/// What one read returned, before any meaning is given to it: a character put together from
/// `wgetch`'s bytes, or a key code.
///
/// Keeping ncurses' own codes lets ``InputDecoder`` be a pure function, tested without a
/// terminal.
public enum RawKey: Hashable, Sendable {
  /// A character, as its Unicode scalar value (control characters included).
  case character(UInt32)
  /// An ncurses key code such as `KEY_UP` or `KEY_MOUSE`.
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

  /// Decodes one read's result.
  ///
  /// - Parameters:
  ///   - key: what the read returned.
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

  /// The key for a character read.
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

/// Puts UTF-8 characters back together from the single bytes curses' `wgetch` returns.
///
/// The program reads bytes rather than curses' wide characters because `wget_wch` never
/// recovers from a byte that is not UTF-8: it keeps every later byte to complete the
/// character, and every key after a stray byte is lost. Here a byte that cannot start a
/// character is dropped, and a character cut short by a byte that cannot continue it is
/// dropped while that byte is read again on its own.
public struct UTF8Assembler: Sendable {
  /// What one byte did.
  public enum Step: Hashable, Sendable {
    /// A whole character: its Unicode scalar value.
    case scalar(UInt32)
    /// Part of a character: more bytes are needed.
    case pending
    /// The bytes so far are not a character and were dropped; `retry`, when set, is a byte
    /// that ended the sequence without belonging to it, to be added again on its own.
    case invalid(retry: UInt8?)
  }

  private var bytes: [UInt8] = []
  private var expected = 0

  /// An assembler between characters.
  public init() {}

  /// Whether part of a character has been read.
  public var isPending: Bool { !bytes.isEmpty }

  /// Drops a character cut short (its next byte did not come).
  public mutating func reset() {
    bytes.removeAll()
    expected = 0
  }

  /// Adds one byte.
  public mutating func add(_ byte: UInt8) -> Step {
    guard isPending else {
      switch byte {
      case 0x00...0x7F: return .scalar(UInt32(byte))
      case 0xC2...0xDF: expected = 2
      case 0xE0...0xEF: expected = 3
      case 0xF0...0xF4: expected = 4
      default: return .invalid(retry: nil)  // a continuation byte, or never in UTF-8
      }
      bytes = [byte]
      return .pending
    }
    guard byte & 0xC0 == 0x80 else {
      reset()
      return .invalid(retry: byte)
    }
    bytes.append(byte)
    guard bytes.count == expected else { return .pending }
    defer { reset() }
    // Overlong forms, surrogates and values past U+10FFFF are refused here.
    guard let text = String(validating: bytes, as: UTF8.self), text.unicodeScalars.count == 1,
      let scalar = text.unicodeScalars.first
    else { return .invalid(retry: nil) }
    return .scalar(scalar.value)
  }
}
