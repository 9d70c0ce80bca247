import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// A terminal that behaves badly, driven by `scripts/hostile_pty.py`
  /// under a pseudo-terminal: stalled output meeting a resume, a hang-up nobody signals,
  /// sides ncurses cannot hold.
  @Suite struct HostileTerminal {
    func run(_ cases: [String], binary: String = Binary.path, repeat count: Int = 1) throws -> Finished {
      let script = Repository.path("scripts/hostile_pty.py")
      var arguments = [
        "python3", script, "--binary", binary, "--helper", Binary.sibling("tooltip-misuse"), "--repeat", String(count),
      ]
      for name in cases { arguments += ["--case", name] }
      return try runProcess("/usr/bin/env", arguments)
    }

    /// Runs `cases` on `binary` and expects every run to pass: the script's status 0 and its
    /// total line, `runs` runs with none failed.
    func expectPass(
      _ cases: [String], binary: String = Binary.path, repeat count: Int = 1, runs: Int,
      sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      let result = try run(cases, binary: binary, repeat: count)
      #expect(result.status == 0, "\(result.text)\(result.stderr)", sourceLocation: sourceLocation)
      #expect(result.text.contains("\(runs) runs, 0 failed"), "\(result.text)", sourceLocation: sourceLocation)
    }

    /// The terminal stops taking output, then SIGCONT (the shell's `fg`), a key and SIGTERM:
    /// the program must exit 143 within 2 s. Before, the resume wrote the SGR mouse mode
    /// outside the blocking bracket and sat in `write(2)`, retrying on EINTR, for good.
    @Test func sigtermAfterAResumeWithOutputStalledEndsTheDemo() throws {
      try expectPass(["stalled-resume"], repeat: 2, runs: 2)
    }

    /// The terminal hangs up and no SIGHUP reaches the program (it ignores SIGHUP and is not
    /// in the terminal's session): it exits 129 and says so in one line, not silently.
    @Test func aHangUpWithoutSIGHUPEndsTheDemoWithALine() throws {
      try expectPass(["hangup-quiet"], runs: 1)
    }
  }
}

extension EndToEnd.HostileTerminal {
  /// A terminal of 40000 x 2, 2 x 40000 or 65535 x 65535 cells, set while the program runs
  /// (SIGWINCH) and before it starts: it draws within what curses can hold and quits on `q`
  /// with status 0, nothing on stderr. Before, curses took the side into a `short` and
  /// crashed in `doupdate` (exit 139), or at start.
  @Test func aSideAbove32767IsDrawnWithinWhatCursesHolds() throws {
    try expectPass(["huge", "huge-start"], runs: 2)
  }

  /// A terminal that reports no size (0 x 0) leaves curses its terminfo entry's `cols` and
  /// `lines`: entries saying 40000 x 2, 2 x 40000 and 32767 x 32767 start within what the
  /// session draws and quit on `q` with status 0. Before, the first was refused at start with a
  /// line that blamed the terminal, and the last never started (curses allocating 2^30 cells).
  @Test func aTerminalWithNoSizeTakesTheEntrysWithinWhatCursesHolds() throws {
    try expectPass(["sizeless"], runs: 1)
  }
}

extension EndToEnd.HostileTerminal {
  /// Terminal types that cannot be used say what they are, in one line, exit 2, and write
  /// nothing to the terminal: a hard-copy terminal that exists (tty33, la120) cannot move the
  /// cursor (it said "unknown terminal type"); a TERM of 100,000 bytes is an unknown type,
  /// shown cut short (it said "no terminfo database found").
  @Test func unusableTerminalTypesSayWhatTheyAre() throws {
    try expectPass(["terms"], runs: 1)
  }
}

extension EndToEnd.HostileTerminal {
  /// A terminfo entry (compiled with `tic -o DIR`, used through TERMINFO=DIR) whose `cup`
  /// reads its parameters as strings (`%s`, `%l`), and a tooltip holding graphemes of
  /// disputed width, which the presenter draws at explicit positions: the program runs and
  /// quits with status 0. Before, `tiparm(cursor_address, y, x)` dereferenced the row
  /// number (exit 139).
  @Test func aCraftedCursorAddressDoesNotCrashThePresenter() throws {
    try expectPass(["crafted-cup"], runs: 1)
  }
}

