import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

// The core benchmarks: render + layout of a full frame per cell at three sizes, hit testing
// at three anchor counts, and what a motion report or a key costs the state machine. Release builds only: `swift run -c release`.
//
//   tooltip-bench-core [--rounds N] [--round-ms MS] [--json FILE]
//       every figure, as a table (and as JSON)
//   tooltip-bench-core render COLSxROWS FRAMES
//   tooltip-bench-core hit ANCHORS PROBES ROUNDS
//       a fixed amount of work and nothing else, for instruction counts under callgrind
//       (subtract the count of the same command with 0 frames or 0 rounds)

/// A full frame as the demo builds one: the scene laid out in the area between the chrome
/// rows, a blank grid, the scene and its open bubble drawn into it.
struct RenderFixture {
  let screen: Size
  let area: Rect
  let scene: Scene
  let state: TooltipState

  init(screen: Size) {
    self.screen = screen
    area = Rect(x: 0, y: 1, width: screen.width, height: max(0, screen.height - 2))
    scene = Scenes.gallery(area: area.size)
    let layout = SceneLayout(scene: scene, screen: screen, area: area)
    var state = TooltipState(layout: layout)
    if let first = layout.anchors.first {
      _ = state.send(.open(first.id), layout: layout)
    }
    precondition(state.openID != nil, "the benchmark scene opens a tooltip")
    self.state = state
  }

  var layout: SceneLayout { SceneLayout(scene: scene, screen: screen, area: area) }

  /// Lays out and renders one frame; returns a checksum of it.
  func frame() -> Int {
    let layout = SceneLayout(scene: scene, screen: screen, area: area)
    return draw(layout)
  }

  /// Renders one frame from a layout made beforehand; returns a checksum of it.
  func draw(_ layout: SceneLayout) -> Int {
    var grid = CellGrid(size: screen)
    Renderer.draw(layout, state: state, into: &grid)
    let cursor = grid.cursor ?? Point(x: 0, y: 0)
    return grid.packedCells.count &+ grid.text(of: grid.packedCells[cursor.y * screen.width + cursor.x]).utf8.count
  }
}

/// A laid-out grid of anchors, an open bubble, and the cells to probe: half on anchors'
/// targets, half anywhere on the screen.
struct HitFixture {
  let count: Int
  let scene: Scene
  let screen: Size
  let layout: SceneLayout
  let bubble: BubbleLayout?
  let probes: [Point]

  init(count: Int, probes probeCount: Int = 4096) {
    self.count = count
    (scene, screen) = Scenes.grid(count: count)
    layout = SceneLayout(scene: scene, screen: screen)
    precondition(layout.anchors.count == count, "every anchor of the grid is on screen")
    bubble = layout.bubble(for: layout.anchors[0].id)
    var generator = Generator(seed: 0x7007_71F5)
    var probes: [Point] = []
    probes.reserveCapacity(probeCount)
    for i in 0..<probeCount {
      if i % 2 == 0 {
        let target = layout.anchors[generator.next(below: layout.anchors.count)].target
        probes.append(
          Point(x: target.minX + generator.next(below: target.size.width), y: target.minY))
      } else {
        probes.append(
          Point(x: generator.next(below: screen.width), y: generator.next(below: screen.height)))
      }
    }
    self.probes = probes
  }

  /// Hit-tests every probe as a tap would (bubble first); returns a checksum.
  func hitTests() -> Int {
    var sum = 0
    for point in probes {
      switch layout.hitTest(point, bubble: bubble) {
      case .anchor(let id): sum &+= id.utf8.count
      case .bubble: sum &+= 1
      case .background: break
      }
    }
    return sum
  }

  /// Looks up the anchor under every probe; returns a checksum.
  func anchorLookups() -> Int {
    var sum = 0
    for point in probes {
      if let placed = layout.anchor(at: point) { sum &+= placed.fileIndex }
    }
    return sum
  }
}

// MARK: - Command line

func fail(_ message: String) -> Never {
  var line = "tooltip-bench-core: " + message + "\n"
  line.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
  exit(2)
}

func parseSize(_ raw: String) -> Size {
  let parts = raw.split(separator: "x")
  guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 2 else {
    fail("expected COLSxROWS with at least 3 rows, got '\(raw)'")
  }
  return Size(width: w, height: h)
}

