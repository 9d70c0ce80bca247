import CTerminalGuard
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Whether the program was continued after a stop (SIGCONT) since the flag was last taken.
private let receivedContinue = Atomic<Bool>(false)
/// Whether the terminal's size changed (SIGWINCH) since the flag was last taken.
private let receivedResize = Atomic<Bool>(false)
private let receivedStop = Atomic<Bool>(false)

/// The signals a terminal session turns into flags: every signal whose default action ends the
/// process (HUP, INT, QUIT, PIPE, ALRM, TERM, USR1, USR2, POLL, PROF, VTALRM, XCPU, XFSZ, STKFLT,
/// PWR, SIGRTMIN to SIGRTMAX; the faults are `CTerminalGuard`'s fault handlers' part), and
/// SIGCONT.
///
/// The quit handlers live in `CTerminalGuard` and depend on nothing of the session: they store
/// the first signal and are installed without `SA_RESTART`, so a blocking read returns and the
/// main loop ends curses, restores the terminal and exits 128 + the signal, outside the handler,
/// where that is safe. Only during a terminal write (see ``TerminalOutput``) does the handler restore
/// the terminal itself, without blocking, and end the process: a write to a terminal that stopped
/// reading would otherwise never return to the loop.
enum SignalFlags {
  /// Installs the flag-storing handlers for the quit signals and SIGCONT.
  static func install() {
    // The atomic is a global, initialized on first use: use it before any handler can.
    receivedContinue.store(false, ordering: .relaxed)
    tg_install_quit_handlers()
    handle(SIGCONT) { _ in receivedContinue.store(true, ordering: .relaxed) }
    // A parent may have started the program with these blocked (a signal mask is inherited):
    // then no stop, continue or resize would ever arrive. (The quit signals are unblocked by
    // their installer.)
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signal in [SIGCONT, SIGTSTP, SIGWINCH] { sigaddset(&unblock, signal) }
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// Puts the actions back as they were before ``install()`` (SIGCONT to its default).
  static func remove() {
    tg_remove_quit_handlers()
    setDefault(SIGCONT)
  }

  /// Makes `handler` the action of `signal`, without SA_RESTART: a blocking read or poll the
  /// signal interrupts returns, so the loop looks at the flag the handler set.
  private static func handle(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(signal, &action, nil)
  }

  /// Puts `signal` back to its default action.
  private static func setDefault(_ signal: Int32) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = SIG_DFL
    sigemptyset(&action.sa_mask)
    sigaction(signal, &action, nil)
  }

  /// Installs the flag-storing handler for SIGWINCH, before `newterm`: curses then leaves
  /// resizes to the program (it installs its own handler only where there is none), which
  /// reads the new size itself and hands curses no side it cannot hold (``TerminalSession``).
  static func installResize() {
    receivedResize.store(false, ordering: .relaxed)
    handle(SIGWINCH) { _ in receivedResize.store(true, ordering: .relaxed) }
  }

  /// Puts SIGWINCH back to its default action.
  static func removeResize() {
    setDefault(SIGWINCH)
  }

  /// Makes SIGTSTP (Ctrl-Z) a flag the session's loop takes (``takeStop()``): the session
  /// stops itself from its loop, with every mode it turned on turned off first, rather than a
  /// handler stopping the program in the middle of a frame.
  static func installStop() {
    receivedStop.store(false, ordering: .relaxed)
    handle(SIGTSTP) { _ in receivedStop.store(true, ordering: .relaxed) }
  }

  /// Puts SIGTSTP back to its default action (the program stops).
  static func removeStop() {
    setDefault(SIGTSTP)
  }

  /// Whether a SIGTSTP arrived since the last ``takeStop()``.
  static var stopRequested: Bool { receivedStop.load(ordering: .relaxed) }

  /// Whether a SIGTSTP arrived since the last call; clears it.
  static func takeStop() -> Bool {
    receivedStop.exchange(false, ordering: .relaxed)
  }

  /// Whether the terminal was resized since the flag was last taken (it stays set).
  static var resized: Bool { receivedResize.load(ordering: .relaxed) }

  /// Whether the terminal was resized; clears the flag.
  /// Notes a resize found without a SIGWINCH (the size read again after a stop).
  static func markResized() {
    receivedResize.store(true, ordering: .relaxed)
  }

  static func takeResized() -> Bool {
    receivedResize.exchange(false, ordering: .relaxed)
  }

  /// The quit signal received, if any.
  static var pending: Int32? {
    let value = tg_pending_signal()
    return value == 0 ? nil : value
  }

  /// Whether the program was continued after a stop; clears the flag.
  static func takeContinued() -> Bool {
    receivedContinue.exchange(false, ordering: .relaxed)
  }
}
