import Foundation
import TestSupport
import Testing

/// A terminal with no alternate screen (terminfo without `smcup`/`rmcup`: `TERM=linux`, the Linux
/// console; GNU screen's default): after `q` the last frame is gone and the shell's prompt lands
/// on the bottom row of a clean screen, not over the status row of the frame.
@Suite(.serialized) struct NoAlternateScreenTests {
  @Test func qUnderTermLinuxLeavesACleanScreenWithThePromptOnTheLastRow() throws {
    let files = try TemporaryDirectory()
    // The shell prints a prompt after the demo, where the cursor was left.
    try files.write(
      "run.sh",
      """
      cd \(shellQuoted(files.url.path))
      env -u NO_COLOR TERM=linux LANG=C.UTF-8 LC_ALL=C.UTF-8 SWIFT_BACKTRACE=interactive=no \
        \(shellQuoted(Binary.path)) 2> stderr
      echo $? > status
      printf 'prompt$ '
      exec sleep 300
      """)
    let pane = try TmuxPane(width: 80, height: 24, command: "sh " + shellQuoted(files.url.path + "/run.sh"))
    defer { pane.kill() }
    #expect(pane.wait { pane.capture().first?.contains("Tooltip") == true })
    // terminfo's linux entry has no smcup: the frame is on the one screen there is.
    #expect(pane.display("#{alternate_on}") == "0")
    pane.send("q")
    #expect(pane.wait { files.read("status") != nil && pane.capture().contains { $0.hasPrefix("prompt$") } })
    #expect(files.read("status")?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    let rows = pane.capture()
    let expected = Array(repeating: "", count: 23) + ["prompt$"]
    #expect(rows == expected, "the pane after q:\n\(rows.joined(separator: "\n"))")
    #expect(pane.display("#{cursor_y}") == "23")
  }
}
