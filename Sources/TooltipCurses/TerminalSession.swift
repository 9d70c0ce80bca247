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
/// parsed by `InputParser`), primary-button mouse reporting (terminfo's mode and SGR 1006
/// beside it), output flow control (IXON) off, colours. Ways out: ``end()`` after a quit key or
/// a thrown error; ``endAfterSignal(_:)`` for every signal whose default action ends the
/// process (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, the real-time signals and the rest of
/// signal(7)'s list), which the session turns into flags the read loop sees, or, arriving
/// during a terminal write, ends from the handler with the terminal restored without blocking;
/// and a fault handler in C for traps and crashes, which restores the saved terminal modes and
/// writes the reset sequences before the crash goes on (all of it ``TerminalGuard``). One
/// session per process.
public final class TerminalSession {
  /// Whether the user's locale is UTF-8 (pick Unicode glyphs when it is, ASCII when not).
  public let localeIsUTF8: Bool
  /// The terminal's colours, `none` under `NO_COLOR` or without colour support.
  public let colors: CursesColors
  /// The presenter drawing frames on this terminal.
  public let presenter: Presenter
  private let input: CursesInput
  /// Ends a ``read(timeout:)`` waiting for input, from any thread or task; nil only when the
  /// process had no file descriptor left for its pipe.
  public let waker: TerminalWaker?
  /// Whether the last ``read(timeout:)`` returned nil because ``waker`` woke it.
  public var wasWoken: Bool { input.wasWoken }
  /// Whether curses switched mouse reporting on (and SGR 1006 was asked for beside it).
  private let mouseOn: Bool
  /// Whether the terminal reports every pointer motion, with no button held too (any-motion
  /// tracking, DECSET 1003): what hover needs. Set it to `scene.needsPointerMotion` after each
  /// change of scene, so a scene without hover costs no motion reports. Off at start, and off
  /// again on every way out; without mouse reporting it stays off.
  public var pointerMotion = false {
    didSet {
      guard mouseOn, pointerMotion != oldValue, !ended else {
        if !mouseOn { pointerMotion = false }
        return
      }
      Self.write(pointerMotion ? Self.motionOn : Self.motionOff)
    }
  }
  private static let motionOn = "\u{1B}[?1003h"
  private static let motionOff = "\u{1B}[?1003l"
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
    localeIsUTF8 = codesetIsUTF8()
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
    // Start-up is one call that may block on the terminal, from before the quit handlers are
    // installed: a quit signal at any moment of it restores the terminal and ends the program
    // from the handler. (Curses' start-up writes can block: on a terminal that stopped
    // reading, or whose output an XOFF stopped while flow control was still on.)
    _ = tg_blocking_begin()
    TerminalGuard.install()
    guard newterm(term, tk_stdout(), tk_stdin()) != nil else {
      TerminalGuard.remove()
      tg_restore_modes()
      tg_blocking_end()
      throw .startFailed(term)
    }
    // Flow control off before anything more is written: an XOFF typed as curses' start-up
    // sequence went out (Ctrl-S, or a terminal's own) would otherwise stop the next write
    // until an XON, with the alternate screen on. Switching IXON off restarts such output.
    Self.flowControlOff()
    mouseOn = CursesInput.setModes(mouse: mouse)
    let waker = TerminalWaker()
    self.waker = waker
    if let waker {
      input = CursesInput(mouse: mouseOn, waker: waker)
    } else {
      input = CursesInput(mouse: mouseOn)
    }
    Self.write(CursesInput.modesOn(mouse: mouseOn))
    tg_blocking_end()
    colors = CursesColors(noColor: getenv("NO_COLOR").map { String(cString: $0) })
    presenter = Presenter(colors: colors, screenOnStandardOutput: true)
  }

  /// Switches output flow control (IXON) off, as curses programs do: Ctrl-S and Ctrl-Q reach
  /// the program as keys (which do nothing) instead of stopping the screen until Ctrl-Q, when
  /// the program would look frozen and could not draw or quit. ncurses is told, so a resume
  /// after Ctrl-Z keeps it off; the saved modes put it back at the end.
  private static func flowControlOff() {
    for fd: Int32 in [0, 1] where isatty(fd) == 1 {
      var modes = termios()
      guard tcgetattr(fd, &modes) == 0, modes.c_iflag & tcflag_t(IXON) != 0 else { continue }
      modes.c_iflag &= ~tcflag_t(IXON)
      tcsetattr(fd, TCSANOW, &modes)
    }
    def_prog_mode()
  }

  deinit {
    end()
  }

  /// The screen's size now.
  public var size: Size {
    Size(width: Int(tk_cols()), height: Int(tk_lines()))
  }

  /// The quit signal (any whose default action ends the process, but a fault) that arrived, if
  /// any: the loop should then call ``endAfterSignal(_:)`` and exit with 128 + the signal. A terminal that hung up
  /// without a SIGHUP reaching the program (only its session leader got one) counts as SIGHUP.
  public var pendingSignal: Int32? { TerminalGuard.pendingSignal ?? (hungUp ? SIGHUP : nil) }

  /// Set when a read failed and the terminal reports a hang-up: reads would fail at once forever.
  private var hungUp = false
  /// Reads in a row that waited with no timeout and still returned nothing.
  private var failedWaits = 0

  /// Whether the program was stopped and continued (Ctrl-Z, then `fg`) since the last call:
  /// the screen should then be drawn whole.
  public func takeResumed() -> Bool {
    let resumed = resumedDuringRead || TerminalGuard.takeResumed()
    resumedDuringRead = false
    guard resumed else { return false }
    // Curses switched its own mouse mode back on; SGR 1006, drags and bracketed paste are ours
    // to ask for again (a program run while this one was stopped may have reset them).
    Self.write(CursesInput.modesOn(mouse: mouseOn) + (pointerMotion ? Self.motionOn : ""))
    return true
  }

  /// Set when a read saw the program continued after a stop; ``takeResumed()`` reports it.
  private var resumedDuringRead = false

  /// Waits for the next input and decodes it; see `CursesInput/read(timeout:)`.
  ///
  /// A quit signal arriving during the read ends the program from the signal handler, the
  /// terminal restored without blocking: one arriving just before the read's system call would
  /// otherwise leave it waiting for a key. With one already pending, nothing is read (nil).
  public func read(timeout: Duration?) -> TerminalInput? {
    defer { tg_blocking_end() }
    guard tg_blocking_begin() == 0 else { return nil }
    let result = input.read(timeout: timeout) {
      guard TerminalGuard.takeResumed() else { return false }
      resumedDuringRead = true
      return true
    }
    guard let result else {
      if !hungUp { hungUp = Self.inputHungUp() }
      // A wait with no timeout ends early only for a signal or a wake. Failing again and again
      // with neither means the input is broken in a way poll does not show: stop rather than
      // spin.
      if timeout == nil && SignalFlags.pending == nil && !input.wasWoken {
        failedWaits += 1
        if failedWaits >= 1000 { hungUp = true }
      }
      return nil
    }
    failedWaits = 0
    return result
  }

  /// Writes a mode sequence straight to the terminal (standard output), beside curses' own
  /// buffered output: a mode switch may come before or after the frame around it.
  private static func write(_ sequence: String) {
    _ = writeAll(Array(sequence.utf8), to: 1)
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
    // A quit signal while ending (a terminal that stopped reading blocks endwin's write) ends
    // the program from the handler, the terminal restored without blocking.
    _ = tg_blocking_begin()
    // Curses switches off the mouse mode it switched on; the rest is ours.
    Self.write((pointerMotion ? Self.motionOff : "") + CursesInput.modesOff(mouse: mouseOn))
    endwin()
    tg_restore_modes()
    tg_blocking_end()
    TerminalGuard.remove()
  }

  /// Ends the session after the quit signal `signal`. When the terminal is not taking output
  /// (it stopped reading, or it hung up: always so after SIGHUP), the modes and reset
  /// sequences are written without waiting and curses writes nothing more; otherwise curses
  /// ends as after a quit key.
  public func endAfterSignal(_ signal: Int32) {
    guard signal == SIGHUP || !Self.outputWritable() else { return end() }
    guard !ended else { return }
    ended = true
    TerminalGuard.restoreNow()
    TerminalGuard.remove()
  }

  /// Whether standard output takes more output now (checked without waiting): a terminal that
  /// stopped reading leaves its queue full.
  private static func outputWritable() -> Bool {
    var descriptor = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & Int16(POLLOUT) != 0 && descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) == 0
  }
}
