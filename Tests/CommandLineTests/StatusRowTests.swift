import Foundation
import TestSupport
import Testing
import TooltipKit

/// The status row's last event is never the part that is cut: a long hint is cut before it.
@Suite struct StatusRowTests {
  /// The last row of a `--snapshot`, trailing spaces kept.
  func statusRow(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    let result = try TUI.run(["--snapshot"] + arguments)
    #expect(result.status == 0, "\(result.stderr)", sourceLocation: sourceLocation)
    return String(result.text.split(separator: "\n").last ?? "")
  }

  /// The form's Publish hint is 74 columns: with `  |  opened publish` it needs 93.
  @Test func theEventEndsTheRowWhenTheHintIsLong() throws {
    let row = try statusRow(["--size", "80x24", "--scene", "form", "--open", "publish"])
    #expect(row == " Publish · Makes your app visible on the App Store. This can…  |  opened publish")
    #expect(displayWidth(row) == 80)
  }

  @Test func aHintThatFitsIsWholeWithTheEventAfterIt() throws {
    let row = try statusRow(["--size", "80x24", "--open", "right-md"])
    #expect(trimmedRight(row) == " Right · md · Sits right of a 3-cell icon.  |  opened right-md")
  }

  /// Whatever the hint's length (here 400 columns, or a wide-character hint whose cut falls
  /// inside a character), the event is whole at the end of an 80-column row.
  @Test(arguments: [
    String(repeating: "Long hint ", count: 40),
    String(repeating: "幅", count: 100),
  ])
  func anyHintLeavesTheEventVisible(_ supporting: String) throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "long.json",
      """
      {"maxTextWidth": null, "anchors": [{"id": "long", "x": 2, "y": 2, "placement": "bottom",
        "headline": "Long", "supporting": "\(supporting)"}]}
      """)
    let row = try statusRow(["--size", "80x24", "--scene", scene, "--open", "long"])
    #expect(row.hasSuffix("  |  opened long"), "\(row)")
    #expect(row.contains("…"))
    #expect(row.hasPrefix(" Long · "))
    #expect(displayWidth(row) == 80)
  }

  /// Narrower than the event and its separator: the event alone, cut only by its own length;
  /// a little wider, the hint's first letters and an ellipsis before it.
  @Test func aRowNarrowerThanTheEventShowsTheEventAlone() throws {
    let arguments = ["--scene", "edges", "--open", "top-left"]
    #expect(try statusRow(["--size", "20x6"] + arguments) == " opened top-left    ")
    #expect(try statusRow(["--size", "12x6"] + arguments) == " opened top…")
    #expect(try statusRow(["--size", "24x6"] + arguments) == " Cr…  |  opened top-left")
  }
}
