import Foundation
import Testing

/// Output that cannot be written is an error in every mode: one line on stderr, status 2.
@Suite struct OutputErrorTests {
  /// Runs the binary with stdout on `/dev/full`, where every write fails with ENOSPC.
  func runIntoAFullDisk(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
    let scratch = try TemporaryDirectory()
    let process = Process()
    process.executableURL = TUI.binary
    process.arguments = arguments
    process.standardInput = FileHandle.nullDevice
    let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
    process.standardOutput = full
    let errURL = scratch.url.appendingPathComponent("stderr")
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    let errHandle = try FileHandle(forWritingTo: errURL)
    process.standardError = errHandle
    try process.run()
    process.waitUntilExit()
    try full.close()
    try errHandle.close()
    return (process.terminationStatus, try String(contentsOf: errURL, encoding: .utf8))
  }

  @Test(arguments: [["--help"], ["--version"], ["--snapshot", "--size", "80x24"], ["--lint"]])
  func aFullDiskIsReportedWithStatusTwo(_ arguments: [String]) throws {
    let result = try runIntoAFullDisk(arguments)
    #expect(result.status == 2, "\(arguments)")
    #expect(result.stderr == "tooltip-tui: cannot write the output: No space left on device\n")
  }

  @Test(arguments: [["--help"], ["--version"]])
  func helpAndVersionStillWriteToAFile(_ arguments: [String]) throws {
    let result = try TUI.run(arguments)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.text.hasPrefix(arguments == ["--help"] ? "Usage:\n" : "tooltip-tui "))
    #expect(result.text.hasSuffix("\n") && !result.text.hasSuffix("\n\n"))
  }
}
