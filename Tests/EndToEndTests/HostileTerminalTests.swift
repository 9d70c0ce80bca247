import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// A terminal that behaves badly, driven by `scripts/hostile_pty.py`
  /// under a pseudo-terminal: stalled output meeting a resume, a hang-up nobody signals,
  /// sides ncurses cannot hold.
  @Suite struct HostileTerminal {
    func run(_ cases: [String], repeat count: Int = 1) throws -> Finished {
      let script = Repository.path("scripts/hostile_pty.py")
      var arguments = ["python3", script, "--binary", Binary.path, "--repeat", String(count)]
      for name in cases { arguments += ["--case", name] }
      return try runProcess("/usr/bin/env", arguments)
    }

    /// The terminal stops taking output, then SIGCONT (the shell's `fg`), a key and SIGTERM:
    /// the program must exit 143 within 2 s. Before, the resume wrote the SGR mouse mode
    /// outside the blocking bracket and sat in `write(2)`, retrying on EINTR, for good.
    @Test func sigtermAfterAResumeWithOutputStalledEndsTheDemo() throws {
      let result = try run(["stalled-resume"], repeat: 2)
      #expect(result.status == 0, "\(result.text)\(result.stderr)")
      #expect(result.text.contains("2 runs, 0 failed"), "\(result.text)")
    }

    /// The terminal hangs up and no SIGHUP reaches the program (it ignores SIGHUP and is not
    /// in the terminal's session): it exits 129 and says so in one line, not silently.
    @Test func aHangUpWithoutSIGHUPEndsTheDemoWithALine() throws {
      let result = try run(["hangup-quiet"])
      #expect(result.status == 0, "\(result.text)\(result.stderr)")
      #expect(result.text.contains("1 runs, 0 failed"), "\(result.text)")
    }
  }
}

extension EndToEnd.HostileTerminal {
  /// A terminal of 40000 x 2, 2 x 40000 or 65535 x 65535 cells, set while the program runs
  /// (SIGWINCH) and before it starts: it draws within what curses can hold and quits on `q`
  /// with status 0, nothing on stderr. Before, curses took the side into a `short` and
  /// crashed in `doupdate` (exit 139), or at start.
  @Test func aSideAbove32767IsDrawnWithinWhatCursesHolds() throws {
    let result = try run(["huge", "huge-start"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains("2 runs, 0 failed"), "\(result.text)")
  }

  /// A terminal that reports no size (0 x 0) leaves curses its terminfo entry's `cols` and
  /// `lines`: entries saying 40000 x 2, 2 x 40000 and 32767 x 32767 start within what the
  /// session draws and quit on `q` with status 0. Before, the first was refused at start with a
  /// line that blamed the terminal, and the last never started (curses allocating 2^30 cells).
  @Test func aTerminalWithNoSizeTakesTheEntrysWithinWhatCursesHolds() throws {
    let result = try run(["sizeless"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains("1 runs, 0 failed"), "\(result.text)")
  }
}

extension EndToEnd.HostileTerminal {
  /// Terminal types that cannot be used say what they are, in one line, exit 2, and write
  /// nothing to the terminal: a hard-copy terminal that exists (tty33, la120) cannot move the
  /// cursor (it said "unknown terminal type"); a TERM of 100,000 bytes is an unknown type,
  /// shown cut short (it said "no terminfo database found").
  @Test func unusableTerminalTypesSayWhatTheyAre() throws {
    let result = try run(["terms"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains("1 runs, 0 failed"), "\(result.text)")
  }
}

extension EndToEnd.HostileTerminal {
  /// A terminfo entry (compiled with `tic -o DIR`, used through TERMINFO=DIR) whose `cup`
  /// reads its parameters as strings (`%s`, `%l`), and a tooltip holding graphemes of
  /// disputed width, which the presenter draws at explicit positions: the program runs and
  /// quits with status 0. Before, `tiparm(cursor_address, y, x)` dereferenced the row
  /// number (exit 139).
  @Test func aCraftedCursorAddressDoesNotCrashThePresenter() throws {
    let result = try run(["crafted-cup"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains("1 runs, 0 failed"), "\(result.text)")
  }
}

extension EndToEnd.HostileTerminal {
  /// A crash in a user's default environment (SWIFT_BACKTRACE unset, unlike every other test):
  /// trap, failed unwrap, SIGSEGV and abort each restore the terminal, write the runtime's
  /// crash report and end by their signal within 5 s. Before, the backtracer waited 30 s at
  /// "Press space to interact..." for a key nobody asked to give.
  @Test func aCrashDoesNotWaitAtTheBacktracersPrompt() throws {
    let result = try run(["crash-quiet"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains("1 runs, 0 failed"), "\(result.text)")
  }
}

extension EndToEnd.HostileTerminal {
  /// The session's API at its edges, through the demo's own hooks: present, read and next
  /// after `end()` leave the terminal restored (before, a present after the end switched the
  /// alternate screen and raw mode back on); a cursor at `Int.max` and a deadline `Int64.max`
  /// seconds away do not trap (before, both overflowed converting to curses' and poll's
  /// integers).
  @Test func callsAfterTheEndAndExtremeValuesAreHarmless() throws {
    let result = try run(["api-edges"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains("1 runs, 0 failed"), "\(result.text)")
  }
}

extension EndToEnd.HostileTerminal {
  /// Standard input as a previous program may leave it: a terminal open for writing only is
  /// refused at start (one line, exit 2, nothing written; before, curses started and the
  /// reads failed until the session gave up with 129), and a non-blocking one works and gets
  /// its flag back at the end.
  @Test func aWriteOnlyOrNonBlockingStandardInputIsToldApart() throws {
    let result = try run(["stdin-modes"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
    #expect(result.text.contains("1 runs, 0 failed"), "\(result.text)")
  }
}
