import CNcurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// The session's reader: the terminal's bytes read in bulk with `read(2)` and parsed into
/// input.
///
/// Every byte reaches `InputParser`, which knows escape sequences by their grammar and the
/// terminal's keys by its terminfo entry, so a sequence the program does not know is consumed
/// whole instead of arriving as Esc and loose keys, and keys work in either cursor-key mode.
/// Whatever is waiting is read from the descriptor in one system call and parsed at once, so a
/// burst costs a read per 64 KiB rather than per byte. Resizes and stops are the session's own
/// (``SignalFlags``). Separate from ``TerminalSession`` so it can be driven on a
/// pseudo-terminal in tests.
package final class TerminalReader {
  private var parser: InputParser
  /// The waker whose ``TerminalWaker/wake()`` ends a blocked read, if any.
  private let waker: TerminalWaker?
  /// Whether the last read returned nil because the descriptor was readable and yet nothing
  /// could be read from it (a hang-up, an end of input).
  package private(set) var readableButEmpty = false
  /// Whether the last read returned nil because it was woken.
  package private(set) var wasWoken = false
  /// When the last bytes arrived.
  private var lastByte = Duration.zero
  /// Inputs parsed and not yet returned, from `next` on.
  private var queue: [TerminalInput] = []
  private var next = 0
  /// Where bytes are read into.
  /// Left uninitialized: only what `read` wrote is ever read, and zeroing it would touch all
  /// sixteen of its pages at start.
  private var buffer = [UInt8](unsafeUninitializedCapacity: 1 << 16) { _, count in count = 1 << 16 }

  /// A reader of `input`, the session's terminal.
  ///
  /// - Parameters:
  ///   - mouse: whether mouse reports become input (the session asked for them); when
  ///     false they are consumed and ignored.
  ///   - input: the descriptor the screen reads (standard input, unless the screen was started
  ///     with `newterm` on another stream).
  package convenience init(mouse: Bool = true, input: Int32 = 0) {
    self.init(mouse: mouse, input: input, clock: { MonotonicClock.now })
  }

  /// A reader of `input` whose blocked reads `waker` can end.
  ///
  /// - Parameters:
  ///   - mouse: whether mouse reports become input; when false they are consumed and ignored.
  ///   - waker: the waker whose `wake()` ends a blocked read early.
  ///   - input: the descriptor the screen reads (standard input, unless the screen was
  ///     started with `newterm` on another stream).
  package convenience init(mouse: Bool, waker: TerminalWaker, input: Int32 = 0) {
    self.init(mouse: mouse, input: input, waker: waker, clock: { MonotonicClock.now })
  }

  /// The clock the waits and mouse events are timed by: ``MonotonicClock``, or a test's.
  private let clock: @Sendable () -> Duration

  /// A reader timed by `clock` (tests move it to stand for a reader that was descheduled).
  init(mouse: Bool, input: Int32 = 0, waker: TerminalWaker? = nil, clock: @escaping @Sendable () -> Duration) {
    parser = InputParser(mouse: mouse, utf8MouseCoordinates: false, keyList: [])
    self.clock = clock
    self.waker = waker
    inputDescriptor = input
  }

  /// The descriptor the screen reads, waited on beside the waker.
  private let inputDescriptor: Int32

  /// Whether the terminal answered the query for synchronized output as a mode it knows
  /// (`InputParser.synchronizedOutput`).
  package var synchronizedOutput: Bool { parser.synchronizedOutput }

  /// Whether the parser has the terminal's keys (``TerminalKeys/current()``).
  ///
  /// They are looked up at the first byte that can begin an escape sequence (ESC, or C1's CSI
  /// and SS3), not when the reader is made: a hundred and fifty `tigetstr` calls were a tenth
  /// of the program's start, and the first frame, a plain key and text need none of them.
  /// They come from the current screen's terminal, the one ``read(timeout:)`` reads.
  package private(set) var hasKeys = false

  /// Gives the parser the terminal's keys if `bytes` can begin an escape sequence and it has
  /// none yet.
  private func loadKeys<Bytes: Sequence<UInt8>>(before bytes: Bytes) {
    guard !hasKeys, bytes.contains(where: { $0 == 0x1B || $0 == 0x9B || $0 == 0x8F }) else { return }
    hasKeys = true
    parser.setKeys(TerminalKeys.current())
  }

  /// Says that the terminal was asked `query` and its answer is coming: until it has come (or
  /// the device-attributes fence after it), however slowly its bytes arrive, they never become
  /// keys (`InputParser.expectReply(to:)`).
  package func expectReply(to query: TerminalQuery) {
    parser.expectReply(to: query)
  }

  /// Drops what was read of a sequence not finished yet: its rest went to whoever had the
  /// terminal while the program was stopped.
  package func dropUnfinished() {
    guard parser.isPending else { return }
    var dropped: [TerminalInput] = []
    parser.timeOut(into: &dropped)
  }

  /// Waits for the next input and parses it, stamping mouse events with ``MonotonicClock``.
  ///
  /// Input that means nothing (unknown sequences, bytes that are not UTF-8) is skipped and the
  /// wait goes on, within the timeout: a run of it does not end the read, so it costs the
  /// caller no frame. A sequence begun is kept across reads: its next byte may take up to
  /// `InputParser/pendingWait` (25 ms after a lone ESC, then it is the Esc key; 1 s inside a
  /// sequence), whichever read is waiting then.
  ///
  /// - Parameter timeout: how long to wait; nil waits with no timeout (an idle program sleeps
  ///   here until input or a signal).
  /// - Returns: the input, or nil when the wait timed out or a signal interrupted it.
  package func read(timeout: Duration?) -> TerminalInput? {
    read(timeout: timeout, resumed: { false })
  }

  /// ``read(timeout:)``, told by `resumed` whether the program was stopped and continued since
  /// it last asked (it is asked as each sequence starts, and when its wait ends): the rest of
  /// an unfinished sequence went to whoever had the terminal meanwhile, so what was read of it
  /// is dropped (never taken for Esc).
  func read(timeout: Duration?, resumed: () -> Bool) -> TerminalInput? {
    wasWoken = false
    readableButEmpty = false
    if let input = dequeue() { return input }
    let end = timeout.map { clock() + $0 }
    var readyButEmpty = false
    while true {
      // The one place the session reads its input: whatever is waiting, in bulk, with read(2).
      let count = readWaiting()
      if count > 0 {
        readyButEmpty = false
        let time = clock()
        lastByte = time
        // A continue from before these bytes is not one that cut what they start short.
        if !parser.isPending { _ = resumed() }
        buffer.withUnsafeBufferPointer { bytes in
          let read = UnsafeBufferPointer(rebasing: bytes[..<count])
          loadKeys(before: read)
          parser.add(read, time: time, into: &queue)
        }
        if let input = dequeue() { return input }
        if SignalFlags.pending != nil { return nil }
        continue
      }
      // A signal that came before the wait would not end it: the loop looks at it first.
      if SignalFlags.pending != nil || SignalFlags.resized || SignalFlags.stopRequested { return nil }

      let now = clock()
      var wait = end.map { Self.milliseconds(max(.zero, $0 - now)) } ?? -1
      if let pendingWait = parser.pendingWait {
        if resumed() {
          var dropped: [TerminalInput] = []
          parser.timeOut(into: &dropped)
          return nil
        }
        // The sequence is over only when a read made after its whole wait found nothing.
        let deadline = lastByte + pendingWait
        if now >= deadline {
          parser.timeOut(into: &queue)
          if let input = dequeue() { return input }
          continue
        }
        let sequenceWait = Self.milliseconds(deadline - now)
        wait = wait < 0 ? sequenceWait : min(wait, sequenceWait)
      }
      if wait == 0 && end.map({ now >= $0 }) == true { return nil }
      switch waitForInput(milliseconds: wait) {
      case .woken:
        wasWoken = true
        return nil
      case .timedOut:
        if parser.isPending { continue }
        return nil
      case .interrupted:
        // A signal: a quit, a resize or a stop is the session's to handle first.
        if SignalFlags.pending != nil || SignalFlags.resized || SignalFlags.stopRequested { return nil }
        // A continue after a stop returns too, so that the caller asks for its modes again
        // now, not at the next key (a sequence begun before the stop is dropped).
        if resumed() {
          var dropped: [TerminalInput] = []
          if parser.isPending { parser.timeOut(into: &dropped) }
          return nil
        }
        continue
      case .ready:
        // Read at the top of the loop; readable again with nothing read is for the caller to
        // judge (`InputLoss`: a hang-up, an end of input).
        if readyButEmpty {
          readableButEmpty = true
          return nil
        }
        readyButEmpty = true
        continue
      }
    }
  }

  /// The next parsed input, if any is waiting.
  ///
  /// Consecutive motion reports read together act on the last one only (BEHAVIOUR 4, Cost): a
  /// pointer swept across the screen while the program was busy is one input, not hundreds,
  /// and a press, release or key among them keeps its place, since only a run of motion with
  /// nothing between is cut.
  private func dequeue() -> TerminalInput? {
    guard next < queue.count else { return nil }
    while next + 1 < queue.count, queue[next + 1].supersedes(queue[next]) { next += 1 }
    let input = queue[next]
    next += 1
    if next == queue.count {
      queue.removeAll(keepingCapacity: true)
      next = 0
    }
    return input
  }

  /// Reads what is waiting on the descriptor into ``buffer`` without waiting; the count read.
  private func readWaiting() -> Int {
    var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) > 0, descriptor.revents & Int16(POLLIN) != 0 else { return 0 }
    let count = buffer.withUnsafeMutableBytes { Glibc.read(inputDescriptor, $0.baseAddress, $0.count) }
    return max(0, count)
  }

  /// Waits up to `milliseconds` (-1: no limit) for input, or for the waker.
  private func waitForInput(milliseconds: Int32) -> TerminalWaker.Outcome {
    if let waker { return waker.wait(input: inputDescriptor, milliseconds: milliseconds) }
    var descriptor = pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0)
    let result = poll(&descriptor, 1, milliseconds)
    if result < 0 { return .interrupted }
    return result == 0 ? .timedOut : .ready
  }

  /// A timeout in whole milliseconds, rounded up so a wait never ends before its deadline.
  package static func milliseconds(_ duration: Duration) -> Int32 {
    let (seconds, attoseconds) = duration.components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: millis)
  }
}

