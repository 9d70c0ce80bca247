import CNcurses
import CTerminalGuard
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// Why a terminal session could not start: the program is not in a usable terminal.
///
/// Each case reads as one line for stderr; a program exits 2 on any of them.
public enum TerminalError: Error, Equatable, Sendable, CustomStringConvertible {
  /// Standard input or output is not a terminal (a pipe, a file, /dev/null).
  case notATerminal(stream: String)
  /// `TERM` is unset or empty.
  case termUnset
  /// No terminfo entry for `TERM`.
  case unknownTerminal(String)
  /// No terminfo database could be found at all.
  case noTerminfoDatabase
  /// The terminal cannot address the cursor (`dumb`, hard-copy, no `cup`).
  case noCursorAddressing(String)
  /// ncurses refused to start on this terminal.
  case startFailed(String)

  /// The problem in a few words.
  public var description: String {
    switch self {
    case .notATerminal(let stream): "\(stream) is not a terminal"
    case .termUnset: "TERM is not set"
    case .unknownTerminal(let name): "unknown terminal type '\(Text.sanitize(name))' (TERM)"
    case .noTerminfoDatabase: "no terminfo database found"
    case .noCursorAddressing(let name): "terminal type '\(Text.sanitize(name))' cannot move the cursor (TERM)"
    case .startFailed(let name): "cannot start curses on terminal type '\(Text.sanitize(name))'"
    }
  }
}

/// The program's time in curses: checks the terminal, sets it up, reads input, and restores
/// the terminal on every way out.
///
/// Setup: a UTF-8 locale for ncurses (C.UTF-8 when the user's is not), `newterm` (never
/// `initscr`, which exits on an unknown TERM), cbreak, no echo, keypad translation off (input is
/// parsed by ``InputParser``), primary-button mouse reporting (terminfo's mode and SGR 1006
/// beside it), colours. Ways out:
/// ``end()`` after a quit key or a thrown error; ``endAfterSignal(_:)`` for SIGINT, SIGTERM,
/// SIGHUP and SIGQUIT, which the session turns into flags the read loop sees; and a fault handler in C
/// for traps and crashes, which restores the saved terminal modes and writes the reset
/// sequences before the crash goes on. One session per process.
public final class TerminalSession {
  /// Whether the user's locale is UTF-8 (pick Unicode glyphs when it is, ASCII when not).
  public let localeIsUTF8: Bool
  /// The terminal's colours, `none` under `NO_COLOR` or without colour support.
  public let colors: CursesColors
  /// The presenter drawing frames on this terminal.
  public let presenter: Presenter
  /// Whether mouse reporting was asked for.
  public let mouseEnabled: Bool
  /// The terminal type started.
  public let terminalName: String
  private let input: CursesInput
  /// Whether curses switched mouse reporting on (and SGR 1006 was asked for beside it).
  private let mouseOn: Bool
  private var ended = false

  /// Starts curses on the controlling terminal (standard input and output).
  ///
  /// - Parameters:
  ///   - mouse: ask the terminal for primary-button press and release reports.
  /// - Throws: ``TerminalError`` when standard input or output is not a terminal, or `TERM` is
  ///   unset, unknown, or cannot address the cursor. Nothing is written to the terminal then.
  public init(mouse: Bool) throws(TerminalError) {
    guard isatty(0) == 1 else { throw .notATerminal(stream: "standard input") }
    guard isatty(1) == 1 else { throw .notATerminal(stream: "standard output") }
    guard let rawTerm = getenv("TERM"), rawTerm.pointee != 0 else { throw .termUnset }
    let term = String(cString: rawTerm)

    setlocale(LC_ALL, "")
    localeIsUTF8 = Self.codesetIsUTF8()
    if !localeIsUTF8 {
      // ncurses needs a UTF-8 character type to take and draw UTF-8 text.
      setlocale(LC_CTYPE, "C.UTF-8")
    }

    switch Int(tk_check_terminal(term, 1)) {
    case TK_TERMINAL_OK: break
    case TK_TERMINAL_NO_DATABASE: throw .noTerminfoDatabase
    case TK_TERMINAL_NO_ADDRESSING: throw .noCursorAddressing(term)
    default: throw .unknownTerminal(term)
    }

    // The terminal's own size, not LINES or COLUMNS from the environment: those would pin the
    // screen at one size through every resize. (use_env(false) turns resizing off altogether.)
    unsetenv("LINES")
    unsetenv("COLUMNS")
    tg_save(0, 1)
    SignalFlags.install()
    tg_install_fault_handlers()
    guard newterm(term, tk_stdout(), tk_stdin()) != nil else {
      tg_remove_fault_handlers()
      SignalFlags.remove()
      tg_restore_modes()
      throw .startFailed(term)
    }
    terminalName = term
    mouseEnabled = mouse

    mouseOn = CursesInput.setModes(mouse: mouse)
    input = CursesInput(mouse: mouseOn)
    if mouseOn { Self.write(Self.sgrMouseOn) }
    colors = CursesColors(noColor: getenv("NO_COLOR").map { String(cString: $0) })
    presenter = Presenter(colors: colors)
  }

