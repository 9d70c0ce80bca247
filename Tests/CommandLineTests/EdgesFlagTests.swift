import Foundation
import TestSupport
import Testing
import TooltipKit
import TooltipScenes

@testable import tooltip_tui

/// `--edges crop|shift` and the scene file's `"edges"`: the snapshot, `--check` (whose stdout
/// keeps BEHAVIOUR 8's format) and the least cropped placement `--check` notes on a terminal's stderr.
@Suite struct EdgesFlagTests {
  static let toolbar = Repository.example("top-toolbar.json")

  /// The notes `--check` writes to a terminal's stderr for the toolbar at 50x10 with `edges`.
  static func notes(edges: EdgePolicy) throws -> String {
    var scene = try SceneFile.load(path: toolbar)
    scene.edges = edges
    return CheckMode.report(scene: scene, screen: Size(width: 50, height: 10), options: RenderOptions()).notes
  }

  /// The top-row toolbar at 50x10 as the scene file asks (shift): only the PID header, whose
  /// bubble sits above row 2, still loses cells: its body rows -4 ..< 1 (29 wide: "The kernel's
  /// number for the" is 27 columns) lose 4 rows, 116 cells; its columns are shifted onto the
  /// screen. Below it the bubble would lose none.
  @Test func theSceneFilesShiftLeavesOnlyWhatShiftingCannotHelp() throws {
    let result = try TUI.run(["--check", "--size", "50x10", "--scene", Self.toolbar])
    #expect(result.text == "pid top top 116\n1 of 5 tooltips cropped at 50x10\n")
    #expect(result.status == 1)
    #expect(result.stderr.isEmpty)
    #expect(try Self.notes(edges: .shift) == "pid: bottom would lose 0 cells\n")
  }

  /// `--edges crop` overrides the file: every toolbar bubble runs off the left edge. "pause" at
  /// column 0 (cx 0): W = 32, x = -15, 15 columns of 5 rows lost; "tree" (right of column 6):
  /// W = 31, body rows -1 ..< 3, one row lost.
  @Test func edgesCropOverridesTheSceneFile() throws {
    let result = try TUI.run(["--check", "--size", "50x10", "--scene", Self.toolbar, "--edges", "crop"])
    #expect(
      result.text == """
        pause bottom left 75
        refresh bottom left 36
        filter bottom left 44
        tree right top 31
        pid top left,top 129
        5 of 5 tooltips cropped at 50x10

        """)
    #expect(result.status == 1)
    // "pause" right of column 0: W = 32, H = 5, rows -2 ..< 3, two rows lost, 64 cells.
    #expect(result.stderr.isEmpty)
    #expect(
      try Self.notes(edges: .crop) == """
        pause: right would lose 64 cells
        refresh: right would lose 24 cells
        filter: right would lose 32 cells
        tree: no placement loses fewer cells than right
        pid: right would lose 0 cells

        """)
  }

  @Test func edgesShiftOverridesACropScene() throws {
    // cropped.json's "menu" (sm at the top-left corner, left): its body runs off the left edge
    // on the placement axis, which never moves, and off the top, which shifting fixes.
    let crop = try TUI.run(["--check", "--size", "80x24", "--scene", Repository.example("cropped.json")])
    #expect(crop.text.hasPrefix("menu left left,top 97\n"))
    let shift = try TUI.run([
      "--check", "--size", "80x24", "--scene", Repository.example("cropped.json"), "--edges=shift",
    ])
    #expect(shift.text.hasPrefix("menu left left 97\n"))
  }

  @Test func theSnapshotDrawsTheShiftedBubble() throws {
    let arguments = ["--snapshot", "--size", "50x10", "--bare", "--scene", Self.toolbar, "--open", "pause"]
    let shifted = try TUI.run(arguments).text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(shifted[1].hasPrefix("▲ "))
    #expect(shifted[3].hasPrefix(" Pause "))
    #expect(shifted[4].hasPrefix(" Stop refreshing; the jobs keep "))
    let cropped = try TUI.run(arguments + ["--edges", "crop"]).text.split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(cropped[1].hasPrefix("▲ "))
    #expect(cropped[4].hasPrefix("g; the jobs keep "))
  }

  @Test func aWrongValueIsAUsageError() throws {
    let result = try TUI.run(["--check", "--size", "50x10", "--edges", "flip"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "tooltip-tui: --edges: expected crop or shift, got 'flip'\n")
    #expect(try TUI.run(["--snapshot", "--size", "5x5", "--edges"]).status == 2)
  }
}
