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
  return 0
}

/// The same bytes as terminal input: parsed one byte at a time and in chunks, the inputs must
/// be the same; after the wait runs out nothing is pending; every mouse cell is on the grid.
func fuzzInput(_ bytes: [UInt8]) {
  var whole = InputParser(keys: [Array("\u{1B}[5~".utf8): .pageUp, Array("\u{1B}OH".utf8): .home])
  var one: [TerminalInput] = []
  for byte in bytes { whole.add(byte, time: .zero, into: &one) }
  whole.timeOut(into: &one)
  var chunked = InputParser(keys: [Array("\u{1B}[5~".utf8): .pageUp, Array("\u{1B}OH".utf8): .home])
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
}
