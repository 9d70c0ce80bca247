/// The tooltip state machine: which tooltip is open (at most one) and how it opened, which
/// anchor is selected, the press in progress, and where the pointer rests.
///
/// A program keeps one and sends it every input, as a ``TooltipInput`` with
/// ``send(_:layout:policy:now:)`` or as the terminal sent it with
/// ``send(_:layout:policy:now:letters:)``: the state moves on and the changes come back as
/// events. Hit testing uses the layout the frame
/// was drawn from, so taps land on what the user saw. Time is an input too: hover and focus
/// delays, like long presses, are decided from timestamps and ticks, never by a timer inside.
public struct TooltipState: Hashable, Sendable {
  /// The id of the anchor whose tooltip is open, or nil when closed.
  public private(set) var openID: String?
  /// How the open tooltip opened (nil when closed): a tooltip that hover or focus opened gives
  /// way to the next such open and a tap on its anchor pins it (then it reads ``OpenReason/tap``).
  public private(set) var openReason: OpenReason?
  /// The id of the selected anchor (keyboard focus), or nil when there is none.
  public private(set) var selectedID: String?
  /// Whether an anchor is always selected: the first in reading order whenever the selection
  /// is missing or gone (a keyboard-first screen). When false, "nothing selected" is
  /// a state of its own, for a program whose focus may be elsewhere: only a tap, a selection
  /// key or ``TooltipInput/select(_:)`` selects.
  public let keepsSelection: Bool
  /// Whether a tap or long press on an anchor also selects it (BEHAVIOUR 4). False for a program
  /// with a focus of its own (a selected table row) that a tap on a tooltip's anchor must not
  /// take: taps still open, close and run actions, and only a selection key or
  /// ``TooltipInput/select(_:)`` selects.
  public let tapsSelect: Bool
  private var press: Press?
  /// The pointer's cell as the last motion, press, release or click told it; nil before any.
  private var pointer: Point?
  /// The hover anchor whose tap target the pointer is on (as drawn: the open bubble covers
  /// what lies beneath it). A rest starts only when this changes, so after a press on an
  /// anchor hover does not open it before the pointer leaves it.
  private var hovered: String?
  /// The anchor whose tooltip Esc dismissed while the pointer was on its tap target: hover
  /// does not open it again until the pointer is off that target.
  private var dismissed: String?
  /// The hover open pending while the pointer rests on `hovered`.
  private var rest: Pending?
  /// The focus open pending after the keyboard moved the selection onto a focus anchor.
  private var focus: Pending?
  /// Until when the next hover or focus open skips its delay: a tooltip they opened closed
  /// because the pointer or the selection left it, less than the scene's skip delay ago.
  private var skipUntil: Duration?
  /// Whether the primary-button press in progress was the component's (``route(_:layout:policy:now:letters:)``):
  /// its release then is too.
  var pressRouted = false
  /// The latest time an input told (its own timestamp, or `now`): when inputs without a time
  /// of their own (keys) happen, if the program does not say.
  private var clock: Duration?
  /// The open tooltip's bubble, laid out when it opened or when the layout under it changed:
  /// frames, hit tests and hover read it, and the copy is wrapped once per open, not once per
  /// input or frame.
  private var kept = KeptBubble()
  /// The segment of a range that wraps (``Anchor/segments``) the open tooltip's tap landed on,
  /// which its bubble points at; nil for the keyboard's segment.
  private var openSegment: Int?

  /// The open tooltip's bubble as laid out on one layout. Derived from the open id and the
  /// layout, it takes no part in comparing or hashing states.
  private struct KeptBubble: Hashable, Sendable {
    /// The anchor it belongs to; nil when nothing is kept.
    var id: String?
    /// The placement it was laid out on.
    var stamp: LayoutStamp?
    /// The bubble (nil when that anchor opens nothing there).
    var bubble: BubbleLayout?
    /// How many bubbles were laid out to be kept, for tests that check it is once per open.
    var count = 0

    /// Whether it is the bubble of `id` on `layout`.
    func holds(_ id: String, on layout: SceneLayout) -> Bool {
      self.id == id && stamp === layout.stamp
    }

    static func == (_: Self, _: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
  }

  /// A hover or focus open waiting for its delay.
  private struct Pending: Hashable, Sendable {
    var anchor: String
    var due: Duration
  }

