import TooltipKit

/// Random scenes, copy, screens and steps, drawn from any ``ChoiceSource``.
///
/// The mix leans towards the cases that break things: hostile copy, anchors on and past the
/// screen's edges (negative and extreme coordinates), tiny and huge screens, and taps aimed at
/// anchors and at the open bubble rather than only at random cells.
extension ChoiceSource {
  // MARK: - Copy

  /// One scalar from a class chosen at random: printable ASCII, controls, Latin, combining
  /// marks, CJK, Hangul jamo, emoji, bidi formatting, zero-width, or anything at all.
  mutating func scalar() -> Unicode.Scalar {
    let value: Int
    switch below(11) {
    case 0: value = int(0x20...0x7E)
    case 1: value = pick(Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F))
    case 2: value = int(0xA0...0x24F)
    case 3: value = int(0x300...0x36F)
    case 4: value = int(0x4E00...0x9FFF)
    case 5: value = int(0x1100...0x11FF)
    case 6: value = int(0x1F300...0x1FAFF)
    case 7:
      value = pick([
        0x200E, 0x200F, 0x061C, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068,
        0x2069,
      ])
    case 8:
      value = pick([
        0x200B, 0x200C, 0x200D, 0x2060, 0xFEFF, 0x2028, 0x2029, 0xFFFE, 0xFFFF, 0xFDD0, 0xFE0F,
        0xE0001,
      ])
    case 9: value = int(0xFF00...0xFFFF)
    default: value = int(0...0x10FFFF)
    }
    return Unicode.Scalar(UInt32(value)) ?? "\u{FFFD}"
  }

  /// A string of up to `maxCount` random scalars.
  mutating func scalars(maxCount: Int) -> String {
    var view = String.UnicodeScalarView()
    for _ in 0..<below(maxCount + 1) { view.append(scalar()) }
    return String(view)
  }

  /// Up to `maxCount` random bytes read as UTF-8, invalid sequences repaired the way a decoder
  /// does (each becomes U+FFFD).
  mutating func decodedBytes(maxCount: Int) -> String {
    let bytes = (0..<below(maxCount + 1)).map { _ in UInt8(below(256)) }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A piece of copy: a hostile sample, ordinary words, random scalars or decoded bytes, or a
  /// mix of them.
  mutating func copy() -> String {
    switch below(10) {
    case 0..<3: return pick(HostileCopy.all)
    case 3..<6:
      var text = ""
      for _ in 0..<int(1...5) {
        if !text.isEmpty && chance(70) { text += " " }
        switch below(4) {
        case 0: text += pick(HostileCopy.all)
        case 1: text += scalars(maxCount: 4)
        default: text += pick(Self.words)
        }
      }
      return text
    case 6: return scalars(maxCount: 12)
    case 7: return decodedBytes(maxCount: 16)
    default:
      return (0..<int(0...8)).map { _ in pick(Self.words) }.joined(separator: " ")
    }
  }

  private static var words: [String] {
    ["Share", "the", "a", "teammates", "ID", "Publish", "你好", "😀", "x", "undo", "e\u{301}", "ｗｉｄｅ"]
  }

  // MARK: - Scenes

  /// A coordinate: mostly inside a screen about `extent` cells long, often just past either
  /// edge, sometimes negative (counted from the far edge), rarely extreme.
  mutating func coordinate(extent: Int) -> Int {
    switch below(40) {
    case 0:
      return pick([
        Int.max, Int.min, Int.max - 1, Int.min + 1, Int.max / 2, Int.min / 2, 1 << 40, -(1 << 40),
      ])
    case 1..<8: return int(-extent - 5 ... -1)
    case 8..<13: return int(max(0, extent - 6)...extent + 6)
    default: return int(0...extent)
    }
  }

  /// A random anchor named `id`: now and then with a box of its own, up to five rows high (a
  /// program's widget), sides of 0 included.
  mutating func anchor(id: String) -> Anchor {
    var anchor = plainAnchor(id: id)
    // Now and then in a viewport (a scrolling list), where moving out of it hides the anchor.
    if chance(15) { anchor.viewport = viewport() }
    return anchor
  }

  /// A viewport a list might have: a few rows of the scene, sides of 0 included.
  mutating func viewport() -> Rect {
    Rect(x: int(0...20), y: int(0...12), width: int(0...60), height: int(0...10))
  }

  /// A random anchor named `id`, with no viewport.
  mutating func plainAnchor(id: String) -> Anchor {
    let extentX = chance(20) ? 500 : 100
    let extentY = chance(20) ? 200 : 30
    let trigger: Trigger
    switch below(5) {
    case 0: trigger = .longPress
    case 1: trigger = .longPress(hold: .milliseconds(int(0...1500)))
    case 2 where chance(10):
      trigger = .longPress(hold: pick([.zero, .seconds(Int64.max), .milliseconds(-5)]))
    case 3 where chance(50): trigger = .menu
    default: trigger = .tap
    }
    return Anchor(
      id: id,
      position: Point(x: coordinate(extent: extentX), y: coordinate(extent: extentY)),
      size: chance(50) ? .sm : .md,
      placement: pick(Placement.allCases),
      headline: copy(),
      supporting: copy(),
      showHeadline: chance(85),
      showSupporting: chance(85),
      trigger: trigger,
      isDisabled: chance(15),
      glyph: chance(25) ? (chance(50) ? pick(HostileCopy.all) : scalars(maxCount: 2)) : nil,
      label: chance(35) ? copy() : nil,
      boxSize: chance(10) ? Size(width: int(0...12), height: int(0...5)) : nil,
      opensOnHover: optionalFlag(),
      opensOnFocus: optionalFlag()
    )
  }

  /// An anchor's own hover or focus choice: mostly the scene's (nil), else on or off.
  mutating func optionalFlag() -> Bool? {
    switch below(10) {
    case 0..<6: nil
    case 6..<9: true
    default: false
    }
  }

  /// A hover or skip delay: none, short, the default, or up to a second and a half.
  mutating func delay(default value: Duration) -> Duration {
    switch below(6) {
    case 0: .zero
    case 1: .milliseconds(int(1...100))
    case 2, 3: value
    default: .milliseconds(int(0...1500))
    }
  }

  /// A wrapping width: usually the default, often narrow, sometimes none or absurd.
  mutating func maxTextWidth() -> Int? {
    switch below(10) {
    case 0: return nil
    case 1: return pick([0, -3, 1, 2, Int.max])
    case 2..<5: return Scene.defaultMaxTextWidth
    default: return int(1...45)
    }
  }

  /// A random scene of up to `maxAnchors` anchors whose ids start at `firstID`.
  mutating func scene(maxAnchors: Int, firstID: inout Int) -> Scene {
    var anchors: [Anchor] = []
    for _ in 0..<below(maxAnchors + 1) {
      anchors.append(anchor(id: "a\(firstID)"))
      firstID += 1
    }
    var decorations: [Decoration] = []
    for _ in 0..<(chance(30) ? int(1...3) : 0) {
      decorations.append(
        Decoration(
          position: Point(x: coordinate(extent: 100), y: coordinate(extent: 30)), text: copy(),
          isDim: chance(50)))
    }
    let width = maxTextWidth()
    let edges: EdgePolicy = chance(30) ? .shift : .crop
    return Scene(
      anchors: anchors, maxTextWidth: width, decorations: decorations, edges: edges,
      opensOnHover: chance(60), opensOnFocus: chance(50),
      hoverDelay: delay(default: Scene.defaultHoverDelay),
      skipDelay: delay(default: Scene.defaultSkipDelay))
  }

  /// A screen from 0 x 0 to 500 x 200, mostly terminal-sized.
  mutating func screen() -> Size {
    switch below(40) {
    case 0: return Size(width: int(0...500), height: int(0...200))
    case 1..<5: return Size(width: int(0...3), height: int(0...3))
    default: return Size(width: int(1...120), height: int(1...45))
    }
  }

  /// Random render options.
  mutating func renderOptions() -> RenderOptions {
    RenderOptions(
      theme: pick(Theme.allCases), fidelity: pick(Fidelity.allCases),
      glyphs: chance(50) ? .unicode : .ascii,
      colors: chance(70), highlightsSelection: chance(80))
  }

  // MARK: - Steps

  /// A cell to tap: on an anchor's target, on the open bubble, anywhere on screen, or off it.
  mutating func point(in sim: Simulation) -> Point {
    let w = sim.screen.width
    let h = sim.screen.height
    let anchors = sim.layout.anchors
    let bubble = sim.state.openBubble(sim.layout)
    switch below(10) {
    case 0..<4 where !anchors.isEmpty:
      let target = pick(anchors).target
      return Point(x: target.minX + below(max(1, min(target.size.width, 1 << 30))), y: target.minY)
    case 4..<6 where bubble != nil:
      let b = bubble!
      if chance(30) { return b.pointer }
      return Point(
        x: b.body.minX + below(max(1, min(b.body.size.width, 1 << 30))),
        y: b.body.minY + below(max(1, b.body.size.height)))
    case 6: return Point(x: int(-12...w + 12), y: int(-12...h + 12))
    case 7 where chance(20):
      return Point(x: pick([Int.min, Int.max, -1]), y: pick([Int.min, Int.max, -1]))
    default: return Point(x: below(max(1, w)), y: below(max(1, h)))
    }
  }

  /// A cell for the pointer to move to: the cell it is on (which must change nothing), a
  /// neighbour, a cell on or just off the open bubble's gap line, or any cell ``point(in:)``
  /// picks, off the screen included.
  mutating func motionPoint(in sim: Simulation) -> Point {
    let last = sim.pointer
    switch below(10) {
    case 0 where last != nil: return last!
    case 1..<4 where last != nil:
      let p = last!
      guard p.x > Int.min + 1, p.x < Int.max - 1, p.y > Int.min + 1, p.y < Int.max - 1 else { return p }
      return Point(x: p.x + int(-1...1), y: p.y + int(-1...1))
    case 4 where sim.state.openBubble(sim.layout) != nil:
      let b = sim.state.openBubble(sim.layout)!
      let vertical = b.placement == .top || b.placement == .bottom
      let span = vertical ? (b.body.minX, b.body.maxX) : (b.body.minY, b.body.maxY)
      guard span.1 - span.0 < 1 << 30 else { return b.pointer }
      let along = int(span.0 - 1...span.1)
      return vertical ? Point(x: along, y: b.pointer.y) : Point(x: b.pointer.x, y: along)
    default: return point(in: sim)
    }
  }

  /// The next step of a run, chosen to suit the simulation's current state.
  mutating func step(in sim: Simulation) -> Step {
    // Hover and focus: the pointer moves often where some anchor has hover, and time runs to
    // the state's deadline (or just short of it).
    if let deadline = sim.state.deadline, chance(25) {
      let wait = max(.zero, deadline - sim.now)
      return .tick(after: chance(75) ? wait : max(.zero, wait - .milliseconds(1)))
    }
    if sim.scene.needsPointerMotion, chance(40) {
      return .motion(motionPoint(in: sim), after: .milliseconds(chance(30) ? 0 : int(0...400)))
    }
    // Most checks only bite with a bubble open: while closed, open one often.
    if sim.state.openID == nil,
      let placed = sim.layout.anchors.isEmpty ? nil : pick(sim.layout.anchors),
      chance(30)
    {
      switch below(3) {
      case 0: return .input(.open(placed.id))
      case 1: return .click(Point(x: placed.box.minX, y: placed.box.minY))
      default: return .input(.select(placed.id))
      }
    }
    if sim.state.isPressing && chance(35) { return .tick(after: .milliseconds(int(0...1200))) }
    switch below(100) {
    case 0..<16:
      return .press(point(in: sim), after: .milliseconds(int(0...300)))
    case 16..<30:
      let p = sim.lastPress.flatMap { chance(65) ? $0 : nil } ?? point(in: sim)
      return .release(p, after: .milliseconds(int(0...900)))
    case 30..<40: return .click(point(in: sim))
    case 40..<46: return .tick(after: .milliseconds(int(0...800)))
    case 46..<50: return .input(.activate)
    case 50..<54: return .input(.toggleHint)
    case 54..<58: return .input(.escape)
    case 58..<61: return .input(chance(50) ? .selectNext : .selectPrevious)
    case 61..<65: return .input(.move(pick(Placement.allCases)))
    case 65..<68: return .input(chance(50) ? .select(anchorID(in: sim)) : .focus(anchorID(in: sim)))
    case 68..<72: return .input(.open(anchorID(in: sim)))
    case 72..<74: return .input(.close)
    case 74..<81:
      if chance(50) {
        let s = sim.screen
        return .resize(
          Size(
            width: max(0, min(500, s.width + int(-3...3))),
            height: max(0, min(200, s.height + int(-3...3)))),
          chrome: sim.chrome)
      }
      return .resize(screen(), chrome: chance(50))
    case 81..<83: return .options(renderOptions())
    default: return .scene(editedScene(sim), replaced: chance(10))
    }
  }

  /// An id to select or open: usually one of the scene's, sometimes one it does not have.
  mutating func anchorID(in sim: Simulation) -> String {
    if chance(85), !sim.scene.anchors.isEmpty { return pick(sim.scene.anchors).id }
    return pick(["", "nope", "a\(sim.nextID + 3)"])
  }

  /// The scene after a random edit: an anchor added, removed or changed (often the open one),
  /// the wrapping width changed, or a new scene altogether.
  mutating func editedScene(_ sim: Simulation) -> Scene {
    var scene = sim.scene
    var nextID = sim.nextID
    let openIndex = sim.state.openID.flatMap { id in scene.anchors.firstIndex { $0.id == id } }
    func index(_ source: inout Self) -> Int? {
      if let openIndex, source.chance(50) { return openIndex }
      return scene.anchors.isEmpty ? nil : source.below(scene.anchors.count)
    }
    switch below(10) {
    case 0..<2:
      scene.anchors.insert(anchor(id: "a\(nextID)"), at: below(scene.anchors.count + 1))
    case 2..<4:
      if let i = index(&self) { scene.anchors.remove(at: i) }
    case 4..<8:
      guard let i = index(&self) else { break }
      switch below(10) {
      case 8:
        if chance(50) {
          scene.anchors[i].opensOnHover = optionalFlag()
        } else {
          scene.anchors[i].opensOnFocus = optionalFlag()
        }
      case 0: scene.anchors[i].showHeadline.toggle()
      case 1: scene.anchors[i].showSupporting.toggle()
      case 2: scene.anchors[i].headline = copy()
      case 3: scene.anchors[i].supporting = copy()
      case 4: scene.anchors[i].placement = pick(Placement.allCases)
      case 5: scene.anchors[i].size = chance(50) ? .sm : .md
      case 6:
        if chance(50) {
          scene.anchors[i].label = chance(50) ? copy() : nil
        } else {
          scene.anchors[i].boxSize = chance(50) ? Size(width: int(0...12), height: int(0...5)) : nil
        }
      case 7:
        scene.anchors[i].position = Point(x: coordinate(extent: 100), y: coordinate(extent: 30))
        // A scroll: the anchor moves, in or out of its viewport, which now and then comes or goes.
        if chance(20) { scene.anchors[i].viewport = chance(50) ? viewport() : nil }
      default:
        scene.anchors[i].isDisabled.toggle()
        scene.anchors[i].trigger = chance(50) ? .tap : .longPress
      }
    case 8:
      if chance(70) {
        scene.maxTextWidth = maxTextWidth()
      } else if chance(50) {
        scene.opensOnHover.toggle()
      } else {
        scene.opensOnFocus.toggle()
      }
    default:
      // A new scene; the delays stay for the run (a rest keeps the delay it started with).
      let (hoverDelay, skipDelay) = (scene.hoverDelay, scene.skipDelay)
      scene = self.scene(maxAnchors: 10, firstID: &nextID)
      scene.hoverDelay = hoverDelay
      scene.skipDelay = skipDelay
    }
    return scene
  }
}
