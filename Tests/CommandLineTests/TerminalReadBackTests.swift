import Foundation
import TestSupport
import Testing

/// The `--ansi` snapshot written to a real terminal (tmux) and read back with
/// `capture-pane`: the screen shows exactly the plain snapshot, row for row, so the SGR output
/// moves the cursor by the same widths the plain text claims, wide characters included.
/// Serialized: one tmux server at a time.
@Suite(.serialized) struct TerminalReadBackTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var columns: Int
    var rows: Int
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let wideScene = """
    {"anchors": [
      {"id": "w1", "x": 1, "y": 3, "placement": "left", "glyph": "界",
       "headline": "日本語の見出し", "supporting": "幅の広い文字が入ります"},
      {"id": "w2", "x": -2, "y": 2, "placement": "right", "headline": "全角テキスト", "label": "設定"}
    ]}
    """

  static let cases: [Case] = [
    Case(arguments: ["--open", "top-md"], columns: 80, rows: 24),
    Case(arguments: ["--scene", "edges", "--open", "right", "--theme", "dark"], columns: 40, rows: 12),
    Case(arguments: ["--scene", "form", "--open", "publish", "--bare"], columns: 120, rows: 40),
    Case(arguments: ["--scene", "WIDE", "--open", "w1"], columns: 13, rows: 7),
    Case(arguments: ["--scene", "WIDE", "--open", "w2", "--bare"], columns: 20, rows: 9),
  ]

  @Test(arguments: cases)
  func ansiSnapshotReadsBackAsThePlainSnapshot(_ c: Case) throws {
    let directory = try TemporaryDirectory()
    let wide = try directory.write("wide.json", Self.wideScene)
    let arguments =
      ["--snapshot", "--size", "\(c.columns)x\(c.rows)"] + c.arguments.map { $0 == "WIDE" ? wide : $0 }
    let plain = try TUI.run(arguments)
    let ansi = try TUI.run(arguments + ["--ansi"])
    #expect(plain.status == 0 && ansi.status == 0)
    let file = try directory.write("frame.ansi", [UInt8](ansi.stdout))

    // One spare row: the last newline scrolls nothing away.
    let screen = try TmuxPane.show(file: file, columns: c.columns, rows: c.rows + 1, expectedRows: c.rows)
    let expected = plain.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(Array(screen.prefix(c.rows)) == expected)
  }
}
