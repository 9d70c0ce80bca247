import Foundation
import TestSupport
import Testing

extension EndToEnd.Screen {
  /// A grapheme whose width terminals disagree on, and the columns the layout gives it (the sum
  /// of its scalars' `wcwidth`, BEHAVIOUR 8).
  struct Disputed {
    var grapheme: String
    var layoutWidth: Int
  }

  /// A ZWJ family (2 + 0 + 2 + 0 + 2 columns) and a heart with VS16 (1 + 0).
  static let disputed = [
    Disputed(grapheme: "👩\u{200D}👩\u{200D}👧", layoutWidth: 6),
    Disputed(grapheme: "❤\u{FE0F}", layoutWidth: 1),
  ]

  /// How far tmux moves its cursor for `grapheme`: printed alone in a pane of its own.
  static func terminalAdvance(of grapheme: String) throws -> Int {
    let script = "printf '%s' " + shellQuoted(grapheme) + "; exec sleep 300"
    let pane = try TmuxPane(width: 40, height: 3, command: "bash -c " + shellQuoted(script))
    var advance = 0
    pane.wait {
      advance = Int(pane.display("#{cursor_x}")) ?? 0; return advance > 0
    }
    return advance
  }

  /// `rows` of a snapshot as the terminal shows them when the program gets it right: each
  /// disputed grapheme drawn where the layout puts it, the terminal's own advance, then blanks
  /// for the rest of the layout's columns, and everything after it in its layout column.
  static func asTerminalShows(_ rows: [String], advances: [String: Int]) -> [String] {
    rows.map { row in
      var shown = ""
      for character in row {
        shown.append(character)
        if let entry = disputed.first(where: { $0.grapheme == String(character) }),
          let advance = advances[entry.grapheme], advance < entry.layoutWidth
        {
          shown += String(repeating: " ", count: entry.layoutWidth - advance)
        }
      }
      return trimmedRight(shown)
    }
  }

  @Test func disputedWidthGraphemesLeaveTheRestOfTheRowWhereTheSnapshotHasIt() throws {
    var advances: [String: Int] = [:]
    for entry in Self.disputed {
      let advance = try Self.terminalAdvance(of: entry.grapheme)
      // A terminal drawing it wider than the layout would have the next cell cut it: not
      // a screen this comparison can state (tmux 3.3a draws the family 2, the heart 1).
      try #require(advance >= 1 && advance <= entry.layoutWidth, "\(entry.grapheme) advances \(advance)")
      advances[entry.grapheme] = advance
    }
    let files = try TemporaryDirectory()
    try files.write(
      "emoji.json",
      """
      {"anchors": [
        {"id": "fam", "x": 4, "y": 4, "label": "👩‍👩‍👧 family", "placement": "bottom",
         "headline": "A 👩‍👩‍👧 family and ❤️ love", "supporting": "Then ❤️ text after it"},
        {"id": "two", "x": 30, "y": 4, "label": "❤️ heart", "placement": "bottom",
         "headline": "Plain text here", "supporting": "Over where 👩‍👩‍👧 was"}
      ]}
      """)
    let scene = files.url.appendingPathComponent("emoji.json").path
    func expected(_ arguments: [String]) throws -> [String] {
      Self.asTerminalShows(try snapshot(["--size", "80x24", "--scene", scene] + arguments), advances: advances)
    }
    let pane = try TmuxPane(arguments: ["--scene", scene, "--open", "fam"])
    /// The screen but its status row (which holds the last event, not in a snapshot).
    func expectScene(_ rows: [String], _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
      if pane.wait(timeout: .seconds(10), { pane.capture().dropLast() == rows.dropLast() }) { return }
      let got = pane.capture().dropLast().joined(separator: "\n")
      let want = rows.dropLast().joined(separator: "\n")
      Issue.record("screen differs \(comment)\n--- expected\n\(want)\n--- got\n\(got)", sourceLocation: sourceLocation)
    }

    pane.expectStarted()
    let famOpen = try expected(["--open", "fam"])
    pane.expectScreen(famOpen, "at start")
    // Ordinary keys: each screen whole, no fragment of an emoji left behind.
    pane.send("Tab")  // selects two: fam's bubble closes
    expectScene(try expected([]), "after Tab")
    pane.send("i")  // two's bubble, drawn where fam's emoji were
    expectScene(try expected(["--open", "two"]), "after i")
    pane.send("Escape")
    expectScene(try expected([]), "after Escape")
    pane.send("BTab", "i")  // back to fam, open again
    pane.expectScreen(famOpen, "after Shift-Tab and i")
    pane.send("C-l")
    pane.expectScreen(famOpen, "after Ctrl-L")
    // The next scene: where fam's label was (unselected, in the terminal's own colours), blanks.
    pane.send("Tab", "n")
    expectScene(Self.asTerminalShows(try snapshot(["--size", "80x24"]), advances: advances), "after n")
  }
}
