import Foundation
import TestSupport
import Testing
import TooltipKit

/// What a program that ships the library relies on: the licence is the Apache License 2.0
/// whole, the version a program reads agrees with the CHANGELOG, and `--version` prints it.
@Suite struct ReleaseTests {
  static func file(_ relative: String) throws -> String {
    try String(contentsOf: Repository.root.appendingPathComponent(relative), encoding: .utf8)
  }

  @Test func theLicenceIsTheApacheLicenseTwoWhole() throws {
    let licence = try Self.file("LICENSE")
    #expect(licence.contains("Apache License\n                           Version 2.0, January 2004"))
    // Its nine sections and its end, in order: a summary or a truncated copy fails.
    let landmarks = [
      "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION", "1. Definitions.",
      "2. Grant of Copyright License.", "3. Grant of Patent License.", "4. Redistribution.",
      "5. Submission of Contributions.", "6. Trademarks.", "7. Disclaimer of Warranty.",
      "8. Limitation of Liability.", "9. Accepting Warranty or Additional Liability.",
      "END OF TERMS AND CONDITIONS",
    ]
    var rest = licence[...]
    for landmark in landmarks {
      let found = try #require(rest.range(of: landmark), "LICENSE lacks \"\(landmark)\" (or has it out of order)")
      rest = rest[found.upperBound...]
    }
    #expect(licence.count > 10_000)
    #expect(try Self.file("Package.swift").contains("Apache License, Version 2.0"))
    #expect(try Self.file("README.md").contains("\n## Licence\n"))
  }

