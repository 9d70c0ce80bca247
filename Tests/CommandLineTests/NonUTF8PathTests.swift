import Foundation
import TestSupport
import Testing

/// A scene file whose name is not UTF-8 (written under another locale): the path is bytes,
/// opened as the user named it, and shown sanitized. Before, the argument was repaired to
/// U+FFFD before `open()`, and no such file existed.
@Suite struct NonUTF8PathTests {
  /// Runs the binary through the shell, which passes `printf`'s bytes as they are (a Swift
  /// `String` argument cannot hold them).
  func run(_ script: String, in directory: URL) throws -> Finished {
    try runProcess(
      "/bin/sh", ["-c", script],
      environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TUI": Binary.path],
      directory: directory)
  }

  @Test func aSceneFileWhoseNameIsNotUTF8IsOpened() throws {
    let files = try TemporaryDirectory()
    let scene = try String(contentsOfFile: Repository.example("toolbar.json"), encoding: .utf8)
    // The name written as bytes: "tool", 0xFF, "bar.json".
    _ = try run("cat > \"$(printf 'tool\\377bar.json')\" <<'END'\n\(scene)\nEND", in: files.url)
    let lint = try run("\"$TUI\" --lint --scene \"$(printf 'tool\\377bar.json')\"", in: files.url)
    #expect(lint.status == 0, "\(lint.stderr)")
    #expect(lint.text.contains("no findings"), "\(lint.text)")
    let inline = try run(
      "\"$TUI\" --snapshot --size 60x6 --scene=\"$(printf 'tool\\377bar.json')\"", in: files.url)
    #expect(inline.status == 0, "\(inline.stderr)")
    // The title row shows the name with the bad byte as U+FFFD.
    #expect(inline.text.contains("tool\u{FFFD}bar.json"), "\(inline.text)")
  }

  @Test func aMissingFileWhoseNameIsNotUTF8IsShownSanitized() throws {
    let files = try TemporaryDirectory()
    let result = try run("\"$TUI\" --lint --scene \"$(printf 'no\\377\\033[31mpe.json')\"", in: files.url)
    #expect(result.status == 2)
    let line = result.stderr.trimmingCharacters(in: .newlines)
    #expect(line.hasPrefix("no\u{FFFD}"), "\(line)")
    #expect(line.hasSuffix("pe.json: cannot open: No such file or directory"), "\(line)")
    #expect(!line.contains("\u{1B}"))
  }
}
