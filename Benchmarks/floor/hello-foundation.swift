// The floor of a Swift program linked like tooltip-tui: the static Swift stdlib and
// FoundationEssentials (the demo links it for JSONDecoder, to read scene files). Print a line,
// wait for a key; the decoder is linked, as in the demo, and used only when a file is named.
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// What the decoder reads when an argument names a JSON file (never, under the benchmark).
struct Line: Decodable {
  var text: String
}

if CommandLine.arguments.count > 1, let file = fopen(CommandLine.arguments[1], "r") {
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

var key: UInt8 = 0
let line = "ready\n"
_ = line.withCString { write(1, $0, strlen($0)) }
exit(read(0, &key, 1) == 1 ? 0 : 1)
