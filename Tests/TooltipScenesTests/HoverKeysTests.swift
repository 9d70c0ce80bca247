import Testing
import TooltipKit
import TooltipScenes

/// The scene file's hover and focus keys (BEHAVIOUR 4, BEHAVIOUR 7): `hover` and `focus` per anchor and
/// at the top level (every anchor's default), `hoverDelay` and `skipDelay` in seconds from 0.
@Suite struct HoverKeysTests {
  static let delayMessage = "expected a number of seconds from 0 to 60"

  static let malformed: [MalformedScene] = [
    MalformedScene(
      "hover yes", #"{"anchors": [], "hover": "yes"}"#, "hover: expected true or false"),
    MalformedScene("focus 1", #"{"anchors": [], "focus": 1}"#, "focus: expected true or false"),
    MalformedScene(
      "hover null", #"{"anchors": [], "hover": null}"#, "hover: expected true or false"),
    MalformedScene(
      "hoverDelay negative", #"{"anchors": [], "hoverDelay": -0.1}"#, "hoverDelay: \(delayMessage)"),
    MalformedScene(
      "hoverDelay 61", #"{"anchors": [], "hoverDelay": 61}"#, "hoverDelay: \(delayMessage)"),
    MalformedScene(
      "hoverDelay string", #"{"anchors": [], "hoverDelay": "0.5"}"#, "hoverDelay: \(delayMessage)"),
    MalformedScene(
      "skipDelay null", #"{"anchors": [], "skipDelay": null}"#, "skipDelay: \(delayMessage)"),
    MalformedScene(
      "skipDelay negative", #"{"anchors": [], "skipDelay": -1}"#, "skipDelay: \(delayMessage)"),
    MalformedScene(
      "misspelt hoverDelay", #"{"anchors": [], "hoverdelay": 1}"#, "hoverdelay: unknown key"),
    MalformedScene(
      "anchor hover string", MalformedScene.anchor(#", "hover": "on""#),
      "anchors[0].hover: expected true or false"),
    MalformedScene(
      "anchor focus number", MalformedScene.anchor(#", "focus": 0"#),
      "anchors[0].focus: expected true or false"),
    MalformedScene(
      "delays are scene-wide", MalformedScene.anchor(#", "hoverDelay": 1"#),
      "anchors[0].hoverDelay: unknown key"),
    MalformedScene(
      "a top-level error comes before the anchors'",
      #"{"anchors": [{"id": ""}], "skipDelay": -1}"#, "skipDelay: \(delayMessage)"),
  ]

  @Test(arguments: malformed)
  func malformedHoverKeyIsRefusedWithItsLine(_ scene: MalformedScene) {
    #expect(throws: SceneFileError(message: "scene.json: \(scene.error)")) {
      try SceneFile.decode(scene.bytes, name: "scene.json")
    }
  }

  @Test func everyHoverKeyDecodes() throws {
    let json = """
      {
        "hover": true, "focus": false, "hoverDelay": 0.25, "skipDelay": 0,
        "anchors": [
          { "id": "a", "x": 1, "y": 1, "placement": "top", "hover": false, "focus": true },
          { "id": "b", "x": 5, "y": 1, "placement": "top" }
        ]
      }
      """
    let scene = try SceneFile.decode(Array(json.utf8), name: "hover.json")
    #expect(scene.opensOnHover)
    #expect(!scene.opensOnFocus)
    #expect(scene.hoverDelay == .milliseconds(250))
    #expect(scene.skipDelay == .zero)
    #expect(scene.anchors[0].opensOnHover == false)
    #expect(scene.anchors[0].opensOnFocus == true)
    #expect(scene.anchors[1].opensOnHover == nil)
    #expect(scene.anchors[1].opensOnFocus == nil)
    // The scene's default and the anchor's own choice combine.
    #expect(!scene.hoverEnabled(for: scene.anchors[0]))
    #expect(scene.focusEnabled(for: scene.anchors[0]))
    #expect(scene.hoverEnabled(for: scene.anchors[1]))
    #expect(!scene.focusEnabled(for: scene.anchors[1]))
    #expect(scene.needsPointerMotion)
  }

  @Test func hoverAndFocusAreOffByDefault() throws {
    let scene = try SceneFile.decode(
      Array(#"{"anchors": [{"id": "a", "x": 1, "y": 2, "placement": "top"}]}"#.utf8), name: "a.json")
    #expect(!scene.opensOnHover)
    #expect(!scene.opensOnFocus)
    #expect(scene.hoverDelay == .milliseconds(500))
    #expect(scene.skipDelay == .milliseconds(300))
    #expect(!scene.needsPointerMotion)
  }

  @Test func theLongestDelaysAreAccepted() throws {
    let scene = try SceneFile.decode(
      Array(#"{"anchors": [], "hoverDelay": 60, "skipDelay": 60.0}"#.utf8), name: "a.json")
    #expect(scene.hoverDelay == .seconds(60))
    #expect(scene.skipDelay == .seconds(60))
  }
}
