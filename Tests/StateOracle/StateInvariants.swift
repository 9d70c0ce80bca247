import TooltipKit

/// SPEC 4's invariants of the state machine, checked after an input from the spec's own rules
/// rather than by asking the code under test; each returns what it found violated (empty when
/// nothing is).
///
/// One oracle for the scripted state-machine tests, the random sequences and the fuzz target.
package enum StateInvariants {
  /// The events tell a consistent story from `before` (what was open before the input): a
  /// close names what was open, an open happens only when nothing is, an action names a placed
  /// anchor that has one, and the story ends where the state is.
  package static func events(
    _ events: [TooltipEvent], before: String?, state: TooltipState, layout: SceneLayout
  ) -> [String] {
    var violations: [String] = []
    var open = before
    for event in events {
      switch event {
      case .opened(let id):
        if let open { violations.append("opened \(id) while \(open) was open (two open)") }
        open = id
      case .closed(let id, _):
        if open != id { violations.append("closed \(id) but \(open ?? "nothing") was open") }
        open = nil
      case .action(let id):
        guard let placed = layout.anchor(id: id) else {
          violations.append("action \(id) on an anchor that is not placed")
          continue
        }
        if !placed.anchor.hasAction { violations.append("action \(id) on an anchor without an action") }
      }
    }
    if open != state.openID {
      violations.append("events say \(open ?? "closed"), state says \(state.openID ?? "closed")")
    }
    return violations
  }

  /// At most one open (the state holds one id), and an open tooltip names an anchor that is
  /// placed and has a bubble; the selection names a placed anchor, or nothing when none is.
  package static func state(_ state: TooltipState, layout: SceneLayout) -> [String] {
    var violations: [String] = []
    if let open = state.openID {
      if let placed = layout.anchor(id: open) {
        if !placed.anchor.hasVisibleLine { violations.append("open \(open) has no visible line") }
        if layout.bubble(for: open) == nil {
          violations.append("open \(open) has no bubble to draw")
        }
      } else {
        violations.append("open \(open) is not a placed anchor")
      }
    }
    if let selected = state.selectedID {
      if layout.anchor(id: selected) == nil {
        violations.append("selected \(selected) is not a placed anchor")
      }
    } else if !layout.anchors.isEmpty {
      violations.append("nothing selected among \(layout.anchors.count) placed anchors")
    }
    if let deadline = state.deadline, !state.isPressing {
      violations.append("a long-press deadline \(deadline) with no press")
    }
    return violations
  }

  /// One Esc closes (and with nothing open does nothing); one tap at `point` closes, first of
  /// all. Under `consume`, or where no anchor is, the tap does nothing else; on the open
  /// anchor itself, it leaves the tooltip closed.
  package static func closing(
    _ state: TooltipState, layout: SceneLayout, policy: DismissPolicy, tapAt point: Point
  ) -> [String] {
    var escaped = state
    let escapeEvents = escaped.send(.escape, layout: layout, policy: policy)
    guard let open = state.openID else {
      return escapeEvents.isEmpty ? [] : ["Esc with nothing open gave \(escapeEvents)"]
    }
    var violations: [String] = []
    if escaped.openID != nil || escapeEvents != [.closed(open, .escape)] {
      violations.append(
        "Esc on open \(open) gave \(escapeEvents), left \(escaped.openID ?? "closed")")
    }
    var tapped = state
    let tapEvents = tapped.send(.click(point), layout: layout, policy: policy)
    if tapEvents.first != .closed(open, .tap) {
      violations.append("a tap at (\(point.x),\(point.y)) on open \(open) gave \(tapEvents)")
    }
    let target = layout.anchor(at: point)
    if (policy == .consume || target == nil) && (tapped.openID != nil || tapEvents.count != 1) {
      violations.append(
        "a closing tap at (\(point.x),\(point.y)) on open \(open) gave \(tapEvents), left \(tapped.openID ?? "closed")")
    }
    if target?.id == open && tapped.openID != nil {
      violations.append("a tap on open \(open) itself left \(tapped.openID ?? "") open")
    }
    return violations
  }
}
