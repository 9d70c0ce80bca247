#if canImport(Glibc)
  import Glibc
#endif

/// Ends a ``TerminalSession/read(timeout:)`` that is waiting for input, from any thread or
/// task: a program whose other work (a file listed, a message received) must reach the screen
/// while the user is idle.
///
/// It is a pipe the read waits on beside the terminal: ``wake()`` writes one byte, and a read
/// waiting then (or the next one, when none is waiting) returns nil at once, with
/// ``TerminalSession/wasWoken`` set. The pipe lives as long as the waker: a waker kept by a task
/// that outlives the session stays safe to call, and once nothing holds it (the session gone,
/// and every closure that wakes it) both ends are closed, so sessions started one after another
/// keep no descriptors. `wake()` only writes to a pipe: it is safe from a signal handler too.
package final class TerminalWaker: Sendable {
  /// The pipe's read end, waited on by the reader.
  let readEnd: Int32
  /// The pipe's write end, written by ``wake()``.
  let writeEnd: Int32

  /// A new waker, or nil when no pipe can be made (the process is out of file descriptors).
  package init?() {
    // The two ends on the stack, not in an array: an array of `Int32` is a generic type the
    // runtime instantiates at start.
    let ends: (Int32, Int32)? = withUnsafeTemporaryAllocation(of: Int32.self, capacity: 2) { ends in
      guard pipe(ends.baseAddress) == 0 else { return nil }
      return (ends[0], ends[1])
    }
    guard let ends else { return nil }
    func configure(_ end: Int32) {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    configure(ends.0)
    configure(ends.1)
    readEnd = ends.0
    writeEnd = ends.1
  }

  deinit {
    close(readEnd)
    close(writeEnd)
  }

  /// Ends the read that is waiting, or the next one.
  package func wake() {
    var byte: UInt8 = 1
    // A full pipe already holds a wake that has not been taken: nothing is lost.
    _ = write(writeEnd, &byte, 1)
  }

  /// What a wait on the terminal and the waker found.
  enum Outcome {
    /// The terminal has input.
    case ready
    /// ``wake()`` was called; its bytes are taken.
    case woken
    /// The wait's time ran out.
    case timedOut
    /// A signal ended the wait.
    case interrupted
  }

  /// Waits up to `milliseconds` (-1: no limit) for input on `input` or a wake.
  func wait(input: Int32, milliseconds: Int32) -> Outcome {
    // Two descriptors on the stack, not an array: an array of `pollfd` is a generic type the
    // runtime instantiates at the first wait.
    let (count, woken) = withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { descriptors in
      descriptors.initialize(repeating: pollfd(fd: input, events: Int16(POLLIN), revents: 0))
      descriptors[1].fd = readEnd
      return (poll(descriptors.baseAddress, 2, milliseconds), descriptors[1].revents != 0)
    }
    if count < 0 { return .interrupted }
    if count == 0 { return .timedOut }
    if woken {
      var buffer = [UInt8](repeating: 0, count: 64)
      while read(readEnd, &buffer, buffer.count) > 0 {}
      return .woken
    }
    return .ready
  }
}
