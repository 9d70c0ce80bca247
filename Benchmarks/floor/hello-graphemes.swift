// The Swift+FE floor (hello-foundation.swift) plus what any text component must do and the
// floor does not: split a line of copy into grapheme clusters with the stdlib, one `String`
// and a width per cluster, and compare clusters. BENCHMARKS.md measures what that alone keeps
// resident (docs/perf-log/2026-12-01-the-link-and-the-languages-share.md, "What is tooltip-tui's own").
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// What the decoder reads when an argument names a JSON file (never, under the benchmark).
struct Line: Decodable {
  var text: String
}

if CommandLine.arguments.count > 2, let file = fopen(CommandLine.arguments[2], "r") {
  var bytes: [UInt8] = []
  while true {
    let c = fgetc(file)
    if c < 0 { break }
    bytes.append(UInt8(c))
  }
  fclose(file)
  let decoded = try? JSONDecoder().decode(Line.self, from: Data(bytes))
  print(decoded?.text ?? "")
}

/// The gallery's kind of copy, with a combining mark and an emoji modifier sequence; the first
/// argument replaces it (so the compiler cannot fold the work away).
let copy =
  CommandLine.arguments.count > 1
  ? CommandLine.arguments[1] : "Top · sm ⅈ Sits above a 1-cell icon. 👍🏽 é"
var clusters: [(text: String, width: Int)] = []
for character in copy {
  // A stand-in for the width (Glibc's module does not export wcwidth): the walk over the
  // cluster's scalars is the same.
  var width = 0
  for scalar in character.unicodeScalars { width += scalar.isASCII ? 1 : 2 }
  clusters.append((String(character), width))
}
let dots = clusters.filter { $0.text == "·" }.count

var key: UInt8 = 0
let line = "ready \(clusters.count) \(dots)\n"
_ = line.withCString { write(1, $0, strlen($0)) }
exit(read(0, &key, 1) == 1 ? 0 : 1)
