import StateOracle
import TooltipKit

/// BEHAVIOUR 4's hover and focus rules as properties of a run, checked after every step from what
/// the run itself saw (where the pointer went and when, which button was held, what Esc closed)
/// rather than from the state's own bookkeeping.
///
/// - motion inside one cell changes nothing;
/// - a tooltip opens by pointer or time only after the pointer rested `hoverDelay` on a hover
///   anchor's target with no button held (or within `skipDelay` of a transient tooltip left), or
///   for the selected focus anchor, or by a long press;
/// - hover never opens during a held button; focus opens only after a keyboard move (or a
///   `.focus` of the program's) onto the anchor, once, and not again after Esc before the
///   selection moves;
/// - a tooltip Esc dismissed with the pointer on its target never opens by hover before the
///   pointer leaves that target;
/// - a tooltip opened by a tap, a long press, `i` or the program is never closed by the pointer
///   or replaced by hover or focus;
/// - a tooltip hover opened is open only while the pointer is on its hoverable zone (its target,
///   its bubble, the gap line over the body's span), and closes as pointerLeft only off it;
/// - after a tick, the deadline lies ahead; a pointer resting on a tooltip hover opened needs no
///   tick.
struct HoverWatch {
  /// When the pointer came onto each anchor's target and has stayed on it since (bubbles aside).
  private var entered: [String: Duration] = [:]
  /// The last time a tooltip hover or focus opened closed as the pointer or selection left it.
  private var lastLeave: Duration?
  /// The anchor whose hover-opened tooltip Esc closed with the pointer on its target, until the
  /// pointer leaves that target.
  private var dismissed: String?
  /// The anchor a keyboard move selected, whose focus open may still come: disarmed by any other
  /// selection change, by Esc, by a button or a key that acts, and once it opened.
  private var armed: String?

  /// One step as the simulation saw it.
  struct Change {
    var step: Step
    var input: TooltipInput
    var events: [TooltipEvent]
    var before: TooltipState
    var after: TooltipState
    var layout: SceneLayout
    var now: Duration
    var heldBefore: Bool
    var held: Bool
    var pointerBefore: Point?
    var pointer: Point?
  }

