import Testing
import TooltipKit

/// Hidden, not closed (``Anchor/viewport``): an open tooltip whose anchor scrolled out of its
/// viewport stays open, undrawn and untappable, and is drawn again when the anchor is back.
@Suite struct HiddenAnchorTests {
  /// A list in rows 2..<6; the code at list row `row` minus `scroll`.
  static func list(scroll: Int, viewport: Bool = true, hover: Bool = false) -> SceneLayout {
    var a = anchor("code", x: 4, y: 3 - scroll, placement: .right)
    if viewport { a.viewport = rect(0, 2, 40, 4) }
    a.opensOnHover = hover
    return layout([a], width: 40, height: 12)
  }

  static func isDrawn(_ l: SceneLayout, _ state: TooltipState) -> Bool {
    var grid = CellGrid(size: l.screen)
    grid.drawTooltips(l, state: state)
    return grid.lines.joined().contains("Saved to disk")
  }

  @Test func scrolledOutItStaysOpenUndrawnAndComesBack() {
    let shown = Self.list(scroll: 0)
    var state = TooltipState(layout: shown)
    _ = state.send(.click(point(5, 3)), layout: shown)
    #expect(state.openID == "code" && Self.isDrawn(shown, state))
    let hidden = Self.list(scroll: 2)  // row 1: above the list
    #expect(state.send(.layoutChanged, layout: hidden).isEmpty)
    #expect(state.openID == "code")
    #expect(!Self.isDrawn(hidden, state))
    // Nothing of it can be hit: with taps passing through, one where its bubble was is not
    // the component's.
    var probe = state
    #expect(
      !probe.route(.mouse(TerminalMouse(.press(.primary), at: point(12, 3))), layout: hidden, policy: .passThrough)
        .consumed)
    var shownProbe = TooltipState(layout: shown)
    _ = shownProbe.send(.click(point(5, 3)), layout: shown)
    #expect(
      shownProbe.route(.mouse(TerminalMouse(.press(.primary), at: point(12, 3))), layout: shown, policy: .passThrough)
        .consumed)
    var back = TooltipState(layout: shown)
    _ = back.send(.click(point(5, 3)), layout: shown)
    _ = back.send(.layoutChanged, layout: hidden)
    _ = back.send(.layoutChanged, layout: Self.list(scroll: -1))
    #expect(back.openID == "code" && Self.isDrawn(Self.list(scroll: -1), back))
  }

  @Test func escClosesAHiddenOne() {
    let shown = Self.list(scroll: 0)
    var state = TooltipState(layout: shown)
    _ = state.send(.click(point(5, 3)), layout: shown)
    let hidden = Self.list(scroll: 5)
    _ = state.send(.layoutChanged, layout: hidden)
    #expect(state.send(.escape, layout: hidden) == [.closed("code", .escape)])
    #expect(state.openID == nil)
  }

  @Test func withoutAViewportItIsRemovedAsBefore() {
    let shown = Self.list(scroll: 0, viewport: false)
    var state = TooltipState(layout: shown)
    _ = state.send(.click(point(5, 3)), layout: shown)
    let gone = Self.list(scroll: -20, viewport: false)
    #expect(state.send(.layoutChanged, layout: gone) == [.closed("code", .anchorRemoved)])
  }

  @Test func aHoverOpenedOneClosesWhenThePointerLeaves() {
    let shown = Self.list(scroll: 0, hover: true)
    var state = TooltipState(layout: shown)
    _ = state.send(.motion(point(5, 3), time: .zero), layout: shown)
    _ = state.send(.tick(.seconds(5)), layout: shown)
    #expect(state.openID == "code" && state.openReason == .hover)
    let hidden = Self.list(scroll: 3, hover: true)
    #expect(state.send(.layoutChanged, layout: hidden) == [.closed("code", .pointerLeft)])
  }
}
