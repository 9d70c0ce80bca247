import Foundation
import TestSupport
import Testing
import TooltipKit

/// Runs the `tooltip-tui` binary the way the command-line tests want it.
enum TUI {
  /// Runs the binary with `arguments` under the C.UTF-8 locale (snapshots follow the locale);
  /// `NO_COLOR` is removed from the environment unless `environment` sets it.
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    stdout: StandardOutput = .file
  ) throws -> Finished {
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env["LANG"] = "C.UTF-8"
    env["LC_ALL"] = "C.UTF-8"
    for (key, value) in environment { env[key] = value }
    return try runProcess(Binary.path, arguments, environment: env, stdout: stdout, directory: directory)
  }
}

/// The display width of a line the way the terminal advances: the sum of `wcwidth`.
func displayWidth(_ line: String) -> Int {
  Text.width(line)
}

/// Checks that `text` is exactly `rows` lines of exactly `columns` display columns, each
/// ended by a newline.
func expectShape(
  _ text: String, columns: Int, rows: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(text.hasSuffix("\n"), "output ends with a newline", sourceLocation: sourceLocation)
  let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
  #expect(lines.count == rows, "line count", sourceLocation: sourceLocation)
  for (index, line) in lines.enumerated() where displayWidth(String(line)) != columns {
    Issue.record(
      "line \(index) is \(displayWidth(String(line))) columns, not \(columns): \(line)",
      sourceLocation: sourceLocation)
    return
  }
}
