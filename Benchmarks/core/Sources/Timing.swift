/// Wall-clock timing on `ContinuousClock`: calibrate a repetition count, then take the
/// median of several rounds, so one preempted round on a shared machine does not move the
/// figure.
enum Timing {
  /// Nanoseconds in a duration.
  static func nanoseconds(_ d: Duration) -> Double {
    let (seconds, attoseconds) = d.components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }

  /// The median nanoseconds of one call of `body`, where `body(n)` makes `n` calls and
  /// returns a checksum (kept in `sink` so the optimizer cannot drop the work).
  ///
  /// The repetition count doubles until one round takes at least `round`; then `rounds`
  /// rounds are timed.
  static func measure(
    rounds: Int,
    round: Duration,
    sink: inout Int,
    _ body: (Int) -> Int
  ) -> Double {
    let clock = ContinuousClock()
    var repetitions = 1
    while true {
      var result = 0
      let elapsed = clock.measure { result = body(repetitions) }
      sink &+= result
      if elapsed >= round || repetitions >= 1 << 30 { break }
      // Aim straight at the round length once the time is measurable.
      let ns = nanoseconds(elapsed)
      if ns > 1_000_000 {
        repetitions = max(repetitions + 1, Int(Double(repetitions) * nanoseconds(round) / ns * 1.1))
      } else {
        repetitions *= 2
      }
    }
    var samples: [Double] = []
    for _ in 0..<rounds {
      var result = 0
      let elapsed = clock.measure { result = body(repetitions) }
      sink &+= result
      samples.append(nanoseconds(elapsed) / Double(repetitions))
    }
    samples.sort()
    return samples[samples.count / 2]
  }
}
