import TooltipKit
import TooltipScenes

/// Everything the demo shows, and how each input changes it: the scene with the user's
/// toggles applied, the tooltip state, the chrome's last event and the overlays.
///
/// Pure (no terminal): the interactive loop and `--snapshot` both draw ``frame()``, so a
/// snapshot is exactly what a user sees.
struct DemoModel {
  /// What the main loop should do after an input.
  enum Outcome: Equatable {
    case draw
    /// Nothing on screen changed: no frame is composed for the input.
    case unchanged
    case redrawAll
    case quit(Int32)
  }

  private(set) var scenes: [NamedScene]
  private(set) var sceneIndex = 0
  private(set) var render: RenderOptions
  /// Where ``render``'s theme came from (the title row says it).
  private(set) var themeSource: ThemeSource
  private(set) var policy: DismissPolicy
  private(set) var bare: Bool
  private(set) var screen: Size
  private(set) var state: TooltipState
  var lastEvent = ""
  /// How many rows a scene taller than its area is scrolled (``scroll(by:)``).
  var scrollOffset = 0
  private(set) var helpVisible = false
  private(set) var debugVisible = false
  private(set) var tourStep: Int?
  /// Every anchor's size forced by `s`, or nil for the scene's own sizes.
  private(set) var sizeOverride: AnchorSize?
  private(set) var headlineOn = true
  private(set) var supportingOn = true
  /// Every scene's edge rule set by `e`, or nil for each scene's own (or `--edges`).
  private(set) var edgesOverride: EdgePolicy?
  /// Hover and focus for every scene set by `o`, or nil for each scene's own (or `--hover`,
  /// `--focus`).
  private(set) var hoverOverride: Bool?
  /// When the input being handled arrived, on the clock mouse events are stamped with: keys
  /// carry no time of their own, and the focus delay starts then.
  private var now: Duration?
  private(set) var layout: SceneLayout
  /// The status row's hint for the selected anchor, kept until the selection or the layout
  /// changes: its copy is read once, not on every frame.
  private(set) var hint: StatusHint
  /// The scene drawn without its state (``Renderer/drawScene(_:into:)``), kept with the layout
  /// when it has many anchors: each frame then copies it instead of drawing every anchor again.
  private(set) var sceneLayer: CellGrid?

  /// Whether the scene layer is kept (``sceneLayer`` is not nil), told from the layout.
  var keepsSceneLayer: Bool { layout.anchors.count >= Self.sceneLayerThreshold }

  /// From how many placed anchors the scene layer is kept: below it, drawing the anchors
  /// costs less than keeping and copying a second screenful of cells.
  static let sceneLayerThreshold = 64

  /// The start of the status row for one anchor: " " and its hint (or "No anchor on screen").
  struct StatusHint {
    /// The anchor it was made for.
    var id: String?
    /// The whole text, when it fits on the screen; nil when it is longer.
    var text: String? = " No anchor on screen"
    /// Its first units, up to one past the screen's width: all a cut status row shows.
    var prefix = TextLine(units: [])
  }

  @inline(never)
  init(scenes: [NamedScene], options: Options, screen: Size, colors: Bool = true) {
    self.scenes = scenes
    render = options.renderOptions(colors: colors)
    themeSource = options.themeSource
    policy = options.dismiss
    bare = options.bare
    self.screen = screen
    // Laid out once, in its area: the toggles start on, so the first scene is as given.
    layout = SceneLayout(
      scene: scenes[0].scene, screen: screen, area: Self.sceneArea(screen: screen, bare: options.bare),
      options: render)
    state = TooltipState(layout: layout)
    // What `layoutChanged()` does, as initialization: assigning over a default hint and scene
    // layer destroys them, and destroying an optional string or grid asks the runtime for
    // `Optional`'s metadata, which registers all of its prespecializations first (30,000
    // instructions of every start). Each stored value is made once, not made by a default and
    // then made again, and the scene layer is a static function's result, not a mutating call
    // on the half-made model: this function's frame, which the first layout runs below, went
    // from 6.2 to 5.3 KB.
    hint = Self.makeHint(selectedID: state.selectedID, layout: layout, screen: screen)
    if layout.anchors.count >= Self.sceneLayerThreshold { sceneLayer = Self.sceneLayer(of: layout, screen: screen) }
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
    if let edgesOverride { scene.edges = edgesOverride }
    if let hoverOverride {
      scene.opensOnHover = hoverOverride
      scene.opensOnFocus = hoverOverride
    }
    return scene
  }

  /// Whether the title and status rows are drawn: not with `--bare`, not below 3 rows.
  var hasChrome: Bool { Self.hasChrome(screen: screen, bare: bare) }

  private static func hasChrome(screen: Size, bare: Bool) -> Bool { !bare && screen.height >= 3 }

  /// The scene area: between the title and status rows, or the whole screen.
  var sceneArea: Rect { Self.sceneArea(screen: screen, bare: bare) }

  private static func sceneArea(screen: Size, bare: Bool) -> Rect {
    hasChrome(screen: screen, bare: bare)
      ? Rect(x: 0, y: 1, width: screen.width, height: screen.height - 2)
      : Rect(size: screen)
  }