  /// A primary-button press not yet released.
  private struct Press: Hashable, Sendable {
    var target: HitTarget
    var time: Duration
    /// The long-press anchor this press may become a long press on.
    var longPressAnchor: String?
    var hold: Duration
    var decided = false
  }

  /// A closed state with nothing selected; when `keepsSelection`, the first input selects the
  /// first anchor.
  public init(keepsSelection: Bool = true, tapsSelect: Bool = true) {
    self.keepsSelection = keepsSelection
    self.tapsSelect = tapsSelect
  }

  /// A closed state on `layout`: the first anchor in reading order selected when
  /// `keepsSelection`, nothing selected otherwise.
  public init(layout: SceneLayout, keepsSelection: Bool = true, tapsSelect: Bool = true) {
    self.keepsSelection = keepsSelection
    self.tapsSelect = tapsSelect
    selectedID = keepsSelection ? Self.firstID(layout) : nil
  }

  /// The first anchor's id, read in place: `anchors.first?.id` copies the anchor into an
  /// optional whose destruction asks the runtime for generic metadata, before the first frame.
  private static func firstID(_ layout: SceneLayout) -> String? {
    layout.anchors.isEmpty ? nil : layout.anchors[0].id
  }

  /// The anchor selected when the selection is missing: the first, or none.
  private func fallbackSelection(_ layout: SceneLayout) -> String? {
    keepsSelection ? Self.firstID(layout) : nil
  }

  /// When the next `tick` can change anything: a pending press's long-press deadline, or the
  /// end of a hover or focus delay, whichever comes first; nil when no timer is needed (an idle
  /// program should then sleep until input; a pointer resting on an open tooltip needs none).
  public var deadline: Duration? {
    var due: Duration?
    if let press, press.longPressAnchor != nil, !press.decided { due = press.time.saturating(plus: press.hold) }
    // Each in turn, not a loop over `[rest, focus]`: an array of them is a generic type the
    // runtime builds on first use, and this is asked before the first frame.
    if let time = rest?.due, due.map({ time < $0 }) ?? true { due = time }
    if let time = focus?.due, due.map({ time < $0 }) ?? true { due = time }
    return due
  }

  /// Whether a primary-button press is in progress.
  public var isPressing: Bool { press != nil }

  /// How many inputs changed what the state draws (the open tooltip, the segment its bubble
  /// points at, the selection): a program that reads the same number after an input composes
  /// no frame for it (a motion report that opens and closes nothing, a key that does nothing).
  /// It takes no part in comparing states.
  public var revision: Int { changes.count }
  private var changes = Changes()

  /// The count behind ``revision``: every state compares equal by it.
  private struct Changes: Hashable, Sendable {
    var count = 0
    static func == (_: Self, _: Self) -> Bool { true }
    func hash(into hasher: inout Hasher) {}
  }

