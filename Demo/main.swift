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
case .help, .version:
  // Written at once and checked, as the batch modes' output is: a full disk or a closed pipe
  // is an error to report (status 2), not a silent success.
  let text = options.mode == .help ? Options.usage : Options.version
  if let failure = writeAll(Array((text + "\n").utf8), to: 1) {
    printError("cannot write the output: \(failure)")
    exit(2)
  }
case .snapshot, .check, .lint:
  exit(runBatchMode(options))
case .interactive:
  exit(InteractiveMode.run(options: options))
}
