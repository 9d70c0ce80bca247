import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The session as the terminal's one owner, as users run it: the demo as the command of its
  /// pane (its session's leader, its process group orphaned), and under an interactive shell
  /// with job control.
  @Suite struct SessionOwnership {
    /// The pane's command is the demo itself (`exec`), as `xterm -e tooltip-tui` runs it.
    static func leaderPane() throws -> TmuxPane {
      let env = defaultEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      let command = (["exec", "env", "-u", "NO_COLOR"] + env + [Binary.path]).map(shellQuoted).joined(separator: " ")
      return try TmuxPane(width: 80, height: 24, command: command)
    }

    /// Every mouse mode the pane has, as tmux reports it: any, all-motion (1003),
    /// button-motion (1002), standard (1000), SGR (1006).
    static func modes(_ pane: TmuxPane) -> String {
      pane.display(
        "#{alternate_on}#{mouse_any_flag}#{mouse_all_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}")
    }

    /// Ctrl-Z then Tab gives the screen Tab alone gives, with every mode back on. Before, the
    /// screen was left blank under the next diffs and the mouse modes stayed off.
    @Test func ctrlZWhenTheDemoLeadsItsSessionThenTabIsTabAlone() throws {
      let plain = try Self.leaderPane()
      defer { plain.kill() }
      #expect(plain.wait { Self.modes(plain) == "110101" && plain.capture().first?.contains("Tooltip") == true })
      let start = plain.capture()
      plain.send("Tab")
      #expect(plain.wait { plain.capture() != start })
      usleep(300_000)
      let expected = plain.capture()

      let stopped = try Self.leaderPane()
      defer { stopped.kill() }
      #expect(stopped.wait { Self.modes(stopped) == "110101" && stopped.capture().first?.contains("Tooltip") == true })
      stopped.send("C-z")
      usleep(500_000)
      stopped.send("Tab")
      #expect(
        stopped.wait { stopped.capture() == expected },
        "after Ctrl-Z and Tab:\n\(stopped.capture().joined(separator: "\n"))")
      #expect(Self.modes(stopped) == Self.modes(plain), "modes \(Self.modes(stopped)), not \(Self.modes(plain))")
    }

    /// Under a shell with job control: Ctrl-Z with the help shown (the cursor hidden) gives
    /// the shell its cursor; a resize while stopped is drawn at the new size after `fg`.
    /// Before, `?25h` was never sent, and the demo kept drawing 100 columns on a 70-column
    /// terminal (the title wrapped, stale cells stayed), Ctrl-L no help.
    @Test func ctrlZShowsTheCursorAndAResizeWhileStoppedIsDrawnAfterFg() throws {
      let pane = try TmuxPane(width: 100, height: 30, command: "env PS1='$ ' bash --norc --noprofile -i")
      defer { pane.kill() }
      #expect(pane.wait { pane.capture().first?.hasPrefix("$") == true })
      let env = defaultEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      pane.send("clear; env -u NO_COLOR \(env) \(shellQuoted(Binary.path))", "Enter")
      #expect(pane.wait { pane.display("#{alternate_on}") == "1" && pane.capture().first?.contains("Tooltip") == true })
      pane.send("?")
      #expect(pane.wait { pane.display("#{cursor_flag}") == "0" }, "the help hides the cursor")
      pane.send("C-z")
      #expect(
        pane.wait { pane.display("#{alternate_on}") == "0" && pane.capture().contains { $0.contains("Stopped") } })
      #expect(pane.display("#{cursor_flag}") == "1", "the shell has no cursor while the demo is stopped")
      pane.tmux(["resize-window", "-t", "S", "-x", "70", "-y", "20"])
      usleep(300_000)
      pane.send("fg", "Enter")
      pane.send("?")
      let expected = try snapshot(["--size", "70x20"])
      pane.expectScreen(expected, "after fg at 70 x 20")
      pane.send("q")
      #expect(pane.wait { pane.display("#{alternate_on}") == "0" })
    }
  }
}

extension EndToEnd.SessionOwnership {
  /// A program that owns ncurses and reads with `wgetch` itself, or waits through
  /// `CursesTooltips.wait(atMost:)`: a resize reaches it as KEY_RESIZE at once, with no key
  /// typed. Before, the resize waited inside `TerminalGuard.blocking` for the next key.
  @Test(arguments: ["own-wgetch-resize", "own-wait-resize"])
  func aResizeReachesAProgramThatCallsWgetchItself(mode: String) throws {
    let pane = try TmuxPane(program: Binary.sibling("tooltip-misuse"), width: 80, height: 24, arguments: [mode])
    defer { pane.kill() }
    #expect(pane.wait { pane.capture().first == "size 80x24" }, "\(pane.capture().first ?? "")")
    pane.tmux(["resize-window", "-t", "S", "-x", "60", "-y", "20"])
    #expect(pane.wait { pane.capture().first == "size 60x20" }, "\(pane.capture().first ?? "")")
    pane.send("q")
    #expect(pane.exitStatus() == 0)
  }
}

extension EndToEnd.SessionOwnership {
  /// The fill colours (256-colour `48;5;N` backgrounds) the pane shows.
  static func fills(_ pane: TmuxPane) -> Set<String> {
    Set(pane.captureEscapes().joined().matches(of: /48;5;[0-9]+/).map { String($0.output) })
  }

  /// A program other than the demo, laid out with `TerminalSession.renderOptions` as the
  /// examples are, follows the terminal: its open bubble has the light theme's fill (233) until
  /// the terminal answers the background query dark, then the dark theme's (231). Before, a
  /// program got the light theme on every terminal unless it wrote the demo's policy itself.
  @Test func aSessionProgramFollowsTheTerminalsBackgroundThroughRenderOptions() throws {
    let pane = try TmuxPane(program: Binary.sibling("toolbar-session"), width: 80, height: 24)
    defer { pane.kill() }
    #expect(pane.wait { pane.capture().first?.contains("Files") == true })
    pane.send("Tab", "i")
    #expect(pane.wait { Self.fills(pane).contains("48;5;233") }, "\(Self.fills(pane))")
    pane.sendBytes(Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\\u{1B}[?62;22c".utf8))
    #expect(
      pane.wait { Self.fills(pane).contains("48;5;231") && !Self.fills(pane).contains("48;5;233") },
      "\(Self.fills(pane))")
    pane.send("q")
    #expect(pane.exitStatus() == 0)
  }
}
