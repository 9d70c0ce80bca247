import Foundation
import Testing

/// What a finished process left: its status and its two streams.
public struct Finished: Sendable {
  /// The exit status, or 128 + the signal that ended the process.
  public var status: Int32
  /// Everything written to stdout, byte for byte.
  public var stdout: Data
  /// Everything written to stderr, as text.
  public var stderr: String

  /// stdout as text (UTF-8, invalid bytes repaired).
  public var text: String { String(decoding: stdout, as: UTF8.self) }

  /// A result made by hand, for a process that could not be run at all.
  public init(status: Int32, stdout: Data = Data(), stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// Where a process's stdout goes.
public enum StandardOutput: Sendable {
  /// A regular file, read back after the run.
  case file
  /// A pipe, drained while the process runs.
  case pipe
  /// This file (such as `/dev/full`), not read back.
  case path(String)
}

/// A process that could not be started.
public struct SpawnError: Error, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  /// A process that could not be started, and why.
  public init(message: String) { self.message = message }
  /// The message.
  public var description: String { message }
}

/// Runs `executable` with `arguments` to the end and returns its status and output.
///
/// Spawned with an empty signal mask, default signal actions and no file descriptor but the
/// three standard ones: the test runner's threads block signals (a tmux server started from
/// one through `Process` came up unable to reap its pane or be stopped), and a daemon such as
/// the tmux server must not inherit the runner's descriptors.
///
/// - Parameters:
///   - environment: the whole environment (the runner's own when nil).
///   - stdin: the file standard input reads.
///   - stdout: where standard output goes.
///   - mergingStderr: stderr goes where stdout goes (and ``Finished/stderr`` is empty).
///   - directory: the working directory (the runner's when nil).
///   - timeout: SIGKILL after this long; the status is then 137.
public func runProcess(
  _ executable: String, _ arguments: [String], environment: [String: String]? = nil, stdin: String = "/dev/null",
  stdout: StandardOutput = .file, mergingStderr: Bool = false, directory: URL? = nil, timeout: Duration? = nil
) throws -> Finished {
  let scratch = try TemporaryDirectory()
  let out = scratch.path("stdout")
  let err = scratch.path("stderr")

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
  var pipeEnds: [Int32] = [-1, -1]
  switch stdout {
  case .file: posix_spawn_file_actions_addopen(&actions, 1, out, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  case .path(let path): posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  case .pipe:
    guard pipe(&pipeEnds) == 0 else { throw SpawnError(message: "no pipe: error \(errno)") }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
  }
  if mergingStderr {
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
  } else {
    posix_spawn_file_actions_addopen(&actions, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
  }
  if let directory { try changeDirectory(&actions, directory.path) }
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
  if pipeEnds[1] >= 0 { close(pipeEnds[1]) }
  guard spawned == 0 else {
    if pipeEnds[0] >= 0 { close(pipeEnds[0]) }
    throw SpawnError(message: "cannot run \(executable): error \(spawned)")
  }

  var piped = Data()
  if pipeEnds[0] >= 0 {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = read(pipeEnds[0], &buffer, buffer.count)
      if count > 0 {
        piped.append(contentsOf: buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    close(pipeEnds[0])
  }

  var status: Int32 = 0
  if let timeout {
    let deadline = ContinuousClock.now + timeout
    while true {
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid || (waited == -1 && errno != EINTR) { break }
      if ContinuousClock.now >= deadline {
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        break
      }
      usleep(20_000)
    }
  } else {
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  }
  let exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  let output: Data
  switch stdout {
  case .file: output = (try? Data(contentsOf: URL(fileURLWithPath: out))) ?? Data()
  case .pipe: output = piped
  case .path: output = Data()
  }
  return Finished(
    status: exitStatus, stdout: output,
    stderr: mergingStderr ? "" : (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
}

/// glibc's `posix_spawn_file_actions_addclosefrom_np` and `posix_spawn_file_actions_addchdir_np`,
/// which Swift does not see (they are GNU extensions): looked up at run time.
private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
private typealias AddChdir =
  @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>)
  -> Int32
private let addCloseFrom: AddCloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
  .map { unsafeBitCast($0, to: AddCloseFrom.self) }
private let addChdir: AddChdir? = dlsym(nil, "posix_spawn_file_actions_addchdir_np")
  .map { unsafeBitCast($0, to: AddChdir.self) }

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

/// Adds an action making `path` the child's working directory.
private func changeDirectory(_ actions: inout posix_spawn_file_actions_t, _ path: String) throws {
  guard let addChdir else { throw SpawnError(message: "this C library cannot set a spawned process's directory") }
  let result = path.withCString { addChdir(&actions, $0) }
  guard result == 0 else { throw SpawnError(message: "cannot change to \(path): error \(result)") }
}

/// Polls `condition` every 20 ms until it holds or `timeout` passes; returns whether it held.
@discardableResult
public func waitUntil(timeout: Duration = .seconds(10), _ condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + timeout
  while ContinuousClock.now < deadline {
    if condition() { return true }
    Thread.sleep(forTimeInterval: 0.02)
  }
  return condition()
}

/// Single-quotes `text` for the shell.
public func shellQuoted(_ text: String) -> String {
  "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// `text` without its trailing spaces.
public func trimmedRight(_ text: String) -> String {
  var text = Substring(text)
  while text.last == " " { text.removeLast() }
  return String(text)
}

extension Duration {
  /// The duration in seconds, for Foundation's sleeps.
  public var seconds: Double {
    Double(components.seconds) + Double(components.attoseconds) / 1e18
  }
}
