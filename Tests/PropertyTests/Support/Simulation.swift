import StateOracle
import TooltipKit

/// One step of a random run: an input to the state machine, or a change of screen, options
/// or scene followed by `.layoutChanged` (or `.sceneReplaced`).
enum Step: CustomStringConvertible {
  /// The primary button goes down at a cell, `after` the previous instant.
  case press(Point, after: Duration)
  /// The primary button comes up at a cell, `after` the previous instant.
  case release(Point, after: Duration)
  /// A press and release reported as one click.
  case click(Point)
  /// The pointer moves to a cell with no button held (or off the screen), `after` the previous
  /// instant.
  case motion(Point, after: Duration)
  /// Time passes.
  case tick(after: Duration)
  /// A key or a programmatic request, sent as it is.
  case input(TooltipInput)
  /// The terminal is resized; `chrome` puts the scene area between a title and a status row.
  case resize(Size, chrome: Bool)
  /// The render options change (theme, fidelity, glyphs, colours).
  case options(RenderOptions)
  /// The scene changes: anchors added, removed or edited, or a new scene (`replaced`).
  case scene(Scene, replaced: Bool)

  var description: String {
    switch self {
    case .press(let p, let after): "press(\(p.x),\(p.y)) +\(after)"
    case .release(let p, let after): "release(\(p.x),\(p.y)) +\(after)"
    case .click(let p): "click(\(p.x),\(p.y))"
    case .motion(let p, let after): "motion(\(p.x),\(p.y)) +\(after)"
    case .tick(let after): "tick +\(after)"
    case .input(let input): "\(input)"
    case .resize(let size, let chrome):
      "resize \(size.width)x\(size.height)\(chrome ? " chrome" : "")"
    case .options(let o): "options \(o.theme) \(o.fidelity) \(o.glyphs) colors=\(o.colors)"
    case .scene(let scene, let replaced):
      "scene \(scene.anchors.map(\.id)) width=\(scene.maxTextWidth.map(String.init) ?? "nil")\(replaced ? " replaced" : "")"
    }
  }
}

/// A program using TooltipKit, driven step by step: the scene, screen, options and tooltip
/// state, laid out again whenever one of them changes, with every invariant checked after
/// every step.
struct Simulation {
  private(set) var scene: Scene
  private(set) var screen: Size
  private(set) var chrome: Bool
  private(set) var options: RenderOptions
  let policy: DismissPolicy
  private(set) var layout: SceneLayout
  private(set) var state: TooltipState
  /// The clock: every press, release and tick moves it on.
  private(set) var now: Duration = .seconds(1)
  /// Where the last press went down, so releases often land on the same cell.
  private(set) var lastPress: Point?
  /// Where the pointer is, as the last motion, press, release or click put it.
  private(set) var pointer: Point?
  /// Whether the primary button is down: pressed and not yet released (a click releases it).
  private(set) var held = false
  /// What hover and focus have done so far, for their invariants.
  private var hover = HoverWatch()
  /// The next unused anchor number for new ids.
  private(set) var nextID: Int
  /// The open tooltip as the reported events tell it, checked against the state.
  private var openByEvents: String?
  /// What the run went through, for the figures a report gives.
  private(set) var tally = Tally()

  init(scene: Scene, screen: Size, chrome: Bool, options: RenderOptions, policy: DismissPolicy) {
    self.scene = scene
    self.screen = screen
    self.chrome = chrome
    self.options = options
    self.policy = policy
    nextID = scene.anchors.count
    layout = Simulation.layout(scene: scene, screen: screen, chrome: chrome, options: options)
    state = TooltipState(layout: layout)
    tally.sequences = 1
    Simulation.bump(&nextID, for: scene)
  }

  /// A random simulation's starting point.
  init(random source: inout some ChoiceSource) {
    var ids = 0
    let scene = source.scene(maxAnchors: source.chance(10) ? 30 : 8, firstID: &ids)
    self.init(
      scene: scene, screen: source.screen(), chrome: source.chance(50),
      options: source.renderOptions(),
      policy: source.chance(50) ? .consume : .passThrough)
  }

  /// The scene area: between a title and a status row with chrome (3 rows or more), else the
  /// whole screen.
  static func area(screen: Size, chrome: Bool) -> Rect {
    chrome && screen.height >= 3
      ? Rect(x: 0, y: 1, width: screen.width, height: screen.height - 2)
      : Rect(x: 0, y: 0, width: screen.width, height: screen.height)
  }

  private static func layout(scene: Scene, screen: Size, chrome: Bool, options: RenderOptions)
    -> SceneLayout
  {
    SceneLayout(
      scene: scene, screen: screen, area: area(screen: screen, chrome: chrome), options: options)
  }

  private static func bump(_ next: inout Int, for scene: Scene) {
    for anchor in scene.anchors {
      if let n = Int(anchor.id.dropFirst()), n >= next { next = n + 1 }
    }
  }

