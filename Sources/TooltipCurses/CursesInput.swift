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
  /// - Parameter timeout: how long to wait; nil waits with no timeout (an idle program sleeps
  ///   here until input or a signal).
  /// - Returns: the input, or nil when the wait timed out, a signal interrupted it, or the
  ///   input means nothing to the program (another mouse button, the wheel).
  public func read(timeout: Duration?) -> TerminalInput? {
    let window = tk_stdscr()
    wtimeout(window, timeout.map(Self.milliseconds) ?? -1)
    var value: wint_t = 0
    let status = wget_wch(window, &value)
    let now = MonotonicClock.now
    let key: RawKey
    switch status {
    case OK: key = .character(UInt32(value))
    case KEY_CODE_YES: key = .keyCode(Int32(bitPattern: UInt32(value)))
    default: return nil  // ERR: timed out, or interrupted by a signal
    }
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
    return decoder.decode(key, mouse: mouse, screen: screen, time: now)
  }

  /// A timeout in whole milliseconds, rounded up so a wait never ends before its deadline.
  public static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: millis)
  }
}
