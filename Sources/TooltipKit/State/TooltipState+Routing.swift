extension TooltipState {
  /// Applies what the terminal sent where it is the component's, and says whether it was: the
  /// one call between reading input and handling it for a program with keys and clicks of its
  /// own, which handles whatever the component did not consume.
  ///
  /// The rules, the same for a program that owns the terminal through the session and for one
  /// that owns ncurses (`CursesTooltips` routes through here):
  ///
  /// - **Mouse.** A primary-button press or click on an anchor or the open bubble is consumed
  ///   (and the press's release); so is one anywhere else while a tooltip is open under
  ///   ``DismissPolicy/consume`` (that tap only closes it). Motion feeds hover and stays the
  ///   program's too. Other buttons, the wheel and drags are the program's (the state still
  ///   sees every primary press, so a tap elsewhere closes an open tooltip under
  ///   ``DismissPolicy/passThrough``).
  ///   A press or click on an anchor that leaves its taps to the program
  ///   (``Anchor/leavesTapsToProgram``, a cut name by default) is the program's: the state sees
  ///   it (it closes another open tooltip, and a held press opens this one), and the program
  ///   selects its row as for any row.
  /// - **Keys.** Tab and Shift-Tab (they move the selection; past the last anchor or before the
  ///   first, a state that does not keep a selection selects nothing, which gives the focus
  ///   back), but not when nothing is selected and no anchor is a Tab stop (Tab would do
  ///   nothing). Esc while a tooltip is open (it closes) or, when the state does not keep a
  ///   selection, while an anchor is selected (nothing is then selected). The other keys
  ///   (arrows, Enter, Space, `i`, `h j k l`) only while an anchor is selected. Alt keys, pastes
  ///   and resizes are the program's (after a resize, lay the scene out again).
  /// - **The program's keys.** While an anchor is selected, the keys its
  ///   ``Anchor/programKeys`` names (arrows, Enter, Space, Tab) are the program's, and so are
  ///   Enter and Space on an anchor that leaves its taps to the program: not consumed, and the
  ///   state does not see them (a list row the program focused keeps its cursor keys).
  ///
  /// - Parameters:
  ///   - input: one key, mouse event, paste or resize from the terminal.
  ///   - layout: the layout of the frame on screen (for hit testing and selection).
  ///   - policy: what the tap that closes an open tooltip does besides closing it.
  ///   - now: the clock reading when a key arrived (a mouse event carries its own time).
  ///   - letters: whether the letter keys (`i`, `h`, `j`, `k`, `l`) and Space are the
  ///     component's; a program that uses those letters itself passes false.
  /// - Returns: whether the component consumed `input`, and the opens, closes and actions it
  ///   caused, in order.
  public mutating func route(
    _ input: TerminalInput,
    layout: SceneLayout,
    policy: DismissPolicy = .consume,
    now: Duration? = nil,
    letters: Bool = true
  ) -> (consumed: Bool, events: [TooltipEvent]) {
    // The keymap says what the input is to the state; here, only whether it was the component's.
    guard var mapped = TooltipKeymap.input(for: input, letters: letters), !isProgramKey(input, mapped, layout: layout)
    else { return (false, []) }
    let consumed: Bool
    switch mapped {
    case .press(let point, _):
      pressRouted = isComponents(point, layout: layout, policy: policy)
      consumed = pressRouted
    case .click(let point):
      consumed = isComponents(point, layout: layout, policy: policy)
    case .release:
      consumed = pressRouted
      pressRouted = false
    case .motion:
      consumed = false  // hover's, and the program's too
    case .selectNext, .selectPrevious:
      // With nothing selected and no Tab stop, Tab would select nothing: it is the program's.
      guard selectedID != nil || layout.next(after: nil) != nil else { return (false, []) }
      consumed = true
    case .escape where openID != nil:
      consumed = true
    case .escape where selectedID != nil && !keepsSelection:
      mapped = .deselect
      consumed = true
    default:
      guard selectedID != nil, mapped != .escape else { return (false, []) }
      consumed = true
    }
    return (consumed, send(mapped, layout: layout, policy: policy, now: now))
  }

  /// Whether a press or tap at `point` is the component's: on an anchor or the open bubble, or
  /// anywhere while a tooltip is open and the closing tap does nothing else; never on an anchor
  /// that leaves its taps to the program.
  private func isComponents(_ point: Point, layout: SceneLayout, policy: DismissPolicy) -> Bool {
    switch layout.hitTest(point, bubble: openBubble(layout)) {
    case .anchor(let id) where layout.anchor(id: id)?.anchor.leavesTapsToProgram == true: return false
    case .background: return openID != nil && policy == .consume
    default: return true
    }
  }

  /// Whether the key `input`, mapped to `mapped`, stays the program's while the selected
  /// anchor is selected: one its ``Anchor/programKeys`` names, or a tap (Enter, Space) on an
  /// anchor that leaves its taps to the program.
  func isProgramKey(_ input: TerminalInput, _ mapped: TooltipInput, layout: SceneLayout) -> Bool {
    guard case .key = input, let selectedID, let placed = layout.anchor(id: selectedID) else { return false }
    let key = ProgramKeys(input, mapped: mapped)
    guard !key.isEmpty else { return false }
    return placed.anchor.programKeys.contains(key) || (mapped == .activate && placed.anchor.leavesTapsToProgram)
  }
}
