import Testing
import TooltipKit

/// BEHAVIOUR 4's menu trigger: a tap runs the item's action and closes whatever is open, never opens
/// or pins; its tooltip opens by hover, focus, a held press or `i`.
@Suite struct MenuTriggerTests {
  /// "File" and "Edit" menu items on row 0 (boxes 0...5 and 7...12), an icon "help" at 30.
  static func menuLayout(hover: Bool = false, disabled: Bool = false) -> SceneLayout {
    SceneLayout(
      scene: Scene(
        anchors: [
          anchor("file", x: 0, y: 0, trigger: .menu, disabled: disabled, label: "File"),
          anchor("edit", x: 7, y: 0, trigger: .menu, label: "Edit"),
          anchor("help", x: 30, y: 0),
        ], opensOnHover: hover),
      screen: Size(width: 60, height: 20))
  }

  @Test func aTapRunsTheActionEveryTimeAndNeverOpens() {
    let l = Self.menuLayout()
    var state = TooltipState(layout: l)
    #expect(state.send(.click(point(1, 0)), layout: l) == [.action("file")])
    #expect(state.openID == nil)
    // The second tap is the item's too, not swallowed closing a tooltip.
    #expect(state.send(.click(point(1, 0)), layout: l) == [.action("file")])
    // Whatever is open closes, under either policy, and the item's action runs.
    _ = state.send(.click(point(31, 0)), layout: l)
    #expect(state.openID == "help")
    #expect(state.send(.click(point(8, 0)), layout: l) == [.closed("help", .tap), .action("edit")])
    #expect(state.openID == nil)
    // From the keyboard: Enter on the item is its tap; `i` shows its tooltip.
    _ = state.send(.select("edit"), layout: l)
    #expect(state.send(.activate, layout: l) == [.action("edit")])
    #expect(state.send(.toggleHint, layout: l) == [.opened("edit")])
  }

  @Test func aHeldPressOpensItsTooltip() {
    let l = Self.menuLayout()
    var state = TooltipState(layout: l)
    _ = state.send(.press(point(1, 0), time: .zero), layout: l)
    #expect(state.deadline == Trigger.defaultHold)
    #expect(state.send(.tick(.milliseconds(500)), layout: l) == [.opened("file")])
    #expect(state.openReason == .longPress)
    // The release of the long press belongs to it: no action.
    #expect(state.send(.release(point(1, 0), time: .milliseconds(600)), layout: l) == [])
    #expect(state.openID == "file")
  }

  @Test func afterATapHoverWaitsForThePointerToLeave() {
    let l = Self.menuLayout(hover: true)
    var state = TooltipState(layout: l)
    _ = state.send(.motion(point(1, 0), time: .zero), layout: l)
    #expect(state.send(.tick(.milliseconds(500)), layout: l) == [.opened("file")])
    #expect(state.openReason == .hover)
    // A tap on the item whose tooltip hover opened runs the action and closes it: no pin.
    #expect(state.send(.click(point(1, 0)), layout: l) == [.closed("file", .tap), .action("file")])
    #expect(state.send(.tick(.seconds(5)), layout: l) == [])
    // Off the item and back: hover opens it again after the delay.
    _ = state.send(.motion(point(40, 10), time: .seconds(6)), layout: l)
    _ = state.send(.motion(point(1, 0), time: .seconds(7)), layout: l)
    #expect(state.send(.tick(.milliseconds(7500)), layout: l) == [.opened("file")])
  }

  @Test func aDisabledItemOpensOnATapAsATapAnchorDoes() {
    let l = Self.menuLayout(disabled: true)
    var state = TooltipState(layout: l)
    #expect(state.send(.click(point(1, 0)), layout: l) == [.opened("file")])
  }
}
