import TooltipKit

/// `--check`: every tooltip of the scene laid out as `--bare` would show it (the scene fills
/// the screen), and the ones the screen's edges would crop.
///
/// Nothing flips or shifts at an edge, so a crop is a design problem to fix before shipping:
/// this is the seed's advice to check each tooltip's side, done for every anchor at once.
enum CheckMode {
  /// One cropped tooltip: `ID PLACEMENT EDGES N`.
  struct Finding: Equatable {
    /// The anchor's id.
    var id: String
    /// The side its bubble sits on.
    var placement: Placement
    /// The screen edges the bubble crosses, in the order left, right, top, bottom.
    var edges: [BubbleLayout.Edge]
    /// The distinct cells of body and pointer that fall off screen.
    var cellsLost: Int

    /// The report line.
    var line: String {
      "\(Text.sanitize(id)) \(placement.rawValue) \(edges.map(\.rawValue).joined(separator: ",")) \(cellsLost)"
    }
  }

  /// The cropped tooltips in reading order, and how many tooltips (anchors with a visible
  /// line) there are. An anchor whose box is wholly off screen is never drawn, so all of its
  /// bubble is lost; it is listed with the edges its box and bubble lie beyond.
  static func findings(scene: Scene, screen: Size, options: RenderOptions) -> (
    findings: [Finding], tooltips: Int
  ) {
    let screenRect = Rect(origin: Point(x: 0, y: 0), size: screen)
    var placed: [(anchor: PlacedAnchor, bubble: BubbleLayout)] = []
    for (index, anchor) in scene.anchors.enumerated() {
      let anchor = PlacedAnchor(
        unclipped: anchor, fileIndex: index, area: screenRect, glyphs: options.glyphs)
      guard
        let bubble = BubbleLayout(
          anchor: anchor.anchor, box: anchor.box, maxTextWidth: scene.maxTextWidth,
          fidelity: options.fidelity,
          glyphs: options.glyphs)
      else { continue }
      placed.append((anchor, bubble))
    }
    placed.sort { a, b in
      (a.anchor.box.minY, a.anchor.box.minX, a.anchor.fileIndex)
        < (b.anchor.box.minY, b.anchor.box.minX, b.anchor.fileIndex)
    }
    var findings: [Finding] = []
    for (anchor, bubble) in placed {
      var edges = bubble.edgesCrossed(on: screen)
      var lost = bubble.cellsLost(on: screen)
      if anchor.box.intersection(screenRect) == nil {
        let box = anchor.box
        let beyond: Set<BubbleLayout.Edge> = Set(edges).union(
          [
            box.maxX <= 0 ? .left : nil, box.minX >= screen.width ? .right : nil,
            box.maxY <= 0 ? .top : nil, box.minY >= screen.height ? .bottom : nil,
          ].compactMap { $0 })
        edges = BubbleLayout.Edge.allCases.filter(beyond.contains)
        lost = bubble.body.area + (bubble.body.contains(bubble.pointer) ? 0 : 1)
      }
      guard lost > 0 else { continue }
      findings.append(
        Finding(id: anchor.id, placement: bubble.placement, edges: edges, cellsLost: lost))
    }
    return (findings, placed.count)
  }

  /// The report: one line per cropped tooltip, then a summary line; exit status 1 when any.
  static func report(scene: Scene, screen: Size, options: RenderOptions) -> (
    text: String, status: Int32
  ) {
    let (findings, tooltips) = findings(scene: scene, screen: screen, options: options)
    var text = findings.map { $0.line + "\n" }.joined()
    let noun = tooltips == 1 ? "tooltip" : "tooltips"
    text += "\(findings.count) of \(tooltips) \(noun) cropped at \(screen.width)x\(screen.height)\n"
    return (text, findings.isEmpty ? 0 : 1)
  }
}
