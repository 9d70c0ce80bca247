import Testing

@testable import TooltipKit

/// The lint rules, one at a time, on scenes built in the test.
@Suite struct LintReportTests {
  /// One rule in isolation: one anchor `a` at (1, 1), placed on top, and the finding lines
  /// it must give.
  struct Rule: CustomTestStringConvertible, Sendable {
    var name: String
    var anchor: Anchor
    var findings: [String]
    var maxTextWidth: Int? = 30
    var testDescription: String { name }
  }

  static func a(
    _ headline: String, _ supporting: String = "", showHeadline: Bool = true, showSupporting: Bool = true,
    label: String? = nil
  ) -> Anchor {
    Anchor(
      id: "a", position: Point(x: 1, y: 1), placement: .top, headline: headline, supporting: supporting,
      showHeadline: showHeadline, showSupporting: showSupporting, label: label)
  }

  static let rules: [Rule] = [
    Rule(
      name: "a supporting line that wraps",
      anchor: a("Share", "Send a copy of this page to the whole team."),
      findings: ["a: wraps: the supporting line wraps onto 2 rows at 30 columns; keep it to one"]),
    Rule(
      name: "a headline that wraps at a narrow width",
      anchor: a("Storage quota"),
      findings: ["a: wraps: the headline wraps onto 2 rows at 10 columns; keep it to one"],
      maxTextWidth: 10),
    Rule(
      name: "no wrapping without a width",
      anchor: a("Share", "Send a copy of this page to the whole team, now or later."),
      findings: [], maxTextWidth: nil),
    Rule(
      name: "a headline of five words",
      anchor: a("Send this to your team"),
      findings: ["a: long-headline: the headline has 5 words; a label has at most 4"]),
    Rule(name: "a headline of four words", anchor: a("Send to your team"), findings: []),
    Rule(
      name: "an action word",
      anchor: a("Share", "Click to send it."),
      findings: [
        "a: action: the supporting line asks for an action ('Click'); a tooltip holds no action"
      ]),
    Rule(
      name: "every action word, any case, with punctuation",
      anchor: a("TAP, press", "(open) the link."),
      findings: [
        "a: action: the headline asks for an action ('TAP', 'press'); a tooltip holds no action",
        "a: action: the supporting line asks for an action ('open', 'link'); a tooltip holds no action",
      ]),
    Rule(
      name: "action words inside other words do not count",
      anchor: a("Opens", "Tapping, pressure, clicked, linked, reopen."),
      findings: [], maxTextWidth: nil),
    Rule(
      name: "a URL",
      anchor: a("Docs", "See https://example.com/help"),
      findings: [
        "a: action: the supporting line holds a link (https://example.com/help); a tooltip holds no action"
      ]),
    Rule(
      name: "a www address",
      anchor: a("Docs at www.example.com"),
      findings: [
        "a: action: the headline holds a link (www.example.com); a tooltip holds no action"
      ]),
    Rule(
      name: "words joined by no-break spaces",
      anchor: a("Send\u{a0}this\u{a0}to\u{a0}your\u{a0}team"),
      findings: ["a: long-headline: the headline has 5 words; a label has at most 4"]),
    Rule(
      name: "words joined by em spaces",
      anchor: a("Send\u{2003}this\u{2003}to\u{2003}your\u{2003}team"),
      findings: ["a: long-headline: the headline has 5 words; a label has at most 4"]),
    Rule(
      name: "a link in parentheses",
      anchor: a("Docs", "See (www.x.org)."),
      findings: [
        "a: action: the supporting line holds a link (www.x.org); a tooltip holds no action"
      ]),
    Rule(
      name: "a URL in angle brackets before a comma",
      anchor: a("Docs", "See <https://example.com/help/>, then ask."),
      findings: [
        "a: action: the supporting line holds a link (https://example.com/help/); a tooltip holds no action"
      ], maxTextWidth: nil),
    Rule(
      name: "an empty tooltip",
      anchor: a(" ", ""),
      findings: ["a: empty: no visible line, so nothing opens"]),
    Rule(
      name: "lines switched off leave it empty",
      anchor: a("Hi", "There", showHeadline: false, showSupporting: false),
      findings: ["a: empty: no visible line, so nothing opens"]),
    Rule(
      name: "a hidden line is not linted",
      anchor: a("Tap here to open the link", "Fine.", showHeadline: false),
      findings: []),
    Rule(
      name: "copy that sanitizing changed",
      anchor: a("Bell\u{7}", "Right\u{202e}to left\u{1b}[31m", label: "Go\u{0}"),
      findings: [
        "a: sanitized: the headline has 1 character shown as U+FFFD (control, bidi or unmeasurable)",
        "a: sanitized: the supporting line has 2 characters shown as U+FFFD (control, bidi or unmeasurable)",
        "a: sanitized: the label has 1 character shown as U+FFFD (control, bidi or unmeasurable)",
      ]),
  ]

