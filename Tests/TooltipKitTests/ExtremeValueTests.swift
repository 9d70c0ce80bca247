import Testing

@testable import TooltipKit

/// Values a caller can construct are clamped or rejected, never a trap: an area of `Int.max`
/// sides, a hold of `Int64.max` seconds, timestamps as far apart as a `Duration` of whole
/// seconds can be.
@Suite struct ExtremeValueTests {
  static let scene = Scene(anchors: [
    Anchor(
      id: "a", position: Point(x: 2, y: 2), placement: .bottom, headline: "A", supporting: "a",
      trigger: .longPress(hold: .seconds(Int64.max))),
    Anchor(id: "b", position: Point(x: 10, y: 2), placement: .bottom, headline: "B", supporting: "b"),
  ])

  @Test(arguments: [
    Rect(x: 0, y: 0, width: Int.max, height: Int.max),
    Rect(x: Int.max, y: Int.max, width: Int.max, height: Int.max),
    Rect(x: Int.min, y: Int.min, width: Int.max, height: Int.max),
    Rect(x: -5, y: -5, width: Int.max, height: 3),
  ])
  func anAreaOfExtremeSidesLaysOut(area: Rect) {
    let layout = SceneLayout(scene: Self.scene, screen: Size(width: 40, height: 10), area: area)
    var state = TooltipState(layout: layout)
    _ = state.send(.open("b"), layout: layout)
    var grid = CellGrid(size: layout.screen)
    Renderer.draw(layout, state: state, into: &grid)
    #expect(grid.size == Size(width: 40, height: 10))
  }

  /// A screen of Int.max sides (as a caller may pass one) lays out without a row index that
  /// size: the anchors are found where they are, one 2^30 rows down included, and nowhere else.
  @Test(arguments: [
    Size(width: Int.max, height: Int.max), Size(width: 40, height: 1 << 40), Size(width: 1 << 40, height: 1 << 40),
  ])
  func aScreenOfExtremeSidesLaysOut(screen: Size) {
    var scene = Self.scene
    scene.anchors.append(
      Anchor(id: "far", position: Point(x: 3, y: 1 << 30), placement: .top, headline: "Far", supporting: "f"))
    let layout = SceneLayout(scene: scene, screen: screen)
    #expect(layout.anchor(at: Point(x: 10, y: 2))?.id == "b")
    #expect(layout.anchor(at: Point(x: 10, y: 1 << 29)) == nil)
    // An anchor far down such a screen is still found (past the rows indexed).
    #expect(layout.anchor(at: Point(x: 3, y: 1 << 30))?.id == (screen.height > 1 << 30 ? "far" : nil))
    var state = TooltipState(layout: layout)
    _ = state.send(.open("b"), layout: layout)
    #expect(state.openID == "b")
  }

  @Test func aHoldOfInt64MaxSecondsAndFarTimestampsDoNotTrap() {
    let layout = SceneLayout(scene: Self.scene, screen: Size(width: 40, height: 10))
    var state = TooltipState(layout: layout)
    let anchor = Point(x: 2, y: 2)
    _ = state.send(.press(anchor, time: .seconds(Int64.min)), layout: layout)
    #expect(state.deadline != nil)
    _ = state.send(.tick(.seconds(Int64.max)), layout: layout)
    _ = state.send(.release(anchor, time: .seconds(Int64.max)), layout: layout)
    _ = state.send(.press(anchor, time: .seconds(Int64.max)), layout: layout)
    _ = state.send(.tick(.seconds(Int64.min)), layout: layout)
    _ = state.send(.release(anchor, time: .seconds(Int64.min)), layout: layout)
    #expect(!state.isPressing)
  }
}