  /// Applies `input` and returns the changes it made, in order.
  ///
  /// - Parameters:
  ///   - input: the pointer, key, time or programmatic input to apply.
  ///   - layout: the layout of the frame on screen (for hit testing and selection).
  ///   - policy: what the tap that closes an open tooltip does besides closing it.
  ///   - now: the clock reading when an input without a timestamp of its own (a key) arrived,
  ///     on the clock presses and ticks are stamped with. Focus delays start then; without it
  ///     they start at the latest time an input told, so a program whose scene has focus
  ///     anchors passes it.
  public mutating func send(
    _ input: TooltipInput,
    layout: SceneLayout,
    policy: DismissPolicy = .consume,
    now: Duration? = nil
  ) -> [TooltipEvent] {
    let selectionBefore = selectedID
    let drawn = (openID, openSegment)
    defer { if selectedID != selectionBefore || openID != drawn.0 || openSegment != drawn.1 { changes.count &+= 1 } }
    var events = reconcile(layout)
    // A fresh state takes its first selection from the layout it is first sent; a selection
    // key as that first input selects where it would from no selection (Tab the first anchor,
    // Shift-Tab the last), not one further than an anchor nobody saw selected.
    if selectionBefore == nil {
      switch input {
      case .selectNext, .selectPrevious, .move: selectedID = nil
      default: break
      }
    }
    // Motion inside one cell changes nothing: a terminal may report every pixel.
    if case .motion(let point, _) = input, point == pointer { return events }
    if let time = input.time ?? now {
      clock = max(clock ?? time, time)
      // Whatever hover or focus delay ended before this input opens first, as a tick would
      // have opened it.
      events += settleOpens(at: time, layout: layout)
    }
    switch input {
    case .layoutChanged:
      break
    case .sceneReplaced:
      if let open = openID { events.append(close(open, .anchorRemoved, layout)) }
      press = nil
      hovered = nil
      dismissed = nil
      rest = nil
      focus = nil
      skipUntil = nil
      selectedID = fallbackSelection(layout)
    case .motion(let point, let time):
      events += move(to: point, at: time, layout: layout)
    case .press(let point, let time):
      // A press ends the rest: hover opens this anchor again only after the pointer leaves it.
      endPending()
      events += arrive(at: point, layout: layout)
      hovered = hoverAnchor(at: point, layout: layout)
      let target = layout.hitTest(point, bubble: openBubble(layout))
      var anchorID: String?
      switch target {
      case .anchor(let id): anchorID = id
      case .bubble where policy == .passThrough: anchorID = layout.anchor(at: point)?.id
      default: anchorID = nil
      }
      var longPress: String?
      var hold = Trigger.defaultHold
      let pressed = anchorID.flatMap { layout.anchor(id: $0)?.anchor }
      switch pressed?.trigger {
      case .longPress(let h):
        longPress = anchorID
        hold = h
      case .menu:
        // A menu item's tooltip opens by a held press; its tap is the item's.
        longPress = anchorID
      default:
        // An anchor whose tap is the program's (a cut name) opens by a held press too.
        if pressed?.leavesTapsToProgram == true { longPress = anchorID }
      }
      press = Press(target: target, time: time, longPressAnchor: longPress, hold: hold)
    case .tick(let now):
      events += decideLongPress(at: now, layout: layout, policy: policy)
    case .release(let point, let time):
      events += decideLongPress(at: time, layout: layout, policy: policy)
      events += arrive(at: point, layout: layout)
      if let pending = press {
        press = nil
        let target = layout.hitTest(point, bubble: openBubble(layout))
        // The release of a long press belongs to it.
        if !pending.decided && target == pending.target {
          events += tap(
            anchor: layout.anchor(at: point)?.id, onBubble: target == .bubble, at: point, layout: layout,
            policy: policy)
        }
      }
      hovered = hoverAnchor(at: point, layout: layout)
      if rest?.anchor != hovered { rest = nil }
    case .click(let point):
      press = nil
      endPending()
      events += arrive(at: point, layout: layout)
      let onBubble = openBubble(layout)?.contains(point) ?? false
      events += tap(
        anchor: layout.anchor(at: point)?.id, onBubble: onBubble, at: point, layout: layout, policy: policy)
      hovered = hoverAnchor(at: point, layout: layout)
    case .activate:
      guard let selectedID else { break }
      endPending()
      events += tap(anchor: selectedID, layout: layout, policy: policy)
    case .toggleHint:
      guard let selectedID else { break }
      endPending()
      if let open = openID {
        events.append(close(open, .hintToggled, layout))
        if open == selectedID { break }
      }
      events += show(selectedID, .hintToggled, layout: layout)
    case .escape:
      // Esc also dismisses a hover or focus open still waiting for its delay.
      if let id = rest?.anchor { dismissed = id }
      endPending()
      if let open = openID {
        if openReason == .hover, isOnTarget(open, layout: layout) {
          dismissed = open
        }
        events.append(close(open, .escape, layout))
      }
    case .selectNext
    where !keepsSelection && selectedID != nil && layout.next(after: selectedID, wrapping: false) == nil,
      .selectPrevious
    where !keepsSelection && selectedID != nil && layout.previous(before: selectedID, wrapping: false) == nil:
      // Past the last anchor (before the first), a state that need not keep a selection gives
      // the focus back to the program, as Tab leaves the last control of a group.
      focus = nil
      if let open = openID { events.append(close(open, .selectionMoved, layout)) }
      selectedID = nil
    case .selectNext:
      events += keyboardSelect(layout.next(after: selectedID)?.id, layout: layout)
    case .selectPrevious:
      events += keyboardSelect(layout.previous(before: selectedID)?.id, layout: layout)
    case .move(let direction):
      guard let selectedID else {
        events += keyboardSelect(layout.anchors.first?.id, layout: layout)
        break
      }
      if direction == .left || direction == .right,
        let sibling = layout.groupSibling(of: selectedID, forward: direction == .right)
      {
        // Inside a group (a menu bar), Left and Right move among its members.
        events += keyboardSelect(sibling.id, layout: layout)
      } else if let target = layout.nearest(from: selectedID, toward: Direction(direction)) {
        events += keyboardSelect(target.id, layout: layout)
      }
    case .select(let id):
      if layout.anchor(id: id) != nil { events += select(id, layout: layout) }
    case .focus(let id):
      if layout.anchor(id: id) != nil { events += keyboardSelect(id, layout: layout) }
    case .deselect:
      focus = nil
      if let open = openID { events.append(close(open, .selectionMoved, layout)) }
      selectedID = nil
    case .deselectKeepingOpen:
      focus = nil
      selectedID = nil
    case .open(let id):
      endPending()
      guard layout.opens(id) else { break }
      if id == openID {
        // Asked for, it stays: a tooltip hover or focus opened is pinned.
        if openReason?.isTransient == true { openReason = .programmatic }
        break
      }
      if let open = openID { events.append(close(open, .programmatic, layout)) }
      events += show(id, .programmatic, layout: layout)
    case .close:
      endPending()
      if let open = openID { events.append(close(open, .programmatic, layout)) }
    case .cancelPress:
      press = nil
    }
    return events
  }

