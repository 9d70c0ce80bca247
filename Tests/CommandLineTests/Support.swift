import Foundation
import Testing
import TooltipKit

/// What one run of `tooltip-tui` left behind.
struct RunResult: Sendable {
  /// The exit status (or 128 + signal).
  var status: Int32
  /// Everything written to stdout.
  var stdout: Data
  /// Everything written to stderr, as text.
  var stderr: String

  /// stdout as text.
  var text: String { String(decoding: stdout, as: UTF8.self) }
}

/// How stdout is connected for a run.
enum StdoutKind: Sendable {
  /// A regular file, read back after the run.
  case file
  /// A pipe, drained while the program runs.
  case pipe
}

/// Runs the `tooltip-tui` binary built next to the test bundle.
enum TUI {
  /// The binary: beside the test bundle (`swift test` builds both into one directory), else
  /// the package's `.build/debug`.
  static let binary: URL = {
    let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let beside = bundleDirectory.appendingPathComponent("tooltip-tui")
    if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
    return packageRoot.appendingPathComponent(".build/debug/tooltip-tui")
  }()

  /// The package's root directory (this file is Tests/CommandLineTests/Support.swift).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The shipped example scenes.
  static func example(_ name: String) -> String {
    packageRoot.appendingPathComponent("Examples/\(name)").path
  }

  /// Runs the binary with `arguments` under the C.UTF-8 locale (snapshots follow the locale);
  /// `NO_COLOR` is removed from the environment unless `environment` sets it.
  static func run(
    _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
    stdout kind: StdoutKind = .file
  ) throws -> RunResult {
    let scratch = try TemporaryDirectory()
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = nil
    env["LANG"] = "C.UTF-8"
    env["LC_ALL"] = "C.UTF-8"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    process.standardInput = FileHandle.nullDevice

    let errURL = scratch.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let errHandle = try FileHandle(forWritingTo: errURL)
    process.standardError = errHandle

    var output = Data()
    switch kind {
    case .file:
      let outURL = scratch.url.appendingPathComponent("stdout")
      _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
      let outHandle = try FileHandle(forWritingTo: outURL)
      process.standardOutput = outHandle
      try process.run()
      process.waitUntilExit()
      try outHandle.close()
      output = try Data(contentsOf: outURL)
    case .pipe:
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      output = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
    }
    try errHandle.close()
    let errors = try String(decoding: Data(contentsOf: errURL), as: UTF8.self)
    let status =
      process.terminationReason == .uncaughtSignal
      ? 128 + process.terminationStatus : process.terminationStatus
    return RunResult(status: status, stdout: output, stderr: errors)
  }
}

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory: @unchecked Sendable {
  /// The directory.
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("tooltip-tui-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Writes `bytes` to `name` inside the directory and returns its path.
  @discardableResult
  func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    return file.path
  }

  /// Writes `text` (UTF-8) to `name` inside the directory and returns its path.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
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

/// `text` without its trailing spaces.
func trimmedRight(_ text: String) -> String {
  var text = Substring(text)
  while text.last == " " { text.removeLast() }
  return String(text)
}
