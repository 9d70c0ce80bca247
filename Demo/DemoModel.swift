import TooltipCurses
import TooltipKit

/// Everything the demo shows, and how each input changes it: the scene with the user's
/// toggles applied, the tooltip state, the chrome's last event and the overlays.
///
/// Pure (no terminal): the interactive loop and `--snapshot` both draw ``frame()``, so a
/// snapshot is exactly what a user sees.
struct DemoModel {
  /// What the main loop should do after an input.
  enum Outcome: Equatable {
    case draw
    case redrawAll
    case quit(Int32)
  }

  private(set) var scenes: [(name: String, scene: Scene)]
  private(set) var sceneIndex = 0
  private(set) var render: RenderOptions
  private(set) var policy: DismissPolicy
  private(set) var bare: Bool
  private(set) var screen: Size
  private(set) var state = TooltipState()
  private(set) var lastEvent = ""
  private(set) var helpVisible = false
  private(set) var debugVisible = false
  private(set) var tourStep: Int?
  private(set) var sizeOverride: AnchorSize?
  private(set) var headlineOn = true
  private(set) var supportingOn = true
  private(set) var layout: SceneLayout

  init(scenes: [(name: String, scene: Scene)], options: Options, screen: Size, colors: Bool = true) {
    self.scenes = scenes
    render = RenderOptions(
      theme: options.theme, fidelity: options.fidelity, glyphs: options.ascii ? .ascii : .unicode,
      colors: colors)
    policy = options.dismiss
    bare = options.bare
    self.screen = screen
    layout = SceneLayout(scene: scenes[0].scene, screen: screen, options: render)
    relayout()
    state = TooltipState(layout: layout)
  }

  var sceneName: String { scenes[sceneIndex].name }

  /// The current scene with the size and boolean toggles applied.
  var scene: Scene {
    var scene = scenes[sceneIndex].scene
    for i in scene.anchors.indices {
      if let sizeOverride { scene.anchors[i].size = sizeOverride }
      scene.anchors[i].showHeadline = scene.anchors[i].showHeadline && headlineOn
      scene.anchors[i].showSupporting = scene.anchors[i].showSupporting && supportingOn
    }
    return scene
  }

  /// Whether the title and status rows are drawn: not with `--bare`, not below 3 rows.
  var hasChrome: Bool { !bare && screen.height >= 3 }

  /// The scene area: between the title and status rows, or the whole screen.
  var sceneArea: Rect {
    hasChrome
      ? Rect(x: 0, y: 1, width: screen.width, height: screen.height - 2)
      : Rect(origin: Point(x: 0, y: 0), size: screen)
  }

  private mutating func relayout() {
    layout = SceneLayout(scene: scene, screen: screen, area: sceneArea, options: render)
  }

  /// Sends one input to the tooltip state machine and remembers the last event it reported.
  @discardableResult
  mutating func send(_ input: TooltipInput) -> [TooltipEvent] {
    let events = state.send(input, layout: layout, policy: policy)
    if let last = events.last { lastEvent = last.description }
    return events
  }

  /// Opens `id` as `--open` does: selects it, then opens its tooltip.
  mutating func open(_ id: String) {
    send(.select(id))
    send(.open(id))
  }

  /// When the loop must wake without input: a long press pending, nothing else.
  var deadline: Duration? { state.deadline }

  /// Tells the state machine the time (monotonic, the clock of the mouse events): a press held
  /// on a long-press anchor past its duration becomes a long press.
  mutating func tick(_ now: Duration) {
    send(.tick(now))
  }

  // MARK: - Input

  /// Applies one decoded terminal input.
  mutating func handle(_ input: TerminalInput) -> Outcome {
    if case .resize(let size) = input {
      screen = Size(width: max(0, size.width), height: max(0, size.height))
      relayout()
      send(.layoutChanged)
      return .redrawAll
    }
    if helpVisible {
      // Any key (or a click) closes the help and does nothing else.
      switch input {
      case .key, .press, .click:
        helpVisible = false
        return .draw
      default:
        return .draw
      }
    }
    switch input {
    case .press(let point, let time): send(.press(point, time: time))
    case .release(let point, let time): send(.release(point, time: time))
    case .click(let point): send(.click(point))
    case .resize: break
    case .key(let key): return handle(key)
    }
    return .draw
  }

  private mutating func handle(_ key: TerminalKey) -> Outcome {
    if key != .character("g") { tourStep = nil }
    switch key {
    case .tab: send(.selectNext)
    case .backTab: send(.selectPrevious)
    case .up, .character("k"): send(.move(.up))
    case .down, .character("j"): send(.move(.down))
    case .left, .character("h"): send(.move(.left))
    case .right, .character("l"): send(.move(.right))
    case .enter, .character(" "): send(.activate)
    case .escape: send(.escape)
    case .character("i"): send(.info)
    case .character("?"):
      // The help takes the pointer: a press begun beneath it (its release is the help's) is
      // neither a tap nor, when its time runs out, a long press.
      helpVisible = true
      send(.cancelPress)
    case .character("q"): return .quit(0)
    case .character("\u{03}"): return .quit(130)
    case .character("\u{0C}"): return .redrawAll
    case .character("t"):
      render.theme = render.theme == .light ? .dark : .light
      relayout()
    case .character("s"):
      sizeOverride = (sizeOverride ?? .md) == .md ? .sm : .md
      relayout()
      send(.layoutChanged)
    case .character("1"):
      headlineOn.toggle()
      relayout()
      send(.layoutChanged)
    case .character("2"):
      supportingOn.toggle()
      relayout()
      send(.layoutChanged)
    case .character("f"):
      render.fidelity = render.fidelity == .hug ? .file : .hug
      relayout()
      send(.layoutChanged)
    case .character("p"):
      policy = policy == .consume ? .passThrough : .consume
    case .character("n"):
      sceneIndex = (sceneIndex + 1) % scenes.count
      relayout()
      send(.sceneReplaced)
    case .character("d"):
      debugVisible.toggle()
    case .character("g"):
      advanceTour()
    default:
      break
    }
    return .draw
  }

  /// The guided tour: each `g` opens the next anchor's tooltip in reading order, as a coach
  /// mark sequence would; after the last it closes.
  private mutating func advanceTour() {
    let next = (tourStep ?? -1) + 1
    guard next < layout.anchors.count else {
      tourStep = nil
      send(.close)
      lastEvent = "tour over"
      return
    }
    tourStep = next
    open(layout.anchors[next].id)
    lastEvent = "tour \(next + 1)/\(layout.anchors.count): \(lastEvent)"
  }
}
