import TooltipKit

/// The grid scene with hover and focus on for every anchor, a pointer path across it, and the
/// state a program keeps: what one motion report or one key costs the state machine.
struct HoverFixture {
  let count: Int
  let layout: SceneLayout
  /// Consecutive cells along the screen's rows, left to right, top to bottom: each report
  /// lands on a cell other than the last one's, on anchors' targets, gap lines and blanks.
  let path: [Point]

  init(count: Int, hoverDelay: Duration, cells: Int = 4096) {
    self.count = count
    var (scene, screen) = Scenes.grid(count: count)
    scene.opensOnHover = true
    scene.opensOnFocus = true
    scene.hoverDelay = hoverDelay
    layout = SceneLayout(scene: scene, screen: screen)
    var path: [Point] = []
    path.reserveCapacity(cells)
    var y = 1
    while path.count < cells {
      for x in 0..<screen.width where path.count < cells { path.append(Point(x: x, y: y)) }
      y = y + 1 < screen.height ? y + 1 : 1
    }
    self.path = path
  }

  /// Sends `n` motion reports along the path, 1 ms apart, as a program does; returns the
  /// number of events, as a checksum.
  func motions(_ n: Int) -> Int {
    var state = TooltipState(layout: layout)
    var events = 0
    for i in 0..<n {
      let point = path[i % path.count]
      events &+= state.send(.motion(point, time: .milliseconds(i)), layout: layout).count
    }
    return events &+ (state.openID?.utf8.count ?? 0)
  }

  /// Sends `n` motion reports on the cell of the one before (what a terminal reporting pixels
  /// sends while the pointer stays in a cell); returns a checksum.
  func sameCell(_ n: Int) -> Int {
    var state = TooltipState(layout: layout)
    _ = state.send(.motion(path[0], time: .zero), layout: layout)
    var events = 0
    for i in 0..<n { events &+= state.send(.motion(path[0], time: .milliseconds(i)), layout: layout).count }
    return events &+ (state.deadline == nil ? 0 : 1)
  }

  /// Sends `n` Tab keys 1 ms apart (each starts a focus delay); returns a checksum.
  func keys(_ n: Int) -> Int {
    var state = TooltipState(layout: layout)
    var events = 0
    for i in 0..<n {
      events &+= state.send(.selectNext, layout: layout, now: .milliseconds(i)).count
    }
    return events &+ (state.selectedID?.utf8.count ?? 0)
  }
}
