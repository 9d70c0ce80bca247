import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// `--check`'s notes (the placement that would lose the fewest cells) reach a person reading a
  /// terminal, while a script capturing stderr gets none (`CheckTests`).
  @Suite struct CheckNotes {
    @Test func notesAppearWhenStderrIsATerminal() throws {
      let scene = Repository.example("cropped.json")
      let command =
        [Binary.path, "--check", "--size", "80x24", "--scene", scene].map(shellQuoted).joined(separator: " ")
        + " >/dev/null; echo done; exec sleep 300"
      let pane = try TmuxPane(width: 100, height: 20, command: command)
      defer { pane.kill() }
      #expect(pane.wait { pane.capture().contains("done") })
      let rows = pane.capture().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
      // One note per cropped tooltip, in reading order, then the shell's line.
      #expect(
        rows == [
          "menu: right would lose 24 cells", "search: bottom would lose 0 cells",
          "far-away: no placement loses fewer cells than left", "help: left would lose 0 cells",
          "status: top would lose 0 cells", "done",
        ])
    }
  }
}
