import Testing
import TooltipKit

/// The side with room in one layout (`Anchor.fallbackPlacements`), and every anchor property
/// given in its initializer.
@Suite struct FallbackPlacementTests {
  /// "Save" over "Saved to disk" (a 15 x 4 body): on a 40 x 12 screen, above an icon on row 0
  /// there is no room; below there is.
  static func toolbar(fallbacks: [Placement]) -> SceneLayout {
    let save = Anchor(
      id: "save", position: Point(x: 18, y: 0), placement: .top, headline: "Save", supporting: "Saved to disk",
      fallbackPlacements: fallbacks)
    return SceneLayout(scene: Scene(anchors: [save]), screen: Size(width: 40, height: 12))
  }

  /// The frame with `id`'s tooltip open, as text.
  static func frame(_ layout: SceneLayout, open id: String) -> [String] {
    var state = TooltipState(layout: layout)
    _ = state.send(.open(id), layout: layout)
    var grid = CellGrid(size: layout.screen)
    grid.draw(layout, state: state)
    return grid.lines
  }

  @Test func theFirstSideWithRoomIsDrawnWithoutASecondLayout() {
    let lines = Self.frame(Self.toolbar(fallbacks: [.left, .bottom, .right]), open: "save")
    // Left of a box at column 18 on row 0 crops at the top; below fits whole.
    #expect(lines.contains { $0.contains("Saved to disk") })
    #expect(lines[1].contains("▲"))
    // Its own side when it fits: nothing moves.
    let fits = Anchor(
      id: "mid", position: Point(x: 18, y: 6), placement: .top, headline: "Save", supporting: "Saved to disk",
      fallbackPlacements: [.bottom])
    let mid = Self.frame(SceneLayout(scene: Scene(anchors: [fits]), screen: Size(width: 40, height: 12)), open: "mid")
    #expect(mid[5].contains("▼"))
  }

  @Test func withoutFallbacksOrRoomTheBubbleStaysOnItsSideCropped() {
    let lines = Self.frame(Self.toolbar(fallbacks: []), open: "save")
    #expect(!lines.contains { $0.contains("Saved to disk") })
    let none = Anchor(
      id: "a", position: Point(x: 2, y: 1), placement: .bottom, headline: "Save", supporting: "Saved to disk",
      fallbackPlacements: [.top, .left, .right])
    let tiny = SceneLayout(scene: Scene(anchors: [none]), screen: Size(width: 8, height: 3))
    #expect(Self.frame(tiny, open: "a")[2].contains("▲"))
  }

  @Test func everyPropertyIsAnInitializerArgument() {
    let segments = [Rect(x: 30, y: 2, width: 6, height: 1), Rect(x: 0, y: 3, width: 4, height: 1)]
    let viewport = Rect(x: 0, y: 1, width: 40, height: 10)
    let made = Anchor(
      id: "term", position: Point(x: 30, y: 2), placement: .bottom, headline: "Term", isTabStop: false,
      group: "terms", isDrawnByProgram: true, drawsOwnFocus: true, segments: segments, viewport: viewport,
      fallbackPlacements: [.top], programKeys: .list, leavesTapsToProgram: true)
    var assigned = Anchor(id: "term", position: Point(x: 30, y: 2), placement: .bottom, headline: "Term")
    assigned.isTabStop = false
    assigned.group = "terms"
    assigned.isDrawnByProgram = true
    assigned.drawsOwnFocus = true
    assigned.segments = segments
    assigned.viewport = viewport
    assigned.fallbackPlacements = [.top]
    assigned.programKeys = .list
    assigned.leavesTapsToProgram = true
    #expect(made == assigned)
    // The defaults are the design's.
    let plain = Anchor(id: "p", position: Point(x: 0, y: 0), placement: .top)
    #expect(plain.isTabStop && plain.group == nil && !plain.isDrawnByProgram && !plain.drawsOwnFocus)
    #expect(plain.segments.isEmpty && plain.viewport == nil && plain.fallbackPlacements.isEmpty)
    #expect(plain.programKeys.isEmpty && !plain.leavesTapsToProgram)
  }
}

extension FallbackPlacementTests {
  @Test func theCropReportMeasuresTheSideTheLayoutDraws() {
    let scene = Self.toolbar(fallbacks: [.bottom]).scene
    let report = CropReport(scene: scene, screen: Size(width: 40, height: 12))
    #expect(report.tooltips.map(\.placement) == [.bottom])
    #expect(report.cropped.isEmpty)
    let without = CropReport(scene: Self.toolbar(fallbacks: []).scene, screen: Size(width: 40, height: 12))
    #expect(without.cropped.map(\.placement) == [.top])
  }
}
