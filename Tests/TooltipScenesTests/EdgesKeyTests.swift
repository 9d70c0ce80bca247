import TestSupport
import Testing
import TooltipKit
import TooltipScenes

/// The scene file's top-level `"edges"` key (BEHAVIOUR 4's scene keys): `"crop"` or `"shift"`,
/// crop when absent, anything else refused with the file, the path and what was expected.
@Suite struct EdgesKeyTests {
  static func decode(_ json: String) throws -> Scene {
    try SceneFile.decode(Array(json.utf8), name: "scene.json")
  }

  @Test func shiftAndCropDecode() throws {
    #expect(try Self.decode(#"{"anchors": [], "edges": "shift"}"#).edges == .shift)
    #expect(try Self.decode(#"{"edges": "crop", "anchors": []}"#).edges == .crop)
  }

  @Test func cropIsTheDefault() throws {
    #expect(try Self.decode(#"{"anchors": []}"#).edges == .crop)
  }

  @Test(arguments: [
    #"{"anchors": [], "edges": "flip"}"#, #"{"anchors": [], "edges": "Shift"}"#,
    #"{"anchors": [], "edges": 1}"#, #"{"anchors": [], "edges": null}"#, #"{"anchors": [], "edges": ["shift"]}"#,
  ])
  func anythingElseIsRefusedWithItsLine(_ json: String) {
    #expect(throws: SceneFileError(message: "scene.json: edges: expected crop or shift")) {
      try Self.decode(json)
    }
  }

  @Test func theTopRowToolbarExampleShifts() throws {
    let scene = try NamedScene.file(Repository.example("top-toolbar.json")).scene
    #expect(scene.edges == .shift)
  }
}
