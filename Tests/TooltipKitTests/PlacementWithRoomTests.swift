import Testing
import TooltipKit

/// `SceneLayout.placementWithRoom`: the first side, in the program's order, whose bubble fits
/// whole; the program sets it, nothing flips by itself.
@Suite struct PlacementWithRoomTests {
  /// A 40 x 12 screen: "top" on the first row, "low" on the last, "mid" in the middle. The
  /// bubble ("Save" over "Saved to disk") is 15 x 4, its pointer a row more.
  static let l = layout(
    [
      anchor("top", x: 18, y: 0, placement: .top), anchor("low", x: 18, y: 11, placement: .bottom),
      anchor("mid", x: 18, y: 6, placement: .left),
    ], width: 40, height: 12)

  @Test func theFirstSideWithRoomInTheProgramsOrder() {
    #expect(Self.l.placementWithRoom(for: "top", among: [.top, .bottom]) == .bottom)
    #expect(Self.l.placementWithRoom(for: "low", among: [.bottom, .top]) == .top)
    #expect(Self.l.placementWithRoom(for: "mid", among: [.top, .bottom]) == .top)
    #expect(Self.l.placementWithRoom(for: "mid", among: [.right, .left]) == .right)
    // The anchor's own placement is not changed by asking.
    #expect(Self.l.scene.anchor(id: "top")?.placement == .top)
  }

  @Test func noneWhenNoSideHasRoomOrTheAnchorIsNotThere() {
    let tiny = layout([anchor("a", x: 2, y: 1)], width: 6, height: 3)
    #expect(tiny.placementWithRoom(for: "a") == nil)
    #expect(Self.l.placementWithRoom(for: "nope") == nil)
    #expect(Self.l.placementWithRoom(for: "mid", among: []) == nil)
  }
}
