import Foundation
import TestSupport
import Testing

/// A virtual X display (Xvfb) of this test run's own, started once for a suite and stopped
/// after it: the suite's xterm windows open on it.
///
/// The display number is one no other server holds (no lock file, no socket); only the server
/// started here is ever stopped.
final class XServer: Sendable {
  /// The display name, such as `:142`.
  let display: String
  /// The Xvfb process.
  let pid: pid_t

  /// The server the running suite shares (set by ``XServerTrait``).
  @TaskLocal static var current: XServer?

  /// Starts Xvfb on the first free display number from one derived from this process's id, so
  /// that parallel runs on one machine start apart.
  init() throws {
    let start = Int(getpid()) % 400
    for number in (0..<400).map({ 100 + (start + $0) % 400 }) {
      let display = ":\(number)"
      if FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock")
        || FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)")
      {
        continue
      }
      let pid = try spawnInBackground(
        "exec Xvfb \(display) -screen 0 1280x800x24 -nolisten tcp -noreset", log: "/dev/null")
      if waitUntil(timeout: .seconds(10), { !isAlive(pid) || xdotool(display, ["getdisplaygeometry"]).status == 0 }),
        isAlive(pid)
      {
        self.display = display
        self.pid = pid
        return
      }
      // Another server took the number first (or this one failed): stop ours, try the next.
      stop(pid)
    }
    throw SpawnError(message: "no free X display for Xvfb")
  }

  /// Stops the server started here.
  func shutDown() {
    stop(pid)
  }
}

/// Runs every test of a suite inside one ``XServer``, started before the first test and stopped
/// after the last.
struct XServerTrait: SuiteTrait, TestScoping {
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let server = try XServer()
    defer { server.shutDown() }
    try await XServer.$current.withValue(server) { try await function() }
  }
}

extension Trait where Self == XServerTrait {
  /// One Xvfb for the whole suite.
  static var xServer: Self { XServerTrait() }
}

/// Starts the shell command `command` in the background, detached from this process, its
/// output appended to `log`; returns its pid.
func spawnInBackground(_ command: String, environment: [String: String]? = nil, log: String) throws -> pid_t {
  let script = "(\(command)) </dev/null >>\(shellQuoted(log)) 2>&1 & echo $!"
  let result = try runProcess("/bin/sh", ["-c", script], environment: environment)
  guard let pid = pid_t(result.text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
    throw SpawnError(message: "cannot start \(command): \(result.stderr)")
  }
  return pid
}

/// Whether process `pid` still runs (a zombie counts as gone).
func isAlive(_ pid: pid_t) -> Bool {
  guard kill(pid, 0) == 0 else { return false }
  let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
  // The state letter follows the command name's closing parenthesis.
  guard let close = stat.lastIndex(of: ")") else { return false }
  return !stat[close...].hasPrefix(") Z")
}

/// Sends SIGTERM to `pid` (a process this suite started) and waits for it to go, then SIGKILL.
func stop(_ pid: pid_t) {
  guard pid > 0 else { return }
  kill(pid, SIGTERM)
  if !waitUntil(timeout: .seconds(5), { !isAlive(pid) }) {
    kill(pid, SIGKILL)
    waitUntil(timeout: .seconds(5)) { !isAlive(pid) }
  }
}

/// Runs `xdotool arguments` against `display`.
@discardableResult
func xdotool(_ display: String, _ arguments: [String]) -> Finished {
  var environment = ProcessInfo.processInfo.environment
  environment["DISPLAY"] = display
  return (try? runProcess("/usr/bin/xdotool", arguments, environment: environment))
    ?? Finished(status: -1, stderr: "cannot run xdotool")
}
