import Testing
import TooltipKit

/// The one bookkeeping of presses and releases both decoders keep.
@Suite struct HeldButtonsTests {
  @Test func pressesReleasesAndDrags() {
    var held = HeldButtons()
    #expect(held.motion(with: .primary) == .move)
    held.press(.primary)
    held.press(.secondary)
    held.press(.primary)
    #expect(held.last == .secondary)
    #expect(held.motion(with: .primary) == .drag(.primary))
    #expect(held.motion(with: nil) == .move)
    // A release whose press went unreported was not held.
    let middle = held.release(.middle)
    let secondary = held.release(.secondary)
    #expect(!middle)
    #expect(secondary)
    #expect(held.last == .primary)
    let first = held.releaseLast()
    let none = held.releaseLast()
    #expect(first == .primary)
    #expect(none == nil)
    #expect(held.motion(with: .primary) == .move)
  }
}