  /// Applies `step`, then checks every invariant; returns what was violated (empty: none).
  mutating func apply(_ step: Step) -> [String] {
    let input: TooltipInput
    let before = state
    let heldBefore = held
    let pointerBefore = pointer
    switch step {
    case .press(let p, let after):
      now += after
      lastPress = p
      pointer = p
      held = true
      input = .press(p, time: now)
    case .release(let p, let after):
      now += after
      pointer = p
      held = false
      input = .release(p, time: now)
    case .click(let p):
      pointer = p
      held = false
      input = .click(p)
    case .motion(let p, let after):
      now += after
      pointer = p
      input = .motion(p, time: now)
    case .tick(let after):
      now += after
      input = .tick(now)
    case .input(let i):
      input = i
    case .resize(let size, let chrome):
      screen = size
      self.chrome = chrome
      layout = Simulation.layout(scene: scene, screen: screen, chrome: chrome, options: options)
      input = .layoutChanged
    case .options(let o):
      // As a program does: the layout takes the options, laid out again only when they
      // change where things go (glyphs, fidelity).
      options = o
      layout.setOptions(options)
      input = .layoutChanged
    case .scene(let s, let replaced):
      scene = s
      Simulation.bump(&nextID, for: s)
      layout = Simulation.layout(scene: scene, screen: screen, chrome: chrome, options: options)
      input = replaced ? .sceneReplaced : .layoutChanged
    }

    if case .sceneReplaced = input { held = false }
    if case .cancelPress = input { held = false }
    // Keys arrive now: the focus delay starts at this instant.
    let keyTime: Duration? = if case .input = step { now } else { nil }
    let events = state.send(input, layout: layout, policy: policy, now: keyTime)
    tally.count(events, step: step, before: before, after: state)
    var violations = StateInvariants.events(events, before: openByEvents, state: state, layout: layout)
    openByEvents = state.openID
    violations += StateInvariants.state(state, layout: layout)
    violations += Invariants.placement(layout)
    switch step {
    case .press(let p, _), .release(let p, _), .click(let p):
      violations += Invariants.hitTest(layout, at: p)
    default: break
    }
    let (frame, cells) = Invariants.frame(layout: layout, state: state)
    violations += frame
    tally.cells += cells
    if let bubble = state.openBubble(layout) {
      tally.stepsOpen += 1
      if bubble.cellsLost(on: screen) > 0 { tally.stepsCropped += 1 }
    }
    violations += StateInvariants.closing(
      state, layout: layout, policy: policy, tapAt: lastPress ?? Point(x: 0, y: 0), pointer: pointer)
    violations += hover.check(
      HoverWatch.Change(
        step: step, input: input, events: events, before: before, after: state, layout: layout,
        now: now, heldBefore: heldBefore, held: held, pointerBefore: pointerBefore, pointer: pointer))
    return violations
  }
}

/// Figures of random runs: how many steps, frames and cells were checked, and how often the
/// interesting things happened (a run that never opens a tooltip checks little).
struct Tally: CustomStringConvertible {
  var sequences = 0
  var steps = 0
  var cells = 0
  var stepsOpen = 0
  var stepsCropped = 0
  var opened = 0
  var actions = 0
  var longPressOpens = 0
  var hoverOpens = 0
  var focusOpens = 0
  var pins = 0
  var closed: [CloseReason: Int] = [:]

  /// Counts a step's events; `before` and `after` are the states around it (how the last open
  /// of a step opened is known, and a pin shows as a transient tooltip turned persistent).
  mutating func count(_ events: [TooltipEvent], step: Step, before: TooltipState, after: TooltipState) {
    steps += 1
    if case .opened = events.last {
      switch after.openReason {
      case .hover: hoverOpens += 1
      case .focus: focusOpens += 1
      case .longPress: longPressOpens += 1
      default: break
      }
    }
    let wasTransient = before.openReason == .hover || before.openReason == .focus
    if wasTransient, events.allSatisfy({ if case .action = $0 { true } else { false } }),
      after.openID == before.openID, after.openReason != before.openReason,
      after.openReason != .hover, after.openReason != .focus
    {
      pins += 1
    }
    for event in events {
      switch event {
      case .opened:
        opened += 1
      case .closed(_, let reason): closed[reason, default: 0] += 1
      case .action: actions += 1
      }
    }
  }

  mutating func add(_ other: Tally) {
    sequences += other.sequences
    steps += other.steps
    cells += other.cells
    stepsOpen += other.stepsOpen
    stepsCropped += other.stepsCropped
    opened += other.opened
    actions += other.actions
    longPressOpens += other.longPressOpens
    hoverOpens += other.hoverOpens
    focusOpens += other.focusOpens
    pins += other.pins
    closed.merge(other.closed, uniquingKeysWith: +)
  }

  var description: String {
    let reasons = closed.sorted { $0.key.rawValue < $1.key.rawValue }.map {
      "\($0.key.rawValue) \($0.value)"
    }
    return
      "\(sequences) sequences, \(steps) steps, \(cells) cells checked; open after \(stepsOpen) steps "
      + "(\(stepsCropped) cropped); \(opened) opened (the last of a step: \(longPressOpens) by long press, "
      + "\(hoverOpens) by hover, \(focusOpens) by focus; \(pins) pinned), \(actions) actions; "
      + "closed: \(reasons.joined(separator: ", "))"
  }
}

/// Runs one random sequence of `steps` steps from `source`; returns the first step's
/// violations with the steps that led there (or an empty list), and the run's figures.
func runRandomSequence(_ source: inout some ChoiceSource, steps: Int) -> (
  violations: [String], tally: Tally
) {
  var sim = Simulation(random: &source)
  var trail: [String] = []
  for _ in 0..<steps {
    if source.isExhausted { break }
    let step = source.step(in: sim)
    trail.append(step.description)
    let violations = sim.apply(step)
    if !violations.isEmpty {
      let setup =
        "screen \(sim.screen.width)x\(sim.screen.height) chrome=\(sim.chrome) policy=\(sim.policy) anchors=\(sim.scene.anchors.count)"
      return (
        violations + [setup, "steps: " + trail.suffix(12).joined(separator: "; ")], sim.tally
      )
    }
  }
  return ([], sim.tally)
}