  /// The open tooltip's bubble in `layout`, or nil when nothing is open.
  ///
  /// The state lays it out when the tooltip opens and again when a new layout comes with an
  /// input (``TooltipInput/layoutChanged`` after a resize, say), and keeps it: reading it costs
  /// no wrapping of the copy. A layout the state has not been sent yet gets its bubble laid out
  /// afresh, so a bubble is never drawn for a layout it was not made for.
  public func openBubble(_ layout: SceneLayout) -> BubbleLayout? {
    guard let openID else { return nil }
    if kept.holds(openID, on: layout) { return kept.bubble }
    return layout.bubble(for: openID, segment: openSegment)
  }

  /// How many times the state laid out the open tooltip's bubble to keep it: once per open,
  /// and once per new layout while one is open.
  package var bubbleLayouts: Int { kept.count }

  /// Keeps the open tooltip's bubble on `layout`, laying it out only when the open tooltip or
  /// the layout's placement changed; returns it.
  @discardableResult
  private mutating func keepBubble(_ layout: SceneLayout) -> BubbleLayout? {
    guard let openID else {
      if kept.id != nil { kept = KeptBubble(count: kept.count) }
      return nil
    }
    if !kept.holds(openID, on: layout) {
      kept = KeptBubble(
        id: openID, stamp: layout.stamp, bubble: layout.bubble(for: openID, segment: openSegment),
        count: kept.count + 1)
    }
    return kept.bubble
  }

  // MARK: - Steps

  /// Keeps the invariants against a new layout: an open tooltip names a placed anchor with a
  /// visible line, the selection names a placed anchor.
  private mutating func reconcile(_ layout: SceneLayout) -> [TooltipEvent] {
    var events: [TooltipEvent] = []
    if let open = openID {
      if layout.isHidden(open) {
        // Scrolled out of its viewport: open still, not drawn and not hit, until a cell is back.
        keepBubble(layout)
      } else if layout.anchor(id: open) == nil {
        events.append(close(open, .anchorRemoved, layout))
        selectedID = fallbackSelection(layout)
      } else if keepBubble(layout) == nil {
        // Copy that wraps to no row draws nothing, so it cannot stay open.
        events.append(close(open, .programmatic, layout))
      }
    }
    if selectedID.map({ layout.anchor(id: $0) == nil }) ?? keepsSelection {
      selectedID = fallbackSelection(layout)
    }
    // A press whose long-press anchor left can no longer become a long press; the button is
    // still down, so hover still waits for its release.
    if let anchorID = press?.longPressAnchor, layout.anchor(id: anchorID) == nil {
      press?.longPressAnchor = nil
    }
    // The layout moved a tooltip hover opened away from the pointer: it closes as a motion
    // report would close it.
    if let open = openID, openReason == .hover, let pointer, !isHoverable(pointer, for: open, layout: layout) {
      events.append(close(open, .pointerLeft, layout))
    }
    // The pointer rests on a hover anchor only while its target holds the pointer and it still
    // opens on hover; focus waits only for a placed focus anchor.
    if let id = hovered, !isHoverTarget(id, layout: layout) {
      hovered = nil
      rest = nil
    }
    if let id = rest?.anchor, id != hovered { rest = nil }
    if let id = dismissed, !isOnTarget(id, layout: layout) { dismissed = nil }
    if let id = focus?.anchor, !(layout.anchor(id: id).map { layout.scene.focusEnabled(for: $0.anchor) } ?? false) {
      focus = nil
    }
    return events
  }