extension EndToEnd.HostileTerminal {
  /// A crash in a user's default environment (SWIFT_BACKTRACE unset, unlike every other test):
  /// trap, failed unwrap, SIGSEGV and abort each restore the terminal, write the runtime's
  /// crash report and end by their signal within 5 s. Before, the backtracer waited 30 s at
  /// "Press space to interact..." for a key nobody asked to give.
  @Test func aCrashDoesNotWaitAtTheBacktracersPrompt() throws {
    try expectPass(["crash-quiet"], runs: 1)
  }
}

extension EndToEnd.HostileTerminal {
  /// The session's API at its edges, through the demo's own hooks: present, read and next
  /// after `end()` leave the terminal restored (before, a present after the end switched the
  /// alternate screen and raw mode back on); a cursor at `Int.max` and a deadline `Int64.max`
  /// seconds away do not trap (before, both overflowed converting to curses' and poll's
  /// integers).
  @Test func callsAfterTheEndAndExtremeValuesAreHarmless() throws {
    try expectPass(["api-edges"], runs: 1)
  }
}

extension EndToEnd.HostileTerminal {
  /// Standard input as a previous program may leave it: a terminal open for writing only is
  /// refused at start (one line, exit 2, nothing written; before, curses started and the
  /// reads failed until the session gave up with 129), and a non-blocking one works and gets
  /// its flag back at the end.
  @Test func aWriteOnlyOrNonBlockingStandardInputIsToldApart() throws {
    try expectPass(["stdin-modes"], runs: 1)
  }
}

extension EndToEnd.HostileTerminal {
  /// 10000 x 1 resized to 1 x 10000 and back, each size within the cap: every front end answers
  /// `q` within 5 s with a peak RSS under 256 MB. Before, curses grew the screen before it shrank
  /// it, through the union of both sizes (10000 x 10000 cells): 18-22 s at full CPU, 8.2 GB,
  /// `q` ignored meanwhile.
  @Test(arguments: ["tooltip-tui", "job-monitor", "toolbar-own-curses"])
  func aWideToTallResizeNeverHoldsTheUnionOfBothSizes(program: String) throws {
    try expectPass(["wide-to-tall"], binary: Binary.sibling(program), runs: 1)
  }

  /// The own-ncurses examples get the session's cap: 40000 x 2, 2 x 40000 and 65535 x 65535, at
  /// the start and by a resize, are drawn within it and `q` ends them with 0. Before, a side
  /// past 32767 crashed them within 0.2 s, and 32767 x 32767 hung past 3 GB.
  @Test(arguments: ["job-monitor", "toolbar-own-curses"])
  func anOwnCursesProgramGetsTheSessionsSizeCap(program: String) throws {
    try expectPass(["huge", "huge-start"], binary: Binary.sibling(program), runs: 2)
  }

  /// With the terminal's output stopped, the write that asks for pointer motion (the demo's
  /// `o`; the job monitor's first motion report) blocks, and SIGTERM ends the program with 143
  /// within 2 s. Before, the write sat outside the signal-safe bracket: deaf to SIGTERM until
  /// the terminal read again.
  @Test(arguments: ["tooltip-tui", "job-monitor"])
  func aBlockedModeWriteEndsOnSIGTERM(program: String) throws {
    try expectPass(["stalled-motion"], binary: Binary.sibling(program), runs: 1)
  }

  /// Terminfo entries with `pairs#2147483647` and `colors#2147483647`: the demo runs in
  /// monochrome and quits on `q` with 0, the terminal restored. Before, `start_color` exited 1
  /// with "Out of memory" in curses mode, or spun for good.
  @Test func absurdColourNumbersGiveMonochrome() throws {
    try expectPass(["absurd-colors"], runs: 1)
  }

  /// A DECRQSS answer holding `q` reaches the own-ncurses examples as a reply, not as keys:
  /// they keep running, and `q` typed after it quits them. Before, the reply's `q` quit both.
  @Test(arguments: ["job-monitor", "toolbar-own-curses"])
  func aTerminalReplyIsNotTakenForKeys(program: String) throws {
    try expectPass(["dcs-reply"], binary: Binary.sibling(program), runs: 1)
  }

