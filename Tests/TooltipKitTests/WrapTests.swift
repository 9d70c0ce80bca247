import Testing
import TooltipKit

@Suite struct WrapTests {
  struct WrapCase: Sendable, CustomTestStringConvertible {
    var name: String
    var text: String
    var width: Int?
    var rows: [String]
    var testDescription: String { name }
  }

  // BEHAVIOUR 3 and 8: greedy, breaks only at U+0020, runs collapse, leading and trailing spaces go,
  // a word wider than the width starts a new row and is cut, the next word may join its last
  // piece, a grapheme wider than the width sits alone, nil never wraps.
  @Test(arguments: [
    WrapCase(name: "fits on one row", text: "Save it", width: 30, rows: ["Save it"]),
    WrapCase(
      name: "greedy fill", text: "Save your changes now", width: 10,
      rows: ["Save your", "changes", "now"]),
    WrapCase(name: "exactly the width", text: "abcd efgh", width: 9, rows: ["abcd efgh"]),
    WrapCase(name: "one column short", text: "abcd efgh", width: 8, rows: ["abcd", "efgh"]),
    WrapCase(name: "runs of spaces collapse", text: "a   b", width: 10, rows: ["a b"]),
    WrapCase(
      name: "leading and trailing spaces dropped", text: "   a b   ", width: 10, rows: ["a b"]),
    WrapCase(
      name: "spaces at a break vanish", text: "abcd     efgh", width: 6, rows: ["abcd", "efgh"]),
    WrapCase(name: "only U+0020 breaks", text: "a\u{A0}b c", width: 3, rows: ["a\u{A0}b", "c"]),
    WrapCase(
      name: "long word starts a new row and is cut", text: "ab cdefgh", width: 4,
      rows: ["ab", "cdef", "gh"]),
    WrapCase(
      name: "next word joins the last piece", text: "abcdefghij x", width: 4,
      rows: ["abcd", "efgh", "ij x"]),
    WrapCase(
      name: "next word too wide for the last piece", text: "abcdefghij xy", width: 4,
      rows: ["abcd", "efgh", "ij", "xy"]),
    WrapCase(name: "word of exactly the width is not cut", text: "abcd", width: 4, rows: ["abcd"]),
    WrapCase(name: "wide characters count two", text: "中 文", width: 5, rows: ["中 文"]),
    WrapCase(
      name: "wide characters break a row one column earlier", text: "中 文", width: 4,
      rows: ["中", "文"]),
    WrapCase(name: "wide word cut at an odd width", text: "中文字", width: 3, rows: ["中", "文", "字"]),
    WrapCase(name: "wide word cut at an even width", text: "中文字", width: 4, rows: ["中文", "字"]),
    WrapCase(
      name: "grapheme wider than the width sits alone", text: "a中b", width: 1,
      rows: ["a", "中", "b"]),
    WrapCase(name: "wide grapheme alone before a word", text: "中 a", width: 1, rows: ["中", "a"]),
    WrapCase(
      name: "combining marks count zero", text: "e\u{301}e\u{301}e\u{301} ab", width: 3,
      rows: ["e\u{301}e\u{301}e\u{301}", "ab"]),
    WrapCase(
      name: "combining marks let a row fill", text: "e\u{301}e\u{301} a", width: 4,
      rows: ["e\u{301}e\u{301} a"]),
    WrapCase(name: "only spaces is no line", text: "     ", width: 10, rows: []),
    WrapCase(name: "empty is no line", text: "", width: 10, rows: []),
    WrapCase(
      name: "nil never wraps", text: "a long line of copy that runs well past thirty columns",
      width: nil, rows: ["a long line of copy that runs well past thirty columns"]),
    WrapCase(
      name: "nil still collapses and trims spaces", text: "  a   b  ", width: nil, rows: ["a b"]),
    WrapCase(name: "nil with only spaces is no line", text: "   ", width: nil, rows: []),
  ])
  func wrap(_ c: WrapCase) {
    let lines = Text.wrap(c.text, width: c.width)
    #expect(lines == c.rows)
    if let width = c.width {
      for line in lines where TextLine(line).units.count > 1 {
        #expect(Text.width(line) <= width, "row \(line) is wider than \(width)")
      }
    }
  }

  @Test func defaultWidthWrapsAtThirtyColumns() {
    let text = "Send it to your teammates and everyone else on the project"
    let rows = Text.wrap(text, width: Scene.defaultMaxTextWidth)
    #expect(Scene.defaultMaxTextWidth == 30)
    #expect(rows == ["Send it to your teammates and", "everyone else on the project"])
  }
}
