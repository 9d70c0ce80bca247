import Testing
import TooltipKit

/// The public text rules (the renderer's widths and cuts), anchors over a range of a line the
/// program writes, ranges that wrap (``Anchor/segments``), and anchors only while truncated.
@Suite struct TextAnchorTests {
  @Test func widthsAndCutsAreTheRenderersOwn() {
    #expect(Text.width("日本 ok") == 7)
    #expect(Text.width(of: "é") == 1)
    #expect(Text.truncate("a long line of text", to: 8) == "a long …")
    #expect(TextLine("日本語").truncated(to: 5, ellipsis: "…").text == "日本…")
    #expect(Text.sanitize("a\u{1B}b") == "a\u{FFFD}b")
    // The grid writes what the measure says.
    var grid = CellGrid(size: Size(width: 10, height: 1))
    #expect(grid.write("日本 ok", at: point(0, 0), style: .plain) == Text.width("日本 ok"))
  }

  @Test func anAnchorOverASliceCountsWideCharactersBeforeIt() {
    let line = "日本 E1234 failed"
    let range = line.range(of: "E1234")!
    let a = Anchor(id: "code", over: line[range], at: point(2, 3), placement: .bottom, headline: "E1234")
    #expect(a.position == point(2 + 5, 3))
    #expect(a.boxSize == Size(width: 5, height: 1))
    #expect(a.isDrawnByProgram)
    let l = layout([a], width: 40, height: 10)
    #expect(l.readingIndex(of: "code") == 0)
  }

  @Test func aTruncatedItemHasAnAnchorAndOneThatFitsHasNone() {
    let cut = Anchor(id: "i", truncated: "a very long list item", width: 10, at: point(0, 1), placement: .bottom)
    #expect(cut?.headline == "a very long list item")
    #expect(cut?.boxSize == Size(width: 10, height: 1))
    #expect(Anchor(id: "i", truncated: "short", width: 10, at: point(0, 1), placement: .bottom) == nil)
    // A wider window: the same item fits, and the anchor is gone.
    #expect(Anchor(id: "i", truncated: "a very long list item", width: 30, at: point(0, 1), placement: .bottom) == nil)
  }

  @Test func boxesOfAPhraseThatWrapsAreOneARow() {
    let paragraph = "The tenant shall give notice of force majeure within ten days."
    let rows = Text.wrap(paragraph, width: 36)
    #expect(rows[0] == "The tenant shall give notice of")
    #expect(Text.boxes(of: "force majeure", in: paragraph, width: 36) == [rect(0, 1, 13, 1)])
    let wrapped = Text.boxes(of: "notice of force", in: paragraph, width: 36)
    #expect(wrapped == [rect(22, 0, 9, 1), rect(0, 1, 5, 1)])
    #expect(Text.boxes(of: "absent", in: paragraph, width: 36).isEmpty)
  }

  /// "notice of" ends row 0 and "force" begins row 1: one anchor, two segments.
  static func wrapping(_ placement: Placement) -> SceneLayout {
    var a = anchor("term", x: 0, y: 0, placement: placement)
    a.segments = [rect(22, 2, 9, 1), rect(0, 3, 5, 1)]
    a.isDrawnByProgram = true
    return layout([a], width: 40, height: 12)
  }

  @Test func bothSegmentsAreHighlightedAndEitherOpensIt() {
    let l = Self.wrapping(.bottom)
    for cell in [point(25, 2), point(2, 3)] {
      var state = TooltipState(layout: l)
      _ = state.send(.click(cell), layout: l)
      #expect(state.openID == "term")
    }
    var state = TooltipState(layout: l)
    _ = state.send(.select("term"), layout: l)
    var grid = CellGrid(size: l.screen)
    grid.drawTooltips(l, state: state)
    #expect(grid.style(at: point(22, 2))?.attributes.contains(.reverse) == true)
    #expect(grid.style(at: point(4, 3))?.attributes.contains(.reverse) == true)
    #expect(grid.style(at: point(5, 3))?.attributes.contains(.reverse) == false)
    // Past the range: no anchor.
    #expect(l.readingIndex(of: "term") == 0)
    var missed = TooltipState(layout: l)
    _ = missed.send(.click(point(10, 3)), layout: l)
    #expect(missed.openID == nil)
  }

  /// The row of the bubble's pointer for a state of `l`.
  static func pointerRow(_ l: SceneLayout, _ state: TooltipState) -> (x: Int, y: Int)? {
    var grid = CellGrid(size: l.screen)
    grid.drawTooltips(l, state: state)
    for (y, line) in grid.lines.enumerated() {
      if let i = line.firstIndex(where: { $0 == "▲" || $0 == "▼" }) {
        return (line.distance(from: line.startIndex, to: i), y)
      }
    }
    return nil
  }

  @Test func theBubblePointsAtTheClickedSegmentOrTheKeyboardsOne() {
    let l = Self.wrapping(.bottom)
    var first = TooltipState(layout: l)
    _ = first.send(.click(point(25, 2)), layout: l)
    #expect(Self.pointerRow(l, first)?.y == 3)
    #expect(Self.pointerRow(l, first)?.x == 26)
    var second = TooltipState(layout: l)
    _ = second.send(.click(point(2, 3)), layout: l)
    #expect(Self.pointerRow(l, second)?.y == 4)
    #expect(Self.pointerRow(l, second)?.x == 2)
    // From the keyboard: the last segment below, the first above.
    var below = TooltipState(layout: l)
    _ = below.send(.toggleHint, layout: l)
    #expect(Self.pointerRow(l, below)?.y == 4)
    let top = Self.wrapping(.top)
    var above = TooltipState(layout: top)
    _ = above.send(.toggleHint, layout: top)
    #expect(Self.pointerRow(top, above)?.y == 1)
  }
}
