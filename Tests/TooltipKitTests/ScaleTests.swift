import Testing
import TooltipKit

/// The open bubble the state keeps, the arrow-key index and the lazily built bubble rows: each
/// gives the same answers as the plain computation it replaces, a bubble is laid out once per
/// open (not per input or frame), and a kept bubble is never drawn for another layout or
/// another anchor.
@Suite struct ScaleTests {
  /// Renders `state` over `layout` into a blank grid of the layout's screen.
  func frame(_ layout: SceneLayout, _ state: TooltipState) -> [String] {
    var grid = CellGrid(size: layout.screen)
    Renderer.draw(layout, state: state, into: &grid)
    return grid.lines
  }

  @Test func theKeptBubbleDrawsTheSameFrameAsAFreshOne() {
    let anchors = [anchor("a", x: 20, y: 10, placement: .top), anchor("b", x: 2, y: 2)]
    let l = layout(anchors)
    let state = opened("a", in: l)
    #expect(state.bubbleLayouts == 1)
    #expect(state.openBubble(l) == l.bubble(for: "a"))
    // The same scene laid out again: the state keeps nothing for it, and draws the same.
    let again = layout(anchors)
    #expect(frame(l, state) == frame(again, state))
    #expect(frame(l, state).joined().contains("Saved to disk"))
  }

  @Test func aNewLayoutDoesNotDrawTheBubbleKeptForTheOldOne() {
    let old = layout([anchor("a", x: 20, y: 10, placement: .top, headline: "Old copy")])
    var state = opened("a", in: old)
    let new = layout([anchor("a", x: 20, y: 10, placement: .top, headline: "New copy")])
    // Before the state is sent the new layout, and after.
    for _ in 0..<2 {
      let lines = frame(new, state).joined()
      #expect(lines.contains("New copy"))
      #expect(!lines.contains("Old copy"))
      #expect(state.openBubble(new) == new.bubble(for: "a"))
      _ = state.send(.layoutChanged, layout: new)
    }
    // Laid out when it opened and once for the new layout.
    #expect(state.bubbleLayouts == 2)
  }

  @Test func anotherOpenAnchorIsLaidOutWhenItOpens() {
    let l = layout([
      anchor("a", x: 10, y: 10, placement: .top, headline: "Copy of a"),
      anchor("b", x: 40, y: 10, placement: .top, headline: "Copy of b"),
    ])
    var state = opened("a", in: l)
    #expect(frame(l, state).joined().contains("Copy of a"))
    _ = state.send(.open("b"), layout: l)
    #expect(state.openID == "b")
    let lines = frame(l, state).joined()
    #expect(lines.contains("Copy of b"))
    #expect(!lines.contains("Copy of a"))
    #expect(state.openBubble(l)?.body.minX ?? 0 > 25)
    #expect(state.bubbleLayouts == 2)
    _ = state.send(.close, layout: l)
    #expect(state.openBubble(l) == nil)
  }

  @Test func theBubbleIsLaidOutOncePerOpenNotPerInputOrFrame() throws {
    let anchors = [anchor("a", x: 20, y: 10, placement: .top), anchor("b", x: 40, y: 10, size: .sm)]
    var l = layout(anchors, options: renderOptions(glyphs: .unicode))
    var state = opened("a", in: l)
    let bubble = try #require(state.openBubble(l))
    // Motion over the bubble and the anchor (each one hit-tested), ticks and frames: none of
    // them lays it out again.
    var time = Duration.seconds(1)
    for cell in [bubble.body.origin, Point(x: bubble.body.maxX - 1, y: bubble.body.minY), Point(x: 20, y: 10)] {
      time += .milliseconds(10)
      _ = state.send(.motion(cell, time: time), layout: l)
      _ = state.send(.tick(time), layout: l)
      _ = frame(l, state)
    }
    _ = state.send(.layoutChanged, layout: l)
    #expect(state.openID == "a")
    #expect(state.bubbleLayouts == 1)
    // A look-only change keeps the placement and the bubble; new glyphs lay both out again.
    var look = l.options
    look.theme = .dark
    look.placesCursor = false
    let laidOutForLook = l.setOptions(look)
    #expect(!laidOutForLook)
    _ = state.send(.layoutChanged, layout: l)
    #expect(state.bubbleLayouts == 1)
    look.glyphs = .ascii
    let laidOutForGlyphs = l.setOptions(look)
    #expect(laidOutForGlyphs)
    _ = state.send(.layoutChanged, layout: l)
    #expect(state.bubbleLayouts == 2)
    #expect(state.openBubble(l) == l.bubble(for: "a"))
    #expect(state.openBubble(l) != bubble)
    // Laid out again, it is the layout the new options give.
    let fresh = layout(anchors, options: look)
    #expect(l.anchors == fresh.anchors)
    #expect(l.options == fresh.options)
    #expect(l.bubble(for: "a") == fresh.bubble(for: "a"))
  }

