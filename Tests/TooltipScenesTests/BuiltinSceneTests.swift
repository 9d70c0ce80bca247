import Testing
import TooltipKit
import TooltipScenes

/// The built-in scenes, as the demo shows them and the benchmarks measure them.
@Suite struct BuiltinSceneTests {
  /// The gallery: every placement at both sizes, each named and worded for its variant, its
  /// headline capitalized.
  @Test func galleryHasTheSixteenVariants() {
    let anchors = BuiltinScene.gallery.scene.anchors
    #expect(anchors.count == 8)
    var variants = Set<String>()
    for anchor in anchors {
      let placement = anchor.placement.rawValue
      #expect(anchor.id == "\(placement)-\(anchor.size.rawValue)")
      #expect(
        anchor.headline == placement.prefix(1).uppercased() + placement.dropFirst() + " · \(anchor.size.rawValue)")
      #expect(anchor.supporting.hasSuffix(anchor.size == .sm ? "a 1-cell icon." : "a 3-cell icon."))
      variants.insert(anchor.id)
    }
    #expect(variants.count == Placement.allCases.count * 2)
  }

  @Test func formIsTheRecipesScreen() {
    let scene = BuiltinScene.form.scene
    #expect(scene.anchors.map(\.id) == ["share", "publish", "delete", "bundle-id"])
    #expect(scene.anchor(id: "publish")?.trigger == .longPress)
    #expect(scene.anchor(id: "publish")?.label == "Publish")
    #expect(scene.anchor(id: "delete")?.isDisabled == true)
    #expect(scene.anchor(id: "bundle-id")?.placement == .left)
    #expect(scene.decorations.count == 3)
  }

  /// The edges scene crosses every edge of an 80 x 24 screen, as its name says.
  @Test func edgesCrossEveryEdge() {
    let report = CropReport(scene: BuiltinScene.edges.scene, screen: Size(width: 80, height: 24))
    #expect(report.cropped.count == report.tooltips.count)
    #expect(Set(report.cropped.flatMap(\.edges)) == Set(Placement.allCases))
  }

  /// `all(from:)` starts at the chosen scene and wraps around; names are the raw values.
  @Test(arguments: BuiltinScene.allCases)
  func cyclingStartsFromTheChosenScene(_ first: BuiltinScene) {
    let names = BuiltinScene.all(from: first).map(\.name)
    #expect(names.first == first.rawValue)
    #expect(Set(names) == Set(BuiltinScene.allCases.map(\.rawValue)))
    #expect(names.count == BuiltinScene.allCases.count)
    #expect(BuiltinScene.all(from: first).first?.scene == first.scene)
  }

  /// Every built-in anchor would load from a scene file: its id is a valid one.
  @Test(arguments: BuiltinScene.allCases)
  func idsAreValidSceneFileIDs(_ scene: BuiltinScene) throws {
    for anchor in scene.scene.anchors {
      let json = #"{"anchors": [{"id": "\#(anchor.id)", "x": 0, "y": 0, "placement": "top"}]}"#
      #expect(try SceneFile.decode(Array(json.utf8), name: "s.json").anchors.first?.id == anchor.id)
    }
  }
}
