import Testing
import TooltipKit

/// Rects, viewports, segments, positions and sizes at the ends of `Int`, built as a caller may
/// build them: each is answered, laid out, opened, tapped and drawn without a trap.
@Suite struct ExtremeCallerValueTests {
  static let extremes = [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max]

  @Test func aRectOfAnyIntsAnswersEveryQuestion() {
    for x in Self.extremes {
      for width in Self.extremes {
        let r = Rect(x: x, y: x, width: width, height: width)
        let other = Rect(x: Int.min, y: Int.min, width: Int.max, height: Int.max)
        #expect(r.maxX >= r.minX || width < 0)
        _ = (r.maxY, r.isEmpty, r.area, r.contains(Point(x: 0, y: 0)))
        if let shared = r.intersection(other) {
          #expect(shared.size.width > 0 && shared.size.height > 0)
        }
        _ = Rect(x: Int.min, y: Int.min, width: Int.max, height: Int.max).intersection(r)
      }
    }
    #expect(Rect(x: Int.max, y: 0, width: Int.max, height: 1).maxX == Int.max)
    #expect(Rect(x: Int.min, y: 0, width: Int.min, height: 1).maxX == Int.min)
    #expect(Size(width: Int.max, height: Int.max).area == Int.max)
    // Int.min ..< -1 and Int.min + 1 ..< Int.max - 1 share Int.min + 1 ..< -1.
    let wide = Rect(x: Int.min, y: 0, width: Int.max, height: 1)
    let shared = wide.intersection(Rect(x: Int.min + 1, y: 0, width: Int.max, height: 1))
    #expect(shared?.minX == Int.min + 1)
  }

  @Test func anAnchorOfExtremeViewportPositionSegmentsAndSizeLaysOutOpensAndDraws() {
    let huge = Rect(x: Int.min, y: Int.min, width: Int.max, height: Int.max)
    let far = Rect(x: Int.max, y: Int.max, width: Int.max, height: Int.max)
    var anchors: [Anchor] = []
    for (i, x) in Self.extremes.enumerated() {
      anchors.append(
        Anchor(
          id: "v\(i)", position: Point(x: x, y: ~x), placement: .bottom, headline: "V",
          boxSize: Size(width: Int.max, height: Int.min), viewport: huge))
      anchors.append(
        Anchor(
          id: "s\(i)", position: Point(x: x, y: x), placement: .right, headline: "S",
          segments: [far, huge, Rect(x: x, y: ~x, width: Int.min, height: Int.max)], viewport: far,
          fallbackPlacements: Placement.allCases))
      anchors.append(
        Anchor(
          id: "p\(i)", position: Point(x: x, y: x), placement: .left, headline: "P",
          boxSize: Size(width: Int.max, height: Int.max), fallbackPlacements: [.top, .bottom]))
    }
    anchors.append(Anchor(id: "plain", position: Point(x: 5, y: 5), placement: .top, headline: "Plain", viewport: huge))
    let layout = SceneLayout(scene: Scene(anchors: anchors), screen: Size(width: 40, height: 12))
    var state = TooltipState(layout: layout)
    for anchor in anchors {
      _ = state.send(.open(anchor.id), layout: layout)
      var grid = CellGrid(size: layout.screen)
      grid.draw(layout, state: state)
      #expect(grid.size == layout.screen)
    }
    for x in [0, 5, 39] {
      _ = state.route(.mouse(TerminalMouse(.click(.primary), at: Point(x: x, y: 5), time: .seconds(1))), layout: layout)
    }
    _ = CropReport(scene: Scene(anchors: anchors), screen: Size(width: 40, height: 12))
  }
}
