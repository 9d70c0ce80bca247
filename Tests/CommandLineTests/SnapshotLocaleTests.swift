import Foundation
import TestSupport
import Testing

/// `--snapshot` draws what the interactive mode would in the same locale.
@Suite struct SnapshotLocaleTests {
  static let arguments = ["--snapshot", "--size", "80x24", "--open", "right-md"]

  /// The gallery's right-md row: the icons and the open bubble's pointer.
  func anchorRow(_ result: Finished) -> String {
    result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[13]
  }

  @Test(arguments: ["C", "POSIX"])
  func aLocaleThatIsNotUTF8GivesASCIIGlyphs(_ locale: String) throws {
    let result = try TUI.run(Self.arguments, environment: ["LANG": locale, "LC_ALL": locale])
    #expect(result.status == 0)
    // The component's glyphs are ASCII; copy is drawn as written.
    #expect(trimmedRight(anchorRow(result)) == String(repeating: " ", count: 34) + "i          i < Right · md")
    #expect(!result.text.contains("ⅈ") && !result.text.contains("◀"))
  }

  /// LC_ALL unset: LC_CTYPE, then LANG decide, as for any program.
  @Test func lcCtypeDecidesWhenLcAllIsUnset() throws {
    var environment = ["LC_CTYPE": "C", "LANG": "C.UTF-8"]
    environment["LC_ALL"] = ""
    let ascii = try TUI.run(Self.arguments, environment: environment)
    #expect(anchorRow(ascii).contains("i <"))
    environment["LC_CTYPE"] = "C.UTF-8"
    environment["LANG"] = "C"
    let unicode = try TUI.run(Self.arguments, environment: environment)
    #expect(anchorRow(unicode).contains("ⅈ ◀"))
  }

  @Test func aUTF8LocaleGivesUnicodeGlyphsAndAsciiStillForcesASCII() throws {
    let unicode = try TUI.run(Self.arguments, environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    #expect(anchorRow(unicode).contains("ⅈ          ⅈ ◀ Right · md"))
    let forced = try TUI.run(Self.arguments + ["--ascii"], environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
    #expect(anchorRow(forced).contains("i          i < Right · md"))
  }
}
