import Testing
import TooltipKit

/// BEHAVIOUR 4's focus of the program's choosing: anchors left out of the Tab order, and groups (a
/// menu bar) that are one Tab stop with Left and Right moving inside.
@Suite struct TabOrderTests {
  /// A menu bar of three items on row 0 (group "menu"), a search field at 40, then a list's row
  /// with an error code (out of the Tab order) and a button below.
  static let l: SceneLayout = {
    var anchors = [
      anchor("file", x: 0, y: 0, label: "File"), anchor("edit", x: 6, y: 0, label: "Edit"),
      anchor("view", x: 12, y: 0, label: "View"), anchor("search", x: 40, y: 0),
      anchor("code", x: 10, y: 5), anchor("ok", x: 10, y: 10, label: "OK"),
    ]
    for i in 0..<3 { anchors[i].group = "menu" }
    anchors[4].isTabStop = false
    return layout(anchors)
  }()

  func tabs(_ state: inout TooltipState, _ input: TooltipInput, _ count: Int) -> [String?] {
    (0..<count).map { _ in
      _ = state.send(input, layout: Self.l)
      return state.selectedID
    }
  }

  @Test func aGroupIsOneStopAndAnAnchorLeftOutIsSkipped() {
    var state = TooltipState(layout: Self.l, keepsSelection: false)
    #expect(tabs(&state, .selectNext, 4) == ["file", "search", "ok", nil])
    #expect(tabs(&state, .selectPrevious, 4) == ["ok", "search", "file", nil])
    // Entered anywhere, the group is left past its last member.
    _ = state.send(.select("view"), layout: Self.l)
    #expect(tabs(&state, .selectNext, 1) == ["search"])
    _ = state.send(.select("edit"), layout: Self.l)
    #expect(tabs(&state, .selectPrevious, 1) == [nil])
    // A state that keeps a selection wraps.
    var keeping = TooltipState(layout: Self.l)
    _ = keeping.send(.select("ok"), layout: Self.l)
    #expect(tabs(&keeping, .selectNext, 2) == ["file", "search"])
  }

  @Test func leftAndRightMoveInsideTheGroupWrapping() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.select("file"), layout: Self.l)
    #expect(tabs(&state, .move(.right), 3) == ["edit", "view", "file"])
    #expect(tabs(&state, .move(.left), 1) == ["view"])
    // Down leaves the group by geometry, as before; the code left out of Tab is reachable so.
    _ = state.send(.move(.bottom), layout: Self.l)
    #expect(state.selectedID == "code")
    // Outside a group, Left and Right are the nearest anchor that way.
    _ = state.send(.select("search"), layout: Self.l)
    _ = state.send(.move(.left), layout: Self.l)
    #expect(state.selectedID == "view")
  }
}
