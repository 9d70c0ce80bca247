import CNcurses
import TooltipKit

/// Reads keys and mouse events from the current curses screen and decodes them.
///
/// Separate from ``TerminalSession`` so it can be driven on a pseudo-terminal in tests.
public final class CursesInput {
  private var decoder = InputDecoder()

  /// A reader for the current curses screen.
  public init() {}

  /// Sets the input modes on the current curses screen: cbreak (signals stay on, so Ctrl-C and
  /// Ctrl-Z work), no echo, no newline translation, keypad keys, a 25 ms ESC delay, and, when
  /// `mouse`, primary-button press and release reports with no click merging.
  ///
  /// ncurses picks the mouse encoding from terminfo: SGR 1006 where the entry offers it (so
  /// columns past 223 work), X10 otherwise.
  public static func setModes(mouse: Bool) {
    set_escdelay(25)
    cbreak()
    noecho()
    nonl()
    let window = tk_stdscr()
    keypad(window, true)
    intrflush(window, false)
    if mouse {
      mousemask(MouseReport.requested, nil)
      mouseinterval(0)
    }
  }

  /// Waits for the next input and decodes it, stamping mouse events with ``MonotonicClock``.
  ///
  /// Input that means nothing to the program (another mouse button, the wheel, bytes that are
  /// not UTF-8) is skipped and the wait goes on, within the timeout: a run of it does not end
  /// the read, so it costs the caller no frame.
  ///
  /// - Parameter timeout: how long to wait; nil waits with no timeout (an idle program sleeps
  ///   here until input or a signal).
  /// - Returns: the input, or nil when the wait timed out or a signal interrupted it.
  public func read(timeout: Duration?) -> TerminalInput? {
    let window = tk_stdscr()
    let end = timeout.map { MonotonicClock.now + $0 }
    while true {
      wtimeout(window, end.map { Self.milliseconds(max(.zero, $0 - MonotonicClock.now)) } ?? -1)
      let key: RawKey
      switch nextKey() {
      case .nothing: return nil
      case .dropped:
        if SignalFlags.pending != nil { return nil }
        continue
      case .key(let next): key = next
      }
      let now = MonotonicClock.now
      var mouse: MouseReport?
      if key == .keyCode(KEY_MOUSE) {
        var x: Int32 = 0
        var y: Int32 = 0
        var buttons: mmask_t = 0
        if tk_getmouse(&x, &y, &buttons) == OK {
          mouse = MouseReport(x: Int(x), y: Int(y), buttons: buttons)
        }
      }
      let screen = Size(width: Int(tk_cols()), height: Int(tk_lines()))
      if let input = decoder.decode(key, mouse: mouse, screen: screen, time: now) { return input }
      if SignalFlags.pending != nil { return nil }
    }
  }

  /// How long the rest of a UTF-8 character may take after its first byte: a terminal sends a
  /// character in one write, so this is only ever waited out after a stray byte.
  static let continuationWait: Int32 = 25

  /// What one key read found.
  private enum Next {
    /// A key or character.
    case key(RawKey)
    /// Nothing: the wait timed out or a signal interrupted it.
    case nothing
    /// Bytes that are not UTF-8 (or a character whose end did not come), dropped.
    case dropped
  }

  /// The next key: a key code, or a character put together from `wgetch`'s bytes (not
  /// `wget_wch`'s; see ``UTF8Assembler``).
  private func nextKey() -> Next {
    let window = tk_stdscr()
    var assembler = UTF8Assembler()
    var value = wgetch(window)
    if value == ERR { return .nothing }
    while true {
      if value == ERR { return .dropped }  // the character's end did not come
      if value >= KEY_MIN { return .key(.keyCode(value)) }
      var step = assembler.add(UInt8(truncatingIfNeeded: value))
      if case .invalid(let retry?) = step { step = assembler.add(retry) }
      switch step {
      case .scalar(let scalar): return .key(.character(scalar))
      case .invalid: return .dropped
      case .pending:
        wtimeout(window, Self.continuationWait)
        value = wgetch(window)
      }
    }
  }

  /// A timeout in whole milliseconds, rounded up so a wait never ends before its deadline.
  public static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: millis)
  }
}
