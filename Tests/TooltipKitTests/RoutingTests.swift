import Testing

@testable import TooltipKit

/// `TooltipState.route`: what the component consumes of the terminal's input, the one set of
/// rules both front ends follow.
@Suite struct RoutingTests {
  /// Two anchors on a 60 x 24 screen: "a" (box 1...3, row 2) and "b" (box 19...21, row 2).
  static let l = layout([anchor("a", x: 1, y: 2), anchor("b", x: 19, y: 2)])

  func key(_ key: TerminalKey) -> TerminalInput { .key(key) }
  func mouse(_ action: TerminalMouse.Action, _ x: Int, _ y: Int) -> TerminalInput {
    .mouse(TerminalMouse(action, at: point(x, y), time: .milliseconds(10)))
  }

  @Test func aPressOnAnAnchorAndItsReleaseAreTheComponents() {
    var state = TooltipState(layout: Self.l, keepsSelection: false)
    #expect(state.route(mouse(.press(.primary), 2, 2), layout: Self.l).consumed)
    let release = state.route(mouse(.release(.primary), 2, 2), layout: Self.l)
    #expect(release.consumed)
    #expect(release.events == [.opened("a")])
    // Elsewhere, while it is open: the closing tap is the component's under consume, not under
    // pass-through (which still closes it).
    #expect(state.route(mouse(.click(.primary), 40, 20), layout: Self.l).consumed)
    _ = state.route(mouse(.click(.primary), 2, 2), layout: Self.l)
    let through = state.route(mouse(.click(.primary), 40, 20), layout: Self.l, policy: .passThrough)
    #expect(!through.consumed)
    #expect(through.events == [.closed("a", .tap)])
    // Nothing open: a press on the background, its release, other buttons and the wheel are the
    // program's.
    #expect(!state.route(mouse(.press(.primary), 40, 20), layout: Self.l).consumed)
    #expect(!state.route(mouse(.release(.primary), 40, 20), layout: Self.l).consumed)
    #expect(!state.route(mouse(.press(.secondary), 2, 2), layout: Self.l).consumed)
    #expect(!state.route(mouse(.wheelUp, 2, 2), layout: Self.l).consumed)
    #expect(!state.route(.paste("x"), layout: Self.l).consumed)
  }

  @Test func keysAreTheComponentsOnlyWhileAnAnchorIsSelected() {
    var state = TooltipState(layout: Self.l, keepsSelection: false)
    for plain in [TerminalKey.enter, .down, .character("i"), .escape] {
      #expect(!state.route(key(plain), layout: Self.l).consumed, "\(plain) with nothing selected")
    }
    #expect(!state.route(key(TerminalKey.character("x").with(.alt)), layout: Self.l).consumed)
    #expect(state.route(key(.tab), layout: Self.l).consumed)
    #expect(state.selectedID == "a")
    #expect(state.route(key(.enter), layout: Self.l) == (true, [.opened("a")]))
    #expect(!state.route(key(.character("q")), layout: Self.l).consumed)
    // Letters left to the program.
    #expect(!state.route(key(.character("i")), layout: Self.l, letters: false).consumed)
    // Esc closes what is open, then gives the selection up.
    #expect(state.route(key(.escape), layout: Self.l) == (true, [.closed("a", .escape)]))
    #expect(state.route(key(.escape), layout: Self.l).consumed)
    #expect(state.selectedID == nil)
  }

  /// Past the last anchor Tab gives the focus back when the state does not keep a selection,
  /// and wraps when it does: one rule, in the state machine, whoever sends the Tab.
  @Test func tabPastTheLastAnchorDeselectsOrWrapsByTheStatesOption() {
    var free = TooltipState(layout: Self.l, keepsSelection: false)
    _ = free.send(.select("b"), layout: Self.l)
    _ = free.send(.activate, layout: Self.l)
    #expect(free.route(key(.tab), layout: Self.l) == (true, [.closed("b", .selectionMoved)]))
    #expect(free.selectedID == nil)
    _ = free.send(.selectNext, layout: Self.l)
    #expect(free.send(.selectPrevious, layout: Self.l) == [])
    #expect(free.selectedID == nil, "Shift-Tab before the first gives the focus back too")

    var keeping = TooltipState(layout: Self.l)
    _ = keeping.send(.select("b"), layout: Self.l)
    #expect(keeping.route(key(.tab), layout: Self.l).consumed)
    #expect(keeping.selectedID == "a")
  }
}
