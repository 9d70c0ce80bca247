import Testing

@testable import TooltipScenes

/// A scene file's seconds (`holdSeconds`, `hoverDelay`, `skipDelay`) become the same `Duration`
/// as the standard library's `Duration.seconds(_:)` makes, to the attosecond, though the scene
/// file computes it without the library's generic conversion.
@Suite struct SecondsDurationTests {
  /// Every thousandth of a second from 0 to 60, and values that round differently.
  static let seconds: [Double] =
    (0...60_000).map { Double($0) / 1000 } + [
      0.1, 0.2, 0.3, 0.7, 0.8, 1.1, 59.999999999, 1e-18, 4e-19, 6e-19, 0.123456789012345678,
      .leastNonzeroMagnitude, 60.0.nextDown, 0.5.nextUp, 0.5.nextDown, 1.0 / 3, 2.0 / 3,
    ]

  @Test func sameAsTheStandardLibrary() {
    var differing: [Double] = []
    for value in Self.seconds where duration(seconds: value) != .seconds(value) {
      differing.append(value)
    }
    #expect(differing.isEmpty, "\(differing.count) differ, the first: \(Array(differing.prefix(5)))")
  }
}