  /// Whether `id` is a placed hover anchor whose tap target holds the pointer.
  private func isHoverTarget(_ id: String, layout: SceneLayout) -> Bool {
    guard let placed = layout.anchor(id: id) else { return false }
    return isOnTarget(id, layout: layout) && layout.scene.hoverEnabled(for: placed.anchor)
  }

  /// Whether `id` is a placed anchor whose tap target holds the pointer (bubbles aside).
  private func isOnTarget(_ id: String, layout: SceneLayout) -> Bool {
    guard let pointer, let placed = layout.anchor(id: id) else { return false }
    return placed.targets.contains { $0.contains(pointer) }
  }

  /// The hover anchor under `point` as drawn: nil on the open bubble, off screen, or on an anchor
  /// without hover.
  private func hoverAnchor(at point: Point, layout: SceneLayout) -> String? {
    guard case .anchor(let id) = layout.hitTest(point, bubble: openBubble(layout)),
      let placed = layout.anchor(id: id), layout.scene.hoverEnabled(for: placed.anchor)
    else { return nil }
    return id
  }

  /// Forgets the hover and focus opens waiting for their delays.
  private mutating func endPending() {
    rest = nil
    focus = nil
  }

  private mutating func close(_ id: String, _ reason: CloseReason, _ layout: SceneLayout) -> TooltipEvent {
    // The pointer or the selection leaving a transient tooltip starts the skip window.
    if openReason?.isTransient == true, reason == .pointerLeft || reason == .selectionMoved {
      skipUntil = (clock ?? .zero).saturating(plus: layout.scene.skipDelay)
    }
    openID = nil
    openReason = nil
    keepBubble(layout)
    return .closed(id, reason)
  }

  private mutating func show(_ id: String, _ reason: OpenReason, layout: SceneLayout, at point: Point? = nil)
    -> [TooltipEvent]
  {
    guard layout.opens(id) else { return [] }
    openSegment = point.flatMap { point in layout.anchor(id: id)?.segments.firstIndex { $0.contains(point) } }
    openID = id
    openReason = reason
    skipUntil = nil
    // The one time this open lays its bubble out.
    keepBubble(layout)
    return [.opened(id)]
  }

  private mutating func select(_ id: String?, layout: SceneLayout) -> [TooltipEvent] {
    guard let id, id != selectedID else { return [] }
    selectedID = id
    focus = nil
    if let open = openID, open != id { return [close(open, .selectionMoved, layout)] }
    return []
  }

  /// A selection move by the keyboard: on a focus anchor it starts the focus delay (or opens at
  /// once within the skip window); a tooltip hover opened on that anchor is now held by focus.
  private mutating func keyboardSelect(_ id: String?, layout: SceneLayout) -> [TooltipEvent] {
    let before = selectedID
    var events = select(id, layout: layout)
    guard let id, selectedID != before, let placed = layout.anchor(id: id),
      layout.scene.focusEnabled(for: placed.anchor)
    else { return events }
    if openID == id {
      if openReason == .hover { openReason = .focus }
      return events
    }
    let now = clock ?? .zero
    let skips = skipUntil.map { now < $0 } ?? false
    focus = Pending(anchor: id, due: skips ? now : now.saturating(plus: layout.scene.hoverDelay))
    events += decideFocus(at: now, layout: layout)
    return events
  }

