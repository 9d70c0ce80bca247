import Testing

/// Keeps the tests that time a real terminal apart from the tests that keep every core busy.
///
/// A long press in tmux is a press, half a second, a release, and each is a process spawned by
/// the test; while the property tests' chunks hold both cores, a spawn can take longer than
/// the hold, and a tap turns into a long press. Tests of one kind may run together; a test
/// of the other kind waits until none is running (first come, first served).
public enum CPUGate {
  /// What a test does with the machine.
  public enum Kind: Sendable {
    /// It times what a program does (a press held, a redraw awaited) on a real terminal.
    case timed
    /// It keeps cores busy for a while (the random sequences' chunks).
    case busy
  }

  /// The gate every test process shares.
  static let shared = Gate()

  /// Admits tests of one kind at a time.
  actor Gate {
    private var running: (kind: Kind, count: Int)?
    private var queue: [(kind: Kind, resume: CheckedContinuation<Void, Never>)] = []

    func enter(_ kind: Kind) async {
      if queue.isEmpty, running == nil || running?.kind == kind {
        running = (kind, (running?.count ?? 0) + 1)
        return
      }
      await withCheckedContinuation { queue.append((kind, $0)) }
    }

    func leave() {
      guard let now = running else { return }
      running = now.count > 1 ? (now.kind, now.count - 1) : nil
      guard running == nil, let next = queue.first?.kind else { return }
      // Everyone waiting at the front with the next kind goes in together.
      while let first = queue.first, first.kind == next {
        queue.removeFirst()
        running = (next, (running?.count ?? 0) + 1)
        first.resume.resume()
      }
    }
  }
}

/// Runs a suite, all of it as one, through ``CPUGate``.
public struct CPUGateTrait: SuiteTrait, TestScoping {
  /// The kind of work the suite is.
  public let kind: CPUGate.Kind

  /// Enters the gate, runs the suite, and leaves it.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await CPUGate.shared.enter(kind)
    do {
      try await function()
    } catch {
      await CPUGate.shared.leave()
      throw error
    }
    await CPUGate.shared.leave()
  }
}

extension Trait where Self == CPUGateTrait {
  /// The suite times a program on a real terminal: it never runs beside ``busy``.
  public static var timed: Self { CPUGateTrait(kind: .timed) }
  /// The suite keeps the cores busy: it never runs beside ``timed``.
  public static var busy: Self { CPUGateTrait(kind: .busy) }
}