  @Test func theKeptBubbleAnswersHitTests() {
    let l = layout([
      anchor("a", x: 20, y: 10, placement: .top), anchor("quiet", x: 2, y: 2, headline: "", supporting: ""),
    ])
    let state = opened("a", in: l)
    let bubble = state.openBubble(l)
    #expect(bubble == layout([anchor("a", x: 20, y: 10, placement: .top)]).bubble(for: "a"))
    #expect(l.hitTest(bubble!.body.origin, bubble: bubble) == .bubble)
    #expect(!l.opens("quiet"))
    #expect(opened("quiet", in: l).openBubble(l) == nil)
  }

  @Test func theDemoLoopDrawsTheBubbleItOpened() {
    let l = layout([anchor("a", x: 20, y: 10, placement: .top), anchor("b", x: 40, y: 10)])
    var state = TooltipState(layout: l)
    var opens = 0
    for input: TooltipInput in [.activate, .selectNext, .activate, .escape] {
      opens += state.send(input, layout: l).filter { if case .opened = $0 { true } else { false } }.count
      #expect(state.openBubble(l) == state.openID.flatMap { l.bubble(for: $0) })
      #expect(
        frame(l, state)
          == frame(layout([anchor("a", x: 20, y: 10, placement: .top), anchor("b", x: 40, y: 10)]), state))
    }
    #expect(opens == 2)
    #expect(state.bubbleLayouts == opens)
  }

  /// The arrow-key rule as the spec states it, over every anchor: the reference for the index.
  func nearestByScan(_ l: SceneLayout, from id: String, toward direction: Direction) -> String? {
    guard let from = l.anchor(id: id) else { return nil }
    var best: (score: Int, index: Int)?
    for (index, candidate) in l.anchors.enumerated() where candidate.id != id {
      let dx = candidate.centre.x - from.centre.x
      let dy = candidate.centre.y - from.centre.y
      let inCone: Bool
      switch direction {
      case .right: inCone = dx > 0 && 2 * abs(dy) <= dx
      case .left: inCone = dx < 0 && 2 * abs(dy) <= -dx
      case .down: inCone = dy > 0 && abs(dx) <= 2 * dy
      case .up: inCone = dy < 0 && abs(dx) <= -2 * dy
      }
      guard inCone else { continue }
      let score = abs(dx) + 2 * abs(dy)
      if best == nil || score < best!.score { best = (score, index) }
    }
    return best.map { l.anchors[$0.index].id }
  }

  @Test("arrow selection by the row index finds what a scan of every anchor finds", arguments: 0..<40)
  func nearestMatchesAScan(seed: Int) {
    var random = SplitMix(seed: UInt64(seed))
    let count = 1 + random.next(below: seed < 20 ? 12 : 120)
    let spread = 4 + random.next(below: 40)
    var anchors: [Anchor] = []
    for i in 0..<count {
      // Duplicate ids now and then: an anchor never selects another of its own name.
      let id = random.next(below: 10) == 0 && i > 0 ? "a\(i - 1)" : "a\(i)"
      anchors.append(
        anchor(
          id, x: random.next(below: spread * 2), y: random.next(below: spread),
          size: random.next(below: 2) == 0 ? .sm : .md))
    }
    let l = layout(anchors, width: spread * 2 + 3, height: spread + 1)
    for placed in l.anchors {
      for direction in Direction.allCases {
        #expect(
          l.nearest(from: placed.id, toward: direction)?.id == nearestByScan(l, from: placed.id, toward: direction),
          "seed \(seed), from \(placed.id) \(direction)")
      }
    }
  }

  @Test("the id index finds the first anchor of each id in reading order, and no other", arguments: 0..<20)
  func idIndexMatchesAScan(seed: Int) {
    var random = SplitMix(seed: UInt64(seed) &+ 404)
    var anchors: [Anchor] = []
    // Up to 300 anchors, so the table grows past its first size; ids repeat now and then, and
    // "e\u{301}" and "\u{E9}" are the same id to Swift, as they must be to the index.
    for i in 0..<(1 + random.next(below: 300)) {
      let id = random.next(below: 8) == 0 ? ["e\u{301}", "\u{E9}", "a0"][random.next(below: 3)] : "a\(i)"
      anchors.append(anchor(id, x: random.next(below: 80), y: random.next(below: 40), size: .sm))
    }
    let l = layout(anchors, width: 80, height: 40)
    for id in Set(anchors.map(\.id)).union(["missing", "", "a"]) {
      let first = l.anchors.firstIndex { $0.id == id }
      #expect(l.readingIndex(of: id) == first, "seed \(seed), id \(id)")
      #expect(l.anchor(id: id)?.fileIndex == first.map { l.anchors[$0].fileIndex })
    }
  }

  @Test func isVisibleAgreesWithVisible() {
    let cases = [
      "", " ", "   ", "a", " a ", "\u{301}", " \u{301}", "\u{301} ", "\u{200B}", " \u{200B}", "\u{1B}",
      "  \u{7F}", "\u{202E}", "x\u{301}", "\u{FFFF}", "\u{E0001}", "\r\n", " \u{0600}", "你好", "\u{200B}\u{200B} ",
    ]
    for text in cases {
      #expect(Text.isVisible(text) == (Text.visible(text) != nil), "\(text.unicodeScalars.map(\.value))")
    }
  }

  @Test func aLongCopyWrapsToRowsThatDrawOnlyWhatIsOnScreen() throws {
    let copy = String(repeating: "Send it to your teammates. ", count: 4000)
    let l = layout([anchor("a", x: 20, y: 30, placement: .top, headline: copy, supporting: "")], height: 32)
    let bubble = try #require(l.bubble(for: "a"))
    let lines = Text.wrap(copy, width: 30)
    #expect(bubble.rows.count == lines.count)
    #expect(bubble.rows.map(\.text) == lines)
    #expect(bubble.rows.map(\.width) == lines.map(Text.width))
    // The text ends one padding row above the pointer's row (30 - 1): the rows run up from 27.
    #expect(bubble.rows.last?.origin.y == 27)
    #expect(bubble.rows.first?.origin.y == 27 - (lines.count - 1))
    // Drawn on screen, the rows that fall on it show the wrap's lines, cut at the body.
    let state = opened("a", in: l)
    var grid = CellGrid(size: l.screen)
    Renderer.draw(l, state: state, into: &grid)
    let body = bubble.body
    let x = body.minX + 1
    for row in 0..<27 {
      let line = lines[lines.count - 1 - (27 - row)]
      let drawn = String(grid.lines[row].dropFirst(max(0, x)).prefix(line.count))
      #expect(drawn == String(line.dropFirst(max(0, -x)).prefix(drawn.count)), "row \(row)")
    }
  }
}

/// A small deterministic generator for the randomized cases.
struct SplitMix {
  private var state: UInt64
  init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
  mutating func next(below bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(bound))
  }
}