  /// The pointer moved to `point`, a cell other than the last: a tooltip hover opened closes
  /// when it leaves the hoverable zone; a new hover target starts a rest.
  private mutating func move(to point: Point, at time: Duration, layout: SceneLayout) -> [TooltipEvent] {
    var events: [TooltipEvent] = []
    pointer = point
    if let id = dismissed, !isOnTarget(id, layout: layout) { dismissed = nil }
    if let open = openID, openReason == .hover, !isHoverable(point, for: open, layout: layout) {
      events.append(close(open, .pointerLeft, layout))
    }
    let under = hoverAnchor(at: point, layout: layout)
    guard under != hovered else { return events }
    hovered = under
    rest = nil
    // A held button never opens by hover; nor does the pointer coming back onto an open one.
    guard let under, under != openID, under != dismissed, press == nil else { return events }
    let skips = skipUntil.map { time < $0 } ?? false
    rest = Pending(anchor: under, due: skips ? time : time.saturating(plus: layout.scene.hoverDelay))
    events += decideRest(at: time, layout: layout)
    return events
  }

  /// A press, release or click at `point`: the pointer is there now, and where no motion report
  /// came first (a terminal reporting only buttons), a tooltip hover opened closes as the
  /// motion would have closed it, before the button acts.
  private mutating func arrive(at point: Point, layout: SceneLayout) -> [TooltipEvent] {
    guard point != pointer else { return [] }
    pointer = point
    if let id = dismissed, !isOnTarget(id, layout: layout) { dismissed = nil }
    if let open = openID, openReason == .hover, !isHoverable(point, for: open, layout: layout) {
      return [close(open, .pointerLeft, layout)]
    }
    return []
  }

  /// Whether `point` keeps the tooltip of `id` open by hover: on screen, and on the anchor's
  /// tap target, the bubble, or the gap line between them.
  private func isHoverable(_ point: Point, for id: String, layout: SceneLayout) -> Bool {
    guard Rect(origin: Point(x: 0, y: 0), size: layout.screen).contains(point) else { return false }
    if layout.anchor(id: id)?.targets.contains(where: { $0.contains(point) }) ?? false { return true }
    let bubble = id == openID ? openBubble(layout) : layout.bubble(for: id)
    return bubble?.hoverableContains(point) ?? false
  }

  /// Opens whatever hover or focus open came due by `now`, the earlier first.
  private mutating func settleOpens(at now: Duration, layout: SceneLayout) -> [TooltipEvent] {
    if let rest, let focus, focus.due < rest.due {
      return decideFocus(at: now, layout: layout) + decideRest(at: now, layout: layout)
    }
    return decideRest(at: now, layout: layout) + decideFocus(at: now, layout: layout)
  }

  /// Opens the rested-on anchor's tooltip when its delay has passed by `now`, unless a button
  /// is held or a tooltip that hover or focus did not open is open.
  private mutating func decideRest(at now: Duration, layout: SceneLayout) -> [TooltipEvent] {
    guard let pending = rest, now >= pending.due else { return [] }
    rest = nil
    guard press == nil else { return [] }
    return replaceTransient(with: pending.anchor, .hover, layout: layout)
  }

  /// Opens the selected focus anchor's tooltip when its delay has passed by `now`.
  private mutating func decideFocus(at now: Duration, layout: SceneLayout) -> [TooltipEvent] {
    guard let pending = focus, now >= pending.due else { return [] }
    focus = nil
    guard selectedID == pending.anchor else { return [] }
    return replaceTransient(with: pending.anchor, .focus, layout: layout)
  }

  /// Opens `id` by hover or focus: in place of a tooltip hover or focus opened (closed as
  /// pointerLeft or selectionMoved, after what opens the new one), never of any other.
  private mutating func replaceTransient(with id: String, _ reason: OpenReason, layout: SceneLayout)
    -> [TooltipEvent]
  {
    guard id != openID, layout.opens(id) else { return [] }
    var events: [TooltipEvent] = []
    if let open = openID {
      guard openReason?.isTransient == true else { return [] }
      events.append(close(open, reason == .hover ? .pointerLeft : .selectionMoved, layout))
    }
    events += show(id, reason, layout: layout)
    return events
  }

