import CNcurses
import TooltipKit

/// What one read returned, before any meaning is given to it: a character put together from
/// `wgetch`'s bytes, or a key code.
///
/// Keeping ncurses' own codes lets ``InputDecoder`` be a pure function, tested without a
/// terminal.
package enum RawKey: Hashable, Sendable {
  /// A character, as its Unicode scalar value (control characters included).
  case character(UInt32)
  /// An ncurses key code such as `KEY_UP` or `KEY_MOUSE`.
  case keyCode(Int32)
}

/// One mouse event as `getmouse` reports it: the 0-based cell and the button state bits.
///
/// A plain value so mouse decoding is tested without a terminal.
package struct MouseReport: Hashable, Sendable {
  /// The column, 0-based.
  package var x: Int
  /// The row, 0-based.
  package var y: Int
  /// The `bstate` bits (`BUTTON1_PRESSED`, `BUTTON1_RELEASED`, ...).
  package var buttons: mmask_t

  /// Makes a report of `buttons` at column `x`, row `y`.
  package init(x: Int, y: Int, buttons: mmask_t) {
    self.x = x
    self.y = y
    self.buttons = buttons
  }

  /// The `bstate` bit of `event` (1 released, 2 pressed, 4 clicked, 8 double-, 16
  /// triple-clicked) for button `button` (1 to 5; 6 holds the modifiers and motion), as
  /// ncurses' `NCURSES_MOUSE_MASK` lays them out (mouse version 2).
  static func mask(_ button: Int, _ event: mmask_t) -> mmask_t { event << mmask_t((button - 1) * 5) }

  /// The primary button went down.
  package static let pressed = TK_BUTTON1_PRESSED
  /// The primary button came up.
  package static let released = TK_BUTTON1_RELEASED
  /// Every mouse event a program should ask `mousemask` for (with `mouseinterval(0)`, so a press
  /// and its release arrive apart and a long press can be timed): every button's presses and
  /// releases, the wheel, the modifiers, and motion. An event left out is filtered by curses
  /// itself, which leaves its read waiting for the next byte, past any timeout.
  package static let requested =
    (1...3).reduce(mmask_t(0)) { $0 | mask($1, 1) | mask($1, 2) } | mask(4, 2) | mask(5, 2) | mask(6, 1 | 2 | 4 | 8)
  /// A press and release ncurses merged into one click.
  package static let clicked = TK_BUTTON1_CLICKED | TK_BUTTON1_DOUBLE_CLICKED | TK_BUTTON1_TRIPLE_CLICKED
}

