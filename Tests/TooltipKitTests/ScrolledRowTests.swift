import Testing
import TooltipKit

/// A list that scrolls, written as a program writes it from the docs: row `i` at
/// `y = top + i - scroll`, every row in the list's viewport. A row scrolled off is hidden,
/// whatever the sign of its position; it never comes back at the bottom.
@Suite struct ScrolledRowTests {
  /// A 40 x 10 screen: a title on row 0, the list on rows 1 to 9 (its viewport), twelve rows of
  /// which `scroll` are scrolled off the top.
  static func list(scroll: Int) -> SceneLayout {
    let viewport = Rect(x: 0, y: 1, width: 40, height: 9)
    let rows = (0..<12).map { i in
      Anchor(
        id: "row\(i)", position: Point(x: 0, y: 1 + i - scroll), placement: .right, headline: "Row \(i)",
        boxSize: Size(width: 10, height: 1), isDrawnByProgram: true, viewport: viewport)
    }
    return SceneLayout(scene: Scene(anchors: rows), screen: Size(width: 40, height: 10))
  }

  @Test func aRowScrolledAboveTheViewportIsHiddenNotDrawnAtTheBottom() {
    let layout = Self.list(scroll: 2)
    // Rows 0 and 1 are above the list (y = -1 and 0): neither is placed.
    #expect(layout.anchors.map(\.id) == (2..<11).map { "row\($0)" })
    #expect(layout.anchors.first { $0.id == "row10" }?.box == Rect(x: 0, y: 9, width: 10, height: 1))
    // A tap on the last row is row 10's, the row the user sees there.
    var state = TooltipState(layout: layout, keepsSelection: false)
    #expect(state.send(.click(Point(x: 3, y: 9)), layout: layout) == [.opened("row10")])
  }

  @Test func anOpenRowScrolledOffStaysOpenHiddenAndComesBack() {
    var layout = Self.list(scroll: 0)
    var state = TooltipState(layout: layout, keepsSelection: false)
    _ = state.send(.open("row0"), layout: layout)
    #expect(state.openBubble(layout) != nil)
    for scroll in 1...5 {
      layout = Self.list(scroll: scroll)
      #expect(state.send(.layoutChanged, layout: layout).isEmpty)
      #expect(state.openID == "row0")
      #expect(state.openBubble(layout) == nil, "row 0 scrolled off (scroll \(scroll)) drew a bubble")
      var grid = CellGrid(size: layout.screen)
      grid.drawTooltips(layout, state: state)
      #expect(!grid.lines.contains { $0.contains("Row 0") })
    }
    layout = Self.list(scroll: 0)
    _ = state.send(.layoutChanged, layout: layout)
    #expect(state.openBubble(layout) != nil)
  }

  @Test func anAnchorWithoutAViewportStillCountsFromTheFarEdge() {
    let status = Anchor(id: "status", position: Point(x: -1, y: -1), placement: .top, headline: "Status")
    let layout = SceneLayout(scene: Scene(anchors: [status]), screen: Size(width: 40, height: 10))
    #expect(layout.anchors.first?.box == Rect(x: 37, y: 9, width: 3, height: 1))
  }
}
