import Foundation
import TestSupport
import Testing

/// `--lint` through the binary: the report on stdout, exit status 1 on findings, `--fidelity`
/// reaching the contrast rule. The rules one by one are ``LintReportTests`` in the core's tests.
@Suite struct LintTests {
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
