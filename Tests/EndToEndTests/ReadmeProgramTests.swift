import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The README's three programs, one per way to use the library, run as a reader would run
  /// them: the core alone prints what the README shows under it, and the two that drive a
  /// terminal open their hint from the keyboard and the mouse in tmux and quit with `q`.
  /// (`ReadmeSnippetTests` holds the README's blocks to these files.)
  @Suite struct ReadmePrograms {
    /// The fenced block of kind `kind` (`swift`, `text`) that follows the line `marker` in the
    /// README, or nil.
    static func block(_ kind: String, after marker: String) throws -> String? {
      let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
      guard let start = readme.range(of: marker) else { return nil }
      let rest = readme[start.upperBound...]
      guard let open = rest.range(of: "```\(kind)\n") else { return nil }
      let body = rest[open.upperBound...]
      guard let close = body.range(of: "\n```") else { return nil }
      return String(body[..<close.lowerBound])
    }

    @Test func theCoreProgramPrintsWhatTheReadmeShows() throws {
      let result = try runProcess(Binary.sibling("hello-core"), [], timeout: .seconds(30))
      #expect(result.status == 0, "\(result.stderr)")
      let printed = result.text.split(separator: "\n", omittingEmptySubsequences: false)
        .map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
      let shown = try #require(try Self.block("text", after: "```swift\n// The core alone"))
      #expect(printed == shown + "\n", "the README shows:\n\(shown)\nthe program prints:\n\(printed)")
      // The tap opened the tooltip: its copy is in the frame, under the icon.
      #expect(shown.contains("[opened share]"))
      #expect(shown.contains("Send it to your team."))
    }

    @Test(arguments: ["hello-session", "hello-curses"])
    func theKeyboardAndTheMouseOpenTheHintAndQQuits(program: String) throws {
      let pane = try TmuxPane(program: Binary.sibling(program))
      let hint = "Writes the file to disk."
      let started = pane.wait { pane.capture().count > 2 && pane.capture()[2].contains("Save") }
      #expect(started, "\(program) did not start: \(pane.wrapperFiles?.read("stderr") ?? "")")
      pane.send("Tab")
      pane.send("Enter")
      #expect(pane.wait { pane.capture().contains { $0.contains(hint) } }, "\(pane.capture())")
      pane.send("Escape")
      #expect(pane.wait { !pane.capture().contains { $0.contains(hint) } }, "\(pane.capture())")
      pane.click(x: 17, y: 2)
      #expect(pane.wait { pane.capture().contains { $0.contains(hint) } }, "\(pane.capture())")
      pane.click(x: 40, y: 12)
      #expect(pane.wait { !pane.capture().contains { $0.contains(hint) } }, "\(pane.capture())")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
      #expect(pane.wrapperFiles?.read("before") == pane.wrapperFiles?.read("after"))
    }
  }
}