  @Test(arguments: rules)
  func ruleGivesItsFinding(_ rule: Rule) {
    let report = LintReport(scene: Scene(anchors: [rule.anchor], maxTextWidth: rule.maxTextWidth))
    let summary =
      switch rule.findings.count {
      case 0: "no findings in 1 anchor"
      case 1: "1 finding; 1 of 1 anchor flagged"
      default: "\(rule.findings.count) findings; 1 of 1 anchor flagged"
      }
    #expect(report.findings.map(\.line) == rule.findings)
    #expect(report.text == (rule.findings + [summary]).map { $0 + "\n" }.joined())
  }

  @Test func aFindingNamesItsSubjectRuleAndDetail() {
    let report = LintReport(scene: Scene(anchors: [Self.a("Share", "Click to send it.")]))
    #expect(
      report.findings == [
        LintReport.Finding(
          subject: "a", rule: "action",
          detail: "the supporting line asks for an action ('Click'); a tooltip holds no action")
      ])
    #expect(report.anchorCount == 1)
    #expect(report.flaggedAnchorCount == 1)
  }

  @Test func duplicateTooltips() {
    func anchor(_ id: String, _ headline: String, _ supporting: String, showSupporting: Bool = true) -> Anchor {
      Anchor(
        id: id, position: Point(x: 1, y: 1), placement: .top, headline: headline, supporting: supporting,
        showSupporting: showSupporting)
    }
    let scene = Scene(anchors: [
      anchor("a", "Same", "Text"), anchor("b", "Same", "Other"), anchor("c", " Same ", "Text"),
      anchor("d", "Same", "Text", showSupporting: false),
    ])
    // Visible text, trimmed: c repeats a; d shows only "Same", which no other anchor shows alone.
    #expect(LintReport(scene: scene).text == "c: duplicate: same text as a\n1 finding; 1 of 4 anchors flagged\n")
  }

  /// Under `file` the dark theme's supporting line is text/disabled-400 on white: a theme
  /// finding, which flags no anchor.
  @Test func contrastUnderFileFidelity() {
    let scene = Scene(anchors: [Self.a("Share", "Sent to the team."), Self.a("Copy", "A copy of it.")])
    #expect(LintReport(scene: scene, fidelity: .hug).text == "no findings in 2 anchors\n")
    let file = LintReport(scene: scene, fidelity: .file)
    #expect(
      file.text == """
        dark theme: contrast: the supporting line #99A0AE on the fill #FFFFFF is 2.6:1, under 4.5:1 (fidelity file)
        1 finding; 0 of 2 anchors flagged

        """)
    #expect(file.flaggedAnchorCount == 0)
  }

  @Test func contrastNeedsASupportingLineToRead() {
    let report = LintReport(scene: Scene(anchors: [Self.a("Share")]), fidelity: .file)
    #expect(report.text == "no findings in 1 anchor\n")
  }

  /// Cut, not rounded: 4.47 never reads as 4.5.
  @Test func ratiosAreCutToOneDecimal() {
    #expect(LintReport.oneDecimal(4.47) == "4.4")
    #expect(LintReport.oneDecimal(2.6) == "2.6")
    #expect(LintReport.oneDecimal(21) == "21.0")
  }
}
