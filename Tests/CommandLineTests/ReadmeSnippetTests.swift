import Foundation
import TestSupport
import Testing

/// The README's "Use it in your program" code is the example programs' code: every Swift block
/// there (but the Package.swift lines) is a run of lines of one of them as the default build
/// compiles it (the benchmarks' `NO_TOOLTIPS` conditions aside), which the build compiles.
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

  /// `source` as the default build compiles it: the bodies of `#if !NO_TOOLTIPS` (indented one
  /// step by the formatter) without their directives, and without their `#else` branches (the
  /// program built without its tooltips, for the benchmarks).
  static func defaultBuild(_ source: String) -> String {
    var branches: [Bool?] = []  // per open #if: nil for another condition, else whether it is kept
    var lines: [Substring] = []
    for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let code = line.trimmingCharacters(in: .whitespaces)
      if code == "#if !NO_TOOLTIPS" {
        branches.append(true)
        continue
      }
      if code.hasPrefix("#if ") { branches.append(nil) }
      if code == "#else", let last = branches.last, let kept = last {
        branches[branches.count - 1] = !kept
        continue
      }
      if code == "#endif", let last = branches.popLast(), last != nil { continue }
      if branches.contains(false) { continue }
      let depth = branches.filter { $0 == true }.count
      lines.append(line.hasPrefix(String(repeating: "  ", count: depth)) ? line.dropFirst(2 * depth) : line)
    }
    return lines.joined(separator: "\n")
  }

  @Test func everySnippetIsAnExcerptOfAnExampleProgram() throws {
    let examples = try Self.examples.map {
      Self.defaultBuild(try String(contentsOf: Repository.root.appendingPathComponent($0), encoding: .utf8))
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
