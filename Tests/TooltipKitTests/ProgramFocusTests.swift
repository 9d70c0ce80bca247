import Testing
import TooltipKit

/// A program with a focus of its own (a selected table row) keeps it: taps that do not move the
/// selection (`tapsSelect: false`), and a deselect that leaves an open bubble open.
@Suite struct ProgramFocusTests {
  static let scene = layout([
    anchor("a", x: 2, y: 2), anchor("b", x: 20, y: 2),
    anchor("hold", x: 40, y: 2, trigger: .longPress, label: "Publish"),
  ])

  @Test func aTapOpensWithoutSelectingWhenTapsDoNotSelect() {
    let l = Self.scene
    var state = TooltipState(layout: l, keepsSelection: false, tapsSelect: false)
    #expect(state.send(.click(point(21, 2)), layout: l) == [.opened("b")])
    #expect(state.openID == "b")
    #expect(state.selectedID == nil)
    // A press and release too.
    _ = state.send(.escape, layout: l)
    _ = state.send(.press(point(3, 2), time: .zero), layout: l)
    #expect(state.send(.release(point(3, 2), time: .milliseconds(40)), layout: l) == [.opened("a")])
    #expect(state.selectedID == nil)
  }

  @Test func aTapLeavesTheProgramsSelectionWhereItWas() {
    let l = Self.scene
    var state = TooltipState(layout: l, tapsSelect: false)
    #expect(state.selectedID == "a")
    _ = state.send(.click(point(21, 2)), layout: l)
    #expect(state.openID == "b")
    #expect(state.selectedID == "a")
    // By default a tap selects (BEHAVIOUR 4).
    var selecting = TooltipState(layout: l)
    _ = selecting.send(.click(point(21, 2)), layout: l)
    #expect(selecting.selectedID == "b")
  }

  @Test func aLongPressOpensWithoutSelectingWhenTapsDoNotSelect() {
    let l = Self.scene
    var state = TooltipState(layout: l, keepsSelection: false, tapsSelect: false)
    _ = state.send(.press(point(42, 2), time: .zero), layout: l)
    #expect(state.send(.tick(.seconds(1)), layout: l) == [.opened("hold")])
    #expect(state.selectedID == nil)
  }

  @Test func deselectKeepingOpenLeavesTheBubbleOpen() {
    let l = Self.scene
    var state = TooltipState(layout: l, keepsSelection: false)
    _ = state.send(.select("b"), layout: l)
    _ = state.send(.activate, layout: l)
    #expect(state.openID == "b")
    #expect(state.send(.deselectKeepingOpen, layout: l) == [])
    #expect(state.selectedID == nil)
    #expect(state.openID == "b")
    // Plain deselect still closes it, as selectionMoved.
    _ = state.send(.select("b"), layout: l)
    #expect(state.send(.deselect, layout: l) == [.closed("b", .selectionMoved)])
  }

  @Test func aStateThatKeepsASelectionReselectsWithoutClosing() {
    let l = Self.scene
    var state = opened("b", in: l)
    #expect(state.send(.deselectKeepingOpen, layout: l) == [])
    #expect(state.selectedID == nil)
    #expect(state.send(.layoutChanged, layout: l) == [])
    #expect(state.selectedID == "a")
    #expect(state.openID == "b")
  }
}
