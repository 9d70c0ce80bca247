import Foundation
import TestSupport
import Testing

@Suite struct CheckTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var scene: String
    var size: String
    var output: String
    var testDescription: String { "\(scene) at \(size)" }
  }

  /// The edges scene crosses every edge; the numbers are BEHAVIOUR 3's rects, checked by hand:
  /// "left" (6, 8) md, left: W = 23 + 2, body columns -20 ..< 5, 4 rows: 20 x 4 = 80 lost.
  /// "right" (-7, 8) at 80 columns: box 71, body 75 ..< 101: 21 x 4 = 84 lost.
  /// "bottom" (38, -1): pointer on row 24 and body rows 25 ..< 29: 27 x 4 + 1 = 109.
  /// At 20x5, "top", "bottom", "left" and "right" are wholly off screen: all of each bubble is
  /// lost, and their boxes add the edges they lie beyond.
  static let cases: [Case] = [
    Case(
      scene: "edges", size: "80x24",
      output: """
        top-left left left,top 105
        top top top 97
        left left left 80
        right right right 84
        bottom bottom bottom 109
        bottom-right right right,bottom 105
        6 of 6 tooltips cropped at 80x24

        """),
    Case(
      scene: "edges", size: "20x5",
      output: """
        top-left left left,top 105
        top top right,top 97
        bottom-right right right,bottom 105
        bottom bottom right,bottom 109
        left left left,bottom 101
        right right right,bottom 105
        6 of 6 tooltips cropped at 20x5

        """),
    Case(
      scene: "gallery", size: "40x12",
      output: """
        top-md top right 109
        right-sm right right 121
        left-md left bottom 117
        right-md right right,bottom 121
        bottom-sm bottom bottom 109
        bottom-md bottom right,bottom 109
        6 of 8 tooltips cropped at 40x12

        """),
    Case(scene: "gallery", size: "80x24", output: "0 of 8 tooltips cropped at 80x24\n"),
    Case(scene: "gallery", size: "120x40", output: "0 of 8 tooltips cropped at 120x40\n"),
    Case(
      scene: Repository.example("cropped.json"), size: "80x24",
      output: """
        menu left left,top 97
        search top top 104
        far-away left right 89
        help right right 93
        status bottom bottom 97
        5 of 6 tooltips cropped at 80x24

        """),
    Case(
      scene: Repository.example("toolbar.json"), size: "80x24",
      output: "0 of 5 tooltips cropped at 80x24\n"),
  ]

  @Test(arguments: cases)
  func checkListsTheCroppedTooltips(_ c: Case) throws {
    let result = try TUI.run(["--check", "--size", c.size, "--scene", c.scene])
    #expect(result.text == c.output)
    #expect(result.status == (c.output.hasPrefix("0 of") ? 0 : 1))
    // Stderr captured by a script (not a terminal) stays empty: the notes are for a person.
    #expect(result.stderr.isEmpty)
  }

  /// Each edge is crossed by some finding at 80x24 (the edges scene's purpose).
  @Test func edgesSceneCrossesEverySide() throws {
    let lines = try TUI.run(["--check", "--size", "80x24", "--scene", "edges"]).text.split(
      separator: "\n"
    ).dropLast()
    let edges = Set(
      lines.flatMap { $0.split(separator: " ")[2].split(separator: ",").map(String.init) })
    #expect(edges == ["left", "right", "top", "bottom"])
  }

  /// `file` widens a right-placed body by one column: a body that ends on the last column under
  /// `hug` loses a column of H = 3 cells.
  @Test func fileFidelityWidensTheBody() throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "w.json",
      #"{"anchors": [{"id": "w", "x": 0, "y": 1, "size": "sm", "placement": "right", "headline": "abcdefghijklmnop"}]}"#
    )
    let hug = try TUI.run(["--check", "--size", "20x3", "--scene", scene])
    #expect(hug.status == 0)
    #expect(hug.text == "0 of 1 tooltip cropped at 20x3\n")
    let file = try TUI.run(["--check", "--size", "20x3", "--scene", scene, "--fidelity", "file"])
    #expect(file.status == 1)
    #expect(file.text == "w right right 3\n1 of 1 tooltip cropped at 20x3\n")
  }

  /// An anchor with no visible line has nothing to crop; one wholly off screen still counts.
  @Test func anchorWithoutTextIsNotListed() throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "e.json",
      """
      {"anchors": [
        {"id": "blank", "x": 0, "y": 0, "size": "sm", "placement": "left", "headline": "  "},
        {"id": "gone", "x": 5, "y": 50, "size": "sm", "placement": "top", "headline": "Hi"}
      ]}
      """)
    let result = try TUI.run(["--check", "--size", "10x5", "--scene", scene])
    // "gone": box (5, 50); body "Hi" W = 4, H = 3, columns 4 ..< 8, rows 46 ..< 49, pointer
    // row 49: all 13 cells lost, below the bottom edge.
    #expect(result.text == "gone top bottom 13\n1 of 1 tooltip cropped at 10x5\n")
    #expect(result.status == 1)
  }

  @Test func checkIgnoresChrome() throws {
    // Scene row 0 is screen row 0 for --check (as --bare), so "top" at 80x24 loses its whole
    // bubble above row 0, not one row less.
    let result = try TUI.run(["--check", "--size", "80x24", "--scene", "edges"])
    #expect(result.text.contains("top top top 97\n"))
  }
}
