import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// Writes one line to stderr.
func printError(_ message: String) {
  var line = "tooltip-tui: " + message + "\n"
  line.withUTF8 { buffer in _ = write(2, buffer.baseAddress, buffer.count) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
let options: Options
do {
  options = try Options.parse(arguments)
} catch {
  printError(error.message)
  exit(2)
}

switch options.mode {
case .help:
  print(Options.usage)
case .version:
  print(Options.version)
case .snapshot:
  guard case .builtin(let builtin) = options.scene else {
    printError("scene files are not available yet")
    exit(2)
  }
  print(SnapshotMode.text(scenes: [(builtin.rawValue, builtin.scene)], options: options), terminator: "")
case .interactive:
  exit(InteractiveMode.run(options: options))
default:
  printError("this mode is not available yet")
  exit(2)
}
