import Foundation
import TestSupport
import Testing

/// The terminal matrix (`scripts/terminal-matrix.py`) in the engines CI installs: xterm, VTE
/// (xfce4-terminal), a GPU terminal in software GL (kitty), rxvt-unicode, mlterm (whose motion
/// reports stop after a key unless 1003 is asked for as the session does) and foot, a Wayland
/// terminal, in weston. Each one installed
/// here runs every check of the matrix (start, glyphs, selection, keys, colours, a click, hover, a held
/// press, a resize with a bubble open, a click past column 223, quit, and the reading scene: a
/// wrapped term opened by a click on its second row and by Enter, hidden by PgDn and the wheel,
/// shown again by PgUp and the wheel); a failed check fails the test, with the matrix's table and
/// the reasons in the message. Each terminal runs as its users leave it: its own default colours,
/// and the demo with no `--theme` (`--follow`), which must pick a bubble that reads at least 3:1
/// on that background, read back from the pixels.
@Suite(.serialized, .timed) struct TerminalMatrixTests {
  /// The engines' names as the script takes them, and the programs each needs.
  static let engines: [(name: String, programs: [String])] = [
    ("xterm", ["xterm"]), ("vte", ["xfce4-terminal"]), ("kitty", ["kitty"]), ("urxvt", ["urxvt"]),
    ("mlterm", ["mlterm"]), ("foot", ["foot", "weston"]),
  ]

  /// The checks in the script's `CHECKS` list.
  static let checks = 12

  @Test func everyCheckPassesInEachInstalledEngine() throws {
    let installed = Self.engines.filter { $0.programs.allSatisfy { Binary.onPath($0) != nil } }.map(\.name)
    // xterm is what the real-terminal suite needs anyway (CI installs all four).
    try #require(installed.contains("xterm"), "xterm is not installed (apt-get install xterm)")
    let result = try runProcess(
      "/usr/bin/python3",
      [
        Repository.path("scripts/terminal-matrix.py"), "--only", installed.joined(separator: ","),
        "--binary", Binary.path, "--follow",
      ],
      timeout: .seconds(900))
    let report = result.text + result.stderr
    #expect(result.status == 0, "the terminal matrix:\n\(report)")
    // Every engine asked for has a row in the table, each check a cell.
    let rows = result.text.split(separator: "\n").filter {
      $0.hasPrefix("| ") && !$0.hasPrefix("| terminal") && !$0.hasPrefix("| ---")
    }
    #expect(rows.count == installed.count, "\(report)")
    #expect(result.text.contains("\(installed.count * Self.checks) passed, 0 failed"), "\(report)")
  }

  /// The matrix reads a terminal's background from cells spread over the screen, away from its
  /// centre, where konsole's first launch (a fresh `$HOME`, as in a clean CI container) draws a
  /// "Size: 80 x 24" hint: a made-up light screen with a dark popup over the centre reads as
  /// light. Before, the one centre cell was sampled, the dark theme picked, and 7 checks failed.
  @Test func theBackgroundIsNotReadFromAPopupInTheCentre() throws {
    let result = try runProcess("/usr/bin/python3", [Repository.path("scripts/terminal-matrix.py"), "--self-test"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains("eeeeee (centre 222222): ok"), "\(result.text)")
  }
}
