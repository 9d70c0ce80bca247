import Testing
import TooltipKit

/// A 1 MB headline: the frame with it open still completes, within bounds, with every invariant
/// checked. How long it takes is printed as a figure, not asserted.
@Suite struct LargeCopyTests {
  static let megabyte = 1 << 20

  /// `piece` repeated to at least 1 MB of UTF-8.
  static func megabyte(of piece: String) -> String {
    String(repeating: piece, count: megabyte / piece.utf8.count + 1)
  }

  static let cases: [(name: String, copy: String, maxTextWidth: Int?)] = [
    ("words, wrapped at 30", megabyte(of: "Send it to your teammates. "), 30),
    ("words, never wrapped", megabyte(of: "Send it to your teammates. "), nil),
    ("one word, cut at 30", megabyte(of: "x"), 30),
    (
      "escape sequences and wide characters",
      megabyte(of: "\u{1B}[2J\u{9B}31m你好\u{202E}\u{200B}e\u{301} "), 30
    ),
  ]

  @Test("a 1 MB headline opens and draws in an 80x24 frame", arguments: 0..<cases.count)
  func megabyteHeadline(index: Int) {
    let (name, copy, width) = Self.cases[index]
    let anchor = Anchor(
      id: "big", position: Point(x: 40, y: 12), placement: .top, headline: copy,
      supporting: "Short.")
    let other = Anchor(
      id: "other", position: Point(x: 2, y: 2), placement: .bottom, headline: "Other")
    let scene = Scene(anchors: [anchor, other], maxTextWidth: width)
    let screen = Size(width: 80, height: 24)

    // The figures: laying out, opening, and drawing one frame with it open.
    let clock = ContinuousClock()
    var start = clock.now
    let layout = SceneLayout(
      scene: scene, screen: screen, area: Rect(x: 0, y: 1, width: 80, height: 22))
    var state = TooltipState(layout: layout)
    let laidOut = clock.now - start
    start = clock.now
    #expect(state.send(.open("big"), layout: layout) == [.opened("big")])
    let opened = clock.now - start
    start = clock.now
    var grid = CellGrid(size: screen)
    Renderer.draw(layout, state: state, into: &grid)
    let drawn = clock.now - start
    print(
      "1 MB headline (\(name)): \(copy.utf8.count) bytes; layout \(laidOut), open \(opened), one 80x24 frame \(drawn)"
    )
    #expect(Invariants.structure(grid, size: screen).isEmpty)

    // Then every invariant, through the same steps as the random runs: open, Esc and a tap
    // close, nothing drawn out of place.
    var sim = Simulation(
      scene: scene, screen: screen, chrome: true, options: RenderOptions(), policy: .consume)
    for step: Step in [.input(.open("big")), .click(Point(x: 40, y: 13))] {
      let violations = sim.apply(step)
      #expect(violations.isEmpty, "1 MB \(name), \(step): \(violations)")
    }
    #expect(sim.state.openID == nil)
  }
}
