import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The last quit signal received (SIGINT, SIGTERM, SIGHUP or SIGQUIT), 0 for none.
private let receivedSignal = Atomic<Int32>(0)
/// Whether the program was continued after a stop (SIGCONT) since the flag was last taken.
private let receivedContinue = Atomic<Bool>(false)

/// The signals a terminal session turns into flags: the handlers only store the signal, and are
/// installed without `SA_RESTART` so a blocking read returns and the main loop sees it.
///
/// Ending curses, restoring the terminal and exiting all happen in the main loop, outside the
/// handler, where they are safe.
enum SignalFlags {
  /// The signals that quit: interrupt, terminate, hang up, and quit (Ctrl-\, whose default
  /// action would leave the terminal raw).
  static let quitSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]

  /// Installs the flag-storing handlers for the quit signals and SIGCONT.
  static func install() {
    // Both atomics are globals, initialized on first use: use them before any handler can.
    receivedSignal.store(0, ordering: .relaxed)
    receivedContinue.store(false, ordering: .relaxed)
    for signal in quitSignals {
      setHandler(signal) { receivedSignal.store($0, ordering: .relaxed) }
    }
    setHandler(SIGCONT) { _ in receivedContinue.store(true, ordering: .relaxed) }
    // A parent may have started the program with these blocked (a signal mask is inherited):
    // then no quit signal, stop or resize would ever arrive.
    var unblock = sigset_t()
    sigemptyset(&unblock)
    for signal in quitSignals + [SIGCONT, SIGTSTP, SIGWINCH] { sigaddset(&unblock, signal) }
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
  }

  /// Puts the default actions back.
  static func remove() {
    for signal in quitSignals + [SIGCONT] {
      var action = sigaction()
      action.__sigaction_handler.sa_handler = SIG_DFL
      sigemptyset(&action.sa_mask)
      sigaction(signal, &action, nil)
    }
  }

  /// The quit signal received, if any.
  static var pending: Int32? {
    let value = receivedSignal.load(ordering: .relaxed)
    return value == 0 ? nil : value
  }

  /// Whether the program was continued after a stop; clears the flag.
  static func takeContinued() -> Bool {
    receivedContinue.exchange(false, ordering: .relaxed)
  }

  private static func setHandler(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = handler
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0  // no SA_RESTART: the blocking read must return
    sigaction(signal, &action, nil)
  }
}
