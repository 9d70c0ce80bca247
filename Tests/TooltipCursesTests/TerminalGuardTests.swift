import CTerminalGuard
import TestSupport
import Testing

@testable import TooltipCurses

#if canImport(Glibc)
  import Glibc
#endif

/// The guard's restore reaches a terminal whose output an XOFF stopped. In the serialized
/// curses suite: the guard's saved descriptors are the process's.
extension CursesScreenTests {
  /// A terminal that sent XOFF while flow control (IXON) was on, as it is until curses' modes
  /// are set: the program's writes wait for an XON. A quit signal then must still put the
  /// terminal back on the main screen. `tcflow(TCOON)` alone does not restart such output
  /// (only output suspended by `TCOOFF`), and the reset sequence was never written: found by
  /// the stream fuzzer as a signal during start-up leaving the alternate screen on.
  @Test func restoringWritesTheResetThroughAnXOFFStop() throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    try #require(openpty(&master, &slave, nil, nil, nil) == 0)
    defer {
      tg_save(-1, -1)
      close(master)
      close(slave)
    }
    var modes = termios()
    try #require(tcgetattr(slave, &modes) == 0)
    modes.c_iflag |= tcflag_t(IXON)
    try #require(tcsetattr(slave, TCSANOW, &modes) == 0)
    var xoff: UInt8 = 0x13
    try #require(write(master, &xoff, 1) == 1)
    // The line discipline takes the XOFF a moment later: wait until the output is stopped.
    let stopped = waitUntil(timeout: .seconds(5)) {
      var descriptor = pollfd(fd: slave, events: Int16(POLLOUT), revents: 0)
      return poll(&descriptor, 1, 0) == 0
    }
    try #require(stopped, "the XOFF did not stop the pty's output")

    TerminalModes.registerWithGuard()
    tg_save(slave, slave)
    tg_restore_all()

    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    while poll(&descriptor, 1, 200) > 0 {
      let count = read(master, &buffer, buffer.count)
      guard count > 0 else { break }
      received += buffer[0..<count]
    }
    let text = String(decoding: received, as: UTF8.self)
    #expect(text.contains("\u{1B}[?1049l"), "main screen: got \(received.count) bytes \(text.debugDescription)")
    #expect(text.contains("\u{1B}[?1000l") && text.contains("\u{1B}[?25h"), "mouse off, cursor shown")
  }

  /// Removing the quit handlers puts back each action that was in place: an ignored signal
  /// stays ignored, a program's own handler (with its flags and mask) is its own again, and a
  /// default stays the default. The guard keeps only the actions that were not the default.
  @Test func removingTheQuitHandlersPutsBackEachActionThatWasInPlace() throws {
    func action(_ signal: Int32) -> sigaction {
      var current = sigaction()
      _ = sigaction(signal, nil, &current)
      return current
    }
    func handlerBits(_ action: sigaction) -> Int { unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self) }
    let before = (usr1: action(SIGUSR1), usr2: action(SIGUSR2), power: action(SIGPWR))
    defer {
      var restore = before
      _ = sigaction(SIGUSR1, &restore.usr1, nil)
      _ = sigaction(SIGUSR2, &restore.usr2, nil)
      _ = sigaction(SIGPWR, &restore.power, nil)
    }
    var ignore = sigaction()
    ignore.__sigaction_handler.sa_handler = SIG_IGN
    sigemptyset(&ignore.sa_mask)
    try #require(sigaction(SIGUSR1, &ignore, nil) == 0)
    var own = sigaction()
    let handler: @convention(c) (Int32) -> Void = { _ in }
    own.__sigaction_handler.sa_handler = handler
    own.sa_flags = Int32(SA_RESTART)
    sigemptyset(&own.sa_mask)
    sigaddset(&own.sa_mask, SIGINT)
    try #require(sigaction(SIGUSR2, &own, nil) == 0)
    var standard = sigaction()
    sigemptyset(&standard.sa_mask)
    try #require(sigaction(SIGPWR, &standard, nil) == 0)
    // As the C library reports a default it set: its own flags (SA_RESTORER) may be on.
    let standardFlags = action(SIGPWR).sa_flags

    // A real-time signal nothing in this process has set: its action is the one a program
    // starts with (SIG_DFL, no flags, no mask), which the guard does not keep a copy of.
    let untouched = __libc_current_sigrtmin() + 10
    try #require(handlerBits(action(untouched)) == 0 && action(untouched).sa_flags == 0)

    tg_install_quit_handlers()
    #expect(handlerBits(action(untouched)) != 0, "the guard's handler is on the real-time signal")
    let installed = handlerBits(action(SIGUSR1))
    #expect(installed != handlerBits(ignore) && installed != 0, "the guard's handler is in place")
    #expect(handlerBits(action(SIGUSR2)) == installed && handlerBits(action(SIGPWR)) == installed)
    tg_remove_quit_handlers()

    #expect(handlerBits(action(SIGUSR1)) == handlerBits(ignore), "SIGUSR1 ignored again")
    let usr2 = action(SIGUSR2)
    #expect(handlerBits(usr2) == handlerBits(own), "SIGUSR2 has its own handler again")
    #expect(usr2.sa_flags & Int32(SA_RESTART) != 0)
    var mask = usr2.sa_mask
    #expect(sigismember(&mask, SIGINT) == 1 && sigismember(&mask, SIGTERM) == 0, "with its own mask")
    var untouchedNow = action(untouched)
    #expect(
      handlerBits(untouchedNow) == 0 && untouchedNow.sa_flags == standardFlags
        && sigismember(&untouchedNow.sa_mask, SIGINT) == 0,
      "the real-time signal back to the default, as the C library sets one")
    let power = action(SIGPWR)
    #expect(handlerBits(power) == 0 && power.sa_flags == standardFlags, "SIGPWR default again")
  }
}
