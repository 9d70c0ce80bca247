import Testing
import TooltipKit

/// An anchor is found by id in scenes small and large: the first in reading order of those
/// sharing the id, and none for an id no placed anchor has.
@Suite struct ReadingIndexTests {
  @Test(arguments: [1, 2, 8, 15, 16, 17, 18, 40, 300])
  func theFirstAnchorOfAnIdInReadingOrderIsFound(count: Int) {
    // Every third id is shared with the anchor two before it, placed further down the screen
    // or further left, so file order and reading order disagree.
    let anchors = (0..<count).map { i in
      Anchor(
        id: i % 3 == 2 ? "id\(i - 2)" : "id\(i)", position: Point(x: (i * 7) % 70, y: (count - i) % 20),
        size: .sm, placement: .bottom, headline: "Hint \(i)")
    }
    let layout = SceneLayout(scene: Scene(anchors: anchors), screen: Size(width: 80, height: 24))
    for id in Set(anchors.map(\.id)) {
      let expected = layout.anchors.firstIndex { $0.anchor.id == id }
      #expect(layout.readingIndex(of: id) == expected, "\(id) of \(count)")
    }
    #expect(layout.readingIndex(of: "absent") == nil)
    #expect(layout.readingIndex(of: "") == nil)
  }
}
