import Foundation
import TestSupport
import Testing

/// A signal sent to the demo with `kill`, and the exit status the shell must see.
struct SentSignal: CustomTestStringConvertible, Sendable {
  var name: String
  var number: Int32

  /// 128 + the signal: after a quit signal the demo exits with it; after a fault (SIGSYS) the
  /// shell reports death by the signal the same way.
  var status: Int32 { 128 + number }

  var testDescription: String { "SIG\(name) (\(number))" }

  /// signal(7)'s terminating signals that the other tests do not already send: the timers, the
  /// user signals, the resource limits, the obscure ones, SIGPIPE (which only `kill` can send
  /// while the output is a terminal), real-time signals at both ends and between, and SIGSYS
  /// (a fault: restored, then the default action).
  static let table: [SentSignal] = {
    let rtmin = __libc_current_sigrtmin()
    let rtmax = __libc_current_sigrtmax()
    return [
      SentSignal(name: "USR1", number: SIGUSR1), SentSignal(name: "USR2", number: SIGUSR2),
      SentSignal(name: "ALRM", number: SIGALRM), SentSignal(name: "VTALRM", number: SIGVTALRM),
      SentSignal(name: "PROF", number: SIGPROF), SentSignal(name: "XCPU", number: SIGXCPU),
      SentSignal(name: "XFSZ", number: SIGXFSZ), SentSignal(name: "PIPE", number: SIGPIPE),
      SentSignal(name: "POLL", number: SIGPOLL), SentSignal(name: "PWR", number: SIGPWR),
      SentSignal(name: "STKFLT", number: SIGSTKFLT), SentSignal(name: "RTMIN", number: rtmin),
      SentSignal(name: "RTMIN+5", number: rtmin + 5), SentSignal(name: "RTMAX", number: rtmax),
      SentSignal(name: "SYS", number: SIGSYS),
    ]
  }()
}

extension EndToEnd.Lifecycle {
  @Test(arguments: SentSignal.table)
  func everyTerminatingSignalRestoresTheTerminal(_ signal: SentSignal) throws {
    let pane = try TmuxPane(arguments: ["--open", "top-sm"])
    pane.expectStarted()
    pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-sm"]))
    #expect(pane.display("#{mouse_sgr_flag}") == "1")
    let pid = try #require(pane.demoPID())
    kill(pid, signal.number)
    #expect(pane.exitStatus() == signal.status)
    expectTerminalRestored(pane)
    if signal.number != SIGSYS {
      #expect(pane.wrapperFiles?.read("stderr") == "", "nothing on stderr")
    }
  }

  /// The pane's terminal modes as `stty -a` prints them.
  func sttyAll(_ pane: TmuxPane) throws -> String {
    let tty = pane.display("#{pane_tty}")
    return try runProcess("/bin/stty", ["-F", tty, "-a"]).text
  }

  @Test func ctrlSDoesNotStopTheScreenAndSIGTERMEndsTheDemoAtOnce() throws {
    let pane = try TmuxPane(width: 300, height: 80)
    pane.expectStarted()
    #expect(try sttyAll(pane).contains("-ixon"), "flow control is off while the demo runs")
    pane.send("C-s")
    // A few hundred keys after Ctrl-S: an even number of theme toggles, then the help. With
    // flow control on, the screen would stop at the first frame and the demo with it.
    for _ in 0..<10 { pane.tmux(["send-keys", "-t", "S"] + Array(repeating: "t", count: 30)) }
    pane.send("?")
    #expect(pane.wait(timeout: .seconds(10)) { pane.capture().contains { $0.contains("Any key closes this help.") } })
    let pid = try #require(pane.demoPID())
    kill(pid, SIGTERM)
    #expect(pane.exitStatus(timeout: .seconds(2)) == 143, "SIGTERM ends the demo within 2 s")
    expectTerminalRestored(pane)
    #expect(try sttyAll(pane).contains(" ixon"), "flow control is back on after the demo")
  }
}
