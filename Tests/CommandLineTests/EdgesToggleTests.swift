import TestSupport
import Testing
import TooltipKit
import TooltipScenes

@testable import tooltip_tui

/// The interactive demo's `e`: crop and shift for every scene, the open bubble laid out again.
@Suite struct EdgesToggleTests {
  /// The top-row toolbar (its file says shift) on a 60 x 14 screen, pause's tooltip open:
  /// W = 32, centred on column 0 it would start at -15.
  static func toolbarModel() throws -> DemoModel {
    let scenes = [try NamedScene.file(Repository.example("top-toolbar.json"))] + BuiltinScene.all()
    var model = DemoModel(scenes: scenes, options: Options(), screen: Size(width: 60, height: 14))
    model.open("pause")
    return model
  }

  @Test func eTogglesBetweenShiftAndCrop() throws {
    var model = try Self.toolbarModel()
    #expect(model.state.openBubble(model.layout)?.body.minX == 0)
    #expect(model.handle(.key(.character("e"))) == .draw)
    #expect(model.state.openID == "pause")
    #expect(model.state.openBubble(model.layout)?.body.minX == -15)
    #expect(model.lastEvent == "edges: crop")
    _ = model.handle(.key(.character("e")))
    #expect(model.state.openBubble(model.layout)?.body.minX == 0)
    #expect(model.lastEvent == "edges: shift")
  }

  @Test func theChoiceHoldsForTheNextScene() throws {
    var model = try Self.toolbarModel()
    _ = model.handle(.key(.character("e")))
    _ = model.handle(.key(.character("e")))
    _ = model.handle(.key(.character("n")))
    // The gallery crops on its own; `e` chose shift for every scene.
    #expect(model.sceneName != "top-toolbar.json")
    #expect(model.layout.scene.edges == .shift)
  }

  @Test func theHelpOverlayListsIt() {
    #expect(DemoModel.helpLines.contains { $0.0 == "e" && $0.1.contains("crop / shift") })
  }
}
