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
  /// Every anchor's size forced by `s`, or nil for the scene's own sizes.
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

  /// Sends one input to the tooltip state machine and remembers the last event it reported,
  /// in the words of ``words(for:after:)``.
  @discardableResult
  mutating func send(_ input: TooltipInput) -> [TooltipEvent] {
    let events = state.send(input, layout: layout, policy: policy)
    if let last = events.last { lastEvent = Self.words(for: last, after: input) }
    return events
  }

  /// An event as the status row writes it: `opened share`, `action publish`, and a close with
  /// its reason in a person's words (`closed share by Esc`), not the core's case names.
  ///
  /// The core reports why in its own terms (`programmatic`, `anchorRemoved`); which input
  /// caused the change says what that meant here: a toggle that left no line, the tour moving
  /// on, a new scene, an anchor pushed off screen.
  static func words(for event: TooltipEvent, after input: TooltipInput) -> String {
    switch event {
    case .opened(let id): return "opened \(Text.sanitize(id))"
    case .action(let id): return "action \(Text.sanitize(id))"
    case .closed(let id, let reason):
      let why: String
      switch reason {
      case .tap: why = " by a tap"
      case .longPress: why = " by a long press"
      case .escape: why = " by Esc"
      case .info: why = " by the i key"
      case .selectionMoved: why = ": the selection moved"
      case .programmatic:
        switch input {
        case .open, .close: why = ": the tour moved on"
        default: why = ": no line left to show"
        }
      case .anchorRemoved:
        if case .sceneReplaced = input {
          why = ": the scene changed"
        } else {
          why = ": anchor off screen"
        }
      }
      return "closed \(Text.sanitize(id))" + why
    }
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
        // The whole screen, not the cells that changed: on a 1 x 1 screen ncurses never
        // blanks the overlay's one cell, its last, and a letter of the help stayed there.
        return .redrawAll
      default:
        return .draw
      }
    }
    if case .key(let key) = input { return handle(key) }
    if let mapped = TooltipKeymap.input(for: input) { send(mapped) }
    return .draw
  }

  private mutating func handle(_ key: TerminalKey) -> Outcome {
    if key != .character("g") { tourStep = nil }
    switch key {
    case .escape:
      // With nothing open, Esc clears the last event: the status row then gives the whole
      // row to the selected anchor's hint.
      if state.openID == nil { lastEvent = "" }
      send(.escape)
    case .character("?"): helpVisible = true
    case .character("q"): return .quit(0)
    case .character("\u{03}"): return .quit(130)
    case .character("\u{0C}"): return .redrawAll
    case .character("t"):
      render.theme = render.theme == .light ? .dark : .light
      relayout()
    case .character("s"):
      // The scene's own sizes, then all sm, then all md, then back.
      switch sizeOverride {
      case nil: sizeOverride = .sm
      case .sm: sizeOverride = .md
      case .md: sizeOverride = nil
      }
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
      // The component's own keys: selection, tap, info, escape.
      if let mapped = TooltipKeymap.input(for: .key(key)) { send(mapped) }
    }
    return .draw
  }

  /// The guided tour: each `g` opens the next anchor's tooltip in reading order, as a coach
  /// mark sequence would; after the last it closes.
  ///
  /// Each step's status says what that step did, and only that: `tour 2/8: opened top-md`,
  /// or why nothing opened. It never builds on the last event, which may be an earlier
  /// tour's.
  private mutating func advanceTour() {
    let next = (tourStep ?? -1) + 1
    guard next < layout.anchors.count else {
      tourStep = nil
      send(.close)
      lastEvent = "tour over"
      return
    }
    tourStep = next
    let id = layout.anchors[next].id
    let events = send(.select(id)) + send(.open(id))
    let did: String
    if events.contains(.opened(id)) {
      did = Self.words(for: .opened(id), after: .open(id))
    } else if state.openID == id {
      did = "\(Text.sanitize(id)) is open"
    } else {
      did = "\(Text.sanitize(id)) has no tooltip text"
    }
    lastEvent = "tour \(next + 1)/\(layout.anchors.count): \(did)"
  }
}
