import TooltipKit

/// The libFuzzer entry point: the input bytes are read as a stream of choices that build a
/// scene (its copy taken from the bytes, valid or not), a screen and a sequence of steps, which
/// run through the layout, the state machine and the renderer with every invariant of the
/// property tests checked after every step. A violation traps, so libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCore(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
  var source = ByteSource(bytes)
  let (violations, _) = runRandomSequence(&source, steps: 64)
  if !violations.isEmpty {
    fatalError("invariant violated: " + violations.joined(separator: " | "))
  }
  fuzzInput(bytes)
  fuzzSlowLink(bytes)
  fuzzPaste(bytes)
  fuzzExtremes(bytes)
  return 0
}

/// The same bytes as terminal input: parsed one byte at a time and in chunks, the inputs must
/// be the same; after the wait runs out nothing is pending; every mouse cell is on the grid.
func fuzzInput(_ bytes: [UInt8]) {
  var whole = InputParser(keys: fuzzKeys)
  var one: [TerminalInput] = []
  for byte in bytes { whole.add(byte, time: .zero, into: &one) }
  whole.timeOut(into: &one)
  var chunked = InputParser(keys: fuzzKeys)
  var many: [TerminalInput] = []
  let step = max(1, Int(bytes.first ?? 7) % 17)
  var start = 0
  while start < bytes.count {
    let end = min(bytes.count, start + step)
    bytes[start..<end].withUnsafeBufferPointer { chunked.add($0, time: .zero, into: &many) }
    start = end
  }
  chunked.timeOut(into: &many)
  if one != many { fatalError("input parsed differently in chunks of \(step)") }
  if whole.isPending || chunked.isPending { fatalError("input still pending after the wait") }
  for case .mouse(let mouse) in one where mouse.point.x < 0 || mouse.point.y < 0 {
    fatalError("a mouse event off the grid: \(mouse.point)")
  }
  // The same while every answer is awaited (a reader that asked the terminal): the same inputs
  // whole and in chunks, nothing pending after the wait.
  var awaited = InputParser(keys: fuzzKeys)
  var awaitedChunked = InputParser(keys: fuzzKeys)
  for query in TerminalQuery.allCases {
    awaited.expectReply(to: query)
    awaitedChunked.expectReply(to: query)
  }
  var two: [TerminalInput] = []
  for byte in bytes { awaited.add(byte, time: .zero, into: &two) }
  awaited.timeOut(into: &two)
  var parts: [TerminalInput] = []
  start = 0
  while start < bytes.count {
    let end = min(bytes.count, start + step)
    bytes[start..<end].withUnsafeBufferPointer { awaitedChunked.add($0, time: .zero, into: &parts) }
    start = end
  }
  awaitedChunked.timeOut(into: &parts)
  if two != parts { fatalError("awaited answers parsed differently in chunks of \(step)") }
  if awaited.isPending || awaitedChunked.isPending { fatalError("input still pending after the wait (awaited)") }
}

/// The keys a terminal's entry names, as the terminal layer passes them.
let fuzzKeys: [[UInt8]: TerminalKey] = [Array("\u{1B}[5~".utf8): .pageUp, Array("\u{1B}OH".utf8): .home]

/// Gaps between two reads: none, under and over the wait after a lone ESC, under and over the
/// wait inside a sequence, and far longer.
let fuzzGaps: [Duration] = [
  .zero, .milliseconds(1), .milliseconds(24), .milliseconds(25), .milliseconds(60), .milliseconds(999),
  .seconds(1), .milliseconds(1001), .seconds(3600), .seconds(Int64.max / 4),
]

/// Whether input that ends with `read` may be a lone ESC, ESC and intermediates, or a string
/// opener with nothing after it: the only things a gap of `sequenceWait` may end.
func mayEndEarly(_ read: ArraySlice<UInt8>) -> Bool {
  guard let last = read.last else { return false }
  if [0x1B, 0x90, 0x98, 0x9D, 0x9E, 0x9F].contains(last) { return true }
  // ESC, then intermediates (0x20-0x2F) or one string opener.
  var i = read.endIndex - 1
  while i > read.startIndex, (0x20...0x2F).contains(read[i]) { i -= 1 }
  if i < read.endIndex - 1, read[i] == 0x1B { return true }
  return read.count >= 2 && read[read.endIndex - 2] == 0x1B && [0x5D, 0x50, 0x5F, 0x5E, 0x58].contains(last)
}

