import Testing
import TooltipKit

/// A list the program focuses itself: its rows' cut names have tooltips, the program moves its
/// own cursor with the arrows, opens rows with Enter and keeps Tab for its own order. The keys
/// a row keeps (`Anchor.programKeys`) are the program's while it is selected; a tap on a cut
/// name selects the row, as a tap on a name that fits does.
@Suite struct ProgramKeysTests {
  /// Names in a 12-column list on a 40 x 8 screen: rows 1 and 3 are cut (with anchors), rows 0
  /// and 2 fit (none). Each row's anchor keeps `keys` for the program.
  static func list(keys: ProgramKeys = .list, tapOpens: Bool = false) -> SceneLayout {
    let names = ["notes.txt", "a-very-long-file-name.swift", "README", "another-long-name.json"]
    let anchors = names.indices.compactMap { i in
      Anchor(
        id: "row\(i)", truncated: names[i], width: 12, at: Point(x: 0, y: i), placement: .right, tapOpens: tapOpens,
        isTabStop: false, programKeys: keys)
    }
    let scene = Scene(anchors: anchors, opensOnHover: true, opensOnFocus: true, hoverDelay: .milliseconds(300))
    return SceneLayout(scene: scene, screen: Size(width: 40, height: 8))
  }

  func press(_ key: TerminalKey) -> TerminalInput { .key(key) }
  func mouse(_ action: TerminalMouse.Action, _ x: Int, _ y: Int, at ms: Int) -> TerminalInput {
    .mouse(TerminalMouse(action, at: Point(x: x, y: y), time: .milliseconds(ms)))
  }

  @Test func theRowsKeysStayTheProgramsWhileTheRowTheProgramFocusedIsSelected() {
    let layout = Self.list()
    var state = TooltipState(layout: layout, keepsSelection: false, tapsSelect: false)
    // The program's cursor reaches row 1: it focuses the anchor, whose cut name then shows.
    _ = state.send(.focus("row1"), layout: layout, now: .seconds(1))
    #expect(state.send(.tick(.seconds(2)), layout: layout) == [.opened("row1")])
    for key in [TerminalKey.up, .down, .left, .right, .enter, .character(" ")] {
      let routed = state.route(press(key), layout: layout, now: .seconds(3))
      #expect(!routed.consumed, "\(key) was taken from the program")
      #expect(routed.events.isEmpty)
      #expect(state.selectedID == "row1")
    }
    // Esc and i stay the component's: the hint can still be closed and shown.
    #expect(state.route(press(.escape), layout: layout).events == [.closed("row1", .escape)])
    #expect(state.route(press(.character("i")), layout: layout).events == [.opened("row1")])
  }

  @Test func withoutProgramKeysTheComponentTakesTheArrowsAsBefore() {
    let layout = Self.list(keys: [])
    var state = TooltipState(layout: layout, keepsSelection: false, tapsSelect: false)
    _ = state.send(.focus("row1"), layout: layout)
    #expect(state.route(press(.down), layout: layout).consumed)
    #expect(state.selectedID == "row3")
  }

  @Test func tabIsTheProgramsWhenNoAnchorIsATabStopOrTheRowKeepsIt() {
    var layout = Self.list(keys: .all)
    var state = TooltipState(layout: layout, keepsSelection: false, tapsSelect: false)
    // Nothing selected and no Tab stop: Tab would do nothing, so it is the program's.
    #expect(!state.route(press(.tab), layout: layout).consumed)
    #expect(!state.route(press(.backTab), layout: layout).consumed)
    _ = state.send(.focus("row1"), layout: layout)
    #expect(!state.route(press(.tab), layout: layout).consumed)
    #expect(state.selectedID == "row1")
    // A row that keeps only the list's keys leaves Tab to the component, which gives the
    // focus back past the last stop.
    layout = Self.list(keys: .list)
    #expect(state.route(press(.tab), layout: layout).consumed)
    #expect(state.selectedID == nil)
  }

  @Test func aTapOnACutNameSelectsTheRowAndAHeldPressOrHoverShowsTheName() {
    let layout = Self.list()
    var state = TooltipState(layout: layout, keepsSelection: false, tapsSelect: false)
    // A click on row 1's cut name is the program's, as one on row 0's whole name is.
    let click = state.route(mouse(.click(.primary), 4, 1, at: 100), layout: layout)
    #expect(!click.consumed)
    #expect(click.events.isEmpty)
    #expect(state.openID == nil)
    #expect(!state.route(mouse(.press(.primary), 4, 3, at: 200), layout: layout).consumed)
    #expect(!state.route(mouse(.release(.primary), 4, 3, at: 250), layout: layout).consumed)
    #expect(state.openID == nil)
    // A press held half a second shows the full name.
    _ = state.route(mouse(.press(.primary), 4, 1, at: 1000), layout: layout)
    #expect(state.send(.tick(.milliseconds(1600)), layout: layout) == [.opened("row1")])
    _ = state.route(mouse(.release(.primary), 4, 1, at: 1700), layout: layout)
    #expect(state.openID == "row1")
    // The next tap on it is still the program's, and closes what the press pinned.
    let next = state.route(mouse(.click(.primary), 4, 1, at: 2000), layout: layout)
    #expect(!next.consumed)
    #expect(next.events == [.closed("row1", .tap)])
    // Hover shows it too, and a click that selects the row leaves the hover's bubble open.
    _ = state.route(mouse(.move, 20, 6, at: 3000), layout: layout)
    _ = state.route(mouse(.move, 5, 3, at: 3100), layout: layout)
    #expect(state.send(.tick(.milliseconds(3500)), layout: layout) == [.opened("row3")])
    #expect(!state.route(mouse(.click(.primary), 5, 3, at: 3600), layout: layout).consumed)
    #expect(state.openID == "row3")
  }

  @Test func aCutNameWhoseTapOpensTakesTheTapAsBefore() {
    let layout = Self.list(tapOpens: true)
    var state = TooltipState(layout: layout, keepsSelection: false, tapsSelect: false)
    let click = state.route(mouse(.click(.primary), 4, 1, at: 100), layout: layout)
    #expect(click.consumed)
    #expect(click.events == [.opened("row1")])
  }
}
