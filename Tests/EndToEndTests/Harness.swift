import Foundation
import Testing

/// Every end-to-end test drives the real `tooltip-tui` in tmux. They run one at a time: each
/// has its own tmux server, but the long-press and click timings are kinder to an idle machine.
@Suite(.serialized) enum EndToEnd {}

/// The `tooltip-tui` binary built next to the test bundle (or `$TOOLTIP_TUI`).
enum Binary {
  static let path: String = {
    if let path = ProcessInfo.processInfo.environment["TOOLTIP_TUI"] { return path }
    let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return directory.appendingPathComponent("tooltip-tui").path
  }()
}

extension Binary {
  /// An executable of the package built beside `tooltip-tui`: the example programs.
  static func sibling(_ name: String) -> String {
    URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name).path
  }
}

/// What a finished process left: its status and its two streams.
struct Finished {
  var status: Int32
  var stdout: String
  var stderr: String
}

/// Runs `executable` with `arguments` to the end, stdin from `stdin`, stdout and stderr
/// collected; the exit status, or 128 + the signal that ended it.
///
/// Spawned with an empty signal mask, default signal actions and no file descriptor but the
/// three standard ones: the test runner's threads block signals, and a daemon (the tmux
/// server) must not inherit the runner's descriptors.
func runProcess(
  _ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: String = "/dev/null"
) throws -> Finished {
  let directory = try TemporaryDirectory()
  let out = directory.url.appendingPathComponent("stdout").path
  let err = directory.url.appendingPathComponent("stderr").path

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  closeInheritedDescriptors(&actions)

  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var mask = sigset_t()
  sigemptyset(&mask)
  posix_spawnattr_setsigmask(&attributes, &mask)
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for signal in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGTSTP, SIGCONT, SIGWINCH, SIGCHLD] {
    sigaddset(&defaults, signal)
  }
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

  let environment = environment ?? ProcessInfo.processInfo.environment
  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    for pointer in argv + envp { free(pointer) }
  }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
  guard spawned == 0 else { throw SpawnError(message: "cannot run \(executable): error \(spawned)") }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return Finished(
    status: exitStatus,
    stdout: (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
    stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np`, which Swift does not see (it is a GNU
/// extension): looked up at run time.
private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
private let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
  .map { unsafeBitCast($0, to: AddCloseFrom.self) }

/// Adds actions closing every descriptor above the standard three in the child.
private func closeInheritedDescriptors(_ actions: inout posix_spawn_file_actions_t) {
  if let addCloseFrom {
    _ = addCloseFrom(&actions, 3)
    return
  }
  let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
  for fd in open.compactMap(Int32.init) where fd > 2 {
    posix_spawn_file_actions_addclose(&actions, fd)
  }
}

/// A process that could not be started.
struct SpawnError: Error {
  var message: String
}

/// `tooltip-tui --snapshot` with `arguments`, as rows with trailing spaces trimmed (the way
/// `capture-pane -p` prints them), under the UTF-8 locale the panes run the demo in.
func snapshot(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
  let environment = ProcessInfo.processInfo.environment.merging(["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]) { $1 }
  let result = try runProcess(Binary.path, ["--snapshot"] + arguments, environment: environment)
  #expect(result.status == 0, "snapshot \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
  var rows = result.stdout.components(separatedBy: "\n")
  if rows.last == "" { rows.removeLast() }
  return rows.map(trimmedRight)
}

/// `text` without its trailing spaces.
func trimmedRight(_ text: String) -> String {
  var text = Substring(text)
  while text.last == " " { text.removeLast() }
  return String(text)
}

/// A directory of its own under the system's temporary directory, removed when released.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("tooltip-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  func read(_ name: String) -> String? {
    try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
  }

  func write(_ name: String, _ text: String) throws {
    try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }
}

/// The environment the demo runs with inside tmux unless a test says otherwise.
let defaultEnvironment = [
  "TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no",
]

/// Single-quotes `text` for the shell.
func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// One tmux server on a private socket with one pane, killed when the value is released.
final class TmuxPane {
  let socket: String
  let files: TemporaryDirectory
  private(set) var killed = false
  nonisolated(unsafe) private static var counter = 0
  private static let lock = NSLock()

  /// Starts a server whose only pane, `width` x `height`, runs the shell command `command`.
  init(width: Int, height: Int, command: String) throws {
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
  /// records `stty -g` before and after, the demo's pid, its stderr and its exit status.
  convenience init(
    program: String = Binary.path, width: Int = 80, height: Int = 24, arguments: [String] = [],
    environment: [String: String] = [:], unset: [String] = ["NO_COLOR"]
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
  private(set) var wrapperFiles: TemporaryDirectory?

  deinit {
    kill()
  }

  /// Kills this server (and nothing else).
  func kill() {
    guard !killed else { return }
    killed = true
    tmux(["kill-server"])
    if socketPath.hasSuffix(socket) { try? FileManager.default.removeItem(atPath: socketPath) }
  }

  /// Runs a tmux command against this server and returns its stdout.
  @discardableResult
  func tmux(_ arguments: [String]) -> String {
    let conf = files.url.appendingPathComponent("tmux.conf").path
    let result = try? runProcess("/usr/bin/tmux", ["-u", "-L", socket, "-f", conf] + arguments)
    return result?.stdout ?? ""
  }

  /// The pane's rows as `capture-pane -p` prints them, trailing spaces trimmed.
  func capture() -> [String] {
    var rows = tmux(["capture-pane", "-p", "-t", "S"]).components(separatedBy: "\n")
    if rows.last == "" { rows.removeLast() }
    return rows.map(trimmedRight)
  }

  /// The pane's rows with colours and attributes as SGR sequences.
  func captureEscapes() -> [String] {
    tmux(["capture-pane", "-p", "-e", "-t", "S"]).components(separatedBy: "\n")
  }

  /// A tmux format evaluated for the pane, such as `#{alternate_on}`.
  func display(_ format: String) -> String {
    tmux(["display-message", "-p", "-t", "S", format]).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Sends tmux key names (`Tab`, `BTab`, `Enter`, `C-c`) or literal text.
  func send(_ keys: String...) {
    tmux(["send-keys", "-t", "S"] + keys)
  }

  /// Sends raw bytes to the pane.
  func sendBytes(_ bytes: [UInt8]) {
    tmux(["send-keys", "-t", "S", "-H"] + bytes.map { String(format: "%02x", $0) })
  }

  /// An SGR 1006 primary-button press (`press`) or release at 0-based cell (x, y).
  func sgr(press: Bool, x: Int, y: Int) {
    sendBytes(Array("\u{1B}[<0;\(x + 1);\(y + 1)\(press ? "M" : "m")".utf8))
  }

  /// An X10 primary-button press or release at 0-based cell (x, y).
  func x10(press: Bool, x: Int, y: Int) {
    sendBytes([0x1B, 0x5B, 0x4D, UInt8(32 + (press ? 0 : 3)), UInt8(32 + x + 1), UInt8(32 + y + 1)])
  }

  /// A click as a hand makes one: press, a short wait, release (a press and release that reach
  /// the program in one read are reported by ncurses as one event).
  func click(x: Int, y: Int, x10: Bool = false, hold: Duration = .milliseconds(80)) {
    if x10 { self.x10(press: true, x: x, y: y) } else { sgr(press: true, x: x, y: y) }
    Thread.sleep(forTimeInterval: hold.seconds)
    if x10 { self.x10(press: false, x: x, y: y) } else { sgr(press: false, x: x, y: y) }
  }

  /// Polls `condition` every 20 ms until it holds or `timeout` passes; returns whether it held.
  @discardableResult
  func wait(timeout: Duration = .seconds(10), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.02)
    }
    return condition()
  }

  /// Waits until the pane shows `expected` (rows trimmed on the right) and records an issue
  /// showing both screens when it does not.
  @discardableResult
  func expectScreen(
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
  func expectStatus(
    _ prefix: String, timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    if wait(timeout: timeout, { capture().last?.hasPrefix(prefix) == true }) { return true }
    Issue.record(
      "status row is '\(capture().last ?? "")', expected it to start with '\(prefix)'", sourceLocation: sourceLocation)
    return false
  }

  /// Waits for the demo's first frame: the pane on the alternate screen showing the title row.
  @discardableResult
  func expectStarted(sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    if wait({ display("#{alternate_on}") == "1" && capture().first?.contains("Tooltip") == true }) { return true }
    Issue.record(
      "the demo did not start: \(capture().joined(separator: "\n")) stderr: \(wrapperFiles?.read("stderr") ?? "")",
      sourceLocation: sourceLocation)
    return false
  }

  /// The demo's pid, once the wrapper has written it.
  func demoPID() -> pid_t? {
    var pid: pid_t?
    wait {
      pid = wrapperFiles?.read("pid").flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      return pid != nil
    }
    return pid
  }

  /// The demo's exit status, once it has exited (nil if it has not within `timeout`).
  func exitStatus(timeout: Duration = .seconds(10)) -> Int32? {
    var status: Int32?
    wait(timeout: timeout) {
      status = wrapperFiles?.read("status").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      return status != nil
    }
    return status
  }
}

extension Duration {
  /// The duration in seconds, for Foundation's sleeps.
  var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
