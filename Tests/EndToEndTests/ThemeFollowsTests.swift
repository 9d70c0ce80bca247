import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// Issue 43: with no `--theme`, the demo's theme follows the terminal's answer to the
  /// background query, whenever it comes (here after the first frame, as tmux would pass a
  /// terminal's answer on), in every form, split across reads; the answer is never keys (its
  /// `g` would start the tour, its `f` switch the fidelity); `t` is a choice the next answer
  /// does not undo.
  @Suite struct ThemeFollows {
    func title(_ pane: TmuxPane) -> String { pane.capture().first ?? "" }

    @Test func theTerminalsAnswerReThemesTheDemo() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      #expect(title(pane).contains("· light · scene sizes · hug ·"), "\(title(pane))")
      pane.sendBytes(Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\".utf8))
      #expect(pane.wait { title(pane).contains("· dark (terminal) · scene sizes · hug ·") }, "\(title(pane))")
      // The bubble is drawn in the dark theme's white fill (palette 231).
      pane.send("Enter")
      #expect(pane.wait { pane.captureEscapes().contains { $0.contains("48;5;231m") } })

      // Split across reads, 300 ms apart, ended by BEL: a white terminal.
      pane.sendBytes(Array("\u{1B}]11;rgb:ff".utf8))
      Thread.sleep(forTimeInterval: 0.3)
      pane.sendBytes(Array("ff/ffff/ffff\u{07}".utf8))
      #expect(pane.wait { title(pane).contains("· light (terminal) · scene sizes · hug ·") }, "\(title(pane))")
      #expect(!(pane.capture().last ?? "").contains("tour"))

      // `t` chooses; the next answer changes nothing.
      pane.send("t")
      #expect(pane.wait { title(pane).contains("· dark · scene sizes · hug ·") }, "\(title(pane))")
      pane.sendBytes(Array("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\".utf8))
      pane.send("s")
      #expect(pane.wait { title(pane).contains("· dark · all sm ·") }, "\(title(pane))")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }
  }
}
