import Foundation
import TestSupport
import Testing

/// The README's code is code the build compiles: its three programs are the files
/// `Examples/Hello*/main.swift` whole (`ReadmePrograms` runs them). The TooltipCurses article
/// "Example programs" holds excerpts of the longer examples: every Swift block there (but the
/// Package.swift lines) is a run of lines of one of them as the default build compiles it (the
/// benchmarks' `NO_TOOLTIPS` conditions aside).
@Suite struct ReadmeSnippetTests {
  /// The article on the example programs, in TooltipCurses' DocC catalog.
  static let article = "Sources/TooltipCurses/TooltipCurses.docc/ExamplePrograms.md"

  static func read(_ relative: String) throws -> String {
    try String(contentsOf: Repository.root.appendingPathComponent(relative), encoding: .utf8)
  }

  /// The Swift blocks of `text`, each without its fences.
  static func swiftBlocks(_ text: String) -> [String] {
    text.components(separatedBy: "```swift\n").dropFirst().map {
      String($0.components(separatedBy: "\n```")[0])
    }
  }

  /// The README's three programs, one per way to use the library.
  static let programs = [
    "Examples/HelloCore/main.swift", "Examples/HelloSession/main.swift", "Examples/HelloCurses/main.swift",
  ]

  @Test func theReadmesProgramsAreTheExampleFilesWhole() throws {
    let blocks = Self.swiftBlocks(try Self.read("README.md"))
    for program in Self.programs {
      let source = try Self.read(program)
      #expect(
        blocks.contains(source.hasSuffix("\n") ? String(source.dropLast()) : source),
        "\(program) is not in the README whole")
      #expect(
        source.split(separator: "\n", omittingEmptySubsequences: false).count - 1 <= 30, "\(program) is over 30 lines")
    }
    // Every other Swift block is the dependency line of a Package.swift.
    let sources = try Self.programs.map { try Self.read($0) }
    for block in blocks where !sources.contains(block + "\n") {
      #expect(
        block.hasPrefix("dependencies: ["),
        "a Swift block of the README is neither a program nor a dependency:\n\(block)")
    }
  }

  static let examples = [
    "Examples/JobMonitor/main.swift", "Examples/OwnCurses/main.swift", "Examples/Session/main.swift",
    "Examples/LogViewer/main.swift", "Examples/FileList/main.swift", "Examples/HelloC/hello_c.c",
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
    let blocks = Self.swiftBlocks(try Self.read(Self.article))
    #expect(blocks.count == 5)
    for block in blocks where !block.hasPrefix("// Package.swift") {
      #expect(examples.contains { $0.contains(block + "\n") }, "not in an example program:\n\(block)")
    }
  }

  /// The article's glue-line figures are what `scripts/glue_lines.py` counts in each example now.
  @Test func theGlueLineFiguresAreTheExamplesOwn() throws {
    let result = try runProcess(
      "/usr/bin/python3", [Repository.path("scripts/glue_lines.py")] + Self.examples.map(Repository.path))
    let section = try Self.read(Self.article)
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
