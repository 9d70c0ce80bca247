import Foundation
import TestSupport
import Testing

/// Output that cannot be written is an error in every mode: one line on stderr, status 2.
@Suite struct OutputErrorTests {
  /// Runs the binary with stdout on `/dev/full`, where every write fails with ENOSPC.
  func runIntoAFullDisk(_ arguments: [String]) throws -> Finished {
    try runProcess(Binary.path, arguments, stdout: .path("/dev/full"))
  }

  @Test(arguments: [["--help"], ["--version"], ["--snapshot", "--size", "80x24"], ["--lint"]])
  func aFullDiskIsReportedWithStatusTwo(_ arguments: [String]) throws {
    let result = try runIntoAFullDisk(arguments)
    #expect(result.status == 2, "\(arguments)")
    #expect(result.stderr == "tooltip-tui: cannot write the output: No space left on device\n")
  }

  /// A reader that goes away (`| head -c 10`) is output that cannot be written too: status 2
  /// and one line, as `--help` says. Before, the snapshot died by SIGPIPE (141) with nothing
  /// said. (The snapshot is larger than a pipe holds, so the write meets the closed pipe.)
  @Test(arguments: [["--snapshot", "--size", "2000x300"], ["--snapshot", "--ansi", "--size", "2000x300"]])
  func aClosedPipeIsReportedWithStatusTwo(_ arguments: [String]) throws {
    let command = "'\(Binary.path)' \(arguments.joined(separator: " ")) | head -c 10 > /dev/null; echo ${PIPESTATUS[0]}"
    let result = try runProcess("/bin/bash", ["-c", command])
    #expect(result.text == "2\n", "\(arguments): \(result.text) \(result.stderr)")
    #expect(result.stderr == "tooltip-tui: cannot write the output: Broken pipe\n")
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