  /// A tap whose anchor (as if no bubble were open) is `anchorID`, or nil for none; `onBubble`
  /// when it landed on the open bubble.
  private mutating func tap(
    anchor anchorID: String?, onBubble: Bool = false, at point: Point? = nil, layout: SceneLayout,
    policy: DismissPolicy
  ) -> [TooltipEvent] {
    var events: [TooltipEvent] = []
    if !onBubble, let anchorID, let placed = layout.anchor(id: anchorID), placed.anchor.leavesTapsToProgram {
      // The tap is the program's (it selects the row beneath): it closes another tooltip, or
      // this one when a tap or a held press pinned it; one hover or focus opened stays.
      if let open = openID, !(open == anchorID && openReason?.isTransient == true) {
        events.append(close(open, .tap, layout))
      }
      if tapsSelect { selectedID = anchorID }
      return events
    }
    if !onBubble, let anchorID, let placed = layout.anchor(id: anchorID), placed.anchor.trigger == .menu,
      placed.anchor.hasAction
    {
      // A menu item: the tap is its action. Whatever is open closes, nothing opens or pins, and
      // hover waits for the pointer to leave before it opens the item's tooltip again.
      if let open = openID { events.append(close(open, .tap, layout)) }
      if tapsSelect { selectedID = anchorID }
      rest = nil
      // Only a pointer on the item holds hover off it; an item run from the keyboard leaves
      // hover as it was.
      if isOnTarget(anchorID, layout: layout) { dismissed = anchorID }
      events.append(.action(anchorID))
      return events
    }
    if let open = openID {
      if open == anchorID, !onBubble, openReason?.isTransient == true {
        // A tap on the anchor whose tooltip hover or focus opened pins it and runs its action.
        openReason = .tap
        if tapsSelect { selectedID = open }
        if layout.anchor(id: open)?.anchor.hasAction ?? false { events.append(.action(open)) }
        return events
      }
      events.append(close(open, .tap, layout))
      if policy == .consume || anchorID == open { return events }
    }
    guard let anchorID, let placed = layout.anchor(id: anchorID) else { return events }
    if tapsSelect { selectedID = anchorID }
    let anchor = placed.anchor
    if anchor.hasAction, case .longPress = anchor.trigger {
      events.append(.action(anchorID))
      return events
    }
    events += show(anchorID, .tap, layout: layout, at: point)
    if anchor.hasAction { events.append(.action(anchorID)) }
    return events
  }

  /// Turns the pending press into a long press when it is held on a long-press anchor at `now`
  /// past its duration.
  private mutating func decideLongPress(at now: Duration, layout: SceneLayout, policy: DismissPolicy)
    -> [TooltipEvent]
  {
    guard let pending = press, let anchorID = pending.longPressAnchor, !pending.decided,
      now >= pending.time.saturating(plus: pending.hold)
    else { return [] }
    press?.decided = true
    var events: [TooltipEvent] = []
    if let open = openID {
      if open == anchorID, openReason?.isTransient == true {
        // Held on the anchor whose tooltip hover or focus opened: pinned, as a tap pins it.
        openReason = .longPress
        if tapsSelect { selectedID = anchorID }
        return []
      }
      events.append(close(open, .longPress, layout))
      if policy == .consume || anchorID == open { return events }
    }
    if tapsSelect { selectedID = anchorID }
    events += show(anchorID, .longPress, layout: layout, at: pointer)
    return events
  }
}

extension TooltipInput {
  /// The timestamp the input carries, if any.
  fileprivate var time: Duration? {
    switch self {
    case .press(_, let time), .release(_, let time), .motion(_, let time), .tick(let time): time
    default: nil
    }
  }
}

extension Duration {
  /// The longest time the state machine adds or subtracts: Int64.max seconds. Any two
  /// durations held to it sum without overflow (a `Duration` holds some 1.7e20 seconds).
  private static let saturationLimit = Duration.seconds(Int64.max)

  /// `self` held to ±``saturationLimit``.
  private var saturated: Duration { min(max(self, .zero - Self.saturationLimit), Self.saturationLimit) }

  /// `self + other`, each held to ±Int64.max seconds first: a clock reading or a delay at the
  /// edge of what a caller can make (a tick stamped `.seconds(Int64.max) * 10`) moves a
  /// deadline to the edge instead of trapping on overflow.
  fileprivate func saturating(plus other: Duration) -> Duration { saturated + other.saturated }
}
