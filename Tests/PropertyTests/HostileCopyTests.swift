import Testing
import TooltipKit

/// Hostile copy, one sample at a time, in every string a scene shows: no control or bidi
/// scalar reaches a cell, the layout stays in bounds, and every invariant of the random runs
/// holds with the tooltip open.
@Suite struct HostileCopyTests {
  static let screen = Size(width: 80, height: 24)

  /// A scene with `copy` in every place copy goes: headline, supporting line, label, glyph and
  /// a decoration, on anchors at each placement, one hugging each edge.
  static func scene(with copy: String, maxTextWidth: Int? = Scene.defaultMaxTextWidth) -> Scene {
    Scene(
      anchors: [
        Anchor(
          id: "top", position: Point(x: 38, y: 18), placement: .top, headline: copy,
          supporting: copy),
        Anchor(
          id: "bottom", position: Point(x: 10, y: 2), size: .sm, placement: .bottom, headline: copy),
        Anchor(
          id: "left", position: Point(x: 0, y: 10), placement: .left, supporting: copy, label: copy),
        Anchor(
          id: "right", position: Point(x: -1, y: -1), size: .sm, placement: .right,
          headline: "Right",
          supporting: copy, glyph: copy),
        Anchor(
          id: "label", position: Point(x: 50, y: 5), placement: .bottom, headline: copy,
          label: "Go " + copy),
      ],
      maxTextWidth: maxTextWidth,
      decorations: [
        Decoration(position: Point(x: 2, y: 0), text: copy),
        Decoration(position: Point(x: -1, y: 8), text: copy),
      ]
    )
  }

  /// Opens each anchor's tooltip in turn (with chrome and bare, colour and monochrome) and
  /// checks every invariant after each step.
  static func check(_ copy: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for (chrome, colors) in [(true, true), (false, false)] {
      let scene = scene(with: copy)
      var sim = Simulation(
        scene: scene, screen: screen, chrome: chrome, options: RenderOptions(colors: colors),
        policy: .consume)
      for anchor in scene.anchors {
        let violations = sim.apply(.input(.open(anchor.id)))
        #expect(
          violations.isEmpty, "\(Invariants.debug(copy)) open \(anchor.id): \(violations)",
          sourceLocation: sourceLocation)
      }
      for step: Step in [
        .resize(Size(width: 3, height: 2), chrome: chrome),
        .resize(Size(width: 500, height: 200), chrome: chrome),
      ] {
        let violations = sim.apply(step)
        #expect(
          violations.isEmpty, "\(Invariants.debug(copy)) \(step): \(violations)",
          sourceLocation: sourceLocation)
      }
    }
  }

  @Test("control characters never reach a cell", arguments: HostileCopy.controls)
  func controlCharacters(copy: String) { Self.check("a" + copy + "b") }

  @Test("escape sequences never reach a cell", arguments: HostileCopy.escapeSequences)
  func escapeSequences(copy: String) { Self.check(copy) }

  @Test("bidi formatting never reaches a cell", arguments: HostileCopy.bidi)
  func bidiFormatting(copy: String) { Self.check(copy) }

  @Test("zero-width and unmeasurable scalars stay in bounds", arguments: HostileCopy.zeroWidth)
  func zeroWidth(copy: String) { Self.check(copy) }

  @Test("combining piles and wide clusters stay in bounds", arguments: HostileCopy.clusters)
  func clusters(copy: String) { Self.check(copy) }

  /// Every control and bidi scalar is drawn as exactly one U+FFFD where it stood: it neither
  /// vanishes (which would hide that the copy is broken) nor shifts the text.
  @Test(
    "each control or bidi scalar is drawn as one replacement character",
    arguments: (Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F)
      + [
        0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
        0x2069, 0x2028, 0x2029,
      ])
  )
  func scalarBecomesReplacement(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    let anchor = Anchor(
      id: "a", position: Point(x: 5, y: 5), placement: .bottom, headline: "x\(scalar)y")
    let layout = SceneLayout(
      scene: Scene(anchors: [anchor], maxTextWidth: nil), screen: Self.screen)
    var state = TooltipState(layout: layout)
    _ = state.send(.open("a"), layout: layout)
    let bubble = try #require(layout.bubble(for: "a"))
    var grid = CellGrid(size: Self.screen)
    Renderer.draw(layout, state: state, into: &grid)
    let row = bubble.rows[0].origin
    let drawn = (0..<3).map { grid[row.x + $0, row.y].text }
    #expect(drawn == ["x", "\u{FFFD}", "y"], "U+\(String(value, radix: 16))")
    #expect(bubble.body.size.width == 5)
  }

  /// 500 combining marks on one letter make one cell one column wide.
  @Test("500 combining marks on one letter make one cell") func combiningPile() throws {
    let pile = "a" + String(repeating: "\u{301}", count: 500)
    let anchor = Anchor(
      id: "a", position: Point(x: 5, y: 5), placement: .bottom, headline: pile + " b")
    let layout = SceneLayout(scene: Scene(anchors: [anchor]), screen: Self.screen)
    var state = TooltipState(layout: layout)
    _ = state.send(.open("a"), layout: layout)
    let bubble = try #require(layout.bubble(for: "a"))
    #expect(bubble.body.size.width == 5)
    var grid = CellGrid(size: Self.screen)
    Renderer.draw(layout, state: state, into: &grid)
    let cell = grid[bubble.rows[0].origin.x, bubble.rows[0].origin.y]
    #expect(cell.text.unicodeScalars.count == 501 && cell.width == 1)
    #expect(grid[bubble.rows[0].origin.x + 2, bubble.rows[0].origin.y].text == "b")
  }
}
