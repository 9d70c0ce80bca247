import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Ctrl-Z: while the demo is stopped the shell gets a terminal with no mouse reporting of
  /// any kind and no bracketed paste; after `fg` the demo has them all again.
  @Suite struct StopModes {
    /// Every mouse mode the pane has, as tmux reports it: any, all-motion (1003),
    /// button-motion (1002), standard (1000), SGR (1006).
    static func mouseFlags(_ pane: TmuxPane) -> String {
      pane.display(
        "#{mouse_any_flag}#{mouse_all_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}")
    }

    /// Under `tmux-256color` curses switches off only 1000 at the stop (its terminfo entry
    /// names no mouse mode), under `xterm-256color` 1000 and 1006 (its `XM`): 1003 and
    /// bracketed paste are the program's own either way.
    @Test(arguments: ["xterm-256color", "tmux-256color"])
    func modesAreOffWhileStoppedAndBackAfterFg(term: String) throws {
      let pane = try TmuxPane(
        width: 80, height: 24, command: "env PS1='$ ' bash --norc --noprofile -i")
      #expect(pane.wait { pane.capture().first?.hasPrefix("$") == true })
      // The shell's line editor leaves bracketed paste alone, so what the pane shows is the
      // demo's doing.
      pane.send("bind 'set enable-bracketed-paste off'", "Enter")
      var environment = defaultEnvironment
      environment["TERM"] = term
      let env = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      pane.send("clear; env -u NO_COLOR \(env) \(shellQuoted(Binary.path)) --hover", "Enter")
      #expect(
        pane.wait { pane.display("#{alternate_on}") == "1" && Self.mouseFlags(pane) == "11001" },
        "hover on at start: \(Self.mouseFlags(pane))")

      pane.send("C-z")
      #expect(
        pane.wait { pane.display("#{alternate_on}") == "0" && pane.capture().contains { $0.contains("Stopped") } })
      #expect(Self.mouseFlags(pane) == "00000", "mouse modes while stopped: \(Self.mouseFlags(pane))")
      // Bracketed paste: tmux brackets a paste only for a pane that asked for 2004, and the
      // terminal's echo shows the brackets as `^[[200~`.
      pane.send("cat -v", "Enter")
      pane.tmux(["set-buffer", "PASTED"])
      pane.tmux(["paste-buffer", "-p", "-t", "S"])
      #expect(pane.wait { pane.capture().contains { $0.contains("PASTED") } })
      #expect(
        !pane.capture().contains { $0.contains("[200~") }, "a paste while stopped was bracketed: \(pane.capture())")
      pane.send("C-c")
      #expect(pane.wait { pane.capture().last { !$0.isEmpty }?.hasPrefix("$") == true })

      pane.send("fg", "Enter")
      #expect(
        pane.wait { pane.display("#{alternate_on}") == "1" && Self.mouseFlags(pane) == "11001" },
        "mouse modes after fg: \(Self.mouseFlags(pane))")
      // Bracketed paste is back: a pasted `q` quits nothing. Tab after it is the marker: once
      // the screen shows its new selection, the paste before it has been read.
      let beforeMarker = pane.capture()
      pane.tmux(["set-buffer", "q"])
      pane.tmux(["paste-buffer", "-p", "-t", "S"])
      pane.send("Tab")
      #expect(pane.wait { pane.capture() != beforeMarker }, "Tab after the paste changed nothing")
      #expect(pane.display("#{alternate_on}") == "1", "a pasted q quit the demo after fg")
      pane.send("q")
      #expect(pane.wait { pane.display("#{alternate_on}") == "0" })
    }

    /// A program that owns ncurses (the job monitor, whose toolbar opens on hover): while it is
    /// stopped the shell gets no mouse reports of any kind, though curses itself switches off
    /// only its own mode; after `fg` any-motion reporting is back beside curses' own, and
    /// hover opens a bubble again. Any-motion reporting goes on from off, and is asked for once
    /// more at the first motion report after it was asked for (mlterm 3.9's lost motion).
    @Test func theJobMonitorsModesAreOffWhileStoppedAndBackAfterFg() throws {
      let pane = try TmuxPane(
        width: 80, height: 24, command: "env PS1='$ ' bash --norc --noprofile -i")
      #expect(pane.wait { pane.capture().first?.hasPrefix("$") == true })
      // Everything the program writes, from its start.
      let output = pane.files.url.appendingPathComponent("output").path
      pane.tmux(["pipe-pane", "-t", "S", "-o", "cat >> \(shellQuoted(output))"])
      func written() -> String { (try? String(contentsOfFile: output, encoding: .isoLatin1)) ?? "" }
      func motionAsks() -> Int { written().components(separatedBy: "\u{1B}[?1003h").count - 1 }
      let env = defaultEnvironment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      pane.send("clear; env -u NO_COLOR \(env) \(shellQuoted(Binary.sibling("job-monitor")))", "Enter")
      #expect(
        pane.wait { pane.capture().first?.contains("jobmon") == true && pane.display("#{mouse_all_flag}") == "1" },
        "hover on at start: \(Self.mouseFlags(pane))")
      let running = Self.mouseFlags(pane)
      #expect(written().contains("\u{1B}[?1003l\u{1B}[?1003h"), "1003 was not asked for from off")

      let beforeStop = written().unicodeScalars.count
      pane.send("C-z")
      #expect(
        pane.wait { pane.display("#{alternate_on}") == "0" && pane.capture().contains { $0.contains("Stopped") } })
      #expect(Self.mouseFlags(pane) == "00000", "mouse modes while stopped: \(Self.mouseFlags(pane))")
      // tmux (like xterm) drops every tracking mode when curses switches off its own, so the
      // flags above hold either way; for a terminal that keeps 1003 apart, it is written off.
      #expect(
        String(written().unicodeScalars.dropFirst(beforeStop)).contains("\u{1B}[?1003l"),
        "1003 was not switched off at the stop")

      pane.send("fg", "Enter")
      #expect(
        pane.wait { pane.display("#{alternate_on}") == "1" && Self.mouseFlags(pane) == running },
        "mouse modes after fg: \(Self.mouseFlags(pane)), before the stop: \(running)")
      // Hover still opens a bubble, and the first motion report has 1003 asked for once more.
      let asks = motionAsks()
      let hint = "Reads every job again now."
      pane.sendBytes(Array("\u{1B}[<35;41;16M".utf8))  // the pointer over the table
      pane.sendBytes(Array("\u{1B}[<35;4;1M".utf8))  // then at rest on the refresh icon
      #expect(pane.wait { pane.capture().contains { $0.contains(hint) } }, "hover did not open it after fg")
      #expect(motionAsks() == asks + 1, "1003 asked for \(motionAsks() - asks) times at the motion after fg")
      pane.send("q")
      #expect(pane.wait { pane.display("#{alternate_on}") == "0" })
      #expect(pane.wait { Self.mouseFlags(pane) == "00000" }, "mouse modes after q: \(Self.mouseFlags(pane))")
    }
  }
}
