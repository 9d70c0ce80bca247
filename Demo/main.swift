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
case .snapshot, .check, .lint:
  exit(runBatchMode(options))
case .interactive:
  exit(InteractiveMode.run(options: options))
}
