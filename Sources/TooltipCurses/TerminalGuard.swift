import CNcurses
import CTerminalGuard

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal's safety net for a program that owns ncurses itself: the same restore on
/// crashes and signals that ``TerminalSession`` has, without the session.
///
/// ``install(input:output:)`` (before `newterm`) saves the terminal's modes and installs two
/// kinds of handler. A crash (a trap, a bad access, `abort`) restores the saved modes and writes
/// the reset sequences (main screen, cursor shown, mouse reporting off) before the crash goes
/// on to its backtrace. A quit signal (every signal whose default action ends a process: INT,
/// TERM, HUP, QUIT, USR1, ALRM, the real-time ones, ...) only sets ``pendingSignal`` and
/// interrupts a blocking `wgetch`, which then returns `ERR`: the program's loop checks the
/// flag, calls `endwin` and exits with 128 + the signal, as `tooltip-tui` does. A call that may
/// block on the terminal wrapped in ``blocking(_:)`` (a `doupdate` to a terminal that stopped
/// reading) is different: a quit signal during it restores the terminal from the handler,
/// without blocking, and ends the program. ``remove()`` puts the previous handlers back after
/// `endwin`. It is the same guard ``TerminalSession`` uses.
package enum TerminalGuard {
  /// Saves the modes of `input` and `output` (each when it is a terminal) and installs the crash
  /// handlers and the quit-signal flags. Call it before `newterm`.
  ///
  /// A terminal a previous program left non-blocking (`O_NONBLOCK` belongs to the open file,
  /// shared with the shell) is made blocking, so that curses' reads wait and its writes are
  /// not dropped; the restore puts the flag back.
  package static func install(input: Int32 = 0, output: Int32 = 1) {
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
  package static var pendingSignal: Int32? { SignalFlags.pending }

  /// Whether the program was stopped and continued (Ctrl-Z, then `fg`) since the last call:
  /// draw the whole screen again (`clearok(curscr, true)`).
  package static func takeResumed() -> Bool { SignalFlags.takeContinued() }

  /// Runs `body`, a call that may block on the terminal (`doupdate`, `wgetch` with no
  /// timeout, `endwin`): a quit signal arriving during it restores the terminal without
  /// blocking and ends the program with 128 + the signal. With a quit signal already pending,
  /// `body` is not run and the result is nil: end the program.
  package static func blocking<T>(_ body: () -> T) -> T? {
    defer { tg_blocking_end() }
    guard tg_blocking_begin() == 0 else { return nil }
    return body()
  }

  /// Restores the modes saved by ``install(input:output:)`` and writes the reset sequences,
  /// without blocking: for a terminal that may be gone (after SIGHUP), where `endwin` could
  /// wait on a write forever.
  package static func restoreNow() { tg_restore_all() }

  /// Puts back the signal handlers that were there before ``install(input:output:)``; call it
  /// after `endwin`.
  package static func remove() {
    tg_remove_fault_handlers()
    SignalFlags.remove()
  }
}
