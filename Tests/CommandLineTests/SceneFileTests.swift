import Foundation
import Testing

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
      "the SPEC's own example",
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
      "anchors[0].trigger: expected tap or longPress"),
    MalformedScene(
      "trigger long-press", anchor(#", "trigger": "long-press""#),
      "anchors[0].trigger: expected tap or longPress"),
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

@Suite struct SceneFileTests {
  @Test func thereAreAtLeastFiftyMalformedScenes() {
    #expect(MalformedScene.all.count >= 50)
    #expect(Set(MalformedScene.all.map(\.name)).count == MalformedScene.all.count)
  }

  /// Every mode reports the same line, with nothing on stdout and status 2.
  @Test(arguments: MalformedScene.all)
  func malformedSceneIsOneLineAndStatusTwo(_ scene: MalformedScene) throws {
    let directory = try TemporaryDirectory()
    try directory.write("scene.json", scene.bytes)
    for mode in [["--lint"], ["--check", "--size", "80x24"], ["--snapshot", "--size", "80x24"]] {
      let result = try TUI.run(mode + ["--scene", "scene.json"], in: directory.url)
      #expect(result.status == 2, "\(mode[0])")
      #expect(result.stdout.isEmpty, "\(mode[0])")
      #expect(result.stderr == "scene.json: \(scene.error)\n", "\(mode[0])")
    }
  }

  @Test func errorNamesThePathAsGiven() throws {
    let directory = try TemporaryDirectory()
    let path = try directory.write("mine.json", "{}")
    let result = try TUI.run(["--lint", "--scene", path])
    #expect(result.stderr == "\(path): anchors: missing required key\n")
  }

  @Test func missingFile() throws {
    let directory = try TemporaryDirectory()
    let result = try TUI.run(["--lint", "--scene", "nothing-here.json"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "nothing-here.json: cannot open: No such file or directory\n")
  }

  @Test func pathThroughAFile() throws {
    let directory = try TemporaryDirectory()
    try directory.write("file", "{}")
    let result = try TUI.run(
      ["--check", "--size", "80x24", "--scene", "file/scene.json"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr == "file/scene.json: cannot open: Not a directory\n")
  }

  @Test func directory() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      at: directory.url.appendingPathComponent("scenes.json"), withIntermediateDirectories: false)
    let result = try TUI.run(
      ["--snapshot", "--size", "80x24", "--scene", "scenes.json"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == "scenes.json: is a directory, not a scene file\n")
  }

  @Test func fileOverSixteenMebibytes() throws {
    let directory = try TemporaryDirectory()
    // Valid JSON padded with spaces to one byte past the cap: refused by size, not content.
    let json = Array(#"{"anchors": []}"#.utf8)
    try directory.write(
      "huge.json", json + [UInt8](repeating: 0x20, count: 16 * 1024 * 1024 + 1 - json.count))
    let result = try TUI.run(["--lint", "--scene", "huge.json"], in: directory.url)
    #expect(result.status == 2)
    #expect(result.stderr == "huge.json: larger than 16 MiB, not read\n")
  }

  @Test func fileOfExactlySixteenMebibytesIsRead() throws {
    let directory = try TemporaryDirectory()
    let json = Array(#"{"anchors": []}"#.utf8)
    try directory.write(
      "big.json", json + [UInt8](repeating: 0x20, count: 16 * 1024 * 1024 - json.count))
    let result = try TUI.run(["--lint", "--scene", "big.json"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.text == "no findings in 0 anchors\n")
  }

  @Test func endlessDeviceStopsAtTheCap() throws {
    let result = try TUI.run(["--lint", "--scene", "/dev/zero"])
    #expect(result.status == 2)
    #expect(result.stderr == "/dev/zero: larger than 16 MiB, not read\n")
  }

  @Test func everyFieldDecodes() throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "full.json",
      """
      {
        "maxTextWidth": null,
        "anchors": [
          { "id": "Full_1.x-y", "x": -3, "y": -2, "size": "sm", "placement": "left",
            "headline": "One long headline that never wraps at all", "supporting": "Muted",
            "showHeadline": true, "showSupporting": false,
            "trigger": "longPress", "holdSeconds": 1.5, "disabled": true, "glyph": "?" },
          { "id": "b", "x": 0.0, "y": 1e0, "placement": "bottom", "label": "Go" }
        ]
      }
      """)
    // Bare 60x6: "Full_1.x-y" is an sm box ending 3 columns from the right (x 57), 2 rows from
    // the bottom (y 4); its bubble opens left, one line, unwrapped (maxTextWidth null).
    let result = try TUI.run([
      "--snapshot", "--size", "60x6", "--bare", "--scene", scene, "--open", "Full_1.x-y",
    ])
    #expect(result.status == 0)
    let lines = result.text.split(separator: "\n").map(String.init)
    let headline = "One long headline that never wraps at all"
    #expect(lines[4] == String(repeating: " ", count: 57 - 2 - headline.count) + headline + " ▶?  ")
    #expect(lines[1].hasPrefix(" Go "))  // "b": a label at md has one padding column each side
  }

  /// A box the program gives: a 9 x 3 button at (10, 4); its bottom bubble starts below its
  /// last row (pointer at row 7, under cx = 14), and `action` makes an icon report one.
  @Test func aGivenBoxAndAnActionDecode() throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "box.json",
      """
      { "maxTextWidth": null, "anchors": [
        { "id": "save", "x": 10, "y": 4, "width": 9, "height": 3, "label": "Save",
          "placement": "bottom", "headline": "Save", "action": false },
        { "id": "icon", "x": 30, "y": 1, "placement": "right", "headline": "Icon", "action": true }
      ] }
      """)
    let result = try TUI.run(["--snapshot", "--size", "40x12", "--bare", "--scene", scene, "--open", "save"])
    #expect(result.status == 0)
    let lines = result.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[5] == String(repeating: " ", count: 12) + "Save" + String(repeating: " ", count: 24))
    #expect(lines[7] == String(repeating: " ", count: 14) + "▲" + String(repeating: " ", count: 25))
    #expect(lines[9] == String(repeating: " ", count: 12) + " Save " + String(repeating: " ", count: 22))
    let lint = try TUI.run(["--lint", "--scene", scene])
    #expect(lint.text == "no findings in 2 anchors\n")
  }

  /// SPEC 7's own example loads; its share bubble (cx 11, W 28) starts at column -2.
  @Test func specExampleLoads() throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "scene.json",
      """
      {
        "anchors": [
          { "id": "share", "x": 10, "y": 4, "size": "md", "placement": "bottom",
            "headline": "Share", "supporting": "Send it to your teammates.",
            "showHeadline": true, "showSupporting": true,
            "trigger": "tap", "glyph": "i" },
          { "id": "publish", "x": 30, "y": 8, "label": "Publish", "placement": "top",
            "trigger": "longPress", "headline": "Publish",
            "supporting": "Goes live at once; no undo." }
        ]
      }
      """)
    let lint = try TUI.run(["--lint", "--scene", scene])
    #expect(lint.status == 0)
    #expect(lint.text == "no findings in 2 anchors\n")
    let check = try TUI.run(["--check", "--size", "80x24", "--scene", scene])
    #expect(check.text == "share bottom left 8\n1 of 2 tooltips cropped at 80x24\n")
  }

  @Test func byteOrderMarkAndDefaults() throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write(
      "bom.json",
      [0xEF, 0xBB, 0xBF]
        + Array(#"{"anchors": [{"id": "a", "x": 0, "y": 0, "placement": "right"}]}"#.utf8))
    let result = try TUI.run(["--lint", "--scene", scene])
    // Headline and supporting default to "": the anchor is valid and lint calls it empty.
    #expect(result.status == 1)
    #expect(result.text == "a: empty: no visible line, so nothing opens\n1 finding; 1 of 1 anchor flagged\n")
  }

  /// The README says a trailing comma is accepted because the toolchain's decoder cannot be
  /// made strict: this fails, and the README must change, the day it can.
  @Test(arguments: [
    #"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top", "headline": "Hi"},]}"#,
    #"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top", "headline": "Hi",}]}"#,
    #"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top", "headline": "Hi"}],}"#,
  ])
  func aTrailingCommaIsAcceptedAsTheReadmeSays(_ json: String) throws {
    let directory = try TemporaryDirectory()
    let scene = try directory.write("comma.json", json)
    let result = try TUI.run(["--lint", "--scene", scene])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.text == "no findings in 1 anchor\n")
    let readme = try String(contentsOf: TUI.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("a trailing comma (`[1, 2,]`, `{\"x\": 1,}`) is accepted"))
  }
}
