import CNcurses

/// What a program that owns ncurses sets up around its tooltips: the mouse events to ask for,
/// and the terminal's guard against crashes and quit signals (the one ``TerminalSession``
/// installs for itself).
extension CursesTooltips {
  /// The mouse events a program asks `mousemask` for: a program names it in
  /// `mousemask(CursesTooltips.mouseMask, nil)`, with `mouseinterval(0)`, so that the tooltips
  /// see what they need.
  ///
  /// Every button's presses and releases apart (a long press is timed between them), the wheel,
  /// the modifiers, and motion (`REPORT_MOUSE_POSITION`, for anchors that open on hover). An
  /// event left out is filtered by ncurses itself, which leaves its read waiting for the next
  /// byte, past any timeout.
  public static var mouseMask: mmask_t { MouseReport.requested }

  /// Saves the modes of the terminal on `input` and `output` and installs the guard: a program
  /// calls it once, before `newterm`, so that no crash or quit signal leaves the terminal in
  /// curses mode.
  ///
  /// A crash (a trap, a bad access, `abort`) restores the saved modes and writes the reset
  /// sequences (main screen, cursor shown, mouse reporting and any-motion reports off) before
  /// it goes on to its backtrace. A quit signal (every signal whose default action ends a
  /// process: INT, TERM, HUP, QUIT, USR1, ALRM, the real-time ones, ...) only sets
  /// ``pendingSignal`` and interrupts a blocking `wgetch`, which then returns `ERR`, and
  /// ``inputEnd`` reports it at the next ``handle(_:mouse:)``: the loop calls `endwin` and exits
  /// with 128 + the signal. A call wrapped in ``blocking(_:)`` is different: a quit signal
  /// during it restores the terminal from the handler and ends the program. A terminal that a
  /// previous program left non-blocking is made blocking (the restore puts the flag back).
  ///
  /// Sizes are held to what a ``TerminalSession`` draws: at most 10,000 cells a side and 2^20
  /// cells in all (a larger terminal shows the screen in its top-left corner), at the start and
  /// on every resize, which the guard hands curses itself (never through the union of the old
  /// and the new size) and which the program sees as `KEY_RESIZE` as before: ``blocking(_:)``
  /// around `wgetch` does it. Called after `newterm`, the guard saves the modes curses keeps as
  /// the shell's, so the order does not matter but for the size at the start.
  ///
  /// - Parameters:
  ///   - input: the descriptor the screen reads (standard input unless `newterm` is given
  ///     another stream).
  ///   - output: the descriptor the screen writes.
  public static func installGuard(input: Int32 = 0, output: Int32 = 1) {
    TerminalGuard.install(input: input, output: output)
    ScreenSize.takeOver()
  }

  /// Puts back the signal handlers that were there before ``installGuard(input:output:)``: a
  /// program calls it after `endwin`, on its way out.
  public static func removeGuard() {
    TerminalGuard.remove()
    ScreenSize.giveBack()
  }

  /// Runs `body`, a call that may block on the terminal (`doupdate`, `wgetch` with no timeout,
  /// `endwin`): a program wraps those calls in it so that a quit signal arriving while a
  /// terminal that stopped reading (a paused `ssh`, an XOFF) holds the call restores the
  /// terminal without blocking and ends the program with 128 + the signal.
  ///
  /// A resize that interrupted `body` (or came before it) is handed to curses after it, cut as
  /// ``installGuard(input:output:)`` says; the next `wgetch` returns `KEY_RESIZE`.
  ///
  /// - Returns: what `body` returned; nil, with `body` not run, when a quit signal is already
  ///   pending (the program is about to end: ``inputEnd`` says so).
  public static func blocking<T>(_ body: () -> T) -> T? {
    defer { ScreenSize.follow() }
    return TerminalGuard.blocking(body)
  }

  /// The quit signal that arrived since ``installGuard(input:output:)``, if any: a program
  /// that checks for it outside ``handle(_:mouse:)`` (which reports it as ``inputEnd``) ends
  /// curses and exits with 128 + it.
  public static var pendingSignal: Int32? { TerminalGuard.pendingSignal }

  /// Whether the program was stopped and continued (Ctrl-Z, then `fg`) since the last call: a
  /// program that asks draws its whole screen again (`clearok(curscr, true)`), as the terminal
  /// may show anything by then.
  public static func takeResumed() -> Bool { TerminalGuard.takeResumed() }

  /// Restores the modes saved by ``installGuard(input:output:)`` and writes the reset
  /// sequences at once, without blocking: for a program ending on a terminal that may be gone
  /// (after SIGHUP), where `endwin` could wait on a write forever.
  public static func restoreTerminalNow() { TerminalGuard.restoreNow() }
}
