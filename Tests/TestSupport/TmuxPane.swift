import Foundation
import Testing

/// `tooltip-tui --snapshot` with `arguments`, as rows with trailing spaces trimmed (the way
/// `capture-pane -p` prints them), under the UTF-8 locale the panes run the demo in.
public func snapshot(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
  let environment = ProcessInfo.processInfo.environment.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
  let result = try runProcess(Binary.path, ["--snapshot"] + arguments, environment: environment)
  #expect(result.status == 0, "snapshot \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
  var rows = result.text.components(separatedBy: "\n")
  if rows.last == "" { rows.removeLast() }
  return rows.map(trimmedRight)
}

/// The environment the demo runs with inside tmux unless a test says otherwise.
public let defaultEnvironment = [
  "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no",
]

/// One tmux server on a private socket with one pane, killed when the value is released.
public final class TmuxPane {
  /// The server's socket name (`tmux -L`).
  public let socket: String
  /// The server's own files (its configuration).
  public let files: TemporaryDirectory
  /// Whether ``kill()`` has run.
  public private(set) var killed = false
  nonisolated(unsafe) private static var counter = 0
  private static let lock = NSLock()

  /// Starts a server whose only pane, `width` x `height`, runs the shell command `command`.
  public init(width: Int, height: Int, command: String) throws {
    files = try TemporaryDirectory()
    let number = Self.lock.withLock {
      Self.counter += 1
      return Self.counter
    }
    socket = "tooltip-e2e-\(getpid())-\(number)"
    // No status line: the pane is the whole window.
    try files.write("tmux.conf", "set -g status off\n")
    tmux(["new-session", "-d", "-s", "S", "-x", "\(width)", "-y", "\(height)", command])
    socketPath = tmux(["display-message", "-p", "#{socket_path}"]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The server's socket file, which tmux leaves behind when killed.
  private var socketPath = ""

  /// Starts a pane that runs `program arguments` (`tooltip-tui` unless given) under `environment` in a wrapper that
  /// records `stty -g` before and after, the demo's pid, its stderr and its exit status. By
  /// default `NO_COLOR` and `COLORFGBG` are unset: the demo's theme follows `COLORFGBG`, and a
  /// test run from rxvt or Konsole would otherwise see the dark theme.
  public convenience init(
    program: String = Binary.path, width: Int = 80, height: Int = 24, arguments: [String] = [],
    environment: [String: String] = [:], unset: [String] = ["NO_COLOR", "COLORFGBG"]
  ) throws {
    let files = try TemporaryDirectory()
    let merged = defaultEnvironment.merging(environment) { $1 }.filter { !unset.contains($0.key) }
    let env =
      ["env"] + unset.flatMap { ["-u", $0] } + merged.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    let command = (env + [program] + arguments).map(shellQuoted).joined(separator: " ")
    let script = """
      # Ctrl-C and Ctrl-\\ reach the whole group: the wrapper must outlive it to record the status. A
      # hang-up (the server killed) ends the wrapper once the demo is gone.
      trap : INT TERM QUIT
      trap 'exit 129' HUP
      cd \(shellQuoted(files.url.path))
      stty -g > before
      bash -c 'echo $$ > pid; exec "$@"' demo \(command) 2> stderr
      rc=$?
      stty -g > after
      echo $rc > status
      exec sleep 300
      """
    try files.write("run.sh", script)
    try self.init(
      width: width, height: height, command: "bash " + shellQuoted(files.url.appendingPathComponent("run.sh").path))
    wrapperFiles = files
  }

  /// The wrapper's files (before, after, pid, stderr, status) when the pane runs the demo.
  public private(set) var wrapperFiles: TemporaryDirectory?

  deinit {
    kill()
  }

  /// Kills this server (and nothing else).
  public func kill() {
    guard !killed else { return }
    killed = true
    tmux(["kill-server"])
    if socketPath.hasSuffix(socket) { try? FileManager.default.removeItem(atPath: socketPath) }
  }

  /// Runs a tmux command against this server and returns its stdout.
  @discardableResult
  public func tmux(_ arguments: [String]) -> String {
    let conf = files.url.appendingPathComponent("tmux.conf").path
    let result = try? runProcess("/usr/bin/tmux", ["-u", "-L", socket, "-f", conf] + arguments)
    return result?.text ?? ""
  }

  /// The pane's rows as `capture-pane -p` prints them, trailing spaces trimmed.
  public func capture() -> [String] {
    var rows = tmux(["capture-pane", "-p", "-t", "S"]).components(separatedBy: "\n")
    if rows.last == "" { rows.removeLast() }
    return rows.map(trimmedRight)
  }

  /// The pane's rows with colours and attributes as SGR sequences.
  public func captureEscapes() -> [String] {
    tmux(["capture-pane", "-p", "-e", "-t", "S"]).components(separatedBy: "\n")
  }

  /// A tmux format evaluated for the pane, such as `#{alternate_on}`.
  public func display(_ format: String) -> String {
    tmux(["display-message", "-p", "-t", "S", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Sends tmux key names (`Tab`, `BTab`, `Enter`, `C-c`) or literal text.
  public func send(_ keys: String...) {
    tmux(["send-keys", "-t", "S"] + keys)
  }

  /// Sends raw bytes to the pane.
  public func sendBytes(_ bytes: [UInt8]) {
    tmux(["send-keys", "-t", "S", "-H"] + bytes.map { String(format: "%02x", $0) })
  }

  /// An SGR 1006 primary-button press (`press`) or release at 0-based cell (x, y).
  public func sgr(press: Bool, x: Int, y: Int) {
    sendBytes(Self.sgrBytes(press: press, x: x, y: y))
  }

  /// The SGR 1006 bytes of a primary-button press (`press`) or release at 0-based cell (x, y).
  public static func sgrBytes(press: Bool, x: Int, y: Int) -> [UInt8] {
    Array("\u{1B}[<0;\(x + 1);\(y + 1)\(press ? "M" : "m")".utf8)
  }

  /// A press at 0-based cell (x, y) and a release at (`releaseX`, `releaseY`), that cell
  /// unless given, in one write: the program reads them together, so the hold is nothing
  /// however long a tmux command takes to start on a busy machine.
  public func tap(x: Int, y: Int, releaseX: Int? = nil, releaseY: Int? = nil) {
    sendBytes(
      Self.sgrBytes(press: true, x: x, y: y) + Self.sgrBytes(press: false, x: releaseX ?? x, y: releaseY ?? y))
  }

  /// An X10 primary-button press or release at 0-based cell (x, y).
  public func x10(press: Bool, x: Int, y: Int) {
    sendBytes([0x1B, 0x5B, 0x4D, UInt8(32 + (press ? 0 : 3)), UInt8(32 + x + 1), UInt8(32 + y + 1)])
  }

  /// A click as a hand makes one: press, a short wait, release (a press and release that reach
  /// the program in one read are reported by ncurses as one event).
  public func click(x: Int, y: Int, x10: Bool = false, hold: Duration = .milliseconds(80)) {
    if x10 { self.x10(press: true, x: x, y: y) } else { sgr(press: true, x: x, y: y) }
    Thread.sleep(forTimeInterval: hold.seconds)
    if x10 { self.x10(press: false, x: x, y: y) } else { sgr(press: false, x: x, y: y) }
  }

  /// Polls `condition` every 20 ms until it holds or `timeout` passes; returns whether it held.
  @discardableResult
  public func wait(timeout: Duration = .seconds(10), _ condition: () -> Bool) -> Bool {
    waitUntil(timeout: timeout, condition)
  }

  /// Waits until the pane shows `expected` (rows trimmed on the right) and records an issue
  /// showing both screens when it does not.
  @discardableResult
  public func expectScreen(
    _ expected: [String], _ comment: String = "", timeout: Duration = .seconds(10),
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    if wait(timeout: timeout, { capture() == expected }) { return true }
    let got = capture()
    Issue.record(
      "screen differs \(comment)\n--- expected\n\(expected.joined(separator: "\n"))\n--- got\n\(got.joined(separator: "\n"))",
      sourceLocation: sourceLocation)
    return false
  }

  /// Waits until the status row (the last one) starts with `prefix`.
  @discardableResult
  public func expectStatus(
    _ prefix: String, timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    if wait(timeout: timeout, { capture().last?.hasPrefix(prefix) == true }) { return true }
    Issue.record(
      "status row is '\(capture().last ?? "")', expected it to start with '\(prefix)'", sourceLocation: sourceLocation)
    return false
  }

  /// Waits for the demo's first frame: the pane on the alternate screen showing the title row.
  @discardableResult
  public func expectStarted(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if wait({ display("#{alternate_on}") == "1" && capture().first?.contains("Tooltip") == true }) { return true }
    Issue.record(
      "the demo did not start: \(capture().joined(separator: "\n")) stderr: \(wrapperFiles?.read("stderr") ?? "")",
      sourceLocation: sourceLocation)
    return false
  }

  /// The demo's pid, once the wrapper has written it.
  public func demoPID() -> pid_t? {
    var pid: pid_t?
    wait {
      pid = wrapperFiles?.read("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      return pid != nil
    }
    return pid
  }

  /// The demo's exit status, once it has exited (nil if it has not within `timeout`).
  public func exitStatus(timeout: Duration = .seconds(10)) -> Int32? {
    var status: Int32?
    wait(timeout: timeout) {
      status = wrapperFiles?.read("status").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      return status != nil
    }
    return status
  }
}

extension TmuxPane {
  /// Shows `file` with `cat` in a `columns` x `rows` pane of a server of its own and returns
  /// the pane's rows, trailing spaces kept, once `expectedRows` rows have been written (the
  /// cursor rests at the start of the row below them). The server is killed and its socket
  /// file removed before this returns.
  public static func show(file: String, columns: Int, rows: Int, expectedRows: Int) throws -> [String] {
    let pane = try TmuxPane(width: columns, height: rows, command: "cat \(shellQuoted(file)); exec sleep 60")
    defer { pane.kill() }
    pane.wait { pane.display("#{cursor_x} #{cursor_y}") == "0 \(expectedRows)" }
    return pane.tmux(["capture-pane", "-p", "-N", "-t", "S"])
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }
}
