import TooltipKit

/// BEHAVIOUR 4's invariants of the state machine, checked after an input from the spec's own rules
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
  /// placed and has a bubble, or one hidden out of its viewport, without one; the selection names a placed anchor, or nothing when none is.
  package static func state(_ state: TooltipState, layout: SceneLayout) -> [String] {
    var violations: [String] = []
    if let open = state.openID {
      if let placed = layout.anchor(id: open) {
        if !placed.anchor.hasVisibleLine { violations.append("open \(open) has no visible line") }
        let bubble = layout.bubble(for: open)
        if bubble == nil {
          violations.append("open \(open) has no bubble to draw")
        }
        // The bubble the state keeps is the one this layout lays out, never an older one.
        if state.openBubble(layout) != bubble {
          violations.append("open \(open) keeps a bubble this layout does not give")
        }
      } else if layout.isHidden(open) {
        // Out of its viewport: open still, with nothing drawn or hit, and never by hover.
        if state.openBubble(layout) != nil { violations.append("hidden \(open) has a bubble") }
        if state.openReason == .hover { violations.append("hidden \(open) stays open by hover") }
      } else {
        violations.append("open \(open) is neither a placed anchor nor a hidden one")
      }
    }
    if let selected = state.selectedID {
      if layout.anchor(id: selected) == nil {
        violations.append("selected \(selected) is not a placed anchor")
      }
    } else if !layout.anchors.isEmpty {
      violations.append("nothing selected among \(layout.anchors.count) placed anchors")
    }
    // Without a press, only a hover or focus delay needs a timer.
    let scene = layout.scene
    let transientAnchors = layout.anchors.contains {
      scene.hoverEnabled(for: $0.anchor) || scene.focusEnabled(for: $0.anchor)
    }
    if let deadline = state.deadline, !state.isPressing, !transientAnchors {
      violations.append("a deadline \(deadline) with no press and no hover or focus anchor")
    }
    return violations
  }

  /// One Esc closes (and with nothing open does nothing); one tap at `point` closes, first of
  /// all. Under `consume`, or where no anchor is, the tap does nothing else; on the open
  /// anchor itself, it leaves the tooltip closed.
  ///
  /// A tap on a menu item (BEHAVIOUR 4) closes what is open and runs the item's action, whatever the
  /// policy. Hover and focus (BEHAVIOUR 4): a tap on the anchor of a tooltip they opened pins it (it stays
  /// open as if a tap had opened it, and runs the anchor's action if it has one), and the next
  /// tap closes it; a tap off a hover-opened tooltip's zone at a cell other than the pointer's
  /// (`pointer`: where the last motion or button put it) is the pointer leaving first, so it
  /// closes as pointerLeft.
  package static func closing(
    _ state: TooltipState, layout: SceneLayout, policy: DismissPolicy, tapAt point: Point,
    pointer: Point? = nil
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
    var tapEvents = tapped.send(.click(point), layout: layout, policy: policy)
    let transient = state.openReason == .hover || state.openReason == .focus
    let screen = Rect(x: 0, y: 0, width: layout.screen.width, height: layout.screen.height)
    let onBubble = screen.contains(point) && (state.openBubble(layout)?.contains(point) ?? false)
    // A tap on a menu item is the item's (BEHAVIOUR 4): whatever is open closes and the item's action
    // runs, under either policy; nothing opens or pins.
    if !onBubble, let item = layout.anchor(at: point), item.anchor.trigger == .menu, item.anchor.hasAction {
      let pointerLeft = state.openReason == .hover && point != pointer && !hoverable(point, id: open, layout: layout)
      let closedAs: CloseReason = pointerLeft ? .pointerLeft : .tap
      if tapEvents != [.closed(open, closedAs), .action(item.id)] || tapped.openID != nil {
        violations.append(
          "a tap on menu item \(item.id) with \(open) open gave \(tapEvents), left \(tapped.openID ?? "closed")")
      }
      return violations
    }
    if transient && !onBubble && layout.anchor(at: point)?.id == open {
      let action: [TooltipEvent] = layout.anchor(id: open)!.anchor.hasAction ? [.action(open)] : []
      if tapEvents != action || tapped.openID != open || tapped.openReason != .tap {
        violations.append(
          "a tap on \(open)'s anchor, open by \(state.openReason!), gave \(tapEvents), left \(tapped.openID ?? "closed") by \(String(describing: tapped.openReason))"
        )
      }
      // Pinned: the next tap closes it.
      tapEvents = tapped.send(.click(point), layout: layout, policy: policy)
    }
    if state.openReason == .hover && point != pointer && !hoverable(point, id: open, layout: layout) {
      if tapEvents.first != .closed(open, .pointerLeft) {
        violations.append("a tap at (\(point.x),\(point.y)) off \(open)'s zone gave \(tapEvents)")
      }
      return violations
    }
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

  /// BEHAVIOUR 4's hoverable zone of `id`'s tooltip, from its box and bubble alone: on screen, and on
  /// the tap target (md: the box; sm: a column more each side), the body, the pointer, or the
  /// line of cells strictly between box and body over the body's span.
  package static func hoverable(_ p: Point, id: String, layout: SceneLayout) -> Bool {
    let screen = Rect(x: 0, y: 0, width: layout.screen.width, height: layout.screen.height)
    guard screen.contains(p), let placed = layout.anchor(id: id) else { return false }
    let box = placed.box
    let target =
      placed.anchor.size == .sm
      ? Rect(x: box.minX - 1, y: box.minY, width: box.size.width + 2, height: box.size.height) : box
    if target.contains(p) { return true }
    guard let bubble = layout.bubble(for: id) else { return false }
    if bubble.body.contains(p) || bubble.pointer == p { return true }
    let body = bubble.body
    switch placed.anchor.placement {
    case .top: return p.y >= body.maxY && p.y < box.minY && p.x >= body.minX && p.x < body.maxX
    case .bottom: return p.y >= box.maxY && p.y < body.minY && p.x >= body.minX && p.x < body.maxX
    case .left: return p.x >= body.maxX && p.x < box.minX && p.y >= body.minY && p.y < body.maxY
    case .right: return p.x >= box.maxX && p.x < body.minX && p.y >= body.minY && p.y < body.maxY
    }
  }
}
