import Foundation
import TestSupport
import Testing

/// The module map in CONTRIBUTING.md is the rule: every Swift file of a module imports only what the
/// map's last column lets that module import (the core stays pure), and every module under
/// `Sources/` has a row.
@Suite struct ModuleMapTests {
  /// One row of the map: the module, its folder, and the modules it may import.
  struct Row {
    var module: String
    var path: String
    var allowed: Set<String>
  }

  /// The words in backticks in `text`.
  static func quoted(_ text: Substring) -> [String] {
    text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
      .filter { $0.offset % 2 == 1 }.map { String($0.element) }
  }

  static func rows() throws -> [Row] {
    let guide = try String(contentsOf: Repository.root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
    let start = try #require(guide.range(of: "\n## Modules and layout of the repository\n"))
    let section = guide[start.upperBound...]
    let table = try #require(section.range(of: "| module | path |"))
    var rows: [Row] = []
    for line in section[table.lowerBound...].split(separator: "\n").dropFirst(2) {
      guard line.hasPrefix("| ") else { break }
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces)[...] }
      guard cells.count == 4, let module = quoted(cells[0]).first, let path = quoted(cells[1]).first else {
        Issue.record("not a row of four cells: \(line)")
        continue
      }
      rows.append(Row(module: module, path: path, allowed: Set(quoted(cells[3]))))
    }
    return rows
  }

  /// The modules a Swift file imports, in every form: `import X`, inside `#if` too, behind
  /// attributes (`@preconcurrency`, `@_implementationOnly`, `@testable`, `@_exported`) and access
  /// levels (`public`, `package`, `internal`, `fileprivate`, `private`), and of one declaration
  /// (`import struct X.Y`: the module is `X`).
  static func imports(of text: String) -> Set<String> {
    let prefixes: Set<Substring> = ["public", "package", "internal", "fileprivate", "private"]
    let kinds: Set<Substring> = ["struct", "class", "enum", "protocol", "typealias", "func", "var", "let"]
    var found: Set<String> = []
    for line in text.split(separator: "\n") {
      var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
      while let first = words.first, first.hasPrefix("@") || prefixes.contains(first) { words.removeFirst() }
      guard words.first == "import", words.count >= 2 else { continue }
      words.removeFirst()
      if let kind = words.first, kinds.contains(kind), words.count >= 2 { words.removeFirst() }
      if let path = words.first { found.insert(String(path.split(separator: ".")[0])) }
    }
    return found
  }

  static func imports(of file: URL) throws -> Set<String> {
    imports(of: try String(contentsOf: file, encoding: .utf8))
  }

  /// Every import form is read: a module hidden behind an access level or an attribute is
  /// still found (before, `internal import Foundation` in the core passed the check).
  @Test func everyImportFormIsRead() {
    let text = """
      import A
      @preconcurrency import B
      internal import C
      public import D
      package import E
      @_implementationOnly import F
      @testable import G
      private import struct H.Thing
        import I
      // import NotThis
      let importance = 1
      """
    #expect(Self.imports(of: text) == ["A", "B", "C", "D", "E", "F", "G", "H", "I"])
  }

  @Test func everyModuleImportsOnlyWhatTheMapAllows() throws {
    let rows = try Self.rows()
    #expect(rows.count >= 8)
    var checked = 0
    for row in rows {
      let folder = Repository.root.appendingPathComponent(row.path)
      let files =
        FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
        .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
      for file in files {
        checked += 1
        for module in try Self.imports(of: file) where !row.allowed.contains(module) {
          Issue.record("\(row.path)/\(file.lastPathComponent) imports \(module), which \(row.module) may not")
        }
      }
    }
    #expect(checked >= 40)
  }

  @Test func everyModuleUnderSourcesHasARow() throws {
    let paths = Set(try Self.rows().map(\.path))
    let sources = try FileManager.default.contentsOfDirectory(
      atPath: Repository.root.appendingPathComponent("Sources").path)
    for name in sources.sorted() {
      #expect(paths.contains("Sources/\(name)"), "Sources/\(name) is not in the module map (CONTRIBUTING.md)")
    }
  }

  /// The core imports nothing but the standard library, whatever the map's row says: no C
  /// target, no platform module, no Foundation, no ncurses; and its target depends on nothing.
  @Test func theCoreStaysPure() throws {
    let folder = Repository.root.appendingPathComponent("Sources/TooltipKit")
    let files =
      FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    #expect(files.count >= 30)
    for file in files {
      #expect(try Self.imports(of: file).isEmpty, "\(file.lastPathComponent) imports a module")
    }
    let manifest = try String(contentsOf: Repository.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    #expect(manifest.contains(".target(name: \"TooltipKit\"),"))
  }
}