func positive(_ raw: String, _ flag: String) -> Int {
  guard let value = Int(raw), value > 0 else {
    fail("\(flag): expected a positive integer, got '\(raw)'")
  }
  return value
}

func formatted(_ value: Double, decimals: Int = 1) -> String {
  var scale = 1.0
  for _ in 0..<decimals { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = "\(rounded)"
  if decimals == 0, text.hasSuffix(".0") { text.removeLast(2) }
  return text
}

func padded(_ text: String, _ width: Int) -> String {
  text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
}

var arguments = Array(CommandLine.arguments.dropFirst())
var sink = 0

if let mode = arguments.first, mode == "render" || mode == "hit" {
  let amounts = arguments.dropFirst(2).compactMap { Int($0) }.filter { $0 >= 0 }
  let shape = mode == "render" ? "COLSxROWS FRAMES" : "ANCHORS PROBES ROUNDS"
  guard arguments.count == (mode == "render" ? 3 : 4), amounts.count == arguments.count - 2 else {
    fail("usage: \(mode) \(shape)")
  }
  if mode == "render" {
    let fixture = RenderFixture(screen: parseSize(arguments[1]))
    for _ in 0..<amounts[0] { sink &+= fixture.frame() }
  } else {
    guard let count = Int(arguments[1]), count > 0 else {
      fail("ANCHORS must be a positive integer")
    }
    let fixture = HitFixture(count: count, probes: amounts[0])
    for _ in 0..<amounts[1] { sink &+= fixture.hitTests() }
  }
  print("checksum \(sink)")
  exit(0)
}

var rounds = 9
var roundMilliseconds = 100
var jsonPath: String?
while !arguments.isEmpty {
  let flag = arguments.removeFirst()
  guard !arguments.isEmpty else { fail("\(flag) needs a value") }
  let value = arguments.removeFirst()
  switch flag {
  case "--rounds": rounds = positive(value, flag)
  case "--round-ms": roundMilliseconds = positive(value, flag)
  case "--json": jsonPath = value
  default: fail("unknown option '\(flag)'")
  }
}
let round = Duration.milliseconds(roundMilliseconds)
var json: [String] = []

print("render + layout of a full frame (gallery tiles, a tooltip open), median of \(rounds) rounds")
print("size        cells  anchors   layout µs   render µs    frame µs   ns/cell")
var perCell: [String: Double] = [:]
for size in ["80x24", "200x60", "1000x500"] {
  let fixture = RenderFixture(screen: parseSize(size))
  let cells = fixture.screen.area
  let layout = fixture.layout
  let frameNs = Timing.measure(rounds: rounds, round: round, sink: &sink) { n in
    var sum = 0
    for _ in 0..<n { sum &+= fixture.frame() }
    return sum
  }
  let layoutNs = Timing.measure(rounds: rounds, round: round, sink: &sink) { n in
    var sum = 0
    for _ in 0..<n { sum &+= fixture.layout.anchors.count }
    return sum
  }
  let drawNs = Timing.measure(rounds: rounds, round: round, sink: &sink) { n in
    var sum = 0
    for _ in 0..<n { sum &+= fixture.draw(layout) }
    return sum
  }
  perCell[size] = frameNs / Double(cells)
  print(
    padded(size, 8), padded("\(cells)", 9), padded("\(layout.anchors.count)", 8),
    padded(formatted(layoutNs / 1000, decimals: 2), 11),
    padded(formatted(drawNs / 1000, decimals: 2), 11),
    padded(formatted(frameNs / 1000, decimals: 2), 11),
    padded(formatted(frameNs / Double(cells), decimals: 2), 9))
  json.append(
    "{\"kind\":\"render\",\"size\":\"\(size)\",\"cells\":\(cells),\"anchors\":\(layout.anchors.count),"
      + "\"layout_ns\":\(layoutNs),\"draw_ns\":\(drawNs),\"frame_ns\":\(frameNs),\"ns_per_cell\":\(frameNs / Double(cells))}"
  )
}
let renderRatio = perCell["1000x500"]! / perCell["80x24"]!
print(
  "per-cell ratio 1000x500 : 80x24 = \(formatted(renderRatio, decimals: 2))x  (budget <= 1.2x: \(renderRatio <= 1.2 ? "met" : "MISSED"))"
)
print("")

print(
  "hit testing (half the probes on anchors, half anywhere; a bubble open), median of \(rounds) rounds"
)
print("anchors     screen   layout µs   ns/anchor   ns/hitTest   ns/anchor(at:)")
var perHit: [Int: Double] = [:]
for count in [10, 1000, 10000] {
  let fixture = HitFixture(count: count)
  let probes = Double(fixture.probes.count)
  let layoutNs = Timing.measure(rounds: rounds, round: round, sink: &sink) { n in
    var sum = 0
    for _ in 0..<n {
      sum &+= SceneLayout(scene: fixture.scene, screen: fixture.screen).anchors.count
    }
    return sum
  }
  let hitNs =
    Timing.measure(rounds: rounds, round: round, sink: &sink) { n in
      var sum = 0
      for _ in 0..<n { sum &+= fixture.hitTests() }
      return sum
    } / probes
  let lookupNs =
    Timing.measure(rounds: rounds, round: round, sink: &sink) { n in
      var sum = 0
      for _ in 0..<n { sum &+= fixture.anchorLookups() }
      return sum
    } / probes
  perHit[count] = hitNs
  print(
    padded("\(count)", 7), padded("\(fixture.screen.width)x\(fixture.screen.height)", 11),
    padded(formatted(layoutNs / 1000, decimals: 1), 11),
    padded(formatted(layoutNs / Double(count), decimals: 1), 11),
    padded(formatted(hitNs, decimals: 1), 12), padded(formatted(lookupNs, decimals: 1), 16))
  json.append(
    "{\"kind\":\"hit\",\"anchors\":\(count),\"screen\":\"\(fixture.screen.width)x\(fixture.screen.height)\","
      + "\"layout_ns\":\(layoutNs),\"hit_test_ns\":\(hitNs),\"anchor_at_ns\":\(lookupNs)}")
}
let hit1000 = perHit[1000]! / perHit[10]!
let hit10000 = perHit[10000]! / perHit[1000]!
print("hit test ratio 1000 : 10 = \(formatted(hit1000, decimals: 2))x")
print(
  "hit test ratio 10000 : 1000 = \(formatted(hit10000, decimals: 2))x  (budget <= 20x: \(hit10000 <= 20 ? "met" : "MISSED"))"
)
json.append(
  "{\"kind\":\"ratios\",\"render_1000x500_to_80x24\":\(renderRatio),\"hit_1000_to_10\":\(hit1000),\"hit_10000_to_1000\":\(hit10000)}"
)
print("")

print("hover and focus in the state machine (hover and focus on for every anchor), median of \(rounds) rounds")
print("anchors   ns/motion (0.5 s delay)   ns/motion (0 delay)   ns/same-cell motion   ns/key (Tab)")
for count in [10, 1000, 10000] {
  let resting = HoverFixture(count: count, hoverDelay: .milliseconds(500))
  let eager = HoverFixture(count: count, hoverDelay: .zero)
  let motionNs = Timing.measure(rounds: rounds, round: round, sink: &sink) { resting.motions($0) }
  let eagerNs = Timing.measure(rounds: rounds, round: round, sink: &sink) { eager.motions($0) }
  let sameNs = Timing.measure(rounds: rounds, round: round, sink: &sink) { resting.sameCell($0) }
  let keyNs = Timing.measure(rounds: rounds, round: round, sink: &sink) { resting.keys($0) }
  print(
    padded("\(count)", 7), padded(formatted(motionNs, decimals: 1), 25), padded(formatted(eagerNs, decimals: 1), 21),
    padded(formatted(sameNs, decimals: 1), 21), padded(formatted(keyNs, decimals: 1), 14))
  json.append(
    "{\"kind\":\"hover\",\"anchors\":\(count),\"motion_ns\":\(motionNs),\"motion_opening_ns\":\(eagerNs),"
      + "\"same_cell_ns\":\(sameNs),\"key_ns\":\(keyNs)}")
}
print("(checksum \(sink))")

if let jsonPath {
  let text = "[\n  " + json.joined(separator: ",\n  ") + "\n]\n"
  guard let file = fopen(jsonPath, "w") else { fail("cannot write \(jsonPath)") }
  fputs(text, file)
  fclose(file)
}
