import TestSupport
import Testing
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// The seeded generator as a source of choices for the generators.
extension SplitMix64: ChoiceSource {
  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0)
    return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
  }

  var isExhausted: Bool { false }
}

/// Seeded random event sequences through the state machine, the layout and the renderer, with
/// every invariant checked after every step.
///
/// `PROPERTY_SEQUENCES` (default 10,000), `PROPERTY_STEPS` (default 12) and `PROPERTY_SEED`
/// (the first seed) change the run; a failure names the seed that reproduces it. Its chunks
/// keep both cores busy, so they never run beside the timed end-to-end tests (`.busy`).
@Suite(.busy) struct RandomSequenceTests {
  static let chunks = 8

  static func setting(_ name: String, default value: UInt64) -> UInt64 {
    guard let raw = getenv(name), let parsed = UInt64(String(cString: raw)) else { return value }
    return parsed
  }

  static let sequences = Int(setting("PROPERTY_SEQUENCES", default: 10_000))
  static let steps = Int(setting("PROPERTY_STEPS", default: 12))
  static let firstSeed = setting("PROPERTY_SEED", default: 0x5EED_0000)

  @Test("random sequences keep every invariant", arguments: 0..<chunks)
  func randomSequencesKeepInvariants(chunk: Int) {
    let range =
      (chunk * Self.sequences / Self.chunks)..<((chunk + 1) * Self.sequences / Self.chunks)
    let clock = ContinuousClock()
    let start = clock.now
    var tally = Tally()
    for index in range {
      let seed = Self.firstSeed &+ UInt64(index)
      var source = SplitMix64(seed: seed)
      let (violations, run) = runRandomSequence(&source, steps: Self.steps)
      tally.add(run)
      #expect(
        violations.isEmpty,
        "seed \(seed) (PROPERTY_SEED=\(seed) PROPERTY_SEQUENCES=1): \(violations.joined(separator: " | "))"
      )
      if !violations.isEmpty { break }
    }
    print(
      "property chunk \(chunk) (\(Self.steps) steps each) in \(clock.now - start): \(tally)"
    )
  }
}