/// The terminal's keys as its terminfo entry names them, for `InputParser`: a table of names,
/// each looked up with `tigetstr` (at the first byte that can begin an escape sequence, see
/// ``TerminalReader/hasKeys``, so a start that reads no such byte never builds it).
enum TerminalKeys {
  /// The standard string capabilities that name keys (`kri` and `kind` are the shifted up and
  /// down arrows).
  static let standard: [(String, TerminalKey)] = [
    ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right), ("khome", .home), ("kend", .end),
    ("kpp", .pageUp), ("knp", .pageDown), ("kich1", .insert), ("kdch1", .delete), ("kcbt", .backTab),
    ("kent", .enter), ("kri", TerminalKey(.up, modifiers: .shift)), ("kind", TerminalKey(.down, modifiers: .shift)),
  ]

  /// The xterm-style extended key names (ncurses' `-x` capabilities; `kLFT` alone is also the
  /// standard shifted left arrow), and the keys they modify.
  static let extended: [(String, TerminalKey.Code)] = [
    ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home), ("kEND", .end),
    ("kPRV", .pageUp), ("kNXT", .pageDown), ("kIC", .insert), ("kDC", .delete),
  ]

  /// The key an extended base name (`kUP`, `kDC`) modifies, or nil for another name.
  static func extendedBase(_ name: Substring) -> TerminalKey.Code? {
    extended.first { $0.0 == name }?.1
  }

  /// The current terminal's key sequences (after `newterm` or `setupterm`), from ESC on: the
  /// standard names first, then each extended base alone (shifted), `kf1` to `kf63`, and each
  /// extended base with xterm's modifier parameters 2 to 8, each sequence as often as terminfo
  /// names it (the parser keeps the first).
  static func current() -> [([UInt8], TerminalKey)] {
    var names = standard
    names += extended.map { ($0.0, TerminalKey($0.1, modifiers: .shift)) }
    names += (1...63).map { ("kf\($0)", TerminalKey.function($0)) }
    for (base, code) in extended {
      names += (2...8).map { ("\(base)\($0)", TerminalKey(code, modifiers: KeyModifiers(rawValue: UInt8($0 - 1)))) }
    }
    return names.compactMap { name, key in
      guard let value = tigetstr(name), Int(bitPattern: value) != -1, value.pointee == 0x1B else { return nil }
      // At most 64 bytes, the bytes as they are.
      let bytes = UnsafeRawPointer(value).assumingMemoryBound(to: UInt8.self)
      let count = (1..<64).first { bytes[$0] == 0 } ?? 64
      return (Array(UnsafeBufferPointer(start: bytes, count: count)), key)
    }
  }
}