  mutating func check(_ c: Change) -> [String] {
    var violations: [String] = []
    let layout = c.layout
    let scene = layout.scene
    let enteredBefore = entered
    updateEntered(c)
    let isMotion: Bool
    if case .motion = c.step { isMotion = true } else { isMotion = false }
    let isTick: Bool
    if case .tick = c.step { isTick = true } else { isTick = false }

    // Motion inside one cell changes nothing.
    if isMotion, c.pointer == c.pointerBefore {
      if !c.events.isEmpty || c.after != c.before {
        violations.append("motion inside one cell gave \(c.events) or changed the state")
      }
    }

    // A rest of at least the delay on `id`'s target, from `since`, by now (or a skip).
    func rested(_ since: Duration?, leave: Duration?) -> Bool {
      guard let since else { return false }
      if c.now - since >= scene.hoverDelay { return true }
      guard let leave else { return false }
      return leave + scene.skipDelay > since
    }
    func hoverPossible(_ id: String, leave: Duration?) -> Bool {
      guard !c.heldBefore, let placed = layout.anchor(id: id), scene.hoverEnabled(for: placed.anchor)
      else { return false }
      return rested(enteredBefore[id], leave: leave) || rested(entered[id], leave: leave)
    }
    let armedBefore = armed
    if c.after.selectedID != c.before.selectedID {
      switch c.input {
      case .selectNext, .selectPrevious, .move, .focus: armed = c.after.selectedID
      default: armed = nil
      }
    }
    switch c.input {
    case .escape, .press, .click, .activate, .toggleHint, .open, .close, .deselect, .sceneReplaced: armed = nil
    default: break
    }
    func focusPossible(_ id: String) -> Bool {
      guard let placed = layout.anchor(id: id), scene.focusEnabled(for: placed.anchor) else { return false }
      guard id == armedBefore || id == armed else { return false }
      return id == c.before.selectedID || id == c.after.selectedID
    }

    // Walk the events: what closes what, and what may open.
    var transient = c.before.openReason.map(Self.isTransient) ?? false
    var reason = c.before.openReason
    var leave = lastLeave
    let lastOpen = c.events.lastIndex { if case .opened = $0 { true } else { false } }
    for (i, event) in c.events.enumerated() {
      switch event {
      case .closed(let id, let why):
        if !transient {
          let by = reason.map { "\($0)" } ?? "?"
          if why == .pointerLeft {
            violations.append("\(id), opened by \(by), closed as pointerLeft")
          }
          if isMotion || (isTick && why != .longPress) {
            violations.append("\(id), opened by \(by), closed on \(c.step) (\(why))")
          }
        }
        if transient && (why == .pointerLeft || why == .selectionMoved) { leave = c.now }
        let reopens = c.events[(i + 1)...].contains { if case .opened = $0 { true } else { false } }
        if why == .pointerLeft, isMotion, !reopens, let p = c.pointer, Self.hoverable(p, id: id, layout: layout) {
          violations.append("\(id) closed as pointerLeft with the pointer at \(p) on its zone")
        }
        transient = false
        reason = nil
      case .opened(let id):
        if isMotion || isTick {
          let longPress = isTick && c.heldBefore
          let byHover = hoverPossible(id, leave: leave)
          if !(byHover || focusPossible(id) || longPress) {
            violations.append(
              "\(id) opened on \(c.step) with no rest of \(scene.hoverDelay) (entered \(String(describing: enteredBefore[id] ?? entered[id]))), no focus and no long press"
            )
          }
          if id == dismissed, !focusPossible(id), !longPress {
            violations.append("\(id), dismissed with Esc, opened on \(c.step) before the pointer left it")
          }
        }
        if i == lastOpen && id == c.after.openID {
          reason = c.after.openReason
          transient = reason.map(Self.isTransient) ?? false
        } else {
          transient = !(isTick && c.heldBefore)
          reason = transient ? .hover : .longPress
        }
      case .action:
        break
      }
    }
    lastLeave = leave

    // The open tooltip and how it opened, after the step.
    let after = c.after
    if (after.openID == nil) != (after.openReason == nil) {
      violations.append("open \(after.openID ?? "nil") with reason \(String(describing: after.openReason))")
    }
    let openedNow = after.openID.map { c.events.contains(.opened($0)) } ?? false
    if let id = after.openID, after.openReason == .hover {
      if openedNow && !hoverPossible(id, leave: leave) {
        violations.append("\(id) opened by hover on \(c.step) without a rest (button held: \(c.heldBefore))")
      }
      if openedNow && id == dismissed {
        violations.append("\(id), dismissed with Esc, opened by hover before the pointer left it")
      }
      if isMotion, let p = c.pointer, !Self.hoverable(p, id: id, layout: layout) {
        violations.append("\(id), opened by hover, still open with the pointer at \(p) off its zone")
      }
      // A pointer resting on it needs no timer (when nothing else can be pending).
      let onOthers = layout.anchors.contains { $0.id != id && c.pointer.map($0.target.contains) ?? false }
      let focusAnchors = layout.anchors.contains { scene.focusEnabled(for: $0.anchor) }
      if !c.held, !focusAnchors, !onOthers, let p = c.pointer,
        layout.anchor(id: id)?.target.contains(p) ?? false, let deadline = after.deadline
      {
        violations.append("\(id) open by hover with the pointer resting on it, yet a deadline \(deadline)")
      }
    }
    if let id = after.openID, after.openReason == .focus {
      if openedNow && after.selectedID != id {
        violations.append("\(id) opened by focus while \(after.selectedID ?? "nothing") is selected")
      }
      if openedNow && !focusPossible(id) {
        violations.append("\(id) opened by focus on \(c.step) with no keyboard move onto it since")
      }
      if openedNow { armed = nil }
    }
    if isTick, let deadline = after.deadline, deadline <= c.now {
      violations.append("after a tick at \(c.now) the deadline \(deadline) is not ahead")
    }

    // Esc on a tooltip hover opened, with the pointer on its target: dismissed until it leaves.
    if case .escape = c.input, let id = c.before.openID, c.before.openReason == .hover,
      let p = c.pointer, layout.anchor(id: id)?.target.contains(p) ?? false
    {
      dismissed = id
    }
    if let id = dismissed {
      let placed = layout.anchor(id: id)
      if placed == nil || !scene.hoverEnabled(for: placed!.anchor) || !(c.pointer.map(placed!.target.contains) ?? false)
      {
        dismissed = nil
      }
    }
    return violations
  }

  static func isTransient(_ reason: OpenReason) -> Bool { reason == .hover || reason == .focus }

  /// Keeps, for each anchor whose target holds the pointer (on screen), when it came onto it.
  private mutating func updateEntered(_ c: Change) {
    var next: [String: Duration] = [:]
    let screen = Rect(x: 0, y: 0, width: c.layout.screen.width, height: c.layout.screen.height)
    if let p = c.pointer, screen.contains(p) {
      for placed in c.layout.anchors where placed.target.contains(p) {
        next[placed.id] = entered[placed.id] ?? c.now
      }
    }
    entered = next
  }

  static func hoverable(_ p: Point, id: String, layout: SceneLayout) -> Bool {
    StateInvariants.hoverable(p, id: id, layout: layout)
  }
}
