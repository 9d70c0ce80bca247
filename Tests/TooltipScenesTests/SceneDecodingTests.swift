import Testing
import TooltipKit
import TooltipScenes

/// A malformed scene file and the one line it must be reported with (after `scene.json: `).
struct MalformedScene: CustomTestStringConvertible, Sendable {
  var name: String
  var bytes: [UInt8]
  var error: String
  var testDescription: String { name }

  init(_ name: String, _ text: String, _ error: String) {
    self.name = name
    self.bytes = Array(text.utf8)
    self.error = error
  }

  init(_ name: String, bytes: [UInt8], _ error: String) {
    self.name = name
    self.bytes = bytes
    self.error = error
  }

  /// A scene of one valid anchor with `fields` added to it (`, "key": value`).
  static func anchor(_ fields: String) -> String {
    #"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top"\#(fields)}]}"#
  }

  /// A scene of one anchor with exactly `fields`.
  static func only(_ fields: String) -> String {
    #"{"anchors": [{\#(fields)}]}"#
  }

  static let idMessage = "anchors[0].id: expected an id of 1 to 64 letters, digits, '-', '_' or '.'"
  static let xMessage = "anchors[0].x: expected an integer from -10000 to 10000"
  static let widthMessage = "maxTextWidth: expected an integer from 1 to 10000, or null"
  static let holdMessage =
    "anchors[0].holdSeconds: expected a number of seconds above 0 and at most 60"
  static let mdGlyph = "anchors[0].glyph: expected one character at most 3 columns wide"
  static let smGlyph = "anchors[0].glyph: expected one character at most 1 column wide"
  static let notObject = #"expected a JSON object with "anchors""#
  static let empty = #"empty file, expected a JSON object with "anchors""#