/// Turns ncurses key codes and mouse reports into the terminal layer's `TerminalInput`, for a
/// program that reads with its own `wgetch` (keypad on).
///
/// Keys: ncurses' named codes (`KEY_HOME`, `KEY_NPAGE`, `KEY_F(n)`, `KEY_SLEFT`, ...), and the
/// modified keys terminfo names in xterm's style (`kUP5` is Ctrl-Up), by `keyname`; any other
/// code is `TerminalKey.Code.other(_:)`. Mouse: every button, the wheel, motion and the
/// modifiers. It keeps which buttons are down (`HeldButtons`, as the byte parser does), for one ncurses habit: with `mouseinterval(0)`,
/// a press and its release that arrive in one read are reported as the release alone. A
/// release with no press before it is therefore a click at its cell.
package struct InputDecoder: Sendable {
  private var held = HeldButtons()

  /// A decoder with every button up.
  package init() {}

  /// Decodes one read's result.
  ///
  /// - Parameters:
  ///   - key: what the read returned.
  ///   - mouse: for `KEY_MOUSE`, what `getmouse` then reported (nil when it failed).
  ///   - screen: the screen size after the read (`COLS` x `LINES`), for `KEY_RESIZE`.
  ///   - time: the monotonic time of the read, stamped on mouse events.
  /// - Returns: the input, or nil for anything that means nothing.
  package mutating func decode(_ key: RawKey, mouse: MouseReport? = nil, screen: Size, time: Duration)
    -> TerminalInput?
  {
    switch key {
    case .character(let value):
      return .key(InputParser.character(value))
    case .keyCode(let code):
      switch code {
      case KEY_MOUSE:
        guard let mouse else { return nil }
        return decodeMouse(mouse, time: time)
      case KEY_RESIZE:
        return .resize(screen)
      default:
        return .key(Self.keyCode(code))
      }
    }
  }

  private mutating func decodeMouse(_ mouse: MouseReport, time: Duration) -> TerminalInput? {
    let bits = mouse.buttons
    var modifiers: KeyModifiers = []
    if bits & MouseReport.mask(6, 1) != 0 { modifiers.insert(.control) }
    if bits & MouseReport.mask(6, 2) != 0 { modifiers.insert(.shift) }
    if bits & MouseReport.mask(6, 4) != 0 { modifiers.insert(.alt) }
    func event(_ action: TerminalMouse.Action) -> TerminalInput {
      .mouse(TerminalMouse(action, at: Point(x: mouse.x, y: mouse.y), modifiers: modifiers, time: time))
    }
    if bits & MouseReport.mask(4, 2) != 0 { return event(.wheelUp) }
    if bits & MouseReport.mask(5, 2) != 0 { return event(.wheelDown) }
    let buttons: [TerminalMouse.Button] = [.primary, .middle, .secondary]
    for (i, button) in buttons.enumerated() {
      let pressed = bits & MouseReport.mask(i + 1, 2) != 0
      let released = bits & MouseReport.mask(i + 1, 1) != 0
      let clicked = bits & MouseReport.mask(i + 1, 4 | 8 | 16) != 0
      if clicked || (pressed && released) {
        held.release(button)
        return event(.click(button))
      }
      if pressed {
        held.press(button)
        return event(.press(button))
      }
      if released {
        // The press went by unreported (it came in the same read): a click.
        return event(held.release(button) ? .release(button) : .click(button))
      }
    }
    if bits & MouseReport.mask(6, 8) != 0 { return event(held.motion(with: held.last)) }
    return nil
  }

  /// The key for an ncurses key code.
  static func keyCode(_ code: Int32) -> TerminalKey {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_HOME: return .home
    case KEY_END: return .end
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_IC: return .insert
    case KEY_DC: return .delete
    case KEY_BTAB: return .backTab
    case KEY_ENTER: return .enter
    case KEY_BACKSPACE: return .backspace
    case KEY_SLEFT: return TerminalKey(.left, modifiers: .shift)
    case KEY_SRIGHT: return TerminalKey(.right, modifiers: .shift)
    case KEY_SR: return TerminalKey(.up, modifiers: .shift)
    case KEY_SF: return TerminalKey(.down, modifiers: .shift)
    case KEY_SHOME: return TerminalKey(.home, modifiers: .shift)
    case KEY_SEND: return TerminalKey(.end, modifiers: .shift)
    case KEY_SPREVIOUS: return TerminalKey(.pageUp, modifiers: .shift)
    case KEY_SNEXT: return TerminalKey(.pageDown, modifiers: .shift)
    case KEY_SIC: return TerminalKey(.insert, modifiers: .shift)
    case KEY_SDC: return TerminalKey(.delete, modifiers: .shift)
    case (KEY_F0 + 1)...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
    default:
      guard let name = keyname(code) else { return TerminalKey(.other(code)) }
      return Self.extendedKey(String(cString: name)) ?? TerminalKey(.other(code))
    }
  }

  /// A key terminfo names as an xterm-style extended capability: a base name (`kUP`, `kDN`,
  /// `kLFT`, `kRIT`, `kHOM`, `kEND`, `kPRV`, `kNXT`, `kIC`, `kDC`) and xterm's modifier
  /// parameter (`kUP5` is Ctrl-Up, `kDC3` Alt-Delete).
  static func extendedKey(_ name: String) -> TerminalKey? {
    guard let split = name.firstIndex(where: \.isNumber), let parameter = Int(name[split...]),
      (2...8).contains(parameter), let code = TerminalKeys.extendedBase(name[..<split])
    else { return nil }
    return TerminalKey(code, modifiers: KeyModifiers(rawValue: UInt8(parameter - 1)))
  }
}
