import TooltipKit
import TooltipScenes

/// Scrolling a scene taller than its area (the reading scene): PgUp, PgDn and the wheel move
/// the scene under the chrome, and its anchors keep their tooltips while scrolled off (their
/// viewport is the visible rows: hidden, not closed).
extension DemoModel {
  /// The scene's rows: one past its lowest decoration or anchor cell (rows from the far edge
  /// aside).
  var contentHeight: Int {
    let raw = scenes[sceneIndex].scene
    let decorations = raw.decorations.map { $0.position.y + 1 }.max() ?? 0
    let anchors =
      raw.anchors.flatMap { anchor in
        anchor.segments.map(\.maxY) + [anchor.position.y + (anchor.boxSize?.height ?? 1)]
      }.max() ?? 0
    return max(decorations, anchors)
  }

  /// Whether the scene scrolls: the reading scene, a page of text that can be longer than the
  /// screen. The other scenes are laid out to the screen, so an anchor a small screen leaves out
  /// closes its tooltip, as it always did.
  var scrolls: Bool { scenes[sceneIndex].name == BuiltinScene.reading.rawValue }

  /// How far the scene can scroll: the rows it has past the area's; 0 for a scene that fits,
  /// and for a scene that does not scroll.
  var maxScroll: Int { scrolls ? max(0, contentHeight - sceneArea.size.height) : 0 }

  /// The area the scene is laid out in, moved up by the scroll: scene row `scrollOffset` is
  /// the area's first visible row.
  var scrolledArea: Rect {
    let area = sceneArea
    return Rect(
      x: area.origin.x, y: area.origin.y - scrollOffset, width: area.size.width,
      height: area.size.height + scrollOffset)
  }

  /// `scene` as scrolled: every anchor shows in the visible rows only (its viewport), and only
  /// the decorations on those rows are drawn.
  func scrolled(_ scene: Scene) -> Scene {
    guard maxScroll > 0 else { return scene }
    var scene = scene
    let visible = scrollOffset..<(scrollOffset + sceneArea.size.height)
    let viewport = Rect(x: 0, y: scrollOffset, width: sceneArea.size.width, height: sceneArea.size.height)
    for i in scene.anchors.indices { scene.anchors[i].viewport = viewport }
    scene.decorations.removeAll { !visible.contains($0.position.y) }
    return scene
  }

  /// Scrolls by `rows` (negative: up), held to the scene's rows; the open tooltip stays open,
  /// hidden while its anchor is off the visible rows.
  mutating func scroll(by rows: Int) {
    let offset = min(max(0, scrollOffset + rows), maxScroll)
    guard offset != scrollOffset else { return }
    scrollOffset = offset
    relayout()
    lastEvent = "scrolled to row \(offset + 1)"
  }

  /// The scroll a key or the wheel asks for, or nil for any other input: PgUp and PgDn a page,
  /// the wheel three rows.
  func scrollRows(for input: TerminalInput) -> Int? {
    let page = max(1, sceneArea.size.height - 1)
    switch input {
    case .key(.pageUp): return -page
    case .key(.pageDown): return page
    case .mouse(let mouse) where mouse.action == .wheelUp: return -3
    case .mouse(let mouse) where mouse.action == .wheelDown: return 3
    default: return nil
    }
  }
}
