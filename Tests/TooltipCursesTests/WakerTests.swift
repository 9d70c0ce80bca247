import CNcurses
import Testing
import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// A read waiting for input ends when another task wakes it, and keys still
/// arrive through a reader that can be woken. In the serialized curses suite.
extension CursesScreenTests {
  @Test func aBlockedReadEndsWhenAnotherTaskWakesIt() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let waker = try #require(TerminalWaker())
      let input = CursesInput(mouse: true, waker: waker, input: type.slave)
      let started = MonotonicClock.now
      let task = Task.detached {
        try? await Task.sleep(for: .milliseconds(150))
        waker.wake()
      }
      // A long wait (not an endless one, so a broken wake fails rather than hangs).
      #expect(input.read(timeout: .seconds(5)) == nil)
      let waited = MonotonicClock.now - started
      #expect(input.wasWoken)
      #expect(waited >= .milliseconds(100) && waited < .seconds(5), "waited \(waited)")
      _ = task

      // Keys arrive as before, and a read that times out is not a wake.
      type("\u{1B}OA")
      #expect(input.read(timeout: .seconds(2)) == .key(.up))
      #expect(!input.wasWoken)
      #expect(input.read(timeout: .milliseconds(50)) == nil)
      #expect(!input.wasWoken)
    }
  }

  @Test func aWakeBeforeTheReadIsNotLost() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let waker = try #require(TerminalWaker())
      let input = CursesInput(mouse: true, waker: waker, input: type.slave)
      waker.wake()
      waker.wake()
      #expect(input.read(timeout: .seconds(5)) == nil)
      #expect(input.wasWoken)
      // Both wakes were taken by that one read: the next waits its time out.
      #expect(input.read(timeout: .milliseconds(50)) == nil)
      #expect(!input.wasWoken)
    }
  }
}