  /// Lays the scene out again and tells the state, with `input`: the one way the layout changes,
  /// so no new layout goes unsent (the state closes what it lost at once, not at the next input).
  mutating func relayout(_ input: TooltipInput = .layoutChanged) {
    layout = SceneLayout(scene: scrolled(scene), screen: screen, area: scrolledArea, options: render)
    layoutChanged()
    send(input)
  }

  /// What follows a new layout: the hint, the scene layer. (The state lays the open bubble out
  /// again when it is sent the new layout.)
  private mutating func layoutChanged() {
    hint = makeHint()
    sceneLayer = Self.sceneLayer(of: layout, screen: screen)
  }

  /// The scene of `layout` drawn without its state (``Renderer/drawScene(_:into:)``), when it
  /// has enough anchors to be kept.
  private static func sceneLayer(of layout: SceneLayout, screen: Size) -> CellGrid? {
    guard layout.anchors.count >= sceneLayerThreshold else { return nil }
    var grid = CellGrid(size: screen)
    Renderer.drawScene(layout, into: &grid)
    return grid
  }

  /// Sends one input to the tooltip state machine and remembers the last event it reported,
  /// in the words of ``words(for:after:)``.
  @discardableResult
  mutating func send(_ input: TooltipInput) -> [TooltipEvent] {
    let events = state.send(input, layout: layout, policy: policy, now: now)
    if let last = events.last { lastEvent = Self.words(for: last, after: input) }
    if hint.id != state.selectedID { hint = makeHint() }
    return events
  }