  deinit {
    end()
  }

  private static func codesetIsUTF8() -> Bool {
    guard let codeset = tk_codeset() else { return false }
    let name = String(cString: codeset).uppercased()
    return name == "UTF-8" || name == "UTF8"
  }

  /// The screen's size now.
  public var size: Size {
    Size(width: Int(tk_cols()), height: Int(tk_lines()))
  }

  /// The quit signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT) that arrived, if any: the loop should then
  /// call ``endAfterSignal(_:)`` and exit with 128 + the signal. A terminal that hung up
  /// without a SIGHUP reaching the program (only its session leader got one) counts as SIGHUP.
  public var pendingSignal: Int32? { SignalFlags.pending ?? (hungUp ? SIGHUP : nil) }

  /// Set when a read failed and the terminal reports a hang-up: reads would fail at once forever.
  private var hungUp = false
  /// Reads in a row that waited with no timeout and still returned nothing.
  private var failedWaits = 0

  /// Whether the program was stopped and continued (Ctrl-Z, then `fg`) since the last call:
  /// the screen should then be drawn whole.
  public func takeResumed() -> Bool {
    let resumed = resumedDuringRead || SignalFlags.takeContinued()
    resumedDuringRead = false
    guard resumed else { return false }
    // Curses switched its own mouse mode back on; SGR 1006 is ours to ask for again (a
    // program run while this one was stopped may have reset it).
    if mouseOn { Self.write(Self.sgrMouseOn) }
    return true
  }

  /// Set when a read saw the program continued after a stop; ``takeResumed()`` reports it.
  private var resumedDuringRead = false

  /// Waits for the next input and decodes it; see ``CursesInput/read(timeout:)``.
  public func read(timeout: Duration?) -> TerminalInput? {
    let result = input.read(timeout: timeout) {
      guard SignalFlags.takeContinued() else { return false }
      resumedDuringRead = true
      return true
    }
    guard let result else {
      if !hungUp { hungUp = Self.inputHungUp() }
      // A wait with no timeout ends early only for a signal. Failing again and again with no
      // signal means the input is broken in a way poll does not show: stop rather than spin.
      if timeout == nil && SignalFlags.pending == nil {
        failedWaits += 1
        if failedWaits >= 1000 { hungUp = true }
      }
      return nil
    }
    failedWaits = 0
    return result
  }

  /// The mouse mode asked for beside curses' own: SGR 1006, so that reports carry any column.
  /// Terminals that know it (xterm, tmux) prefer it to X10 and to UTF-8 1005, whichever of
  /// those terminfo switched on; others ignore it, and what they send is parsed as it comes.
  static let sgrMouseOn = "\u{1B}[?1006h"
  /// Switches ``sgrMouseOn`` off again (the crash-time reset sequence does it too).
  static let sgrMouseOff = "\u{1B}[?1006l"

  /// Writes a mode sequence straight to the terminal (standard output), beside curses' own
  /// buffered output: a mode switch may come before or after the frame around it.
  private static func write(_ sequence: String) {
    var bytes = Array(sequence.utf8)[...]
    while !bytes.isEmpty {
      let written = bytes.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
      if written > 0 {
        bytes = bytes.dropFirst(written)
      } else if written < 0 && errno == EINTR {
        continue
      } else {
        return
      }
    }
  }

  /// Whether standard input reports a hang-up or an error (checked without waiting).
  private static func inputHungUp() -> Bool {
    var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }

  /// Ends curses and restores the terminal as it was: echo, canonical mode, cursor, main
  /// screen, mouse reporting off. Safe to call more than once.
  public func end() {
    guard !ended else { return }
    ended = true
    // Curses switches off the mouse mode it switched on; SGR 1006 is ours.
    if mouseOn { Self.write(Self.sgrMouseOff) }
    endwin()
    tg_restore_modes()
    tg_remove_fault_handlers()
    SignalFlags.remove()
  }

  /// Ends the session after the quit signal `signal`. After SIGHUP the terminal may be gone:
  /// the modes and reset sequences are written without waiting, and curses writes nothing more.
  public func endAfterSignal(_ signal: Int32) {
    guard signal == SIGHUP else { return end() }
    guard !ended else { return }
    ended = true
    tg_restore_all()
    tg_remove_fault_handlers()
    SignalFlags.remove()
  }
}
