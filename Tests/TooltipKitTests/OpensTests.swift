import Testing
import TooltipKit

/// `SceneLayout.opens(_:)` must give the same answer as laying the bubble out, for every kind
/// of copy: the state machine decides with the one and the renderer draws with the other.
@Suite struct OpensTests {
  static let copies: [(String, String)] = [
    ("Share", ""), ("", "Send it."), ("", ""), ("   ", "  "), ("\u{200B}", ""), ("\u{301}", " "),
    (" \u{301}", ""), ("\u{200B}\u{200B}", "\u{2060}"), ("\u{1B}", ""), ("中", ""), ("a\u{301}", ""),
  ]

  @Test(arguments: copies)
  func opensAgreesWithTheBubbleLayout(headline: String, supporting: String) {
    for (showHeadline, showSupporting) in [(true, true), (true, false), (false, true), (false, false)] {
      let anchor = Anchor(
        id: "a", position: Point(x: 10, y: 5), placement: .top, headline: headline, supporting: supporting,
        showHeadline: showHeadline, showSupporting: showSupporting)
      let layout = SceneLayout(scene: Scene(anchors: [anchor]), screen: Size(width: 40, height: 12))
      #expect(
        layout.opens("a") == (layout.bubble(for: "a") != nil),
        "\(headline.debugDescription) \(showHeadline) \(showSupporting)")
    }
    #expect(!SceneLayout(scene: Scene(anchors: []), screen: Size(width: 40, height: 12)).opens("a"))
  }
}
