import Foundation
import TestSupport
import Testing

/// Tests remove what they create: here, the socket file of a test's tmux server (the one that
/// reads a snapshot back), which tmux leaves behind when the server is killed.
@Suite(.serialized) struct LitterTests {
  /// Where tmux puts the socket of `tmux -L name`: `$TMUX_TMPDIR` (or /tmp), then `tmux-UID`.
  func socketPath(_ name: String) -> String {
    let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    return "\(base)/tmux-\(getuid())/\(name)"
  }

  @Test func readingASnapshotBackLeavesNoSocketFile() throws {
    let directory = try TemporaryDirectory()
    let frame = try directory.write("frame.txt", "hello\n")
    let pane = try TmuxPane(width: 10, height: 3, command: "cat \(shellQuoted(frame)); exec sleep 60")
    let socket = pane.socket
    #expect(pane.wait { pane.tmux(["capture-pane", "-p", "-t", "S"]).hasPrefix("hello\n") })
    pane.kill()
    #expect(!FileManager.default.fileExists(atPath: socketPath(socket)), "left \(socketPath(socket))")
  }
}
