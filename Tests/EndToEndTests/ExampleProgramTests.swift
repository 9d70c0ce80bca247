import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The two example programs in a real terminal: tooltips on a program's own toolbar, with the
  /// program's rows and colours untouched while a bubble is open and restored when it closes.
  @Suite struct ExamplePrograms {
    /// The example that owns ncurses: toolbar on row 1, the `?` icon at column 51.
    static let ownCurses = (program: Binary.sibling("toolbar-own-curses"), help: 51, copy: 33)
    /// The example whose terminal the component owns: the `?` icon at column 47.
    static let session = (program: Binary.sibling("toolbar-session"), help: 47, copy: 31)

    static let programs = [
      (ownCurses.program, ownCurses.help, ownCurses.copy), (session.program, session.help, session.copy),
    ]

    func start(_ program: String) throws -> TmuxPane {
      let pane = try TmuxPane(program: program)
      let started = pane.wait { pane.capture().first?.contains("Files: ~/project") == true }
      #expect(started, "the example did not start: \(pane.wrapperFiles?.read("stderr") ?? "")")
      return pane
    }

    @Test(arguments: programs)
    func aClickOpensEscClosesAndTheProgramsRowsKeepTheirColours(program: String, help: Int, copy: Int) throws {
      let pane = try start(program)
      let hint = "Hold a button for its hint;"
      // The first tap selects `?` as well as opening it: after Esc the screen is the program's
      // own with that selection, the reference for everything below.
      pane.click(x: help, y: 1)
      #expect(pane.wait { pane.capture().contains { $0.contains(hint) } })
      pane.send("Escape")
      #expect(pane.wait { !pane.capture().contains { $0.contains(hint) } })
      Thread.sleep(forTimeInterval: 0.2)
      let closed = pane.captureEscapes()
      let last = closed.count - 2  // the capture ends in an empty string after the last newline

      pane.click(x: help, y: 1)
      #expect(pane.wait { pane.capture().contains { $0.contains(hint) } })
      let open = pane.captureEscapes()
      // The program's title and status rows keep their colours while the bubble is open.
      #expect(open[0] == closed[0])
      #expect(open[0].contains("44m") || open[0].contains("48;5;26m"))
      #expect(open[last] == closed[last])
      #expect(open[last].contains("46m") || open[last].contains("48;5;45m"))
      pane.send("Escape")
      // No bubble cell is left: every row, colours included, is as it was.
      #expect(pane.wait { pane.captureEscapes() == closed }, "\(pane.capture().joined(separator: "\n"))")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test(arguments: programs)
    func aTapRunsTheButtonAndAHoldShowsItsHint(program: String, help: Int, copy: Int) throws {
      let pane = try start(program)
      pane.click(x: copy, y: 1)
      #expect(pane.wait { pane.capture().last?.hasPrefix(" copy: ") == true }, "\(pane.capture().last ?? "")")
      pane.sgr(press: true, x: copy, y: 1)
      #expect(pane.wait { pane.capture().contains { $0.contains("Copies the selected file") } })
      pane.sgr(press: false, x: copy, y: 1)
      pane.click(x: 70, y: 12)
      #expect(pane.wait { !pane.capture().contains { $0.contains("Copies the selected file") } })
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    /// The session example draws its own toolbar (its anchors are the program's): its buttons
    /// keep the program's text and green whatever the tooltips do; the library reverses only
    /// the selected one.
    @Test func programDrawnToolbarKeepsTheProgramsCells() throws {
      let pane = try start(Self.session.program)
      func toolbar() -> String { pane.tmux(["capture-pane", "-p", "-e", "-t", "S", "-S", "1", "-E", "1"]) }
      #expect(pane.capture()[1].contains(" New    Open    Copy    Delete   ?"), "\(pane.capture()[1])")
      let green = toolbar().contains("42m") || toolbar().contains("48;5;")
      #expect(green, "\(toolbar())")
      pane.click(x: Self.session.help, y: 1)
      #expect(pane.wait { pane.capture().contains { $0.contains("Hold a button for its hint;") } })
      // The buttons' text is the program's, with the selection reversed on `?` alone.
      #expect(pane.capture()[1].contains(" New    Open    Copy    Delete   ?"))
      #expect(toolbar().contains("7m"), "\(toolbar())")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test func aSignalRestoresTheTerminalOfTheProgramThatOwnsCurses() throws {
      let pane = try start(Self.ownCurses.program)
      let pid = try #require(pane.demoPID())
      kill(pid, SIGTERM)
      #expect(pane.exitStatus() == 143)
      #expect(pane.wrapperFiles?.read("before") == pane.wrapperFiles?.read("after"))
      #expect(pane.display("#{alternate_on}") == "0")
    }

    // MARK: - Programs that own ncurses: the end of their input

    /// A program that owns ncurses, run with standard input open for writing only (as a script
    /// that redirects it may leave it): it ends at once with its reason and status 129, the
    /// terminal restored, instead of reading `ERR` for ever at full CPU.
    @Test(arguments: [Binary.sibling("toolbar-own-curses"), Binary.sibling("job-monitor")])
    func aWriteOnlyStandardInputEndsTheProgramWithItsReason(program: String) throws {
      let pane = try TmuxPane(program: "/bin/sh", arguments: ["-c", "exec \"$0\" 0>>/dev/tty", program])
      #expect(pane.exitStatus() == 129)
      #expect(pane.wrapperFiles?.read("stderr")?.contains("open for writing only") == true)
      #expect(pane.wrapperFiles?.read("before") == pane.wrapperFiles?.read("after"))
    }

    /// A terminal left non-blocking (`O_NONBLOCK`) by an earlier program: the program that owns
    /// ncurses and waits with no timeout has it made blocking (`TerminalGuard.install()`), sleeps
    /// while idle and still takes keys.
    @Test func aTerminalLeftNonBlockingNeitherSpinsNorLosesKeys() throws {
      let setNonBlocking =
        "import fcntl, os, sys; fcntl.fcntl(0, fcntl.F_SETFL, fcntl.fcntl(0, fcntl.F_GETFL) | os.O_NONBLOCK); "
        + "os.execv(sys.argv[1], sys.argv[1:])"
      let pane = try TmuxPane(
        program: "/usr/bin/python3", arguments: ["-c", setNonBlocking, Self.ownCurses.program])
      #expect(pane.wait { pane.capture().first?.contains("Files: ~/project") == true })
      let pid = try #require(pane.demoPID())
      let before = try cpuTicks(pid)
      Thread.sleep(forTimeInterval: 1.5)
      // Idle for 1.5 s: a loop reading ERR at once would have used all of it.
      #expect(try cpuTicks(pid) - before < 50, "CPU time while idle, in clock ticks")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    /// The user and system CPU time of process `pid` so far, in clock ticks (`/proc/PID/stat`).
    func cpuTicks(_ pid: pid_t) throws -> Int {
      let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
      let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
      return Int(fields[11])! + Int(fields[12])!
    }
  }
}

extension EndToEnd {
  /// The job monitor: a program with four windows on panels, whose tooltips open in panels of
  /// their own over any of them.
  @Suite struct JobMonitor {
    static let program = Binary.sibling("job-monitor")
    /// Where things are on an 80 x 24 screen.
    static let cpuHeader = (x: 20, y: 2)
    static let statusRow = 23

    func start() throws -> TmuxPane {
      let pane = try TmuxPane(program: Self.program)
      let started = pane.wait { pane.capture().first?.contains("jobmon") == true }
      #expect(started, "the job monitor did not start: \(pane.wrapperFiles?.read("stderr") ?? "")")
      return pane
    }

    /// Each row of the pane with its SGR codes, captured on its own (so a row's codes never
    /// depend on the row before it).
    func rows(_ pane: TmuxPane) -> [String] {
      (0..<24).map { pane.tmux(["capture-pane", "-p", "-e", "-t", "S", "-S", "\($0)", "-E", "\($0)"]) }
    }

    func isOpen(_ pane: TmuxPane) -> Bool {
      pane.capture().contains { $0.contains("Of one core, over the last") }
    }

    @Test func theProgramsRowsKeepTheirCodesWhileABubbleIsOpenAndAfterWithNoRedraw() throws {
      let pane = try start()
      let closed = rows(pane)
      #expect(closed[3].contains("43m"), "the selected job's own colours: \(closed[3])")

      pane.click(x: Self.cpuHeader.x, y: Self.cpuHeader.y)
      #expect(pane.wait { isOpen(pane) })
      let open = rows(pane)
      // The bubble lies over the header row's pointer cell and the table's first rows; every
      // other row of every window keeps its characters and codes (the clock's row aside).
      let changed = (0..<Self.statusRow).filter { open[$0] != closed[$0] }
      #expect(!changed.isEmpty && changed.allSatisfy { (3...9).contains($0) }, "rows changed: \(changed)")
      // The pointer keeps the background of the selected job's row under it (yellow, 43): no
      // default-coloured hole (49) in the row.
      #expect(open[3].contains("▲") && open[3].contains("43m") && !open[3].contains("49m"), "\(open[3])")
      pane.send("Escape")
      // Closed: the panel library gives back every cell; the program drew nothing again (its
      // table is drawn only when its content changes).
      #expect(pane.wait { Array(rows(pane).prefix(Self.statusRow)) == Array(closed.prefix(Self.statusRow)) })
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test func theClockTicksAndPgDnAndTheWheelScrollWhileABubbleIsOpen() throws {
      let pane = try start()
      pane.click(x: Self.cpuHeader.x, y: Self.cpuHeader.y)
      #expect(pane.wait { isOpen(pane) })
      let clock = pane.capture()[Self.statusRow]
      #expect(pane.wait(timeout: .seconds(3)) { pane.capture()[Self.statusRow] != clock }, "the clock stopped")
      #expect(isOpen(pane))

      // Row 12 lies below the bubble: its job changes as the table scrolls under it.
      let first = pane.capture()[12]
      pane.send("NPage")
      #expect(pane.wait { pane.capture()[12] != first }, "PgDn did not scroll")
      #expect(isOpen(pane))
      let paged = pane.capture()[12]
      pane.sendBytes(Array("\u{1B}[<65;40;15M".utf8))  // the wheel, down, over the table
      #expect(pane.wait { pane.capture()[12] != paged }, "the wheel did not scroll")
      #expect(isOpen(pane))
      pane.sendBytes(Array("\u{1B}[<64;40;15M".utf8))  // and up again
      #expect(pane.wait { pane.capture()[12] == paged }, "the wheel did not scroll back")
      #expect(isOpen(pane))
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test func aTapSelectsAJobAndTheToolbarsButtonsRunAndExplainThemselves() throws {
      let pane = try start()
      // A tap on a job: the program's (its row takes the selected colours).
      pane.click(x: 30, y: 10)
      #expect(pane.wait { rows(pane)[10].contains("43m") })
      // A tap on the pause icon runs it; holding the refresh icon shows its hint.
      pane.click(x: 1, y: 0)
      #expect(pane.wait { pane.capture()[0].contains("(paused)") })
      pane.sgr(press: true, x: 3, y: 0)
      #expect(pane.wait { pane.capture().contains { $0.contains("Reads every job again now.") } })
      pane.sgr(press: false, x: 3, y: 0)
      // The taps left the program's own focus alone: the selected job is still the one tapped.
      #expect(rows(pane)[10].contains("43m"))
      // Tab walks the toolbar from the keyboard; i shows the focused button's hint. On the top
      // row at the left edge, the bubble slides right (edges: shift) and shows whole.
      pane.send("Escape")
      pane.send("Tab")
      pane.send("i")
      #expect(pane.wait { pane.capture().contains { $0.contains("Stops the table refreshing.") } })
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    /// The toolbar's buttons open on hover: the program asks `CursesTooltips` for nothing more
    /// than the scene says, and any-motion reports are asked for while it runs and withdrawn when
    /// it quits.
    @Test func theToolbarExplainsItselfWhenThePointerRestsOnIt() throws {
      let pane = try start()
      #expect(pane.wait { pane.display("#{mouse_all_flag}") == "1" }, "any-motion reports were not asked for")
      // Everything the program writes from here on.
      let output = pane.files.url.appendingPathComponent("output").path
      pane.tmux(["pipe-pane", "-t", "S", "-o", "cat >> \(shellQuoted(output))"])
      let hint = "Reads every job again now."
      pane.sendBytes(Array("\u{1B}[<35;41;16M".utf8))  // the pointer over the table
      pane.sendBytes(Array("\u{1B}[<35;4;1M".utf8))  // then at rest on the refresh icon (column 3)
      #expect(pane.wait { pane.capture().contains { $0.contains(hint) } }, "hover did not open it")
      // Off the zone (anchor, gap, bubble): it closes, and the program's own cells come back.
      pane.sendBytes(Array("\u{1B}[<35;60;16M".utf8))
      #expect(pane.wait { !pane.capture().contains { $0.contains(hint) } }, "it stayed open off its zone")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
      // On the way out the any-motion request was withdrawn before curses ended.
      let written = (try? String(contentsOfFile: output, encoding: .isoLatin1)) ?? ""
      #expect(written.contains("\u{1B}[?1003l"), "1003 was not switched off")
    }

    /// A screen too small for the toolbar leaves no hover anchor: any-motion reports are
    /// withdrawn, and the program's own mouse mode stays on (terminals keep one tracking mode, so
    /// switching 1003 off alone would leave the mouse dead).
    @Test func withdrawingMotionReportsLeavesTheMouseOn() throws {
      let pane = try start()
      #expect(pane.wait { pane.display("#{mouse_all_flag}") == "1" })
      pane.tmux(["resize-window", "-t", "S", "-x", "30", "-y", "10"])
      #expect(pane.wait { pane.capture().first?.hasPrefix("Too small") == true })
      #expect(pane.wait { pane.display("#{mouse_all_flag}") == "0" }, "1003 still on")
      #expect(pane.wait { pane.display("#{mouse_any_flag}") == "1" }, "the mouse is off")
      pane.tmux(["resize-window", "-t", "S", "-x", "80", "-y", "24"])
      #expect(pane.wait { pane.display("#{mouse_all_flag}") == "1" }, "1003 not asked for again")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    @Test func aSignalRestoresTheTerminal() throws {
      let pane = try start()
      let pid = try #require(pane.demoPID())
      kill(pid, SIGTERM)
      #expect(pane.exitStatus() == 143)
      #expect(pane.wrapperFiles?.read("before") == pane.wrapperFiles?.read("after"))
      #expect(pane.display("#{alternate_on}") == "0")
    }
  }
}
