import Foundation
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
    let screen = try Tmux.show(file: file, columns: c.columns, rows: c.rows + 1, expectedRows: c.rows)
    let expected = plain.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    #expect(Array(screen.prefix(c.rows)) == expected)
  }
}

/// A private tmux server that shows one file and is read back.
enum Tmux {
  /// Shows `file` with `cat` in a detached `columns` x `rows` pane and returns the pane's rows,
  /// trailing spaces kept, once `expectedRows` rows have been written.
  static func show(file: String, columns: Int, rows: Int, expectedRows: Int) throws -> [String] {
    try show(file: file, columns: columns, rows: rows, expectedRows: expectedRows, socket: newSocketName())
  }

  /// A socket name no other server uses.
  static func newSocketName() -> String {
    "tooltip-snapshot-\(UUID().uuidString.prefix(8))"
  }

  /// ``show(file:columns:rows:expectedRows:)`` on the server named `socket`, which is killed
  /// and whose socket file is removed before it returns.
  static func show(file: String, columns: Int, rows: Int, expectedRows: Int, socket: String) throws -> [String] {
    let server = try start(
      socket,
      [
        "start-server", ";", "set-option", "-g", "status", "off", ";",
        "new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "cat '\(file)'; exec sleep 60",
      ])
    defer {
      // tmux leaves its socket file behind when the server is killed: remove it too.
      let socketPath = (try? tmux(socket, ["display-message", "-p", "#{socket_path}"]))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
      _ = try? tmux(socket, ["kill-server"])
      var status: Int32 = 0
      _ = waitpid(server, &status, 0)
      if let socketPath, socketPath.hasSuffix("/" + socket) {
        try? FileManager.default.removeItem(atPath: socketPath)
      }
    }
    // Done when the cursor rests at the start of the row below the output.
    for _ in 0..<200 {
      let cursor = try tmux(socket, ["display-message", "-p", "-t", "0", "#{cursor_x} #{cursor_y}"])
      if cursor.split(separator: "\n").first == "0 \(expectedRows)" { break }
      Thread.sleep(forTimeInterval: 0.05)
    }
    return try tmux(socket, ["capture-pane", "-p", "-N", "-t", "0"])
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Starts the server with `posix_spawn`, every signal unblocked and at its default: test
  /// runner threads block most signals, and a server started from one through `Process` came
  /// up with SIGCHLD, SIGHUP and SIGTERM blocked, unable to reap its pane or to be stopped.
  /// Returns the client's pid.
  static func start(_ socket: String, _ arguments: [String]) throws -> pid_t {
    let argv = ["tmux", "-u", "-L", socket, "-f", "/dev/null"] + arguments
    var env = ProcessInfo.processInfo.environment
    env["LANG"] = "C.UTF-8"
    env["LC_ALL"] = "C.UTF-8"
    env["TMUX"] = nil
    let envp = env.map { "\($0.key)=\($0.value)" }

    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for fd in Int32(0)...2 {
      posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
    }

    var pid = pid_t()
    let status = withCStrings(argv) { cArgv in
      withCStrings(envp) { cEnvp in
        posix_spawn(&pid, "/usr/bin/tmux", &actions, &attributes, cArgv, cEnvp)
      }
    }
    guard status == 0 else { throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL) }
    return pid
  }

  /// Calls `body` with a NULL-terminated C array of `strings`.
  private static func withCStrings<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
  }

  /// Runs one tmux command against the server and returns its output, through a file: a pipe
  /// open while some server forks would be held open by it, and its reader never see the end.
  @discardableResult
  static func tmux(_ socket: String, _ arguments: [String]) throws -> String {
    let scratch = try TemporaryDirectory()
    let output = scratch.url.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: output.path, contents: nil)
    let handle = try FileHandle(forWritingTo: output)
    let process = makeProcess(socket, arguments)
    process.standardOutput = handle
    try process.run()
    process.waitUntilExit()
    try handle.close()
    return String(decoding: try Data(contentsOf: output), as: UTF8.self)
  }

  private static func makeProcess(_ socket: String, _ arguments: [String]) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
    process.arguments = ["-u", "-L", socket, "-f", "/dev/null"] + arguments
    var env = ProcessInfo.processInfo.environment
    env["LANG"] = "C.UTF-8"
    env["LC_ALL"] = "C.UTF-8"
    env["TMUX"] = nil
    process.environment = env
    process.standardInput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    return process
  }
}
