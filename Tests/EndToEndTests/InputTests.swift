import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// What the terminal sends beyond plain keys, as the demo takes it: pastes, sequences over a
  /// slow link, and Esc merged with the next key by a multiplexer.
  @Suite struct Input {
    static let topMD = " Top · md · Sits above a 3-cell icon."
    static let topSM = " Top · sm · Sits above a 1-cell icon."

    /// The demo asks for bracketed paste, so tmux wraps a paste: the pasted `q` quits nothing
    /// and the pasted `t` changes no theme.
    @Test func aPasteIsNotKeys() throws {
      let pane = try TmuxPane(arguments: ["--open", "top-md"])
      pane.expectStarted()
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-md"]))
      // tmux brackets the paste only for a program that asked for mode 2004.
      pane.tmux(["set-buffer", "tq"])
      pane.tmux(["paste-buffer", "-p", "-t", "S"])
      // The bytes as a terminal in that mode sends them.
      pane.sendBytes(Array("\u{1B}[200~q\u{1B}[201~".utf8))
      #expect(pane.exitStatus(timeout: .milliseconds(500)) == nil, "a pasted q quit the demo")
      // A marker key: once the theme is dark, both pastes have been read, and did nothing.
      pane.send("t")
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-md", "--theme", "dark"]))
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }

    /// Over a slow link the bytes of one sequence come apart: once `ESC [` has come, the rest
    /// belongs to it. A split Ctrl-Up is nothing (not Esc, which closed the tooltip, then `1`,
    /// which hid the headlines); a split mouse report is a tap on the background; a split Down
    /// moves the selection (not Esc).
    @Test func sequencesWhoseBytesCome60msApartAreStillSequences() throws {
      let pane = try TmuxPane(arguments: ["--open", "top-md"])
      pane.expectStarted()
      let start = try snapshot(["--size", "80x24", "--open", "top-md"])
      pane.expectScreen(start)
      func slowly(_ pieces: [String]) {
        for (i, piece) in pieces.enumerated() {
          if i > 0 { Thread.sleep(forTimeInterval: 0.06) }
          pane.sendBytes(Array(piece.utf8))
        }
      }
      slowly(["\u{1B}[", "1", ";", "5", "A"])
      pane.send("t")
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-md", "--theme", "dark"]))
      pane.send("t")
      pane.expectScreen(start)
      // A tap on an empty cell, its press and release each in pieces.
      slowly(["\u{1B}[", "<0;", "2;", "2", "2M", "\u{1B}[<0;2;22m"])
      pane.expectStatus(Self.topMD + "  |  closed top-md by a tap")
      // A split Down moves the selection (as Esc it would have cleared the last event).
      slowly(["\u{1B}[", "B"])
      pane.expectStatus(" Bottom · md · Sits below a 3-cell icon.  |  closed top-md by a tap")
    }

    /// tmux delivers Esc and a key typed within its escape-time as one Alt key (`ESC t`): the
    /// demo takes it as Esc (the tooltip closes), then `t` (the theme changes).
    @Test func escMergedWithTheNextKeyIsEscThenTheKey() throws {
      let pane = try TmuxPane(arguments: ["--open", "top-md"])
      pane.expectStarted()
      pane.sendBytes([0x1B, 0x74])
      var closed = try snapshot(["--size", "80x24", "--theme", "dark"])
      closed[closed.count - 1] = Self.topMD + "  |  closed top-md by Esc"
      pane.expectScreen(closed)
    }

    /// GNU screen holds a lone ESC while mouse reporting is on and sends it with the next key:
    /// Esc, then Tab 1.6 s later, closes the tooltip and then moves the selection.
    @Test func underGNUScreenEscThenTabClosesThenMoves() throws {
      let files = try TemporaryDirectory()
      try files.write("screenrc", "autodetach off\nstartup_message off\n")
      let sockets = files.url.appendingPathComponent("sockets").path
      try FileManager.default.createDirectory(atPath: sockets, withIntermediateDirectories: false)
      chmod(sockets, 0o700)
      let pane = try TmuxPane(
        program: "/usr/bin/screen",
        arguments: ["-q", "-U", "-T", "screen", "-c", files.url.appendingPathComponent("screenrc").path]
          + [Binary.path, "--open", "top-sm"],
        environment: ["SCREENDIR": sockets])
      pane.expectStarted()
      pane.expectStatus(Self.topSM)
      #expect(pane.capture().contains { $0.contains("Sits above a 1-cell icon") })
      pane.send("Escape")
      Thread.sleep(forTimeInterval: 1.6)
      pane.send("Tab")
      pane.expectStatus(Self.topMD + "  |  closed top-sm by Esc")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }
  }
}
