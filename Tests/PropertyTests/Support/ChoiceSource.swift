/// A source of choices that the generators draw from: a seeded generator in the property
/// tests (TestSupport's `SplitMix64`), the fuzzer's raw bytes in the fuzz target.
///
/// Sharing one set of generators between the two means a fuzzer finding and a property-test
/// failure describe the same kind of run, and each reproduces from its seed or its bytes.
protocol ChoiceSource {
  /// A number in `0..<bound`; `bound` must be positive.
  mutating func below(_ bound: Int) -> Int
  /// Whether the source has run dry (a byte source at its end); runs then stop early.
  var isExhausted: Bool { get }
}

/// The fuzzer's input read as a stream of choices: each choice takes as many bytes as its
/// range needs; past the end every choice is 0.
struct ByteSource: ChoiceSource {
  private let bytes: [UInt8]
  private var index = 0

  /// A source over `bytes`.
  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// The next byte, or 0 past the end.
  mutating func byte() -> UInt8 {
    guard index < bytes.count else { return 0 }
    defer { index += 1 }
    return bytes[index]
  }

  mutating func below(_ bound: Int) -> Int {
    precondition(bound > 0)
    guard bound > 1 else { return 0 }
    var value: UInt64 = 0
    var range: UInt64 = 1
    var taken = 0
    while range < UInt64(bound) && taken < 8 {
      value = value << 8 | UInt64(byte())
      range = taken == 7 ? UInt64.max : range << 8
      taken += 1
    }
    return Int(value % UInt64(bound))
  }

  var isExhausted: Bool { index >= bytes.count }
}

extension ChoiceSource {
  /// A number in `range` (bounds a few billion apart at most).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + below(range.upperBound - range.lowerBound + 1)
  }

  /// True `percent` times in a hundred.
  mutating func chance(_ percent: Int) -> Bool {
    below(100) < percent
  }

  /// One of `items`, which must not be empty.
  mutating func pick<T>(_ items: [T]) -> T {
    items[below(items.count)]
  }
}