  /// The library used the wrong way round (`tooltip-misuse`): `exit()` without `end()` in a
  /// session and in an own-ncurses program restores the terminal (before, the alternate screen,
  /// the mouse modes and raw termios stayed); a second session is refused in one line and the
  /// first ends cleanly (before, it started, and termios stayed raw after both ended); the guard
  /// installed after `newterm` gives the shell's modes back on a crash (before, curses' raw
  /// modes); an overlay made before `newterm` ends with one line and status 2 (before, a bare
  /// nil-unwrap trap and 30 s at the backtracer's prompt).
  @Test func misusesEndWithALineAndTheTerminalRestored() throws {
    try expectPass(["misuse"], runs: 1)
  }
}

extension EndToEnd.HostileTerminal {
  /// A terminal that answers the DECRQM query for mode 2026 as supported (after the first frame
  /// came, so the query is never waited on): every byte of an open and of a close sits inside
  /// one `CSI ? 2026 h` ... `CSI ? 2026 l` pair, so the terminal never shows a bubble half drawn.
  @Test func anOpenAndACloseEachSitInOneSynchronizedPair() throws {
    try expectPass(["sync-supported"], runs: 1)
  }

  /// A terminal that never answers: the first frame comes without a wait (within 2 s of the
  /// start, no answer needed) and no 2026 set or reset is ever written.
  @Test func aSilentTerminalGetsNo2026AndNoWait() throws {
    try expectPass(["sync-silent"], runs: 1)
  }
}

extension EndToEnd.HostileTerminal {
  /// Ctrl-Z typed to the demo that leads its session (`xterm -e`, `ssh -t`, a pane's command):
  /// the kernel discards the stop, so the session takes the terminal back at once, every mode
  /// on again, and a Tab after it is drawn. Before, curses cleared the screen, the mouse,
  /// SGR mouse and bracketed paste stayed off for good, and the next frames were diffs drawn
  /// onto a blank screen.
  @Test func ctrlZWhenTheDemoLeadsItsSessionGivesTheTerminalBackAndTakesItAgain() throws {
    try expectPass(["leader-stop"], runs: 1)
  }

  /// A resize while the program is stopped, wide to tall and past 32767: within the memory
  /// cap, drawn at the new size, q answered. Before, 10000 x 1 to 1 x 10000 through a stop
  /// peaked at 8.3 GB and a side over 32767 crashed inside ncurses.
  @Test func aResizeWhileStoppedIsHeardAndCapped() throws {
    try expectPass(["stopped-resize"], runs: 1)
  }

  /// A thousand sessions one after another in one process keep descriptors and memory flat.
  /// Before, each kept the waker's two descriptors and curses' screens (no `delscreen`).
  @Test func aThousandSessionsInOneProcessLeaveNothingBehind() throws {
    try expectPass(["sequential"], runs: 1)
  }

  /// Output made non-blocking by another program: frames wait for the terminal and arrive
  /// whole. Before, EAGAIN cut them, the diff took them as written, and 2026 stayed on.
  @Test func aNonBlockingOutputLosesNoPartOfAFrame() throws {
    try expectPass(["nonblocking-out"], runs: 1)
  }
}

extension EndToEnd.HostileTerminal {
  /// A program that owns ncurses, stopped from an interactive shell, resized (past 32767 a
  /// side, wide to tall), then `fg`: alive, within the cap, redrawn at the new size. Before,
  /// curses' own resume took the new size unchecked: SIGSEGV at 40000 x 2, 1.1 GB for 10000 x 1
  /// to 1 x 10000.
  @Test(arguments: ["job-monitor", "toolbar-own-curses"])
  func aProgramThatOwnsNcursesGetsTheCapThroughAStop(program: String) throws {
    try expectPass(["own-stopped-resize"], binary: Binary.sibling(program), runs: 1)
  }
}

extension EndToEnd.HostileTerminal {
  /// The theme follows the terminal with no `--theme`: a dark answer to the background query
  /// (at once, or 0.4 s after the first frame) gives the dark theme, a light one the light,
  /// `COLORFGBG=15;0` on a silent terminal the dark, and `--theme light` wins over any answer;
  /// the title row says which and why. Before, every terminal got the light theme's dark bubble.
  @Test func theThemeFollowsTheTerminalsAnswerUnlessChosen() throws {
    try expectPass(["background"], runs: 1)
  }

  /// An answer the session asked for, split across 1.5 s, never becomes keys. Before, `ESC[?2`
  /// timed out after 1 s and `026;1$y` arrived as keys (`1` and `2` switched both lines off).
  @Test func anAnswerSplitAcrossASecondAndAHalfIsNeverKeys() throws {
    try expectPass(["split-reply"], runs: 1)
  }
}
