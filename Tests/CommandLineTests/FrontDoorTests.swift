import Foundation
import TestSupport
import Testing

/// The pages a newcomer opens first stay short and point at everything else: the README is read in
/// five minutes and sets up in one line, BENCHMARKS.md is one page of today's figures, and what
/// moved out of them has a home they link to.
@Suite struct FrontDoorTests {
  static func read(_ relative: String) throws -> String {
    try String(contentsOf: Repository.root.appendingPathComponent(relative), encoding: .utf8)
  }

  static func lines(_ relative: String) throws -> [Substring] {
    var lines = try read(relative).split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines
  }

  /// What a newcomer meets: at most 200 lines, a picture in the first 30, Swift in the first 80,
  /// and one `apt-get install` that brings what the demo and every test need.
  @Test func theReadmeIsReadInFiveMinutes() throws {
    let lines = try Self.lines("README.md")
    #expect(lines.count <= 200)
    #expect(lines.prefix(30).contains { $0.hasPrefix("![") && $0.contains("](docs/") && $0.hasSuffix(".svg)") })
    #expect(lines.prefix(80).contains("```swift"))
    let installs = lines.filter { $0.contains("apt-get install") }
    #expect(installs.count == 1)
    #expect(installs.first?.hasPrefix("apt-get update && apt-get install ") == true)
    // CI runs that line as written: .ci/run reads it from the README.
    #expect(try Self.read(".ci/run").contains("grep -m1 '^apt-get update && apt-get install ' README.md"))
    let packages = installs.first?.split(separator: " ") ?? []
    for package in ["libncurses-dev", "ncurses-term", "tmux", "screen", "python3", "xvfb", "xterm", "kitty", "foot"] {
      #expect(packages.contains(Substring(package)), "\(package) is not in the set-up line")
    }
  }

  /// Every page the README sends a reader to exists.
  @Test(arguments: [
    "docs/DEMO.md", "docs/DESIGN.md", "docs/TERMINALS.md", "docs/PLATFORMS.md", "docs/LICENSING.md",
    "BENCHMARKS.md", "RELIABILITY.md", "CONTRIBUTING.md", "docs/perf-log/",
  ])
  func theReadmeLinksTo(_ page: String) throws {
    #expect(try Self.read("README.md").contains("](\(page))"))
    #expect(FileManager.default.fileExists(atPath: Repository.path(page)))
  }

  /// BENCHMARKS.md is one page that names the build and the date of its figures at the top; each
  /// earlier measurement is a dated file in docs/perf-log/ that it links to.
  @Test func theBenchmarksAreOnePageOfTodaysFigures() throws {
    let lines = try Self.lines("BENCHMARKS.md")
    #expect(lines.count <= 200)
    let top = lines.prefix(25).joined(separator: "\n")
    #expect(top.firstMatch(of: /`[0-9a-f]{7,40}`/) != nil, "no build (commit) named in the first 25 lines")
    #expect(top.firstMatch(of: /20[0-9]{2}-[01][0-9]-[0-3][0-9]/) != nil, "no date in the first 25 lines")
    let text = lines.joined(separator: "\n")
    let logs = try FileManager.default.contentsOfDirectory(atPath: Repository.path("docs/perf-log"))
      .filter { $0.hasSuffix(".md") }
    #expect(!logs.isEmpty)
    for log in logs {
      #expect(
        log.firstMatch(of: /^20[0-9]{2}-[01][0-9]-[0-3][0-9]-[a-z0-9.-]+\.md$/) != nil,
        "\(log) is not YYYY-MM-DD-subject.md")
      #expect(text.contains("(docs/perf-log/\(log))"), "BENCHMARKS.md does not link \(log)")
    }
  }
}
