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

  @Test(arguments: [["--help"], ["--version"]])
  func helpAndVersionStillWriteToAFile(_ arguments: [String]) throws {
    let result = try TUI.run(arguments)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    #expect(result.text.hasPrefix(arguments == ["--help"] ? "Usage:\n" : "tooltip-tui "))
    #expect(result.text.hasSuffix("\n") && !result.text.hasSuffix("\n\n"))
  }
}