/// `bytes` delivered as over a slow link: in chunks split at the points `plan` chooses, each
/// read after a gap it chooses (from `gaps`); before each read, what is pending times out when
/// the gap reached its wait, as a reader does. Returns the inputs, whether anything timed out,
/// and the time of each byte.
func deliver(
  _ bytes: [UInt8], plan: inout ByteSource, gaps: [Duration], start: Duration
) -> (inputs: [TerminalInput], timedOut: Bool, times: [Duration]) {
  var parser = InputParser(keys: fuzzKeys)
  var inputs: [TerminalInput] = []
  var times: [Duration] = []
  var timedOut = false
  var now = start
  var index = 0
  while index < bytes.count {
    let gap = plan.pick(gaps)
    // Time runs on, as far as a Duration holds (timestamps far apart).
    if now < .seconds(Int64.max / 2) { now += gap }
    if parser.isPending, let wait = parser.pendingWait, gap >= wait {
      if gap < InputParser.slowSequenceWait && !mayEndEarly(bytes[..<index]) {
        // Past `ESC [`, `ESC O`, `ESC ]`, inside a string, a report, a paste or a character,
        // the next byte may take up to `slowSequenceWait` over a slow link.
        fatalError("a sequence begun timed out after \(gap), before byte \(index)")
      }
      let before = inputs.count
      parser.timeOut(into: &inputs)
      timedOut = true
      if parser.isPending { fatalError("still pending after a time-out") }
      if wait < InputParser.slowSequenceWait {
        // Only a lone ESC (or ESC and an opener) ends this early: an Esc or an Alt key.
        for input in inputs[before...] {
          guard case .key = input else { fatalError("a sequence begun ended after \(gap): \(input)") }
        }
      }
    }
    let end = min(bytes.count, index + (plan.chance(20) ? plan.int(17...300) : plan.int(1...16)))
    bytes[index..<end].withUnsafeBufferPointer { parser.add($0, time: now, into: &inputs) }
    times += Array(repeating: now, count: end - index)
    index = end
  }
  parser.timeOut(into: &inputs)
  var again: [TerminalInput] = []
  parser.timeOut(into: &again)
  if parser.isPending || !again.isEmpty { fatalError("a second time-out gave \(again)") }
  return (inputs, timedOut, times)
}

/// The same bytes over a slow link (the plan read from the bytes backwards): nothing traps,
/// nothing stays pending, every mouse cell is on the grid, and when nothing timed out the
/// inputs are those of the bytes read one by one at the same times.
func fuzzSlowLink(_ bytes: [UInt8]) {
  var plan = ByteSource(bytes.reversed())
  let start = plan.pick([Duration.zero, .seconds(Int64.min / 2), .seconds(Int64.max / 2 - 10)])
  let (inputs, timedOut, times) = deliver(bytes, plan: &plan, gaps: fuzzGaps, start: start)
  for case .mouse(let mouse) in inputs where mouse.point.x < 0 || mouse.point.y < 0 {
    fatalError("a mouse event off the grid: \(mouse.point)")
  }
  if timedOut { return }
  var whole = InputParser(keys: fuzzKeys)
  var one: [TerminalInput] = []
  for (byte, time) in zip(bytes, times) { whole.add(byte, time: time, into: &one) }
  whole.timeOut(into: &one)
  if one != inputs { fatalError("input over a slow link parsed differently with no time-out") }
}

