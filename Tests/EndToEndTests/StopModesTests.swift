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
      // Bracketed paste is back: a pasted `q` quits nothing.
      pane.tmux(["set-buffer", "q"])
      pane.tmux(["paste-buffer", "-p", "-t", "S"])
      Thread.sleep(forTimeInterval: 0.5)
      #expect(pane.display("#{alternate_on}") == "1", "a pasted q quit the demo after fg")
      pane.send("q")
      #expect(pane.wait { pane.display("#{alternate_on}") == "0" })
    }
  }
}
