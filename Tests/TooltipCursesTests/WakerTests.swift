import CNcurses
import Foundation
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
      let input = TerminalReader(mouse: true, waker: waker, input: type.slave)
      let started = MonotonicClock.now
      // A thread of its own, not a task: the read below blocks this test's thread, and on a
      // busy machine the tasks' few threads may all be blocked the same way by other tests.
      Thread.detachNewThread {
        usleep(150_000)
        waker.wake()
      }
      // A long wait (not an endless one, so a broken wake fails rather than hangs).
      #expect(input.read(timeout: .seconds(5)) == nil)
      let waited = MonotonicClock.now - started
      #expect(input.wasWoken)
      #expect(waited >= .milliseconds(100) && waited < .seconds(5), "waited \(waited)")

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
      let input = TerminalReader(mouse: true, waker: waker, input: type.slave)
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

/// A program that owns ncurses waits on the tooltips' waker beside its input.
extension CursesScreenTests {
  @Test func theProgramsWaitEndsWhenAnotherThreadWakesIt() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let tips = CursesTooltips(
        scene: Scene(anchors: []), overlay: TooltipOverlay(colors: CursesColors(pairs: 100..<120, noColor: nil)),
        input: type.slave)
      let waker = try #require(tips.waker)
      #expect(tips.wakeDescriptor >= 0)
      let started = MonotonicClock.now
      Thread.detachNewThread {
        usleep(150_000)
        waker()
      }
      #expect(tips.wait(atMost: 5000))
      let waited = MonotonicClock.now - started
      #expect(waited >= .milliseconds(100) && waited < .seconds(5), "waited \(waited)")
      // The wake is taken: the next wait runs its time out, and input ends one unwoken.
      #expect(!tips.wait(atMost: 50))
      type("x")
      let keyed = MonotonicClock.now
      #expect(!tips.wait(atMost: 5000))
      #expect(MonotonicClock.now - keyed < .seconds(2))
      // A wake before the wait is not lost, and shows on the descriptor for a program's poll.
      waker()
      var descriptor = pollfd(fd: tips.wakeDescriptor, events: Int16(POLLIN), revents: 0)
      #expect(poll(&descriptor, 1, 0) == 1)
      #expect(tips.wait(atMost: 0))
    }
  }
}
