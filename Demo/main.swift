import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

let arguments = Array(CommandLine.arguments.dropFirst())
// The arguments as bytes too: a path need not be UTF-8, and CommandLine.arguments repairs it.
let argumentBytes = (1..<Int(CommandLine.argc)).map { index in
  CommandLine.unsafeArgv[index].map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
}
let options: Options
do {
  options = try Options.parse(arguments, bytes: argumentBytes)
} catch {
  DemoError.usage(error).report()
  exit(2)
}

// Every mode but --help and --version shows copy as the terminal would: widths are compiled in,
// but ncurses takes and draws UTF-8 only under a UTF-8 character type, which a system without
// any UTF-8 locale cannot give it. Say so instead of drawing all but ASCII wrong.
if options.mode != .help && options.mode != .version && !utf8LocaleIsInstalled() {
  DemoError.environment("cannot draw text: no UTF-8 locale (C.UTF-8 or en_US.UTF-8) is installed").report()
  exit(2)
}

// A reader that went away (`| head`) is output that cannot be written, reported with status 2
// as any other: the write then fails with EPIPE instead of SIGPIPE ending the program unsaid.
// (The interactive mode's session handles SIGPIPE as a quit signal.)
if options.mode != .interactive { signal(SIGPIPE, SIG_IGN) }

switch options.mode {
case .help, .version:
  // Written at once and checked, as the batch modes' output is: a full disk or a closed pipe
  // is an error to report (status 2), not a silent success.
  let text = options.mode == .help ? Options.usage : Options.version
  if let failure = writeAll(Array((text + "\n").utf8), to: 1) {
    DemoError.environment("cannot write the output: \(failure)").report()
    exit(2)
  }
case .snapshot, .check, .lint:
  exit(runBatchMode(options))
case .interactive:
  // Terminals that say their background in the environment (rxvt, Konsole) get the theme that
  // stands out on it, and the pointer stays visible on it; the terminal's own answer to the
  // background query, when it comes, has the last word (unless --theme or `t` chose).
  var interactive = options
  interactive.terminalBackground = getenv("COLORFGBG").flatMap { RGB(colorFGBG: String(cString: $0)) }
  interactive.followEnvironment()
  exit(InteractiveMode.run(options: interactive))
}