/// A bracketed paste of the bytes (the end mark taken out of them), then the same bytes again,
/// delivered in chunks with gaps shorter than any wait: one paste event holding the text (line
/// ends as `\n`), never keys, then what the bytes alone give.
func fuzzPaste(_ bytes: [UInt8]) {
  let endMark: [UInt8] = Array("\u{1B}[201~".utf8)
  var body = bytes
  while let at = body.firstRange(of: endMark) { body.removeSubrange(at) }
  let tail = Array(bytes.prefix(64))
  var plan = ByteSource(bytes.reversed())
  let input = Array("\u{1B}[200~".utf8) + body + endMark + tail
  let short: [Duration] = [.zero, .milliseconds(1), .milliseconds(20)]
  let (inputs, timedOut, _) = deliver(input, plan: &plan, gaps: short, start: .zero)
  if timedOut { fatalError("a gap shorter than every wait timed out") }
  var normalized: [UInt8] = []
  var previous: UInt8 = 0
  for byte in body {
    if !(byte == 0x0A && previous == 0x0D) { normalized.append(byte == 0x0D ? 0x0A : byte) }
    previous = byte
  }
  let text = String(decoding: normalized, as: UTF8.self)
  guard inputs.first == .paste(text) else {
    fatalError("a paste of \(body.count) bytes parsed as \(inputs.prefix(3))")
  }
  var alone = InputParser(keys: fuzzKeys)
  var rest: [TerminalInput] = []
  for byte in tail { alone.add(byte, time: .zero, into: &rest) }
  alone.timeOut(into: &rest)
  if Array(inputs.dropFirst()) != rest { fatalError("the bytes after a paste parsed differently") }
}

/// Extreme values a caller can construct: screens up to Int.max a side, scene areas of Int.max
/// sides at extreme origins, holds and delays of Int64.max seconds, and presses, ticks and
/// motion stamped far apart; laid out, sent to the state machine and (for a screen that fits
/// in memory) drawn. Nothing may trap.
func fuzzExtremes(_ bytes: [UInt8]) {
  var source = ByteSource(bytes.reversed())
  var firstID = 0
  var scene = source.scene(maxAnchors: 5, firstID: &firstID)
  let durations: [Duration] = [
    .zero, .milliseconds(1), .seconds(Int64.max), .seconds(Int64.min), .milliseconds(Int64.max),
    Duration(secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999),
  ]
  for i in scene.anchors.indices where source.chance(50) {
    scene.anchors[i].trigger = .longPress(hold: source.pick(durations))
  }
  if source.chance(50) { scene.hoverDelay = source.pick(durations) }
  if source.chance(50) { scene.skipDelay = source.pick(durations) }
  let sides = [0, 1, 80, 10_000, 32_767, 32_768, 65_535, 1 << 20, 1 << 40, Int.max / 2, Int.max]
  let ends = [0, -1, 5, Int.max, Int.min, Int.max / 2, Int.min / 2, 1 << 40, -(1 << 40)]
  let screen = Size(width: source.pick(sides), height: source.pick(sides))
  let area: Rect? =
    source.chance(70)
    ? Rect(x: source.pick(ends), y: source.pick(ends), width: source.pick(sides), height: source.pick(sides))
    : nil
  let layout = SceneLayout(scene: scene, screen: screen, area: area)
  var state = TooltipState(layout: layout)
  let times: [Duration] = [
    .seconds(Int64.min), .zero, .seconds(1), .seconds(Int64.max / 2), .seconds(Int64.max),
    Duration(secondsComponent: Int64.max, attosecondsComponent: 999_999_999_999_999_999),
  ]
  for _ in 0..<source.int(1...12) {
    let point = Point(x: source.pick(ends), y: source.pick(ends))
    let placed = layout.anchors.isEmpty ? nil : source.pick(layout.anchors)
    let at = source.chance(50) ? point : placed.map { Point(x: $0.box.minX, y: $0.box.minY) } ?? point
    let time = source.pick(times)
    switch source.below(7) {
    case 0: _ = state.send(.press(at, time: time), layout: layout, now: source.chance(50) ? time : nil)
    case 1: _ = state.send(.release(at, time: time), layout: layout)
    case 2: _ = state.send(.tick(time), layout: layout, now: source.chance(50) ? source.pick(times) : nil)
    case 3: _ = state.send(.motion(at, time: time), layout: layout)
    case 4: _ = state.send(.open(placed?.id ?? "none"), layout: layout)
    case 5:
      let id = placed?.id ?? "none"
      _ = state.send(source.chance(50) ? .select(id) : .focus(id), layout: layout, now: time)
    default: _ = state.send(.click(at), layout: layout)
    }
    _ = state.deadline
  }
  if screen.width <= 1 << 12 && screen.height <= 1 << 12 && screen.width * screen.height <= 1 << 16 {
    var grid = CellGrid(size: screen)
    Renderer.draw(layout, state: state, into: &grid)
  }
}
