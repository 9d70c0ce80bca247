import Foundation
import TestSupport
import Testing

/// The demo and the examples are clients like any other: `scripts/outside_build.sh` builds them
/// from a package outside this one (CI runs the whole build); here its import check, which
/// fails on an import of a module of this package that is no library product.
@Suite struct PublicBoundaryTests {
  /// Runs `scripts/outside_build.sh --imports-only` in `root` (a repository or a copy of its
  /// script, manifest and programs).
  static func checkImports(in root: URL) throws -> Finished {
    try runProcess(
      "/bin/bash", [root.appendingPathComponent("scripts/outside_build.sh").path, "--imports-only"],
      mergingStderr: true, timeout: .seconds(60))
  }

  /// A copy of what the import check reads: the script, the manifest, `Demo/` and `Examples/`.
  static func copyOfPrograms(into scratch: TemporaryDirectory) throws -> URL {
    let root = scratch.url.appendingPathComponent("package")
    for item in ["scripts/outside_build.sh", "Package.swift", "Demo", "Examples"] {
      let target = root.appendingPathComponent(item)
      try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
      try FileManager.default.copyItem(at: Repository.root.appendingPathComponent(item), to: target)
    }
    return root
  }

  @Test func theProgramsImportOnlyProducts() throws {
    let result = try Self.checkImports(in: Repository.root)
    #expect(result.status == 0, "\(result.text)")
    #expect(result.text.contains("import only library products (CNcurses, TooltipCurses, TooltipKit, TooltipScenes)"))
  }

  /// The check can fail: each import a program outside the package could not make, injected
  /// into a copy of the demo, fails it with the file and line.
  @Test(arguments: ["import TestSupport", "import CTerminalGuard", "@testable import TooltipKit"])
  func anImportOfNoProductFails(_ line: String) throws {
    let scratch = try TemporaryDirectory()
    let root = try Self.copyOfPrograms(into: scratch)
    let main = root.appendingPathComponent("Demo/main.swift")
    let source = try String(contentsOf: main, encoding: .utf8)
    try (line + "\n" + source).write(to: main, atomically: true, encoding: .utf8)
    let result = try Self.checkImports(in: root)
    #expect(result.status == 1, "\(result.text)")
    #expect(result.text.contains("Demo/main.swift:1:"), "\(result.text)")
    // The copy untouched passes: the failure is the injected line's.
    try source.write(to: main, atomically: true, encoding: .utf8)
    #expect(try Self.checkImports(in: root).status == 0)
  }
}
