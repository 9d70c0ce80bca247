import Foundation
import Testing

/// Tests remove what they create: here, the socket file of the tmux server that reads a
/// snapshot back, which tmux leaves behind when the server is killed.
@Suite(.serialized) struct LitterTests {
  /// Where tmux puts the socket of `tmux -L name`: `$TMUX_TMPDIR` (or /tmp), then `tmux-UID`.
  func socketPath(_ name: String) -> String {
    let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    return "\(base)/tmux-\(getuid())/\(name)"
  }

  @Test func readingASnapshotBackLeavesNoSocketFile() throws {
    let directory = try TemporaryDirectory()
    let frame = try directory.write("frame.txt", "hello\n")
    let socket = Tmux.newSocketName()
    let screen = try Tmux.show(file: frame, columns: 10, rows: 3, expectedRows: 1, socket: socket)
    #expect(screen.first.map(trimmedRight) == "hello")
    #expect(!FileManager.default.fileExists(atPath: socketPath(socket)), "left \(socketPath(socket))")
  }
}
