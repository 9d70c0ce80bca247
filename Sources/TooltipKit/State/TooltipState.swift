/// The tooltip state machine: which tooltip is open (at most one), which anchor is selected,
/// and the press in progress.
///
/// A value type with one entry point, ``send(_:layout:policy:)``: an input goes in, the state
/// moves on and the changes come back as events. Hit testing uses the layout the frame was
/// drawn from, so taps land on what the user saw.
public struct TooltipState: Hashable, Sendable {
  /// The id of the anchor whose tooltip is open, or nil when closed.
  public private(set) var openID: String?
  /// The id of the selected anchor (keyboard focus), or nil when there is none.
  public private(set) var selectedID: String?
  /// Whether an anchor is always selected: the first in reading order whenever the selection
  /// is missing or gone (a keyboard-first screen). When false, "nothing selected" is
  /// a state of its own, for a program whose focus may be elsewhere: only a tap, a selection
  /// key or ``TooltipInput/select(_:)`` selects.
  public let keepsSelection: Bool
  /// Whether a tap or long press on an anchor also selects it (SPEC 4). False for a program
  /// with a focus of its own (a selected table row) that a tap on a tooltip's anchor must not
  /// take: taps still open, close and run actions, and only a selection key or
  /// ``TooltipInput/select(_:)`` selects.
  public let tapsSelect: Bool
  private var press: Press?

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
    selectedID = keepsSelection ? layout.anchors.first?.id : nil
  }

  /// The anchor selected when the selection is missing: the first, or none.
  private func fallbackSelection(_ layout: SceneLayout) -> String? {
    keepsSelection ? layout.anchors.first?.id : nil
  }

  /// When the next `tick` can change anything: a pending press's long-press deadline, or nil
  /// when no timer is needed (an idle program should then sleep until input).
  public var deadline: Duration? {
    guard let press, press.longPressAnchor != nil, !press.decided else { return nil }
    return press.time + press.hold
  }

  /// Whether a primary-button press is in progress.
  public var isPressing: Bool { press != nil }

  /// Applies `input` and returns the changes it made, in order.
  ///
  /// - Parameters:
  ///   - input: the pointer, key, time or programmatic input to apply.
  ///   - layout: the layout of the frame on screen (for hit testing and selection).
  ///   - policy: what the tap that closes an open tooltip does besides closing it.
  public mutating func send(
    _ input: TooltipInput,
    layout: SceneLayout,
    policy: DismissPolicy = .consume
  ) -> [TooltipEvent] {
    var events = reconcile(layout)
    switch input {
    case .layoutChanged:
      break
    case .sceneReplaced:
      if let open = openID { events.append(close(open, .anchorRemoved)) }
      press = nil
      selectedID = fallbackSelection(layout)
    case .press(let point, let time):
      let target = layout.hitTest(point, bubble: openBubble(layout))
      var anchorID: String?
      switch target {
      case .anchor(let id): anchorID = id
      case .bubble where policy == .passThrough: anchorID = layout.anchor(at: point)?.id
      default: anchorID = nil
      }
      var longPress: String?
      var hold = Trigger.defaultHold
      if let anchorID, case .longPress(let h) = layout.anchor(id: anchorID)?.anchor.trigger {
        longPress = anchorID
        hold = h
      }
      press = Press(target: target, time: time, longPressAnchor: longPress, hold: hold)
    case .tick(let now):
      events += decideLongPress(at: now, layout: layout, policy: policy)
    case .release(let point, let time):
      events += decideLongPress(at: time, layout: layout, policy: policy)
      guard let pending = press else { break }
      press = nil
      guard !pending.decided else { break }  // the release of a long press belongs to it
      if layout.hitTest(point, bubble: openBubble(layout)) == pending.target {
        events += tap(anchor: layout.anchor(at: point)?.id, layout: layout, policy: policy)
      }
    case .click(let point):
      press = nil
      events += tap(anchor: layout.anchor(at: point)?.id, layout: layout, policy: policy)
    case .activate:
      guard let selectedID else { break }
      events += tap(anchor: selectedID, layout: layout, policy: policy)
    case .toggleHint:
      guard let selectedID else { break }
      if let open = openID {
        events.append(close(open, .hintToggled))
        if open == selectedID { break }
      }
      events += show(selectedID, layout: layout)
    case .escape:
      if let open = openID { events.append(close(open, .escape)) }
    case .selectNext:
      events += select(layout.next(after: selectedID)?.id)
    case .selectPrevious:
      events += select(layout.previous(before: selectedID)?.id)
    case .move(let direction):
      guard let selectedID else {
        events += select(layout.anchors.first?.id)
        break
      }
      if let target = layout.nearest(from: selectedID, toward: direction) {
        events += select(target.id)
      }
    case .select(let id):
      if layout.anchor(id: id) != nil { events += select(id) }
    case .deselect:
      if let open = openID { events.append(close(open, .selectionMoved)) }
      selectedID = nil
    case .deselectKeepingOpen:
      selectedID = nil
    case .open(let id):
      guard id != openID, layout.opens(id) else { break }
      if let open = openID { events.append(close(open, .programmatic)) }
      events += show(id, layout: layout)
    case .close:
      if let open = openID { events.append(close(open, .programmatic)) }
    case .cancelPress:
      press = nil
    }
    return events
  }

  /// The open tooltip's bubble in `layout`.
  public func openBubble(_ layout: SceneLayout) -> BubbleLayout? {
    openID.flatMap { layout.bubble(for: $0) }
  }

  // MARK: - Steps

  /// Keeps the invariants against a new layout: an open tooltip names a placed anchor with a
  /// visible line, the selection names a placed anchor.
  private mutating func reconcile(_ layout: SceneLayout) -> [TooltipEvent] {
    var events: [TooltipEvent] = []
    if let open = openID {
      if layout.anchor(id: open) == nil {
        events.append(close(open, .anchorRemoved))
        selectedID = fallbackSelection(layout)
      } else if !layout.opens(open) {
        // Copy that wraps to no row draws nothing, so it cannot stay open.
        events.append(close(open, .programmatic))
      }
    }
    if selectedID.map({ layout.anchor(id: $0) == nil }) ?? keepsSelection {
      selectedID = fallbackSelection(layout)
    }
    if let anchorID = press?.longPressAnchor, layout.anchor(id: anchorID) == nil {
      press = nil
    }
    return events
  }

  private mutating func close(_ id: String, _ reason: CloseReason) -> TooltipEvent {
    openID = nil
    return .closed(id, reason)
  }

  private mutating func show(_ id: String, layout: SceneLayout) -> [TooltipEvent] {
    guard layout.opens(id) else { return [] }
    openID = id
    return [.opened(id)]
  }

  private mutating func select(_ id: String?) -> [TooltipEvent] {
    guard let id, id != selectedID else { return [] }
    selectedID = id
    if let open = openID, open != id { return [close(open, .selectionMoved)] }
    return []
  }

  /// A tap whose anchor (as if no bubble were open) is `anchorID`, or nil for none.
  private mutating func tap(anchor anchorID: String?, layout: SceneLayout, policy: DismissPolicy)
    -> [TooltipEvent]
  {
    var events: [TooltipEvent] = []
    if let open = openID {
      events.append(close(open, .tap))
      if policy == .consume || anchorID == open { return events }
    }
    guard let anchorID, let placed = layout.anchor(id: anchorID) else { return events }
    if tapsSelect { selectedID = anchorID }
    let anchor = placed.anchor
    if anchor.hasAction, case .longPress = anchor.trigger {
      events.append(.action(anchorID))
      return events
    }
    events += show(anchorID, layout: layout)
    if anchor.hasAction { events.append(.action(anchorID)) }
    return events
  }

  /// Turns the pending press into a long press when it is held on a long-press anchor at `now`
  /// past its duration.
  private mutating func decideLongPress(at now: Duration, layout: SceneLayout, policy: DismissPolicy)
    -> [TooltipEvent]
  {
    guard let pending = press, let anchorID = pending.longPressAnchor, !pending.decided,
      now - pending.time >= pending.hold
    else { return [] }
    press?.decided = true
    var events: [TooltipEvent] = []
    if let open = openID {
      events.append(close(open, .longPress))
      if policy == .consume || anchorID == open { return events }
    }
    if tapsSelect { selectedID = anchorID }
    events += show(anchorID, layout: layout)
    return events
  }
}