  /// A semantic version's numbers and its pre-release part ("dev" in "0.1.0-dev"), or nil.
  static func semanticVersion(_ text: Substring) -> (numbers: [Int], preRelease: Substring?)? {
    let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
    guard let core = parts.first else { return nil }
    let fields = core.split(separator: ".", omittingEmptySubsequences: false)
    guard fields.count == 3,
      fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy { "0123456789".contains($0) } }),
      fields.allSatisfy({ $0 == "0" || !$0.hasPrefix("0") })
    else { return nil }
    let numbers = fields.map { Int($0)! }
    let preRelease = parts.count == 2 ? parts[1] : nil
    if let preRelease, preRelease.isEmpty || !preRelease.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." }) {
      return nil
    }
    return (numbers, preRelease)
  }

  /// The CHANGELOG's `## [...]` sections in order: the title and the lines beneath it.
  static func sections(_ changelog: String) -> [(title: Substring, body: [Substring])] {
    var sections: [(title: Substring, body: [Substring])] = []
    for line in changelog.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("## ") {
        sections.append((line.dropFirst(3), []))
      } else if !sections.isEmpty {
        sections[sections.count - 1].body.append(line)
      }
    }
    return sections
  }

  @Test func theVersionAgreesWithTheChangelog() throws {
    let version = try #require(
      Self.semanticVersion(tooltipKitVersion[...]), "not a semantic version: \(tooltipKitVersion)")
    let sections = Self.sections(try Self.file("CHANGELOG.md"))
    let unreleased = try #require(sections.first, "CHANGELOG.md has no ## section")
    #expect(unreleased.title == "[Unreleased]", "the CHANGELOG's first section is \(unreleased.title)")
    let hasEntries = unreleased.body.contains { $0.hasPrefix("- ") }

    // Every other section is a release: "[X.Y.Z] - YYYY-MM-DD", newest first.
    var released: [[Int]] = []
    for section in sections.dropFirst() {
      let parts = section.title.split(separator: " ")
      let date = parts.count == 3 ? parts[2].split(separator: "-", omittingEmptySubsequences: false) : []
      guard parts.count == 3, parts[0].hasPrefix("["), parts[0].hasSuffix("]"), parts[1] == "-",
        date.count == 3, date.allSatisfy({ Int($0) != nil }),
        let number = Self.semanticVersion(parts[0].dropFirst().dropLast()), number.preRelease == nil
      else {
        Issue.record("not a release heading: ## \(section.title)")
        continue
      }
      if let newer = released.last { #expect(number.numbers.lexicographicallyPrecedes(newer), "\(section.title)") }
      released.append(number.numbers)
    }

    if let preRelease = version.preRelease {
      // Between releases: the changes to come are listed, and they come after the last release.
      #expect(preRelease == "dev", "\(tooltipKitVersion): a build between releases is X.Y.Z-dev")
      #expect(hasEntries, "\(tooltipKitVersion) is a build between releases, but Unreleased lists nothing")
      if let last = released.first {
        #expect(last.lexicographicallyPrecedes(version.numbers), "\(tooltipKitVersion) is not after \(last)")
      }
    } else {
      // A release: it is the CHANGELOG's newest, and nothing is listed as unreleased.
      #expect(released.first == version.numbers, "\(tooltipKitVersion) is not the CHANGELOG's newest release")
      #expect(!hasEntries, "\(tooltipKitVersion) is a release, but Unreleased lists changes: make it the next -dev")
    }
  }

  /// The last release's public API is kept in the repository (`api/X.Y.Z.txt`, the newest one
  /// named after the CHANGELOG's newest release), and `scripts/api.py --check`, which CI runs
  /// on the API built, fails a symbol added or removed that the Unreleased section does not
  /// name: here a made-up `Anchor.madeUp` and a removed `Anchor.headline`, then both named.
  @Test func aPublicChangeTheChangelogDoesNotNameFailsTheCheck() throws {
    let listings = try FileManager.default.contentsOfDirectory(atPath: Repository.path("api"))
      .filter { $0.hasSuffix(".txt") }.map { String($0.dropLast(4)) }
    let changelog = try Self.file("CHANGELOG.md")
    let newestRelease = Self.sections(changelog).dropFirst().first.map { String($0.title) } ?? ""
    let newest = listings.max {
      (Self.semanticVersion($0[...])?.numbers ?? []).lexicographicallyPrecedes(
        Self.semanticVersion($1[...])?.numbers ?? [])
    }
    #expect(newest.map { newestRelease.hasPrefix("[\($0)]") } == true, "listings \(listings), release \(newestRelease)")

    let released = try Self.file("api/\(newest ?? "").txt")
    let directory = try TemporaryDirectory()
    let now =
      released.split(separator: "\n").filter { !$0.hasPrefix("TooltipKit\tAnchor\tvar headline:") }
      + ["TooltipKit\tAnchor\tvar madeUp: Int"]
    let nowPath = try directory.write("now.txt", now.joined(separator: "\n"))
    try FileManager.default.createDirectory(atPath: directory.path("api"), withIntermediateDirectories: true)
    _ = try directory.write("api/\(newest ?? "").txt", released)
    func check(_ notes: String) throws -> Finished {
      let changelogPath = try directory.write(
        "CHANGELOG.md", "# Changelog\n\n## [Unreleased]\n\n\(notes)\n\n## [0.0.1] - 2026-01-01\n")
      return try runProcess(
        "/usr/bin/python3",
        [Repository.path("scripts/api.py"), "--check", nowPath, directory.path("api"), changelogPath])
    }
    let unnamed = try check("### Added\n\n- Something else.")
    #expect(unnamed.status == 1, "\(unnamed.text)\(unnamed.stderr)")
    #expect(unnamed.stderr.contains("Anchor.madeUp") && unnamed.stderr.contains("Anchor.headline"), "\(unnamed.stderr)")
    let named = try check("### Added\n\n- `Anchor.madeUp`.\n\n### Removed\n\n- `Anchor.headline`.")
    #expect(named.status == 0, "\(named.text)\(named.stderr)")
  }

  /// The listing holds each symbol's whole declaration, so a parameter or property whose type
  /// changed is a symbol removed and one added, which CHANGELOG must name: here
  /// `CursesTooltips.handle(_:mouse:)` taking an `Int` and `Anchor.headline` a `Substring`.
  @Test func aChangedTypeIsAChangeTheChangelogMustName() throws {
    let listings = try FileManager.default.contentsOfDirectory(atPath: Repository.path("api"))
      .filter { $0.hasSuffix(".txt") }
    let newest = try #require(
      listings.max {
        (Self.semanticVersion($0.dropLast(4))?.numbers ?? []).lexicographicallyPrecedes(
          Self.semanticVersion($1.dropLast(4))?.numbers ?? [])
      })
    let released = try Self.file("api/\(newest)").split(separator: "\n").map(String.init)
    let handle = try #require(
      released.first {
        $0.hasPrefix("TooltipCurses\tCursesTooltips\t") && $0.contains("func handle(_ value: Int32")
      })
    let headline = try #require(released.first { $0.hasPrefix("TooltipKit\tAnchor\tvar headline: String") })
    #expect(handle.contains("Int32"), "\(handle)")
    let changed = [
      handle.replacingOccurrences(of: "Int32", with: "Int"),
      headline.replacingOccurrences(of: "String", with: "Substring"),
    ]
    let now = released.filter { $0 != handle && $0 != headline } + changed
    let directory = try TemporaryDirectory()
    let nowPath = try directory.write("now.txt", now.joined(separator: "\n"))
    try FileManager.default.createDirectory(atPath: directory.path("api"), withIntermediateDirectories: true)
    _ = try directory.write("api/\(newest)", released.joined(separator: "\n"))
    func check(_ notes: String) throws -> Finished {
      let changelogPath = try directory.write(
        "CHANGELOG.md", "# Changelog\n\n## [Unreleased]\n\n\(notes)\n\n## [0.0.1] - 2026-01-01\n")
      return try runProcess(
        "/usr/bin/python3",
        [Repository.path("scripts/api.py"), "--check", nowPath, directory.path("api"), changelogPath])
    }
    let unnamed = try check("### Changed\n\n- Something else.")
    #expect(unnamed.status == 1, "\(unnamed.text)\(unnamed.stderr)")
    #expect(unnamed.text.contains("2 added, 2 removed"), "\(unnamed.text)")
    for line in [handle] + [headline] + changed {
      let declaration = try #require(line.split(separator: "\t").last)
      #expect(unnamed.stderr.contains(declaration), "\(declaration) not reported: \(unnamed.stderr)")
    }
    let named = try check(
      "### Changed\n\n- `CursesTooltips.handle` takes an `Int`; `Anchor.headline` is a `Substring`.")
    #expect(named.status == 0, "\(named.text)\(named.stderr)")
  }

  @Test func theVersionFormsAreRecognised() {
    #expect(Self.semanticVersion("0.1.0")?.numbers == [0, 1, 0])
    #expect(Self.semanticVersion("0.1.0-dev")?.preRelease == "dev")
    for wrong in ["0.1", "1.0.0.0", "01.0.0", "+1.0.0", "0.1.0-", "v0.1.0", "0.1.x", "0.1.0 dev"] {
      #expect(Self.semanticVersion(wrong[...]) == nil, "\(wrong)")
    }
  }

  @Test func versionPrintsTheLibrarysVersion() throws {
    let result = try TUI.run(["--version"])
    #expect(result.status == 0)
    #expect(result.text == "tooltip-tui \(tooltipKitVersion)\n")
  }
}
