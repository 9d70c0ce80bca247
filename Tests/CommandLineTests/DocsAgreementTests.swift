import Foundation
import TestSupport
import Testing

/// The documentation agrees with the package where a machine can tell (`scripts/check_docs.py`:
/// the library products, the version the dependency examples ask for, the triggers listed), and
/// cites only what the repository holds (`scripts/check_citations.py`: the behaviour reference
/// `docs/BEHAVIOUR.md` by its sections, no document kept outside, no link to a missing page).
/// Each script is also run on copies with one thing wrong, so a script that stopped looking
/// fails here too.
@Suite struct DocsAgreementTests {
  /// Runs `script` (under `scripts/`) with `--root root`.
  static func run(_ script: String, root: String = Repository.root.path) throws -> Finished {
    try runProcess("/usr/bin/python3", [Repository.path("scripts/\(script)"), "--root", root])
  }

  /// The files `check_docs.py` reads, copied into a fresh directory.
  static func docsCopy() throws -> TemporaryDirectory {
    let copy = try TemporaryDirectory()
    let catalogs = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Sources"))
      .filter { $0.hasPrefix("Tooltip") }
      .flatMap { module in
        let catalog = "Sources/\(module)/\(module).docc"
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: Repository.path(catalog))) ?? []
        return pages.filter { $0.hasSuffix(".md") }.map { "\(catalog)/\($0)" }
      }
    let files =
      [
        "Package.swift", "README.md", "CONTRIBUTING.md", "CHANGELOG.md", "docs/DEMO.md",
        "Sources/TooltipKit/Version.swift", "Sources/TooltipKit/Model/Trigger.swift",
      ] + catalogs
    for file in files {
      let target = copy.url.appendingPathComponent(file)
      try FileManager.default.createDirectory(
        at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: Repository.path(file), toPath: target.path)
    }
    return copy
  }

  @Test func theDocsAgreeWithThePackage() throws {
    let result = try Self.run("check_docs.py")
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.isEmpty)
  }

  /// One thing made wrong in a copy, and the words the script's line about it must hold.
  struct Wrong: CustomTestStringConvertible, Sendable {
    var name: String
    var file: String
    var replace: String
    var with: String
    var says: String
    var testDescription: String { name }
  }

  static let wrongs = [
    Wrong(
      name: "a library product the docs do not count", file: "Package.swift",
      replace: ".library(name: \"TooltipKit\", targets: [\"TooltipKit\"]),",
      with:
        ".library(name: \"TooltipKit\", targets: [\"TooltipKit\"]), .library(name: \"More\", targets: [\"TooltipKit\"]),",
      says: "share a version"),
    Wrong(
      name: "a count of modules instead of products", file: "CONTRIBUTING.md",
      replace: "shared by the five library products", with: "shared by the five modules", says: "five modules"),
    Wrong(
      name: "a dependency example asking for another version", file: "README.md", replace: "from: \"",
      with: "from: \"1", says: "asks for from:"),
    Wrong(
      name: "the fixes of another minor version", file: "Sources/TooltipKit/TooltipKit.docc/GettingStarted.md",
      replace: "the fixes of ", with: "the fixes of 9", says: "takes the fixes of 9"),
    Wrong(
      name: "a trigger the docs leave out", file: "Sources/TooltipKit/Model/Trigger.swift",
      replace: "  case menu\n", with: "  case menu\n  case gesture\n", says: "leaves out .gesture"),
  ]

  @Test(arguments: wrongs)
  func checkDocsFindsEachDisagreement(_ wrong: Wrong) throws {
    let copy = try Self.docsCopy()
    let text = try #require(copy.read(wrong.file))
    #expect(text.contains(wrong.replace), "\(wrong.file) no longer holds \(wrong.replace)")
    try copy.write(wrong.file, text.replacingOccurrences(of: wrong.replace, with: wrong.with))
    let result = try Self.run("check_docs.py", root: copy.url.path)
    #expect(result.status == 1, "\(result.text)\(result.stderr)")
    #expect(result.text.contains(wrong.says), "\(result.text)")
  }

  @Test func theRepositoryCitesOnlyWhatItHolds() throws {
    let result = try Self.run("check_citations.py")
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.isEmpty)
  }

  /// A directory that is not a git checkout: the script reads every file in it. The outside
  /// document's name and the citations are spelled in pieces, so that this file cites nothing.
  @Test func checkCitationsFindsEachBadCitation() throws {
    let outside = "SP" + "EC"
    let reference = "BEHAVIOUR"
    let tree = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: tree.url.appendingPathComponent("docs"), withIntermediateDirectories: true)
    let headings = (1...8).map { "## \($0). Section \($0)\n\nText.\n" }.joined(separator: "\n")
    try tree.write("docs/\(reference).md", "# Behaviour\n\n" + headings)
    try tree.write("Clean.swift", "// As \(reference) 3 says; see [the reference](docs/\(reference).md).\n")
    var result = try Self.run("check_citations.py", root: tree.url.path)
    #expect(result.status == 0, "\(result.text)\(result.stderr)")

    try tree.write("Outside.swift", "// The bubble's gap (\(outside) 3).\n")
    try tree.write("Missing.md", "See [the guide](docs/" + "gone.md).\n")
    try tree.write("Beyond.swift", "// As \(reference) section 9 says.\n")
    result = try Self.run("check_citations.py", root: tree.url.path)
    #expect(result.status == 1)
    #expect(result.text.contains("Outside.swift:1: cites \(outside)"), "\(result.text)")
    #expect(result.text.contains("Missing.md:1: links docs/" + "gone.md"), "\(result.text)")
    #expect(result.text.contains("Beyond.swift:1: cites section 9"), "\(result.text)")
    #expect(!result.text.contains("Clean.swift"), "\(result.text)")
  }
}
