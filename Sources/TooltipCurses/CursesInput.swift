import CNcurses
import TooltipKit

/// Reads the terminal's bytes on the current curses screen and parses them into input.
///
/// Curses' keypad translation is off: every byte reaches ``InputParser``, which knows escape
/// sequences by their grammar, so a sequence the program does not know is consumed whole
/// instead of arriving as Esc and loose keys, and arrows work in either cursor-key mode.
/// Mouse reports are parsed here too (SGR 1006, X10, UTF-8 1005), whatever encoding terminfo
/// names. Resizes still come from curses (`KEY_RESIZE`). Separate from ``TerminalSession`` so
/// it can be driven on a pseudo-terminal in tests.
public final class CursesInput {
  private var parser: InputParser
  /// The waker whose ``TerminalWaker/wake()`` ends a blocked read, if any.
  private let waker: TerminalWaker?
  /// Whether the last read returned nil because it was woken.
  public private(set) var wasWoken = false
  /// When the last byte of an unfinished sequence arrived.
  private var lastByte = Duration.zero

  /// A reader for the current curses screen.
  ///
  /// - Parameter mouse: whether mouse reports become input (``setModes(mouse:)`` asked for
  ///   them); when false they are consumed and ignored.
  public convenience init(mouse: Bool = true) {
    self.init(mouse: mouse, clock: { MonotonicClock.now })
  }

  /// A reader for the current curses screen whose blocked reads `waker` can end.
  ///
  /// - Parameters:
  ///   - mouse: whether mouse reports become input; when false they are consumed and ignored.
  ///   - waker: the waker whose `wake()` ends a blocked read early.
  ///   - input: the descriptor the screen reads (standard input, unless the screen was
  ///     started with `newterm` on another stream).
  public convenience init(mouse: Bool, waker: TerminalWaker, input: Int32 = 0) {
    self.init(mouse: mouse, clock: { MonotonicClock.now }, waker: waker, input: input)
  }

  /// The clock the waits and mouse events are timed by: ``MonotonicClock``, or a test's.
  private let clock: @Sendable () -> Duration

  /// A reader timed by `clock` (tests move it to stand for a reader that was descheduled).
  init(mouse: Bool, clock: @escaping @Sendable () -> Duration, waker: TerminalWaker? = nil, input: Int32 = 0) {
    parser = InputParser(mouse: mouse, utf8MouseCoordinates: mouse && tk_mouse_utf8() != 0)
    self.clock = clock
    self.waker = waker
    inputDescriptor = input
  }

  /// The descriptor the screen reads, waited on beside the waker.
  private let inputDescriptor: Int32

  /// Sets the input modes on the current curses screen: cbreak (signals stay on, so Ctrl-C and
  /// Ctrl-Z work), no echo, no newline translation, keypad translation off (this type parses
  /// sequences itself), and, when `mouse`, primary-button press and release reports.
  ///
  /// Mouse reporting is switched on by curses (terminfo's `XM`, or the basic 1000 mode), which
  /// also switches it off and on around Ctrl-Z. ``TerminalSession`` asks for SGR 1006 beside
  /// it.
  ///
  /// - Returns: whether curses switched mouse reporting on.
  @discardableResult
  public static func setModes(mouse: Bool) -> Bool {
    set_escdelay(25)
    cbreak()
    noecho()
    nonl()
    let window = tk_stdscr()
    keypad(window, false)
    intrflush(window, false)
    guard mouse else { return false }
    guard mousemask(MouseReport.requested, nil) != 0 else { return false }
    mouseinterval(0)
    return true
  }

  /// Waits for the next input and parses it, stamping mouse events with ``MonotonicClock``.
  ///
  /// Input that means nothing to the program (unknown sequences, another mouse button, the
  /// wheel, bytes that are not UTF-8) is skipped and the wait goes on, within the timeout: a
  /// run of it does not end the read, so it costs the caller no frame. Once a sequence has
  /// begun, its next byte is waited for up to ``InputParser/sequenceWait`` even past the
  /// timeout, so a sequence is never cut in two; a lone ESC is the Esc key after that wait.
  ///
  /// - Parameter timeout: how long to wait; nil waits with no timeout (an idle program sleeps
  ///   here until input or a signal).
  /// - Returns: the input, or nil when the wait timed out or a signal interrupted it.
  public func read(timeout: Duration?) -> TerminalInput? {
    read(timeout: timeout, resumed: { false })
  }

  /// ``read(timeout:)``, told by `resumed` whether the program was stopped and continued since
  /// it last asked (it is asked as each sequence starts, and when its wait ends): curses then
  /// drops the input that was waiting (type-ahead), the rest of an unfinished sequence with it,
  /// so what was read of that sequence is dropped too (never taken for Esc).
  func read(timeout: Duration?, resumed: () -> Bool) -> TerminalInput? {
    let window = tk_stdscr()
    let end = timeout.map { clock() + $0 }
    wasWoken = false
    var readyButEmpty = false
    while true {
      let now = clock()
      let wait: Int32
      if parser.isPending {
        // Past the wait this reads without waiting: bytes already there (the reader was slow to
        // get back to them, not the terminal to send them) still belong to the sequence.
        wait = Self.milliseconds(max(.zero, lastByte + InputParser.sequenceWait - now))
      } else {
        wait = end.map { Self.milliseconds(max(.zero, $0 - now)) } ?? -1
      }
      var value: Int32
      if let waker, wait != 0, !parser.isPending {
        // What curses holds already comes first; then the wait is on the terminal and the
        // waker together, so another thread can end it.
        wtimeout(window, 0)
        value = wgetch(window)
        if value == ERR {
          switch waker.wait(input: inputDescriptor, milliseconds: wait) {
          case .woken:
            wasWoken = true
            return nil
          case .timedOut: return nil
          case .interrupted:
            // A signal (a resize, a quit, a continue): curses takes it from here.
            if SignalFlags.pending != nil { return nil }
            continue
          case .ready:
            // Readable twice with nothing for curses to read: a hang-up, for the caller to see.
            if readyButEmpty { return nil }
            readyButEmpty = true
            continue
          }
        }
        readyButEmpty = false
      } else {
        wtimeout(window, wait)
        value = wgetch(window)
      }
      if value == ERR {
        if SignalFlags.pending != nil { return nil }
        guard parser.isPending else { return nil }
        if resumed() {
          _ = parser.timeOut()
          return nil
        }
        // The sequence is over only when a read made after the whole wait found nothing: a
        // wait cut short by a signal (a stop with Ctrl-Z, and `fg`) looks at the input again.
        if wait == 0, clock() >= lastByte + InputParser.sequenceWait, let input = parser.timeOut() { return input }
        continue
      }
      if value == KEY_RESIZE {
        return .resize(Size(width: Int(tk_cols()), height: Int(tk_lines())))
      }
      guard value >= 0, value <= 0xFF else { continue }  // no other key codes: keypad is off
      let time = clock()
      lastByte = time
      // A continue from before this byte is not one that cut what it starts short.
      if !parser.isPending { _ = resumed() }
      if let input = parser.add(UInt8(value), time: time) { return input }
      if SignalFlags.pending != nil { return nil }
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
