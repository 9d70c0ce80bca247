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
/// `initscr`, which exits on an unknown TERM), cbreak, no echo, keypad, a 25 ms ESC delay,
/// primary-button mouse reporting (SGR 1006 or X10, as terminfo says), colours. Ways out:
/// ``end()`` after a quit key or a thrown error; ``endAfterSignal(_:)`` for SIGINT, SIGTERM
/// and SIGHUP, which the session turns into flags the read loop sees; and a fault handler in C
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
  private let input = CursesInput()
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

    CursesInput.setModes(mouse: mouse)
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

  /// The quit signal (SIGINT, SIGTERM, SIGHUP) that arrived, if any: the loop should then
  /// call ``endAfterSignal(_:)`` and exit with 128 + the signal.
  public var pendingSignal: Int32? { SignalFlags.pending }

  /// Whether the program was stopped and continued (Ctrl-Z, then `fg`) since the last call:
  /// the screen should then be drawn whole.
  public func takeResumed() -> Bool { SignalFlags.takeContinued() }

  /// Waits for the next input and decodes it; see ``CursesInput/read(timeout:)``.
  public func read(timeout: Duration?) -> TerminalInput? {
    input.read(timeout: timeout)
  }

  /// Ends curses and restores the terminal as it was: echo, canonical mode, cursor, main
  /// screen, mouse reporting off. Safe to call more than once.
  public func end() {
    guard !ended else { return }
    ended = true
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
