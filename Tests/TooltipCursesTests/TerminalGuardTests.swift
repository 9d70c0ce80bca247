import CTerminalGuard
import TestSupport
import Testing

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
}
