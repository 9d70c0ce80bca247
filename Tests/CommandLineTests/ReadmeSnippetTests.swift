import Foundation
import TestSupport
import Testing

/// The README's "Use it in your program" code is the example programs' code: every Swift block
/// there (but the Package.swift lines) is a run of lines of one of them, which the build compiles.
@Suite struct ReadmeSnippetTests {
  /// The Swift blocks of the README section `title`.
  static func blocks(inSection title: String) throws -> [String] {
    let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "\n## \(title)\n"))
    let rest = readme[start.upperBound...]
    let section = rest.range(of: "\n## ").map { rest[..<$0.lowerBound] } ?? rest
    return section.components(separatedBy: "```swift\n").dropFirst().map {
      String($0.components(separatedBy: "\n```")[0])
    }
  }

  static let examples = [
    "Examples/JobMonitor/main.swift", "Examples/OwnCurses/main.swift", "Examples/Session/main.swift",
  ]

  @Test func everySnippetIsAnExcerptOfAnExampleProgram() throws {
    let examples = try Self.examples.map {
      try String(contentsOf: Repository.root.appendingPathComponent($0), encoding: .utf8)
    }
    let blocks = try Self.blocks(inSection: "Use it in your program")
    #expect(blocks.count == 5)
    for block in blocks where !block.hasPrefix("// Package.swift") {
      #expect(examples.contains { $0.contains(block + "\n") }, "not in an example program:\n\(block)")
    }
  }

  /// The README's glue-line figures are what `scripts/glue_lines.py` counts in each example now.
  @Test func theGlueLineFiguresAreTheExamplesOwn() throws {
    let result = try runProcess(
      "/usr/bin/python3", [Repository.path("scripts/glue_lines.py")] + Self.examples.map(Repository.path))
    let section = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
    for line in result.text.split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      let count = String(parts[0])
      let file = String(parts[1]).replacingOccurrences(of: Repository.root.path + "/", with: "")
      let row = section.split(separator: "\n").first { $0.hasPrefix("| `\(file)`") }
      #expect(row?.hasSuffix("| \(count) lines |") == true, "\(file) has \(count) glue lines: \(row ?? "no row")")
    }
    #expect(result.text.split(separator: "\n").count == Self.examples.count)
  }
}
