import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Random and mutated key, mouse and escape byte streams written into the real binary under
  /// a pseudo-terminal by `scripts/stream_fuzz.py`: every stream must end with exit status 0
  /// after `q`, nothing on stderr, and the terminal as it was; checked streams (run in tmux)
  /// must also end on the screen the snapshot of their state shows.
  @Suite struct StreamFuzz {
    /// The fuzzer script in the package's `scripts` directory.
    static let script = Repository.path("scripts/stream_fuzz.py")

    /// Runs the fuzzer script with `arguments` and the binary under test.
    func fuzz(_ arguments: [String]) throws -> Finished {
      try runProcess("/usr/bin/env", ["python3", Self.script, "--binary", Binary.path] + arguments)
    }

    /// The socket files of the fuzzer's tmux servers in tmux's socket directory.
    static func fuzzerSockets() -> Set<String> {
      let base = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
      let directory = "\(base)/tmux-\(getuid())"
      let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
      return Set(names.filter { $0.hasPrefix("stream-fuzz-") })
    }

    /// The CI-sized run: a fixed seed, so a failure here is replayed with the same command.
    @Test func fixedSeedStreamsAllPass() throws {
      let failures = try TemporaryDirectory()
      let socketsBefore = Self.fuzzerSockets()
      let result = try fuzz(["--streams", "30", "--seed", "20261129", "--out", failures.url.path])
      // The checked streams' tmux servers leave no socket file behind.
      #expect(Self.fuzzerSockets().subtracting(socketsBefore).isEmpty)
      #expect(result.status == 0, "stream fuzzing failed:\n\(result.text)\(result.stderr)")
      #expect(result.text.contains("30 streams, 0 failed"), "\(result.text)")
      // Some of them end on a screen checked against the snapshot, and some stop and continue.
      #expect(result.text.contains("4 streams checked against the snapshot, 10 Ctrl-Z/fg cycles"), "\(result.text)")
      // Some are resumed with their output suspended, and some resized past what curses holds.
      #expect(
        result.text.contains("2 streams resumed (SIGCONT) with the output suspended, 3 resized past 32767"),
        "\(result.text)")
    }

    /// Streams under crafted terminfo entries (a `cup` reading its parameters as strings,
    /// capabilities missing, absurd sizes, long strings), compiled once with `tic`: the first
    /// two of the CI seed's.
    @Test func craftedTerminfoStreamsPass() throws {
      let failures = try TemporaryDirectory()
      let result = try fuzz([
        "--streams", "2", "--seed", "20261129", "--only", "crafted", "--out", failures.url.path,
      ])
      #expect(result.status == 0, "stream fuzzing failed:\n\(result.text)\(result.stderr)")
      #expect(result.text.contains("2 streams, 0 failed"), "\(result.text)")
      #expect(result.text.contains("2 under a crafted terminfo entry"), "\(result.text)")
    }

    /// The snapshot check does fail: a checked stream whose keypad 1 switches the open
    /// tooltip's headline off, replayed against the snapshot with it on, fails and says so.
    @Test func aCheckedStreamWhoseScreenDiffersFailsTheReplay() throws {
      let files = try TemporaryDirectory()
      // Keypad 1 in application mode, then Ctrl-Z and fg: the headlines stay off.
      let stream = """
        {"seed": 0, "index": 0, "args": ["--scene", "gallery", "--bare", "--open", "top-sm"], "early": false,
         "size": [80, 24], "env": {"TERM": "tmux-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"},
         "checked": true, "expected_args": ["--scene", "gallery", "--bare", "--open", "top-sm"],
         "actions": [["write", "1b4f71"], ["ctrlz", 50]]}
        """
      try files.write("differs.json", stream)
      let result = try fuzz(["--replay", files.url.appendingPathComponent("differs.json").path])
      #expect(result.status == 1, "\(result.text)\(result.stderr)")
      #expect(result.text.contains("FAIL: screen differs from the snapshot"), "\(result.text)")
    }

    /// A 100 KB paste of demo keys and then `q`: the program works through the paste and quits
    /// within the deadline (drawing a frame per key, it took over a minute).
    @Test func aHugePasteThenQuitExitsWithinTheDeadline() throws {
      let files = try TemporaryDirectory()
      let keys = ["j", "\t", "\u{1B}[Z", "\u{1B}OA", "l", "\r", "t", "s", "1", "2", "f", "n", "g", " ", "\u{0C}"]
      var paste = ""
      var index = 0
      while paste.utf8.count < 100_000 {
        paste += keys[index % keys.count]
        index += 1
      }
      let hex = paste.utf8.map { String(format: "%02x", $0) }.joined()
      let stream = """
        {"seed": 0, "index": 0, "args": ["--scene", "gallery"], "early": false, "size": [120, 40],
         "env": {"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"},
         "actions": [["write", "\(hex)"]]}
        """
      try files.write("paste.json", stream)
      let result = try fuzz(["--replay", files.url.appendingPathComponent("paste.json").path, "--deadline", "10"])
      #expect(result.status == 0, "\(result.text)\(result.stderr)")
      #expect(result.text.contains(": ok ("), "\(result.text)")
    }

    /// The checks do fail: a replayed stream that ends the program before its `q` fails the
    /// run and says why.
    @Test func aStreamThatEndsTheProgramEarlyFailsTheReplay() throws {
      let files = try TemporaryDirectory()
      // Ctrl-C is never in a generated stream; written here on purpose, it ends the program
      // with status 130 before the fuzzer's q.
      let stream = """
        {"seed": 0, "index": 0, "args": ["--scene", "form"], "early": false, "size": [80, 24],
         "env": {"TERM": "screen", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"},
         "actions": [["write", "80c36a"], ["sleep", 100], ["write", "03"], ["sleep", 500]]}
        """
      try files.write("ctrl-c.json", stream)
      let result = try fuzz(["--replay", files.url.appendingPathComponent("ctrl-c.json").path])
      #expect(result.status == 1, "\(result.text)\(result.stderr)")
      #expect(result.text.contains("FAIL: exited before q with status 130"), "\(result.text)")
    }
  }
}
