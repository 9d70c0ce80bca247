import TooltipCurses
import TooltipScenes

/// An error the demo reports: one line on stderr, exit status 2, nothing on stdout.
///
/// Every error line is written here, so each kind has one wording: command-line and
/// environment problems start with `tooltip-tui:`, a scene file's start with its path.
enum DemoError: Error, Equatable {
  /// A command-line problem: an unknown option, a bad value, `--open` naming no anchor.
  case usage(UsageError)
  /// A scene file that cannot be used; its line names the file and the JSON path.
  case sceneFile(SceneFileError)
  /// The environment: no terminal to run in, an output that cannot be written.
  case environment(String)

  /// The error line, without its newline.
  var line: String {
    switch self {
    case .usage(let error): "tooltip-tui: " + error.message
    case .sceneFile(let error): error.message
    case .environment(let message): "tooltip-tui: " + message
    }
  }

  /// Writes the line and a newline to stderr in one write.
  func report() {
    _ = writeAll(Array((line + "\n").utf8), to: 2)
  }
}
