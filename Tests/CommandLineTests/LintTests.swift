import Foundation
import TestSupport
import Testing

@Suite struct LintTests {
  /// One rule in isolation: the anchor's fields, and the finding lines it must give.
  struct Rule: CustomTestStringConvertible, Sendable {
    var name: String
    var fields: String
    var findings: [String]
    var maxTextWidth = "30"
    var testDescription: String { name }
  }

  static let rules: [Rule] = [
    Rule(
      name: "a supporting line that wraps",
      fields: #""headline": "Share", "supporting": "Send a copy of this page to the whole team.""#,
      findings: ["a: wraps: the supporting line wraps onto 2 rows at 30 columns; keep it to one"]),
    Rule(
      name: "a headline that wraps at a narrow width",
      fields: #""headline": "Storage quota""#,
      findings: ["a: wraps: the headline wraps onto 2 rows at 10 columns; keep it to one"],
      maxTextWidth: "10"),
    Rule(
      name: "no wrapping without a width",
      fields:
        #""headline": "Share", "supporting": "Send a copy of this page to the whole team, now or later.""#,
      findings: [], maxTextWidth: "null"),
    Rule(
      name: "a headline of five words",
      fields: #""headline": "Send this to your team""#,
      findings: ["a: long-headline: the headline has 5 words; a label has at most 4"]),
    Rule(
      name: "a headline of four words", fields: #""headline": "Send to your team""#, findings: []),
    Rule(
      name: "an action word",
      fields: #""headline": "Share", "supporting": "Click to send it.""#,
      findings: [
        "a: action: the supporting line asks for an action ('Click'); a tooltip holds no action"
      ]),
    Rule(
      name: "every action word, any case, with punctuation",
      fields: #""headline": "TAP, press", "supporting": "(open) the link.""#,
      findings: [
        "a: action: the headline asks for an action ('TAP', 'press'); a tooltip holds no action",
        "a: action: the supporting line asks for an action ('open', 'link'); a tooltip holds no action",
      ]),
    Rule(
      name: "action words inside other words do not count",
      fields: #""headline": "Opens", "supporting": "Tapping, pressure, clicked, linked, reopen.""#,
      findings: [], maxTextWidth: "null"),
    Rule(
      name: "a URL",
      fields: #""headline": "Docs", "supporting": "See https://example.com/help""#,
      findings: [
        "a: action: the supporting line holds a link (https://example.com/help); a tooltip holds no action"
      ]),
    Rule(
      name: "a www address",
      fields: #""headline": "Docs at www.example.com""#,
      findings: [
        "a: action: the headline holds a link (www.example.com); a tooltip holds no action"
      ]),
    Rule(
      name: "words joined by no-break spaces",
      fields: #""headline": "Send\u00a0this\u00a0to\u00a0your\u00a0team""#,
      findings: ["a: long-headline: the headline has 5 words; a label has at most 4"]),
    Rule(
      name: "words joined by em spaces",
      fields: #""headline": "Send\u2003this\u2003to\u2003your\u2003team""#,
      findings: ["a: long-headline: the headline has 5 words; a label has at most 4"]),
    Rule(
      name: "a link in parentheses",
      fields: #""headline": "Docs", "supporting": "See (www.x.org).""#,
      findings: [
        "a: action: the supporting line holds a link (www.x.org); a tooltip holds no action"
      ]),
    Rule(
      name: "a URL in angle brackets before a comma",
      fields: #""headline": "Docs", "supporting": "See <https://example.com/help/>, then ask.""#,
      findings: [
        "a: action: the supporting line holds a link (https://example.com/help/); a tooltip holds no action"
      ], maxTextWidth: "null"),
    Rule(
      name: "an empty tooltip",
      fields: #""headline": " ", "supporting": """#,
      findings: ["a: empty: no visible line, so nothing opens"]),
    Rule(
      name: "lines switched off leave it empty",
      fields:
        #""headline": "Hi", "supporting": "There", "showHeadline": false, "showSupporting": false"#,
      findings: ["a: empty: no visible line, so nothing opens"]),
    Rule(
      name: "a hidden line is not linted",
      fields:
        #""headline": "Tap here to open the link", "showHeadline": false, "supporting": "Fine.""#,
      findings: []),
    Rule(
      name: "copy that sanitizing changed",
      fields:
        #""headline": "Bell\u0007", "supporting": "Right\u202eto left\u001b[31m", "label": "Go\u0000""#,
      findings: [
        "a: sanitized: the headline has 1 character shown as U+FFFD (control, bidi or unmeasurable)",
        "a: sanitized: the supporting line has 2 characters shown as U+FFFD (control, bidi or unmeasurable)",
        "a: sanitized: the label has 1 character shown as U+FFFD (control, bidi or unmeasurable)",
      ]),
  ]

  @Test(arguments: rules)
  func ruleGivesItsFinding(_ rule: Rule) throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "scene.json",
      #"{"maxTextWidth": \#(rule.maxTextWidth), "anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top", \#(rule.fields)}]}"#
    )
    let result = try TUI.run(["--lint", "--scene", scene])
    let summary: String
    switch rule.findings.count {
    case 0: summary = "no findings in 1 anchor"
    case 1: summary = "1 finding; 1 of 1 anchor flagged"
    default: summary = "\(rule.findings.count) findings; 1 of 1 anchor flagged"
    }
    #expect(result.text == (rule.findings + [summary]).map { $0 + "\n" }.joined())
    #expect(result.status == (rule.findings.isEmpty ? 0 : 1))
  }

  @Test func duplicateTooltips() throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "scene.json",
      """
      {"anchors": [
        {"id": "a", "x": 1, "y": 1, "placement": "top", "headline": "Same", "supporting": "Text"},
        {"id": "b", "x": 5, "y": 1, "placement": "top", "headline": "Same", "supporting": "Other"},
        {"id": "c", "x": 9, "y": 1, "placement": "top", "headline": " Same ", "supporting": "Text"},
        {"id": "d", "x": 9, "y": 1, "placement": "top", "headline": "Same", "supporting": "Text",
         "showSupporting": false}
      ]}
      """)
    let result = try TUI.run(["--lint", "--scene", scene])
    // Visible text, trimmed: c repeats a; d shows only "Same", which no other anchor shows alone.
    #expect(result.text == "c: duplicate: same text as a\n1 finding; 1 of 4 anchors flagged\n")
    #expect(result.status == 1)
  }

  @Test func contrastUnderFileFidelity() throws {
    let hug = try TUI.run(["--lint", "--scene", "gallery"])
    #expect(hug.status == 0)
    #expect(hug.text == "no findings in 8 anchors\n")
    let file = try TUI.run(["--lint", "--scene", "gallery", "--fidelity", "file"])
    #expect(file.status == 1)
    #expect(
      file.text == """
        dark theme: contrast: the supporting line #99A0AE on the fill #FFFFFF is 2.6:1, under 4.5:1 (fidelity file)
        1 finding; 0 of 8 anchors flagged

        """)
  }

  @Test func contrastNeedsASupportingLineToRead() throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "scene.json",
      #"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top", "headline": "Share"}]}"#)
    let result = try TUI.run(["--lint", "--scene", scene, "--fidelity", "file"])
    #expect(result.text == "no findings in 1 anchor\n")
  }

  @Test func exampleWithFindings() throws {
    let result = try TUI.run(["--lint", "--scene", Repository.example("lint-findings.json")])
    #expect(result.status == 1)
    #expect(
      result.text == """
        wraps: wraps: the supporting line wraps onto 3 rows at 24 columns; keep it to one
        wordy: wraps: the headline wraps onto 2 rows at 24 columns; keep it to one
        wordy: long-headline: the headline has 6 words; a label has at most 4
        action: action: the headline asks for an action ('Tap'); a tooltip holds no action
        link: action: the supporting line holds a link (https://example.com); a tooltip holds no action
        silent: empty: no visible line, so nothing opens
        twin: action: the supporting line holds a link (https://example.com); a tooltip holds no action
        twin: duplicate: same text as link
        bell: sanitized: the headline has 1 character shown as U+FFFD (control, bidi or unmeasurable)
        9 findings; 7 of 7 anchors flagged

        """)
  }

  @Test(arguments: ["toolbar.json", "cropped.json"])
  func cleanExamplePasses(_ name: String) throws {
    let result = try TUI.run(["--lint", "--scene", Repository.example(name)])
    #expect(result.status == 0)
    #expect(result.text.hasPrefix("no findings in "))
    #expect(result.stderr.isEmpty)
  }
}