  static let all: [MalformedScene] = [
    // The file as a whole.
    MalformedScene("empty file", "", empty),
    MalformedScene("only whitespace", " \n\t\r\n", empty),
    MalformedScene("top-level array", "[]", notObject),
    MalformedScene("top-level number", "42", notObject),
    MalformedScene("top-level string", #""anchors""#, notObject),
    MalformedScene("top-level null", "null", notObject),
    MalformedScene("top-level true", "true", notObject),
    MalformedScene("unclosed object", #"{"anchors": ["#, "not valid JSON"),
    MalformedScene("missing colon", #"{"anchors" []}"#, "not valid JSON"),
    MalformedScene("single quotes", "{'anchors': []}", "not valid JSON"),
    MalformedScene("comment", #"{"anchors": [] /* none */}"#, "not valid JSON"),
    MalformedScene("text after the object", #"{"anchors": []} {}"#, "not valid JSON"),
    MalformedScene(
      "bad escape", anchor(#", "headline": "\q""#), "anchors[0].headline: not a valid JSON string"),
    MalformedScene(
      "escape that swallows the closing quote", anchor(#", "supporting": "\u12""#), "not valid JSON"
    ),
    MalformedScene("NaN", anchor(#", "holdSeconds": NaN"#), "not valid JSON"),
    MalformedScene("nesting 100000 deep", String(repeating: "[", count: 100_000), "not valid JSON"),
    MalformedScene(
      "invalid UTF-8 byte", bytes: Array(#"{"anchors": [], "a": ""#.utf8) + [0xFF, 0x22, 0x7D],
      "a: invalid UTF-8 at byte 22"),
    MalformedScene(
      "Latin-1 in a headline",
      bytes: Array(anchor(#", "headline": "Caf"#).utf8.dropLast(3)) + [0xE9] + Array(#""}]}"#.utf8),
      "anchors[0].headline: invalid UTF-8 at byte 77"),
    MalformedScene(
      "invalid UTF-8 in a key",
      bytes: Array(#"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top", "gl"#.utf8) + [0xFF]
        + Array(#"ph": "x"}]}"#.utf8),
      "anchors[0].gl\u{FFFD}ph: invalid UTF-8 at byte 64"),
    MalformedScene("lone continuation byte", bytes: [0x7B, 0x80, 0x7D], "invalid UTF-8 at byte 1"),
    MalformedScene(
      "overlong slash", bytes: Array(#"{"anchors": [], "#.utf8) + [0xC0, 0xAF],
      "invalid UTF-8 at byte 16"),
    MalformedScene(
      "UTF-16 surrogate in UTF-8", bytes: [0x7B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x7D],
      "invalid UTF-8 at byte 2"),
    MalformedScene(
      "truncated sequence at the end", bytes: Array(#"{"anchors": []}"#.utf8) + [0xE2, 0x96],
      "invalid UTF-8 at byte 15"),
    // The top level's keys.
    MalformedScene("no anchors", "{}", "anchors: missing required key"),
    MalformedScene("anchors null", #"{"anchors": null}"#, "anchors: expected an array of anchors"),
    MalformedScene("anchors object", #"{"anchors": {}}"#, "anchors: expected an array of anchors"),
    MalformedScene(
      "anchors string", #"{"anchors": "share"}"#, "anchors: expected an array of anchors"),
    MalformedScene(
      "unknown top-level key", #"{"anchors": [], "title": "x"}"#, "title: unknown key"),
    MalformedScene(
      "misspelt maxTextWidth", #"{"anchors": [], "maxTextwidth": 20}"#, "maxTextwidth: unknown key"),
    MalformedScene("maxTextWidth 0", #"{"anchors": [], "maxTextWidth": 0}"#, widthMessage),
    MalformedScene("maxTextWidth negative", #"{"anchors": [], "maxTextWidth": -3}"#, widthMessage),
    MalformedScene("maxTextWidth fraction", #"{"anchors": [], "maxTextWidth": 2.5}"#, widthMessage),
    MalformedScene("maxTextWidth string", #"{"anchors": [], "maxTextWidth": "30"}"#, widthMessage),
    MalformedScene("maxTextWidth huge", #"{"anchors": [], "maxTextWidth": 10001}"#, widthMessage),
    // Anchors that are not objects.
    MalformedScene("anchor number", #"{"anchors": [1]}"#, "anchors[0]: expected an anchor object"),
    MalformedScene("anchor null", #"{"anchors": [null]}"#, "anchors[0]: expected an anchor object"),
    MalformedScene("anchor array", #"{"anchors": [[]]}"#, "anchors[0]: expected an anchor object"),
    // Required keys.
    MalformedScene(
      "missing id", only(#""x": 1, "y": 1, "placement": "top""#),
      "anchors[0].id: missing required key"),
    MalformedScene(
      "missing x", only(#""id": "a", "y": 1, "placement": "top""#),
      "anchors[0].x: missing required key"),
    MalformedScene(
      "missing y", only(#""id": "a", "x": 1, "placement": "top""#),
      "anchors[0].y: missing required key"),
    MalformedScene(
      "missing placement", only(#""id": "a", "x": 1, "y": 1"#),
      "anchors[0].placement: missing required key"),
    // Ids.
    MalformedScene("empty id", only(#""id": "", "x": 1, "y": 1, "placement": "top""#), idMessage),
    MalformedScene(
      "id with a space", only(#""id": "a b", "x": 1, "y": 1, "placement": "top""#), idMessage),
    MalformedScene(
      "id with a slash", only(#""id": "a/b", "x": 1, "y": 1, "placement": "top""#), idMessage),
    MalformedScene(
      "id with an accent", only(#""id": "café", "x": 1, "y": 1, "placement": "top""#), idMessage),
    MalformedScene(
      "id with a control", only(#""id": "a\u001b", "x": 1, "y": 1, "placement": "top""#), idMessage),
    MalformedScene(
      "id of 65 characters",
      only(#""id": "\#(String(repeating: "a", count: 65))", "x": 1, "y": 1, "placement": "top""#),
      idMessage),
    MalformedScene("id number", only(#""id": 7, "x": 1, "y": 1, "placement": "top""#), idMessage),
    MalformedScene(
      "duplicate id",
      #"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top"}, {"id": "b", "x": 2, "y": 1, "placement": "top"}, {"id": "a", "x": 3, "y": 1, "placement": "top"}]}"#,
      "anchors[2].id: duplicate id 'a' (also anchors[0])"),
    // Coordinates.
    MalformedScene(
      "x fraction", only(#""id": "a", "x": 1.5, "y": 1, "placement": "top""#), xMessage),
    MalformedScene("x string", only(#""id": "a", "x": "1", "y": 1, "placement": "top""#), xMessage),
    MalformedScene("x null", only(#""id": "a", "x": null, "y": 1, "placement": "top""#), xMessage),
    MalformedScene("x true", only(#""id": "a", "x": true, "y": 1, "placement": "top""#), xMessage),
    MalformedScene(
      "x too far right", only(#""id": "a", "x": 10001, "y": 1, "placement": "top""#), xMessage),
    MalformedScene(
      "x past Int", only(#""id": "a", "x": 1e300, "y": 1, "placement": "top""#), xMessage),
    MalformedScene(
      "y too far up", only(#""id": "a", "x": 1, "y": -10001, "placement": "top""#),
      "anchors[0].y: expected an integer from -10000 to 10000"),
    // Choices.
    MalformedScene(
      "BEHAVIOUR's own example",
      #"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top"}, {"id": "b", "x": 2, "y": 1, "placement": "top"}, {"id": "c", "x": 3, "y": 1, "placement": "middle"}]}"#,
      "anchors[2].placement: expected top, bottom, left or right"),
    MalformedScene(
      "placement in capitals", only(#""id": "a", "x": 1, "y": 1, "placement": "Top""#),
      "anchors[0].placement: expected top, bottom, left or right"),
    MalformedScene(
      "placement number", only(#""id": "a", "x": 1, "y": 1, "placement": 1"#),
      "anchors[0].placement: expected top, bottom, left or right"),
    MalformedScene("size lg", anchor(#", "size": "lg""#), "anchors[0].size: expected sm or md"),
    MalformedScene(
      "trigger hover", anchor(#", "trigger": "hover""#),
      "anchors[0].trigger: expected tap, longPress or menu"),
    MalformedScene(
      "trigger long-press", anchor(#", "trigger": "long-press""#),
      "anchors[0].trigger: expected tap, longPress or menu"),
    // Types and ranges of the other fields.
    MalformedScene(
      "headline number", anchor(#", "headline": 5"#), "anchors[0].headline: expected a string"),
    MalformedScene(
      "supporting null", anchor(#", "supporting": null"#),
      "anchors[0].supporting: expected a string"),
    MalformedScene(
      "showHeadline yes", anchor(#", "showHeadline": "yes""#),
      "anchors[0].showHeadline: expected true or false"),
    MalformedScene(
      "showSupporting 1", anchor(#", "showSupporting": 1"#),
      "anchors[0].showSupporting: expected true or false"),
    MalformedScene(
      "disabled no", anchor(#", "disabled": "no""#), "anchors[0].disabled: expected true or false"),
    MalformedScene(
      "holdSeconds on a tap trigger", anchor(#", "holdSeconds": 1"#),
      #"anchors[0].holdSeconds: only with "trigger": "longPress""#),
    MalformedScene(
      "holdSeconds 0", anchor(#", "trigger": "longPress", "holdSeconds": 0"#), holdMessage),
    MalformedScene(
      "holdSeconds negative", anchor(#", "trigger": "longPress", "holdSeconds": -1"#), holdMessage),
    MalformedScene(
      "holdSeconds 61", anchor(#", "trigger": "longPress", "holdSeconds": 61"#), holdMessage),
    MalformedScene(
      "holdSeconds string", anchor(#", "trigger": "longPress", "holdSeconds": "1""#), holdMessage),
    // Glyphs and labels.
    MalformedScene("empty glyph", anchor(#", "glyph": """#), mdGlyph),
    MalformedScene("two-grapheme glyph", anchor(#", "glyph": "ab""#), mdGlyph),
    MalformedScene("wide glyph in an sm box", anchor(#", "size": "sm", "glyph": "界""#), smGlyph),
    MalformedScene("four-column glyph", anchor(#", "glyph": "👩‍👩‍👧""#), mdGlyph),
    MalformedScene("lone combining mark", anchor(#", "glyph": "\u0301""#), mdGlyph),
    MalformedScene("glyph number", anchor(#", "glyph": 3"#), mdGlyph),
    MalformedScene("glyph null", anchor(#", "glyph": null"#), mdGlyph),
    // Boxes a program gives, and the action flag.
    MalformedScene("width 0", anchor(#", "width": 0"#), "anchors[0].width: expected an integer from 1 to 10000"),
    MalformedScene(
      "height 10001", anchor(#", "height": 10001"#), "anchors[0].height: expected an integer from 1 to 10000"),
    MalformedScene(
      "width string", anchor(#", "width": "7""#), "anchors[0].width: expected an integer from 1 to 10000"),
    MalformedScene(
      "label wider than its box", anchor(#", "label": "Publish", "width": 5"#),
      "anchors[0].label: 7 columns wide, wider than its box (width 5)"),
    MalformedScene(
      "glyph wider than its box", anchor(#", "glyph": "界", "width": 1"#),
      "anchors[0].glyph: expected one character at most 1 column wide"),
    MalformedScene("action yes", anchor(#", "action": "yes""#), "anchors[0].action: expected true or false"),
    MalformedScene(
      "empty label", anchor(#", "label": """#), "anchors[0].label: expected a non-empty string"),
    MalformedScene(
      "blank label", anchor(#", "label": "   ""#), "anchors[0].label: expected a non-empty string"),
    MalformedScene(
      "label number", anchor(#", "label": 1"#), "anchors[0].label: expected a non-empty string"),
    // Unknown keys.
    MalformedScene(
      "unknown anchor key", anchor(#", "colour": "red""#), "anchors[0].colour: unknown key"),
    MalformedScene(
      "misspelt key", anchor(#", "showheadline": true"#), "anchors[0].showheadline: unknown key"),
    MalformedScene(
      "two unknown keys name the first in order", anchor(#", "zeta": 1, "alpha": 2"#),
      "anchors[0].alpha: unknown key"),
    MalformedScene(
      "unknown key with a control character", anchor(#", "a\u0007b": 1"#),
      "anchors[0].a\u{FFFD}b: unknown key"),
    MalformedScene(
      "error in the second anchor",
      #"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top"}, {"id": "b", "x": 1, "y": 1, "placement": "top", "size": 3}]}"#,
      "anchors[1].size: expected sm or md"),
  ]
}

/// Strict decoding: every malformed scene is refused with its one line, which names the file
/// and the JSON path.
@Suite struct SceneDecodingTests {
  @Test func thereAreAtLeastFiftyMalformedScenes() {
    #expect(MalformedScene.all.count >= 50)
    #expect(Set(MalformedScene.all.map(\.name)).count == MalformedScene.all.count)
  }

  @Test(arguments: MalformedScene.all)
  func malformedSceneIsRefusedWithItsLine(_ scene: MalformedScene) {
    #expect(throws: SceneFileError(message: "scene.json: \(scene.error)")) {
      try SceneFile.decode(scene.bytes, name: "scene.json")
    }
  }

  /// Every key of BEHAVIOUR 7 reaches the core's anchor; numbers with a whole value are integers.
  @Test func everyFieldDecodes() throws {
    let json = """
      {
        "maxTextWidth": null,
        "anchors": [
          { "id": "Full_1.x-y", "x": -3, "y": -2, "size": "sm", "placement": "left",
            "headline": "One long headline", "supporting": "Muted",
            "showHeadline": true, "showSupporting": false,
            "trigger": "longPress", "holdSeconds": 1.5, "disabled": true, "glyph": "?" },
          { "id": "b", "x": 0.0, "y": 1e0, "placement": "bottom", "label": "Go",
            "width": 6, "height": 2, "action": false }
        ]
      }
      """
    let scene = try SceneFile.decode(Array(json.utf8), name: "full.json")
    #expect(scene.maxTextWidth == nil)
    #expect(
      scene.anchors == [
        Anchor(
          id: "Full_1.x-y", position: Point(x: -3, y: -2), size: .sm, placement: .left,
          headline: "One long headline", supporting: "Muted", showHeadline: true, showSupporting: false,
          trigger: .longPress(hold: .milliseconds(1500)), isDisabled: true, glyph: "?"),
        Anchor(
          id: "b", position: Point(x: 0, y: 1), placement: .bottom, label: "Go",
          boxSize: Size(width: 6, height: 2), action: false),
      ])
  }

  /// An integer in any form of JSON number whose value is one: the values `decode(Int.self)`
  /// reads, `0e5` included (the decoder reads it as an integer but not as a `Double`).
  @Test func integersInEveryNumberForm() throws {
    let json = #"""
      {"maxTextWidth": 16.0, "anchors": [{"id": "a", "x": 0e5, "y": -0, "placement": "top",
        "width": 1.6e1, "height": 1E0}, {"id": "b", "x": 1e4, "y": -10000.0, "placement": "top"}]}
      """#
    let scene = try SceneFile.decode(Array(json.utf8), name: "n.json")
    #expect(scene.maxTextWidth == 16)
    #expect(scene.anchors.map(\.position) == [Point(x: 0, y: 0), Point(x: 10_000, y: -10_000)])
    #expect(scene.anchors.first?.boxSize == Size(width: 16, height: 1))
  }

  /// Defaults: md, both lines shown, tap, enabled, no text, the design's wrapping width.
  @Test func defaultsAreTheDesigns() throws {
    let scene = try SceneFile.decode(
      Array(#"{"anchors": [{"id": "a", "x": 1, "y": 2, "placement": "top"}]}"#.utf8), name: "a.json")
    // BEHAVIOUR 7 and 8's numbers, not the constants the decoder itself reads: a default changed in
    // the code alone fails here.
    #expect(scene.maxTextWidth == 30)
    let anchor = try #require(scene.anchors.first)
    #expect(anchor.size == .md)
    #expect(anchor.showHeadline && anchor.showSupporting)
    #expect(anchor.trigger == .tap)
    #expect(!anchor.isDisabled)
    #expect(anchor.glyph == nil && anchor.label == nil, "the information glyph, no label")
    #expect(scene.hoverDelay == .milliseconds(500) && scene.skipDelay == .milliseconds(300))
    #expect(!scene.opensOnHover && !scene.opensOnFocus, "the design is for phones: no hover")
  }

  /// `"trigger": "menu"` is the menu trigger (BEHAVIOUR 4), which takes no hold.
  @Test func theMenuTriggerIsRead() throws {
    let scene = try SceneFile.decode(
      Array(
        #"{"anchors": [{"id": "m", "x": 1, "y": 0, "placement": "bottom", "trigger": "menu", "label": "File"}]}"#.utf8),
      name: "m.json")
    #expect(scene.anchors.first?.trigger == .menu)
    #expect(throws: SceneFileError.self) {
      try SceneFile.decode(
        Array(
          #"{"anchors": [{"id": "m", "x": 1, "y": 0, "placement": "top", "trigger": "menu", "holdSeconds": 1}]}"#.utf8),
        name: "m.json")
    }
  }

  /// `tabStop` and `group` (BEHAVIOUR 4): an anchor left out of the Tab order, one in a group; a
  /// group name is an id's form.
  @Test func tabStopsAndGroupsAreRead() throws {
    let scene = try SceneFile.decode(
      Array(
        #"{"anchors": [{"id": "a", "x": 1, "y": 0, "placement": "top", "tabStop": false}, {"id": "b", "x": 5, "y": 0, "placement": "top", "group": "menu"}]}"#
          .utf8), name: "g.json")
    #expect(scene.anchors.map(\.isTabStop) == [false, true])
    #expect(scene.anchors.map(\.group) == [nil, "menu"])
    #expect(throws: SceneFileError.self) {
      try SceneFile.decode(
        Array(#"{"anchors": [{"id": "a", "x": 1, "y": 0, "placement": "top", "group": ""}]}"#.utf8), name: "g.json")
    }
  }

  /// A width alone gives the box the anchor's own height (one row).
  @Test func aGivenWidthKeepsOneRow() throws {
    let scene = try SceneFile.decode(
      Array(#"{"anchors": [{"id": "a", "x": 1, "y": 2, "placement": "top", "width": 7}]}"#.utf8), name: "a.json")
    #expect(scene.anchors.first?.boxSize == Size(width: 7, height: 1))
  }
}
