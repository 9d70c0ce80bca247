import Foundation
import TestSupport
import Testing

@testable import tooltip_tui

/// Golden snapshots on disk: `Snapshots/NAME.txt`, compared byte for byte.
///
/// `RECORD_SNAPSHOTS=1 swift test --filter CommandLineTests` rewrites them; a recording run
/// fails, so a snapshot is never re-recorded silently.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Snapshots")

  static var isRecording: Bool { ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] != nil }

  static func check(
    _ name: String, _ actual: Data, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = directory.appendingPathComponent(name)
    if isRecording {
      do {
        try actual.write(to: url)
        Issue.record(
          "recorded \(name); run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
      } catch {
        Issue.record("cannot record \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let expected = try? Data(contentsOf: url) else {
      Issue.record(
        "no snapshot \(name); record it with RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
      return
    }
    guard expected != actual else { return }
    let want = String(decoding: expected, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let got = String(decoding: actual, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let row =
      zip(want, got).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(want.count, got.count)
    let wantLine = row < want.count ? String(want[row]) : "(none)"
    let gotLine = row < got.count ? String(got[row]) : "(none)"
    Issue.record(
      "\(name) differs at line \(row):\n  expected: \(wantLine)\n  actual:   \(gotLine)",
      sourceLocation: sourceLocation)
  }
}

/// One snapshot run: its arguments and the golden file it must equal.
struct SnapshotCase: CustomTestStringConvertible, Sendable {
  var name: String
  var arguments: [String]
  var environment: [String: String] = [:]
  var testDescription: String { name }

  /// Every built-in scene at 80x24, 40x12 and 120x40: closed, then with each anchor open
  /// (each placement at each size for the gallery).
  static let builtins: [SnapshotCase] = {
    let scenes: [(String, [String])] = [
      (
        "gallery",
        [
          "top-sm", "top-md", "left-sm", "right-sm", "left-md", "right-md", "bottom-sm",
          "bottom-md",
        ]
      ),
      ("form", ["share", "publish", "delete", "bundle-id"]),
      ("edges", ["top-left", "top", "left", "right", "bottom", "bottom-right"]),
      ("reading", ["indemnify", "jointly-and-severally-liable", "clause-2"]),
    ]
    var cases: [SnapshotCase] = []
    for size in ["80x24", "40x12", "120x40"] {
      for (scene, ids) in scenes {
        let base = ["--snapshot", "--size", size, "--scene", scene]
        cases.append(SnapshotCase(name: "\(scene)-\(size)-closed.txt", arguments: base))
        for id in ids {
          cases.append(
            SnapshotCase(name: "\(scene)-\(size)-\(id).txt", arguments: base + ["--open", id]))
        }
      }
    }
    return cases
  }()

  /// Colours and attributes: each scene with one tooltip open in both themes, and monochrome.
  static let ansi: [SnapshotCase] = {
    var cases: [SnapshotCase] = []
    for (scene, id) in [("gallery", "top-md"), ("form", "share"), ("edges", "right")] {
      for theme in ["light", "dark"] {
        cases.append(
          SnapshotCase(
            name: "\(scene)-80x24-\(id)-\(theme).ansi.txt",
            arguments: [
              "--snapshot", "--size", "80x24", "--scene", scene, "--open", id, "--theme", theme,
              "--ansi",
            ]))
      }
    }
    // The first anchor, top-sm, is selected: its one-cell box and the cell each side reversed.
    cases.append(
      SnapshotCase(
        name: "gallery-80x24-closed-light.ansi.txt",
        arguments: ["--snapshot", "--size", "80x24", "--ansi"]))
    cases.append(
      SnapshotCase(
        name: "gallery-80x24-top-md-no-color.ansi.txt",
        arguments: ["--snapshot", "--size", "80x24", "--open", "top-md", "--ansi"],
        environment: ["NO_COLOR": "1"]))
    cases.append(
      SnapshotCase(
        name: "gallery-80x24-left-md-file-dark.ansi.txt",
        arguments: [
          "--snapshot", "--size", "80x24", "--open", "left-md", "--fidelity", "file", "--theme",
          "dark", "--ansi",
        ]
      ))
    return cases
  }()

  /// The other switches that change the frame.
  static let variants: [SnapshotCase] = [
    SnapshotCase(
      name: "edges-80x24-bare-closed.txt",
      arguments: ["--snapshot", "--size", "80x24", "--scene", "edges", "--bare"]),
    SnapshotCase(
      name: "edges-80x24-bare-right.txt",
      arguments: ["--snapshot", "--size", "80x24", "--scene", "edges", "--bare", "--open", "right"]),
    SnapshotCase(
      name: "gallery-80x24-ascii-bottom-sm.txt",
      arguments: ["--snapshot", "--size", "80x24", "--ascii", "--open", "bottom-sm"]),
    SnapshotCase(
      name: "gallery-80x24-file-right-md.txt",
      arguments: ["--snapshot", "--size", "80x24", "--fidelity", "file", "--open", "right-md"]),
    SnapshotCase(
      name: "toolbar-80x24-publish.txt",
      arguments: [
        "--snapshot", "--size", "80x24", "--scene", Repository.example("toolbar.json"), "--open",
        "publish",
      ]),
  ]
}

@Suite struct SnapshotTests {
  @Test(arguments: SnapshotCase.builtins + SnapshotCase.variants)
  func textSnapshotMatchesGolden(_ snapshot: SnapshotCase) throws {
    let result = try TUI.run(snapshot.arguments, environment: snapshot.environment)
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    Golden.check(snapshot.name, result.stdout)
  }

  @Test(arguments: SnapshotCase.ansi)
  func ansiSnapshotMatchesGolden(_ snapshot: SnapshotCase) throws {
    let result = try TUI.run(snapshot.arguments, environment: snapshot.environment)
    #expect(result.status == 0)
    Golden.check(snapshot.name, result.stdout)
  }

  /// BEHAVIOUR 3 by hand: gallery at 80x24 with chrome, top-md open. The scene area starts on row
  /// 1, so the box (58, 5) is on screen row 6; cx = 59; the text is 25 columns wide, so
  /// W = 27, H = 4; body rows 1 to 4 from column 59 - 13 = 46; pointer ▼ at (59, 5).
  @Test func galleryTopMediumIsWhereSpecThreePutsIt() throws {
    let lines = try TUI.run(["--snapshot", "--size", "80x24", "--open", "top-md"]).text
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let blankBody = String(repeating: " ", count: 80)
    #expect(lines[1] == blankBody)  // the body's top padding row is fill, plain text shows spaces
    #expect(lines[2].hasPrefix(String(repeating: " ", count: 47) + "Top · md "))
    #expect(lines[3].hasPrefix(String(repeating: " ", count: 47) + "Sits above a 3-cell icon."))
    #expect(lines[5] == String(repeating: " ", count: 59) + "▼" + String(repeating: " ", count: 20))
    #expect(lines[6].hasPrefix(String(repeating: " ", count: 18) + "ⅈ"))
  }

  /// BEHAVIOUR 3 by hand: left-sm (34, 9) in the bare gallery: pointer ▶ at (33, 9); the widest
  /// line is 27 columns, so W = 29: body columns 33 - 29 = 4 ..< 33, rows 9 - 1 = 8 ..< 12
  /// (H = 4, (H - 1) / 2 = 1 row above the anchor's row); text from column 5.
  @Test func gallerySmallLeftIsWhereSpecThreePutsIt() throws {
    let lines = try TUI.run(["--snapshot", "--size", "80x24", "--bare", "--open", "left-sm"]).text
      .split(separator: "\n").map(String.init)
    #expect(lines[9].hasPrefix(String(repeating: " ", count: 5) + "Left · sm"))
    #expect(Array(lines[9])[33] == "▶")
    #expect(Array(lines[9])[34] == "ⅈ")
    #expect(lines[10].hasPrefix(String(repeating: " ", count: 5) + "Sits left of a 1-cell icon."))
  }

  @Test func noColorGivesAttributesOnly() throws {
    let arguments = ["--snapshot", "--size", "80x24", "--open", "top-md", "--ansi"]
    let mono = try TUI.run(arguments, environment: ["NO_COLOR": "1"]).text
    #expect(!mono.contains("38;2;"))
    #expect(!mono.contains("48;2;"))
    #expect(mono.contains("\u{1B}[0;7m"))  // body in reverse video
    #expect(mono.contains("\u{1B}[0;1;7mTop · md"))  // headline bold
    #expect(mono.contains("\u{1B}[0;2;7mSits above"))  // supporting dim
    // An empty NO_COLOR is unset.
    let empty = try TUI.run(arguments, environment: ["NO_COLOR": ""]).text
    #expect(empty.contains("48;2;14;18;27"))
  }

  @Test func noColorDoesNotChangePlainText() throws {
    let arguments = ["--snapshot", "--size", "80x24", "--scene", "form", "--open", "share"]
    let plain = try TUI.run(arguments).stdout
    let mono = try TUI.run(arguments, environment: ["NO_COLOR": "1"]).stdout
    #expect(plain == mono)
    #expect(!String(decoding: plain, as: UTF8.self).contains("\u{1B}"))
  }

  @Test(arguments: [["--bare"], ["--ansi"], ["--theme", "dark", "--ansi", "--ascii"]])
  func outputIsByteIdenticalAcrossRunsFilesAndPipes(_ extra: [String]) throws {
    let arguments =
      ["--snapshot", "--size", "120x40", "--scene", "edges", "--open", "right"] + extra
    let first = try TUI.run(arguments, stdout: .file)
    let second = try TUI.run(arguments, stdout: .file)
    let piped = try TUI.run(arguments, stdout: .pipe)
    #expect(first.status == 0 && second.status == 0 && piped.status == 0)
    #expect(!first.stdout.isEmpty)
    #expect(first.stdout == second.stdout)
    #expect(first.stdout == piped.stdout)
  }

  /// The demo's frame at every size, built in process as `--snapshot` builds it (the binary's
  /// own output is the golden files above).
  @Test(arguments: ["1x1", "2x1", "1x3", "3x2", "7x3", "40x12", "80x24", "133x7", "300x2", "9x40"])
  func everySizeGivesRowsLinesOfColsColumns(_ size: String) throws {
    let parts = size.split(separator: "x").map { Int($0)! }
    for (scene, id) in [("gallery", "right-md"), ("form", "bundle-id"), ("edges", "left")] {
      for extra in [[], ["--bare"], ["--open", id], ["--open", id, "--bare", "--ansi"]] {
        let options = try Options.parse(["--snapshot", "--size", size, "--scene", scene] + extra)
        let frame = SnapshotMode.model(scenes: try options.loadScenes(), options: options, colors: true).frame()
        let text = String(decoding: options.ansi ? frame.ansiText() : frame.plainText(), as: UTF8.self)
        expectShape(stripSGR(text), columns: parts[0], rows: parts[1])
      }
    }
  }

  @Test func openOfAnUnknownIdIsAUsageError() throws {
    let result = try TUI.run(["--snapshot", "--size", "80x24", "--open", "nope"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "tooltip-tui: --open: no anchor 'nope' in scene gallery\n")
  }

  @Test func openOfAnAnchorWhollyOutsideOpensNothing() throws {
    // At 20x5 the edges scene's "top" anchor (x 38) is wholly outside the scene area.
    let closed = try TUI.run(["--snapshot", "--size", "20x5", "--scene", "edges"])
    let opened = try TUI.run(["--snapshot", "--size", "20x5", "--scene", "edges", "--open", "top"])
    #expect(opened.status == 0)
    #expect(opened.stdout == closed.stdout)
  }

  @Test func openOfAnAnchorWithNoVisibleLineOpensNothing() throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "silent.json",
      #"{"anchors": [{"id": "s", "x": 5, "y": 2, "placement": "bottom", "headline": "Hi", "showHeadline": false}]}"#
    )
    let closed = try TUI.run(["--snapshot", "--size", "20x8", "--bare", "--scene", scene])
    let opened = try TUI.run([
      "--snapshot", "--size", "20x8", "--bare", "--scene", scene, "--open", "s",
    ])
    #expect(opened.status == 0)
    #expect(opened.stdout == closed.stdout)
  }

  @Test(arguments: ["1x1", "10000x1", "1x10000", "10000x1000", "1000x10000"])
  func sizeAtTheBoundsIsAccepted(_ size: String) throws {
    let parts = size.split(separator: "x").map { Int($0)! }
    let result = try TUI.run(["--snapshot", "--size", size, "--bare"])
    #expect(result.status == 0)
    #expect(result.stderr.isEmpty)
    // Rows of single-column cells (the gallery's glyphs are one column, three bytes).
    let lines = result.stdout.split(separator: 0x0A, omittingEmptySubsequences: false)
    #expect(lines.count == parts[1] + 1)
    #expect(result.stdout.last == 0x0A)
    if parts[0] * parts[1] <= 100_000 {
      expectShape(result.text, columns: parts[0], rows: parts[1])
    }
  }

  @Test(arguments: [
    ("0x5", "tooltip-tui: --size: each side must be 1 to 10000, got 0x5\n"),
    ("5x0", "tooltip-tui: --size: each side must be 1 to 10000, got 5x0\n"),
    ("10001x1", "tooltip-tui: --size: each side must be 1 to 10000, got 10001x1\n"),
    ("1x10001", "tooltip-tui: --size: each side must be 1 to 10000, got 1x10001\n"),
    ("5000x5000", "tooltip-tui: --size: at most 10,000,000 cells, got 5000x5000\n"),
    ("10000x1001", "tooltip-tui: --size: at most 10,000,000 cells, got 10000x1001\n"),
    ("80", "tooltip-tui: --size: expected COLSxROWS such as 80x24, got '80'\n"),
    ("80x", "tooltip-tui: --size: expected COLSxROWS such as 80x24, got '80x'\n"),
    ("x24", "tooltip-tui: --size: expected COLSxROWS such as 80x24, got 'x24'\n"),
    ("-1x5", "tooltip-tui: --size: expected COLSxROWS such as 80x24, got '-1x5'\n"),
    ("80X24", "tooltip-tui: --size: expected COLSxROWS such as 80x24, got '80X24'\n"),
    ("80x24x1", "tooltip-tui: --size: expected COLSxROWS such as 80x24, got '80x24x1'\n"),
  ])
  func sizeOutOfBoundsIsAUsageError(_ size: String, _ message: String) throws {
    for mode in ["--snapshot", "--check"] {
      let result = try TUI.run([mode, "--size", size])
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr == message)
    }
  }
}
