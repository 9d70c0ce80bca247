import CNcurses
import CTerminalGuard

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal's safety net for a program that owns ncurses itself: the same restore on
/// crashes, signals and `exit()`, and the same size cap, that ``TerminalSession`` has, without
/// the session.
///
/// A program calls ``install(input:output:)`` once, before `newterm`, wraps every call that may
/// block on the terminal in ``blocking(_:)`` (`wgetch`, `doupdate`), and calls ``remove()`` after
/// `endwin`. Then:
///
/// - A crash (a trap, a bad access, `abort`), or `exit()` with curses still on, restores the
///   saved modes and writes the reset sequences (main screen, cursor shown, mouse reporting and
///   any-motion reports off) before the crash goes on to its backtrace.
/// - A quit signal (every signal whose default action ends a process: INT, TERM, HUP, QUIT,
///   USR1, ALRM, the real-time ones, ...) only sets ``pendingSignal`` and interrupts a blocking
///   `wgetch`, which then returns `ERR`: the loop calls `endwin` and exits with 128 + the signal
///   (`CursesTooltips` reports it as `inputEnd`). During a call wrapped in ``blocking(_:)`` (a
///   `doupdate` to a terminal that stopped reading) a quit signal restores the terminal from the
///   handler, without blocking, and ends the program.
/// - Sizes are held to what a session draws: at most 10,000 cells a side and 2^20 cells in all
///   (a larger terminal shows the screen in its top-left corner), at the start and on every
///   resize, which the guard hands curses itself after the call ``blocking(_:)`` wraps (never
///   through the union of the old and the new size); the program's next `wgetch` returns
///   `KEY_RESIZE`, as before.
/// - A terminal a previous program left non-blocking is made blocking (the restore puts the
///   flag back).
///
/// Installed after `newterm`, the guard saves the modes curses keeps as the shell's, so the
/// order does not matter but for the size at the start.
public enum TerminalGuard {
  /// Saves the modes of the terminal on `input` and `output` and installs the guard (see the
  /// type's notes): a program that owns ncurses calls it once, before `newterm`.
  ///
  /// - Parameters:
  ///   - input: the descriptor the screen reads (standard input unless `newterm` is given
  ///     another stream).
  ///   - output: the descriptor the screen writes.
  public static func install(input: Int32 = 0, output: Int32 = 1) {
    save(input: input, output: output)
    ScreenSize.takeOver()
  }

  /// Saves the modes of `input` and `output` (each when it is a terminal) and installs the crash
  /// handlers and the quit-signal flags: the guard a ``TerminalSession`` installs, which follows
  /// resizes itself.
  ///
  /// A terminal a previous program left non-blocking (`O_NONBLOCK` belongs to the open file,
  /// shared with the shell) is made blocking, so that curses' reads wait and its writes are
  /// not dropped; the restore puts the flag back.
  package static func save(input: Int32 = 0, output: Int32 = 1) {
    TerminalModes.registerWithGuard()
    if tk_stdscr() != nil && !isendwin() {
      // Curses has started: the terminal is in its modes now, and the shell's are the ones
      // curses saved at its start. Those are the ones to restore.
      reset_shell_mode()
      tg_save(input, output)
      reset_prog_mode()
    } else {
      tg_save(input, output)
    }
    // Each in turn, not over an array: an array of `Int32` is a generic type the runtime
    // instantiates at start.
    func makeBlocking(_ fd: Int32) {
      let flags = fcntl(fd, F_GETFL)
      if flags >= 0 && flags & O_NONBLOCK != 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
    }
    makeBlocking(input)
    makeBlocking(output)
    SignalFlags.install()
    tg_install_fault_handlers()
  }

  /// After a read of `input` returned nothing (`wgetch` gave `ERR`): why input has ended, in
  /// one line for the user, or nil when it has not (a timeout, a signal) and reading again
  /// is right.
  ///
  /// A program that owns ncurses calls it on every `ERR` that is not its own timeout: a
  /// terminal that hung up (its parent ignored SIGHUP, so none came), a descriptor open
  /// for writing only, or one another program made non-blocking make `wgetch` fail at once,
  /// forever, and a loop that took each `ERR` for a timeout would spin at full CPU.
  package static func inputEnd(input: Int32 = 0) -> String? {
    let flags = fcntl(input, F_GETFL)
    if flags < 0 { return "standard input is closed" }
    if flags & O_ACCMODE == O_WRONLY { return "standard input is a terminal open for writing only" }
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    if poll(&descriptor, 1, 0) > 0 && descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
      return "the terminal hung up (end of input)"
    }
    if flags & O_NONBLOCK != 0 { return "standard input was made non-blocking by another program" }
    return nil
  }

  /// The quit signal that arrived since ``install(input:output:)``, if any: end curses and exit
  /// with 128 + it.
  public static var pendingSignal: Int32? { SignalFlags.pending }

  /// The exit status for ``pendingSignal``, nil with none pending: 128 + the signal, as shells
  /// report a process a signal ended (the one place the front ends and a program take it from).
  public static var pendingQuitStatus: Int32? { pendingSignal.map(quitStatus) }

  /// The exit status of a program that `signal` ended: 128 + the signal.
  static func quitStatus(_ signal: Int32) -> Int32 { 128 + signal }

  /// Whether the program was stopped and continued (Ctrl-Z, then `fg`) since the last call:
  /// draw the whole screen again (`clearok(curscr, true)`), as the terminal may show anything
  /// by then.
  public static func takeResumed() -> Bool { SignalFlags.takeContinued() }

  /// Runs `body`, a call that may block on the terminal (`doupdate`, `wgetch` with no timeout,
  /// `endwin`), so that a quit signal arriving while a terminal that stopped reading (a paused
  /// `ssh`, an XOFF) holds it restores the terminal without blocking and ends the program with
  /// 128 + the signal. A resize that interrupted `body` (or came before it) is handed to curses
  /// after it; the next `wgetch` returns `KEY_RESIZE`.
  ///
  /// - Returns: what `body` returned; nil, with `body` not run, when a quit signal is already
  ///   pending (the program is about to end).
  public static func blocking<T>(_ body: () -> T) -> T? {
    defer { ScreenSize.follow() }
    return bracketed(body)
  }

  /// Runs `body` as ``blocking(_:)`` does, but hands curses no new size after it: for the
  /// library's own writes in the middle of a program's frame.
  package static func bracketed<T>(_ body: () -> T) -> T? {
    defer { tg_blocking_end() }
    guard tg_blocking_begin() == 0 else { return nil }
    return body()
  }

  /// Restores the modes saved by ``install(input:output:)`` and writes the reset sequences at
  /// once, without blocking: for a program ending on a terminal that may be gone (after
  /// SIGHUP), where `endwin` could wait on a write forever.
  public static func restoreNow() { tg_restore_all() }

  /// Puts back the signal handlers that were there before ``install(input:output:)``: a program
  /// calls it after `endwin`, on its way out.
  public static func remove() {
    tg_remove_fault_handlers()
    SignalFlags.remove()
    ScreenSize.giveBack()
  }
}
