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
  return 0
}
