import Testing
import TooltipKit

/// The selection rules a renderer and an overlay share: which cells the highlight reverses,
/// where the cursor rests.
@Suite struct SelectionHighlightTests {
  @Test func aOneCellBoxIsHighlightedWithTheCellEachSide() {
    let l = layout([anchor("i", x: 4, y: 2, size: .sm)], width: 10, height: 5)
    let state = TooltipState(layout: l)
    #expect(Renderer.highlight(l, state: state) == [rect(4, 2, 1, 1), rect(3, 2, 1, 1), rect(5, 2, 1, 1)])
    // The cursor on the highlight's first cell: a block cursor then never splits it.
    #expect(Renderer.cursor(l, state: state, screen: l.screen) == point(3, 2))
  }

  @Test func aWiderBoxIsOneRect() {
    let l = layout([anchor("m", x: 4, y: 2)], width: 10, height: 5)
    #expect(Renderer.highlight(l, state: TooltipState(layout: l)) == [rect(4, 2, 3, 1)])
  }

  /// "b" starts inside "a"'s box and is drawn over its last column: that cell keeps b's look.
  @Test func cellsALaterAnchorCoversAreLeftOut() {
    let l = layout(
      [anchor("a", x: 0, y: 0, label: "Save"), anchor("b", x: 5, y: 0, label: "Go")], width: 12, height: 1)
    #expect(Renderer.highlight(l, state: TooltipState(layout: l)) == (0..<5).map { rect($0, 0, 1, 1) })
  }

  @Test func theOptionsLeaveTheSelectionAndTheCursorToTheProgram() {
    let quiet = RenderOptions(highlightsSelection: false, placesCursor: false)
    let l = layout([anchor("m", x: 4, y: 2)], width: 10, height: 5, options: quiet)
    let state = TooltipState(layout: l)
    #expect(Renderer.highlight(l, state: state).isEmpty)
    #expect(Renderer.cursor(l, state: state, screen: l.screen) == nil)
  }

  /// The cursor's cell must be on the screen (or window) the program gives: the box's first
  /// cell there.
  @Test func noCursorOffTheScreen() {
    let l = layout([anchor("m", x: 4, y: 2)], width: 10, height: 5)
    let state = TooltipState(layout: l)
    #expect(Renderer.cursor(l, state: state, screen: Size(width: 4, height: 5)) == nil)
    #expect(Renderer.cursor(l, state: state, screen: Size(width: 5, height: 5)) == point(4, 2))
  }
}
