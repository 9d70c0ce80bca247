import Foundation
import TestSupport
import Testing

extension EndToEnd.StreamFuzz {
  /// Stream 54 of the fuzzer's seed 1211, made to happen every run: an XOFF (Ctrl-S) typed the
  /// moment curses' start-up sequence arrives stops the program's output while flow control is
  /// still on, and a quit signal follows. `scripts/startup_signal.py` does it 20 times under a
  /// pty (TERM=screen, SIGRTMIN+18, as in the stream): each run must exit with 128 + the
  /// signal, termios restored, and switch back to the main screen. Before, the start-up went
  /// on writing with IXON on, blocked on the stopped output, and the handler's restore could
  /// not restart it: the alternate screen stayed on in about one run in four.
  @Test func aSignalDuringStartUpWithOutputStoppedByXOFFRestoresTheTerminal() throws {
    let script = Repository.path("scripts/startup_signal.py")
    let result = try runProcess(
      "/usr/bin/env", ["python3", script, "--binary", Binary.path, "--xoff-after-smcup", "--repeat", "20"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains("20 runs, 0 failed"), "\(result.text)")
  }

  /// A quit signal at other moments of start-up: already pending when the program starts (it
  /// arrives as the handlers are installed, before curses starts), and the moment the
  /// alternate screen is switched on.
  @Test func aSignalAtStartUpRestoresTheTerminal() throws {
    let script = Repository.path("scripts/startup_signal.py")
    let result = try runProcess(
      "/usr/bin/env", ["python3", script, "--binary", Binary.path, "--pending", "--after-smcup", "--repeat", "5"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains("10 runs, 0 failed"), "\(result.text)")
  }
}
