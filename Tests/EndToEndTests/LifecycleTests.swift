import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Starting, refusing to start, suspending, and every way out leaving the terminal as it was.
  @Suite struct Lifecycle {
    /// How a run ends.
    enum Quit: String, CaseIterable, Sendable {
      case qKey, ctrlC, ctrlBackslash, sigterm, sighup, killSEGV
      /// Faults the demo injects in curses mode (TOOLTIP_TUI_TEST_FAULT).
      case trap, unwrap, segv, abort

      /// The exit status the shell sees.
      var status: Int32 {
        switch self {
        case .qKey: 0
        case .ctrlC: 130
        case .ctrlBackslash: 128 + SIGQUIT
        case .sigterm: 143
        case .sighup: 129
        case .killSEGV, .segv: 128 + SIGSEGV
        case .trap, .unwrap: 128 + SIGILL
        case .abort: 128 + SIGABRT
        }
      }

      /// The injected fault, if this way out is one.
      var fault: String? {
        switch self {
        case .trap, .unwrap, .segv, .abort: rawValue
        default: nil
        }
      }
    }

    /// Checks the pane is back to the state it was in before the demo: main screen, mouse
    /// reporting off, cursor shown, keypad mode off, and `stty -g` as before.
    func expectTerminalRestored(_ pane: TmuxPane, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(pane.display("#{alternate_on}") == "0", "main screen", sourceLocation: sourceLocation)
      #expect(pane.display("#{mouse_any_flag}") == "0", "mouse off", sourceLocation: sourceLocation)
      #expect(pane.display("#{mouse_sgr_flag}") == "0", "SGR mouse off", sourceLocation: sourceLocation)
      #expect(pane.display("#{cursor_flag}") == "1", "cursor shown", sourceLocation: sourceLocation)
      #expect(pane.display("#{keypad_cursor_flag}") == "0", "cursor keys normal", sourceLocation: sourceLocation)
      let before = pane.wrapperFiles?.read("before")
      let after = pane.wrapperFiles?.read("after")
      #expect(
        before != nil && before == after, "stty -g before \(before ?? "-") after \(after ?? "-")",
        sourceLocation: sourceLocation)
    }

    @Test(arguments: Quit.allCases)
    func everyWayOutRestoresTheTerminal(_ quit: Quit) throws {
      let environment = quit.fault.map { ["TOOLTIP_TUI_TEST_FAULT": $0] } ?? [:]
      let pane = try TmuxPane(arguments: ["--open", "top-sm"], environment: environment)
      if quit.fault == nil {
        pane.expectStarted()
        pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-sm"]))
        #expect(pane.display("#{mouse_sgr_flag}") == "1")
        let pid = try #require(pane.demoPID())
        switch quit {
        case .qKey: pane.send("q")
        case .ctrlC: pane.send("C-c")
        case .ctrlBackslash: pane.send("C-\\")
        case .sigterm: kill(pid, SIGTERM)
        case .sighup: kill(pid, SIGHUP)
        default: kill(pid, SIGSEGV)
        }
      }
      #expect(pane.exitStatus(timeout: .seconds(30)) == quit.status)
      expectTerminalRestored(pane)
      let stderr = pane.wrapperFiles?.read("stderr") ?? ""
      if quit.fault != nil {
        // The runtime's crash report still comes after the terminal is restored.
        #expect(stderr.contains("Program crashed"), "stderr: \(stderr.prefix(300))")
      } else if quit != .killSEGV {
        #expect(stderr == "", "nothing on stderr")
      }
    }

    /// SGR 1006, asked for beside terminfo's own mouse mode, is switched off again on the way
    /// out, under TERMs whose terminfo knows nothing of it.
    @Test(arguments: ["tmux-256color", "screen", "xterm-1005", "xterm-vt220"])
    func theMouseModesAskedForAreSwitchedOffOnExit(term: String) throws {
      let pane = try TmuxPane(environment: ["TERM": term])
      pane.expectStarted()
      #expect(pane.display("#{mouse_sgr_flag}") == "1")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
      expectTerminalRestored(pane)
      #expect(pane.display("#{mouse_utf8_flag}") == "0", "UTF-8 mouse off")
    }

    @Test func ctrlCAsAKeyQuitsWith130() throws {
      // With the terminal's signal keys off, Ctrl-C reaches the demo as the byte 0x03.
      let env = defaultEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      let script =
        "stty -isig; env -u NO_COLOR \(env) \(shellQuoted(Binary.path)); echo status=$?; stty isig; exec sleep 300"
      let pane = try TmuxPane(width: 80, height: 24, command: "bash -c " + shellQuoted(script))
      pane.expectStarted()
      pane.send("C-c")
      #expect(pane.wait { pane.capture().contains("status=130") })
      #expect(pane.display("#{alternate_on}") == "0")
    }

    @Test func theDemoEndsWhenItsTerminalGoesAway() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      let pid = try #require(pane.demoPID())
      pane.kill()
      // Only the pane's session leader is told of the hang-up; the demo must notice it itself.
      #expect(pane.wait { kill(pid, 0) != 0 })
    }

    @Test func ctrlZThenFgRedrawsTheScreen() throws {
      let pane = try TmuxPane(
        width: 80, height: 24, command: "env PS1='$ ' bash --norc --noprofile -i")
      #expect(pane.wait { pane.capture().first?.hasPrefix("$") == true })
      let env = defaultEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      pane.send("clear; env -u NO_COLOR \(env) \(shellQuoted(Binary.path)) --open top-md", "Enter")
      let expected = try snapshot(["--size", "80x24", "--open", "top-md"])
      pane.expectScreen(expected, "at start")
      pane.send("C-z")
      #expect(
        pane.wait { pane.display("#{alternate_on}") == "0" && pane.capture().contains { $0.contains("Stopped") } })
      #expect(pane.display("#{mouse_any_flag}") == "0")
      pane.send("fg", "Enter")
      pane.expectScreen(expected, "after fg")
      #expect(pane.display("#{alternate_on}") == "1")
      // Still live after the resume.
      pane.send("Escape")
      pane.expectStatus(" Top · md · Sits above a 3-cell icon.  |  closed top-md by Esc")
      pane.send("q")
      #expect(pane.wait { pane.display("#{alternate_on}") == "0" })
    }

    /// The first key after `fg` is an arrow, not Esc: the arrow moves the selection (which
    /// closes the open tooltip as moved away), and nothing closes it as "escape".
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func ctrlZThenFgTheFirstArrowMovesTheSelection(term: String) throws {
      let pane = try TmuxPane(
        width: 80, height: 24, command: "env PS1='$ ' bash --norc --noprofile -i")
      #expect(pane.wait { pane.capture().first?.hasPrefix("$") == true })
      var environment = defaultEnvironment
      environment["TERM"] = term
      let env = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      pane.send("clear; env -u NO_COLOR \(env) \(shellQuoted(Binary.path)) --open top-md", "Enter")
      let expected = try snapshot(["--size", "80x24", "--open", "top-md"])
      pane.expectScreen(expected, "at start")
      pane.send("C-z")
      #expect(
        pane.wait { pane.display("#{alternate_on}") == "0" && pane.capture().contains { $0.contains("Stopped") } })
      pane.send("fg", "Enter")
      pane.expectScreen(expected, "after fg")
      pane.send("Down")
      pane.expectStatus(" Bottom · md · Sits below a 3-cell icon.  |  closed top-md: the selection moved")
      #expect(pane.wait { pane.display("#{cursor_x},#{cursor_y}") == "58,17" })
      pane.send("q")
      #expect(pane.wait { pane.display("#{alternate_on}") == "0" })
    }

    @Test func notATerminalExitsTwoWithAHintAndNothingOnStdout() throws {
      // stdin from /dev/null, stdout to a file.
      var environment = ProcessInfo.processInfo.environment
      environment["TERM"] = "xterm-256color"
      let result = try runProcess(Binary.path, [], environment: environment)
      #expect(result.status == 2)
      #expect(result.stdout.isEmpty)
      #expect(result.stderr.hasSuffix("\n"))
      #expect(result.stderr.dropLast().split(separator: "\n").count == 1)
      #expect(result.stderr.contains("not a terminal"))
      #expect(result.stderr.contains("--snapshot"))
    }

    @Test func stdoutRedirectedFromATerminalExitsTwo() throws {
      let pane = try TmuxPane(
        width: 80, height: 24,
        command: "bash -c "
          + shellQuoted("\(shellQuoted(Binary.path)) > /dev/null 2> /dev/null; echo status=$?; exec sleep 300"))
      #expect(pane.wait { pane.capture().contains("status=2") })
    }

    @Test(arguments: [
      ("nosuchterm", "unknown terminal type 'nosuchterm'"),
      ("dumb", "cannot move the cursor"),
      ("", "TERM is not set"),
    ])
    func anUnusableTermExitsTwoWithAHintAndWritesNothing(term: String, message: String) throws {
      let pane =
        term.isEmpty
        ? try TmuxPane(unset: ["NO_COLOR", "TERM", "COLORFGBG"])
        : try TmuxPane(environment: ["TERM": term])
      #expect(pane.exitStatus() == 2)
      let stderr = pane.wrapperFiles?.read("stderr") ?? ""
      #expect(stderr.contains(message), "stderr: \(stderr)")
      #expect(stderr.contains("--snapshot"))
      #expect(stderr.split(separator: "\n").count == 1)
      // Nothing reached the terminal: the pane is blank, on the main screen.
      #expect(pane.capture().allSatisfy { $0.isEmpty })
      expectTerminalRestored(pane)
    }

    @Test func anUnknownOpenIDIsAUsageError() throws {
      let pane = try TmuxPane(arguments: ["--open", "nope"])
      #expect(pane.exitStatus() == 2)
      #expect(pane.wrapperFiles?.read("stderr")?.contains("--open: no anchor 'nope'") == true)
      #expect(pane.capture().allSatisfy { $0.isEmpty })
    }
  }
}

extension EndToEnd.Lifecycle {
  /// An input the program says changed nothing (`TerminalSession.unchanged()`) asks for no
  /// frame: after five such keys, the first key that changes something is the second frame.
  /// Without it, the five keys (sent well apart from that key) cost a frame of their own.
  @Test func anInputThatChangedNothingAsksForNoFrame() throws {
    let pane = try TmuxPane(
      program: Binary.sibling("tooltip-misuse"), width: 40, height: 5, arguments: ["count-frames"])
    defer { pane.kill() }
    #expect(pane.wait { pane.capture().first?.hasPrefix("frames 1") == true })
    pane.send("x", "x", "x", "x", "x")
    Thread.sleep(forTimeInterval: 0.3)
    pane.send("d")
    #expect(pane.wait { pane.capture().first?.hasPrefix("frames ") == true && pane.capture().first != "frames 1" })
    #expect(pane.capture().first?.trimmingCharacters(in: .whitespaces) == "frames 2")
    pane.send("q")
    #expect(pane.exitStatus() == 0)
  }
}