  /// The start of raw `text` that decides what a row `columns` wide shows of its visible line:
  /// all of it when short, else up to the first character after its leading spaces that ends
  /// past `columns + 1` columns and is not a space (so trimming cannot shorten it below that).
  static func start(of text: String, columns: Int) -> String {
    // No grapheme is wider than its UTF-8 bytes (a scalar past ASCII takes two bytes or more
    // and two columns at most): text of no more bytes than that is all of it, unwalked.
    if text.utf8.count <= columns + 1 { return text }
    var width = 0
    var seenText = false
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      index = text.index(after: index)
      if !seenText && character == " " { continue }
      seenText = true
      let w = character.isASCII ? 1 : Text.width(of: character)
      width += w
      if width > columns + 1 && w > 0 && character != " " { return String(text[..<index]) }
    }
    return text
  }

  /// The status row's hint for the selected anchor: its visible lines joined, or a note.
  private func makeHint() -> StatusHint {
    Self.makeHint(selectedID: state.selectedID, layout: layout, screen: screen)
  }

  /// The hint for `selectedID` in `layout` on a screen of `screen`'s size.
  private static func makeHint(selectedID: String?, layout: SceneLayout, screen: Size) -> StatusHint {
    // By its index, not `anchor(id:)`: an optional anchor's destruction asks the runtime for
    // generic metadata, and this runs before the first frame.
    guard let id = selectedID, let index = layout.readingIndex(of: id) else {
      return StatusHint(id: nil)
    }
    let selected = layout.anchors[index]
    // Only the start of a long line can show: the hint is made from that, so selecting an
    // anchor with a megabyte of copy reads a screenful of it.
    var shown = selected.anchor
    shown.headline = Self.start(of: shown.headline, columns: screen.width)
    shown.supporting = Self.start(of: shown.supporting, columns: screen.width)
    let lines = shown.visibleLines
    // Joined by hand: `joined(separator:)` is not specialized here and looks its conformances
    // up at run time, a scan of every conformance record on the first frame.
    var text = " "
    for (i, line) in lines.enumerated() { text += (i == 0 ? "" : " · ") + line }
    if lines.isEmpty { text += "\(Text.sanitize(selected.id)): no tooltip text" }
    let prefix = TextLine(units: Text.units(Text.sanitize(text), upTo: screen.width))
    return StatusHint(id: selected.id, text: prefix.width > screen.width ? nil : text, prefix: prefix)
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
      case .hintToggled: why = " by the i key"
      case .selectionMoved: why = ": the selection moved"
      case .pointerLeft: why = ": the pointer left"
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

  /// Takes the terminal's answer to the background query: the pointer's contrast rule uses it,
  /// and the theme follows it unless the user chose one (`--theme`, `t`). The answer may come
  /// after the first frame: only colours change, nothing is laid out again.
  mutating func follow(_ background: RGB) -> Outcome {
    render.terminalBackground = background
    if themeSource != .chosen {
      render.theme = Theme(background: background)
      themeSource = .terminal
      // The status row says why the bubble changed.
      let hex = [background.red, background.green, background.blue].map { byte in
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0" + digits : digits
      }
      lastEvent = "\(render.theme.rawValue) theme: the terminal's background is #\(hex.joined())"
    }
    _ = layout.setOptions(render)
    return .draw
  }

  /// Selects `id` as `--select` does, leaving every tooltip closed.
  mutating func select(_ id: String) {
    send(.select(id))
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
  @inline(never)
  mutating func tick(_ now: Duration) {
    send(.tick(now))
  }

  // MARK: - Input

  /// Applies one decoded terminal input that arrived at `now` (on the clock mouse events are
  /// stamped with; nil when unknown: a focus delay then starts at the last time the state knew).
  @inline(never)
  mutating func handle(_ input: TerminalInput, now: Duration? = nil) -> Outcome {
    self.now = now
    defer { self.now = nil }
    if case .resize(let size) = input {
      screen = Size(width: max(0, size.width), height: max(0, size.height))
      scrollOffset = min(scrollOffset, maxScroll)
      relayout()
      return .redrawAll
    }
    switch input {
    case .terminalBackground(let background): return follow(background)
    case .deviceAttributes: return .unchanged
    default: break
    }
    if helpVisible {
      // Any key (or a primary-button press or click) closes the help and does nothing else.
      let closes: Bool
      switch input {
      case .key: closes = true
      case .mouse(let mouse): closes = mouse.action == .press(.primary) || mouse.action == .click(.primary)
      default: closes = false
      }
      guard closes else { return .unchanged }
      helpVisible = false
      // The whole screen, not the cells that changed: on a 1 x 1 screen ncurses never
      // blanks the overlay's one cell, its last, and a letter of the help stayed there.
      return .redrawAll
    }
    if let rows = scrollRows(for: input) {
      scroll(by: rows)
      return .draw
    }
    if case .key(let key) = input {
      // The demo gives no Alt key a meaning: one is the Esc it started with, then the key
      // (GNU screen and tmux merge Esc with the key typed after it).
      guard key.modifiers.contains(.alt) else { return handle(key) }
      var outcome = Outcome.draw
      for part in key.unmerged {
        switch handle(part) {
        case .quit(let status): return .quit(status)
        case .redrawAll: outcome = .redrawAll
        case .draw, .unchanged: break
        }
      }
      return outcome
    }
    // Pointer motion is hover's; pastes, other buttons and drags mean nothing here.
    guard let mapped = TooltipKeymap.input(for: input) else { return .unchanged }
    let revision = state.revision
    return send(mapped).isEmpty && state.revision == revision ? .unchanged : .draw
  }

  /// The ASCII code of `key` when it is a character typed with exactly `modifiers`, else 0.
  private static func ascii(_ key: TerminalKey, _ modifiers: KeyModifiers) -> UInt8 {
    guard key.modifiers == modifiers, case .character(let character) = key.code else { return 0 }
    return character.asciiValue ?? 0
  }

  private mutating func handle(_ key: TerminalKey) -> Outcome {
    // Keys are told apart by their ASCII code, a switch on a byte: a burst of keys costs no
    // string comparisons.
    let letter = Self.ascii(key, [])
    if letter != UInt8(ascii: "g") { tourStep = nil }
    if key == .escape {
      // With nothing open, Esc clears the last event: the status row then gives the whole
      // row to the selected anchor's hint.
      if state.openID == nil { lastEvent = "" }
      send(.escape)
      return .draw
    }
    switch Self.ascii(key, .control) {
    case UInt8(ascii: "c"): return .quit(130)
    case UInt8(ascii: "l"): return .redrawAll
    default: break
    }
    switch letter {
    case UInt8(ascii: "?"):
      // The help takes the pointer: a press begun beneath it (its release is the help's) is
      // neither a tap nor, when its time runs out, a long press.
      helpVisible = true
      send(.cancelPress)
    case UInt8(ascii: "q"): return .quit(0)
    case UInt8(ascii: "t"):
      // The theme changes how cells look, never where they are: nothing is laid out again, and
      // the scene layer stays (the anchors are drawn in the terminal's own colours).
      render.theme = render.theme == .light ? .dark : .light
      layout.setTheme(render.theme)
      themeSource = .chosen
    case UInt8(ascii: "s"):
      // The scene's own sizes, then all sm, then all md, then back.
      switch sizeOverride {
      case nil: sizeOverride = .sm
      case .sm: sizeOverride = .md
      case .md: sizeOverride = nil
      }
      relayout()
    case UInt8(ascii: "1"):
      headlineOn.toggle()
      relayout()
    case UInt8(ascii: "2"):
      supportingOn.toggle()
      relayout()
    case UInt8(ascii: "f"):
      render.fidelity = render.fidelity == .hug ? .file : .hug
      relayout()
    case UInt8(ascii: "p"):
      policy = policy == .consume ? .passThrough : .consume
    case UInt8(ascii: "e"):
      // Crop and shift, for every scene from now on; the open bubble is laid out again.
      edgesOverride = scene.edges == .crop ? .shift : .crop
      relayout()
      lastEvent = "edges: \(scene.edges.rawValue)"
    case UInt8(ascii: "o"):
      // Hover and focus together, for every scene from now on.
      hoverOverride = !(scene.opensOnHover || scene.opensOnFocus)
      relayout()
      lastEvent = "hover and focus: \(hoverOverride! ? "on" : "off")"
    case UInt8(ascii: "n"):
      sceneIndex = (sceneIndex + 1) % scenes.count
      scrollOffset = 0
      relayout(.sceneReplaced)
    case UInt8(ascii: "d"):
      debugVisible.toggle()
    case UInt8(ascii: "g"):
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
