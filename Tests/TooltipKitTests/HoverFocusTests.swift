import Testing
import TooltipKit

/// BEHAVIOUR 4 "Hover and focus", rule by rule, on the state machine's board (``Board``) with hover
/// and focus on for the whole scene unless a test says otherwise.
///
///     a: box 8...10 row 2, bubble below: pointer (9, 3), body columns 3...16, rows 4...7
///     b: box 24...26 row 2, bubble below: pointer (25, 3), body columns 22...29, rows 4...7
@Suite struct HoverFocusTests {
  static func hoverLayout(
    hover: Bool = true, focus: Bool = true, hoverDelay: Duration = Scene.defaultHoverDelay,
    skipDelay: Duration = Scene.defaultSkipDelay, _ change: (inout [Anchor]) -> Void = { _ in }
  ) -> SceneLayout {
    SceneLayout(
      scene: Scene(
        anchors: Board.anchors(change), opensOnHover: hover, opensOnFocus: focus,
        hoverDelay: hoverDelay, skipDelay: skipDelay),
      screen: Size(width: 60, height: 20))
  }

  static let l = hoverLayout()
  /// Cells of b's target, of its gap line and bubble, and just off them.
  static let b2 = point(24, 2)
  static let b3 = point(26, 2)
  static let bGapFirst = point(22, 3)
  static let bGapLast = point(29, 3)
  static let bBody = point(27, 6)
  static let bPointer = point(25, 3)

  /// A state on `layout` with the pointer resting on `cell` since `at` (ms) and its tooltip
  /// opened by hover after the delay.
  static func hovering(_ cell: Point, at: Int = 1000, layout: SceneLayout = l) -> TooltipState {
    var state = TooltipState(layout: layout)
    _ = state.send(.motion(cell, time: ms(at)), layout: layout)
    _ = state.send(.tick(ms(at + 500)), layout: layout)
    return state
  }

  // MARK: - Hover opens

  @Test func hoverOpensAfterTheDelayAndNotBefore() {
    var state = TooltipState(layout: Self.l)
    #expect(state.send(.motion(Board.b, time: ms(1000)), layout: Self.l) == [])
    #expect(state.deadline == ms(1500))
    #expect(state.send(.tick(ms(1499)), layout: Self.l) == [])
    #expect(state.openID == nil)
    #expect(state.send(.tick(ms(1500)), layout: Self.l) == [.opened("b")])
    #expect(state.openReason == .hover)
    // Hover does not move the selection, and a resting pointer needs no further tick.
    #expect(state.selectedID == "a")
    #expect(state.deadline == nil)
  }

  @Test func hoverIsOffUnlessAsked() {
    for layout in [Board.standard, Self.hoverLayout(hover: false)] {
      var state = TooltipState(layout: layout)
      #expect(state.send(.motion(Board.b, time: ms(0)), layout: layout) == [])
      #expect(state.deadline == nil)
      #expect(state.send(.tick(ms(5000)), layout: layout) == [])
    }
    #expect(!Board.standard.scene.needsPointerMotion)
    #expect(Self.l.scene.needsPointerMotion)
  }

  /// Every way of drawing the tooltips says whether the frame needs every pointer motion, from
  /// the layout: a front end presenting it follows that, and a program passes nothing on.
  @Test func framesSayWhetherTheyNeedPointerMotion() {
    for (layout, needs) in [(Self.l, true), (Board.standard, false)] {
      let state = TooltipState(layout: layout)
      var drawn = CellGrid(size: layout.screen)
      drawn.draw(layout, state: state)
      var tooltips = CellGrid(size: layout.screen)
      tooltips.needsPointerMotion = !needs
      tooltips.drawTooltips(layout, state: state)
      let rendered = render(scene: layout.scene, state: state, size: layout.screen)
      #expect(drawn.needsPointerMotion == needs)
      #expect(tooltips.needsPointerMotion == needs)
      #expect(rendered.needsPointerMotion == needs)
    }
    // Not part of what a grid draws: two grids alike but for it are equal.
    var flagged = CellGrid(size: Size(width: 3, height: 1))
    flagged.needsPointerMotion = true
    #expect(flagged == CellGrid(size: Size(width: 3, height: 1)))
  }

  /// The revision moves only with what the state draws (the open tooltip, the selection), so
  /// a program composes no frame for the many motion reports and presses that change neither.
  @Test func theRevisionCountsOnlyWhatIsDrawn() {
    let layout = Self.l
    var state = TooltipState(layout: layout)
    var revision = state.revision
    /// Sends `input` and says whether the revision moved.
    func moved(_ input: TooltipInput) -> Bool {
      _ = state.send(input, layout: layout)
      defer { revision = state.revision }
      return state.revision != revision
    }
    #expect(!moved(.motion(point(40, 12), time: ms(0))))
    #expect(!moved(.motion(point(41, 12), time: ms(10))))
    // Resting on b starts a delay and draws nothing yet; the tick that opens it does.
    #expect(!moved(.motion(Self.b2, time: ms(20))))
    #expect(moved(.tick(ms(520))))
    #expect(!moved(.motion(Self.b3, time: ms(530))))
    // A press away from b closes the tooltip hover opened; its release changes nothing more.
    #expect(moved(.press(point(40, 12), time: ms(600))))
    #expect(!moved(.release(point(40, 12), time: ms(650))))
    #expect(moved(.selectNext))
    #expect(!moved(.layoutChanged))
    // Not part of what a state is: two states alike but for it are equal.
    let board = Board.standard
    var back = TooltipState(layout: board)
    _ = back.send(.selectNext, layout: board)
    _ = back.send(.selectPrevious, layout: board)
    #expect(back.revision == 2)
    #expect(back == TooltipState(layout: board))
  }

  @Test func anchorsChooseForThemselves() {
    // Scene off, b on: b opens and a does not.
    let onlyB = Self.hoverLayout(hover: false) { $0[1].opensOnHover = true }
    #expect(onlyB.scene.needsPointerMotion)
    var state = TooltipState(layout: onlyB)
    _ = state.send(.motion(Board.a, time: ms(0)), layout: onlyB)
    #expect(state.send(.tick(ms(2000)), layout: onlyB) == [])
    _ = state.send(.motion(Board.b, time: ms(3000)), layout: onlyB)
    #expect(state.send(.tick(ms(3500)), layout: onlyB) == [.opened("b")])
    // Scene on, b off: b never opens by hover.
    let allButB = Self.hoverLayout { $0[1].opensOnHover = false }
    state = TooltipState(layout: allButB)
    _ = state.send(.motion(Board.b, time: ms(0)), layout: allButB)
    #expect(state.deadline == nil)
    #expect(state.send(.tick(ms(2000)), layout: allButB) == [])
  }

  @Test func theDelayRunsFromEnteringTheTarget() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.motion(Self.b2, time: ms(0)), layout: Self.l)
    _ = state.send(.motion(Board.b, time: ms(300)), layout: Self.l)
    _ = state.send(.motion(Self.b3, time: ms(400)), layout: Self.l)
    #expect(state.deadline == ms(500))
    // Off the target and back: the delay starts again.
    _ = state.send(.motion(Board.empty, time: ms(450)), layout: Self.l)
    #expect(state.deadline == nil)
    _ = state.send(.motion(Board.b, time: ms(460)), layout: Self.l)
    #expect(state.send(.tick(ms(500)), layout: Self.l) == [])
    #expect(state.send(.tick(ms(960)), layout: Self.l) == [.opened("b")])
  }

  @Test func aLateInputOpensWhatCameDueFirst() {
    // No tick came at the deadline: the next motion (off the zone) opens it, then closes it.
    var state = TooltipState(layout: Self.l)
    _ = state.send(.motion(Board.b, time: ms(0)), layout: Self.l)
    #expect(
      state.send(.motion(Board.empty, time: ms(900)), layout: Self.l) == [
        .opened("b"), .closed("b", .pointerLeft),
      ])
  }

  @Test func delaysArePerScene() {
    let slow = Self.hoverLayout(hoverDelay: .seconds(2), skipDelay: .zero)
    var state = TooltipState(layout: slow)
    _ = state.send(.motion(Board.b, time: ms(0)), layout: slow)
    #expect(state.deadline == ms(2000))
    #expect(state.send(.tick(ms(2000)), layout: slow) == [.opened("b")])
    // A skip delay of 0 never skips.
    _ = state.send(.motion(Board.empty, time: ms(2100)), layout: slow)
    _ = state.send(.motion(Board.a, time: ms(2100)), layout: slow)
    #expect(state.openID == nil)
    #expect(state.deadline == ms(4100))
    // A hover delay of 0 opens on arrival.
    let instant = Self.hoverLayout(hoverDelay: .zero)
    state = TooltipState(layout: instant)
    #expect(state.send(.motion(Board.b, time: ms(0)), layout: instant) == [.opened("b")])
    #expect(Scene.defaultHoverDelay == ms(500))
    #expect(Scene.defaultSkipDelay == ms(300))
  }

  // MARK: - Cost

  @Test func motionInsideOneCellChangesNothing() {
    var pending = TooltipState(layout: Self.l)
    _ = pending.send(.motion(Board.b, time: ms(0)), layout: Self.l)
    var open = Self.hovering(Board.b)
    var tapped = TooltipState(layout: Self.l)
    _ = tapped.send(.click(Board.b), layout: Self.l)
    for state in [pending, open, tapped] {
      var moved = state
      #expect(moved.send(.motion(Board.b, time: ms(9000)), layout: Self.l) == [])
      #expect(moved == state)
    }
    // A motion on the bubble cell it is already on, past a deadline, does not open or close.
    _ = open.send(.motion(Self.bBody, time: ms(2000)), layout: Self.l)
    let before = open
    #expect(open.send(.motion(Self.bBody, time: ms(9000)), layout: Self.l) == [])
    #expect(open == before)
  }

  // MARK: - Hoverable zone

  @Test(arguments: [
    (Board.b, true), (Self.b2, true), (Self.bPointer, true), (Self.bBody, true),
    (Self.bGapFirst, true), (Self.bGapLast, true), (point(22, 7), true), (point(29, 4), true),
    (point(21, 3), false), (point(30, 3), false), (point(21, 5), false), (point(25, 8), false),
    (point(27, 2), false), (point(25, 1), false), (point(-1, 5), false), (point(25, 20), false),
    (point(60, 3), false),
  ])
  func hoverableZoneKeepsItOpen(cell: Point, stays: Bool) {
    var state = Self.hovering(Board.b)
    let events = state.send(.motion(cell, time: ms(3000)), layout: Self.l)
    #expect(events == (stays ? [] : [.closed("b", .pointerLeft)]), "\(cell)")
    #expect(state.openID == (stays ? "b" : nil))
  }

  @Test func theZoneCoversLeftAndRightGapColumnsOverTheBody() throws {
    // c is sm at (6, 6) with its bubble to the right: pointer (7, 6), body from column 8.
    var state = TooltipState(layout: Self.l)
    _ = state.send(.motion(Board.c, time: ms(0)), layout: Self.l)
    #expect(state.send(.tick(ms(500)), layout: Self.l) == [.opened("c")])
    let body = try #require(state.openBubble(Self.l)).body
    for y in body.minY..<body.maxY {
      #expect(state.send(.motion(point(7, y), time: ms(600)), layout: Self.l) == [], "row \(y)")
    }
    #expect(
      state.send(.motion(point(7, body.maxY), time: ms(700)), layout: Self.l) == [
        .closed("c", .pointerLeft)
      ])
  }

  @Test func aFocusOrTapOpenedTooltipIgnoresThePointer() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.click(Board.b), layout: Self.l)
    #expect(state.openReason == .tap)
    #expect(state.send(.motion(Board.empty, time: ms(100)), layout: Self.l) == [])
    #expect(state.openID == "b")
  }

  // MARK: - Skip delay

  @Test func theNextOneOpensAtOnceWithinTheSkipDelay() {
    var state = Self.hovering(Board.a, at: 0)
    // Straight from a's target to b's: a closes, b opens at once.
    #expect(
      state.send(.motion(Board.b, time: ms(1000)), layout: Self.l) == [
        .closed("a", .pointerLeft), .opened("b"),
      ])
    #expect(state.openReason == .hover)
    // Off b, then onto a 299 ms later: at once.
    _ = state.send(.motion(Board.empty, time: ms(2000)), layout: Self.l)
    #expect(state.send(.motion(Board.a, time: ms(2299)), layout: Self.l) == [.opened("a")])
    // Off a, then onto b 300 ms later: the skip delay is over, b waits its own delay.
    _ = state.send(.motion(Board.empty, time: ms(3000)), layout: Self.l)
    #expect(state.send(.motion(Board.b, time: ms(3300)), layout: Self.l) == [])
    #expect(state.deadline == ms(3800))
  }

  @Test func escapeStartsNoSkip() {
    var state = Self.hovering(Board.a, at: 0)
    _ = state.send(.escape, layout: Self.l)
    #expect(state.send(.motion(Board.b, time: ms(600)), layout: Self.l) == [])
    #expect(state.deadline == ms(1100))
  }

  // MARK: - Held button, taps and long presses

  @Test func aHeldButtonNeverOpensByHover() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.press(Board.empty, time: ms(0)), layout: Self.l)
    _ = state.send(.motion(Board.b, time: ms(100)), layout: Self.l)
    #expect(state.deadline == nil)
    #expect(state.send(.tick(ms(5000)), layout: Self.l) == [])
    // A press on the rested-on anchor ends its rest too; the release elsewhere is no tap.
    state = TooltipState(layout: Self.l)
    _ = state.send(.motion(Board.b, time: ms(0)), layout: Self.l)
    _ = state.send(.press(Board.b, time: ms(100)), layout: Self.l)
    #expect(state.send(.tick(ms(600)), layout: Self.l) == [])
    _ = state.send(.release(Board.empty, time: ms(700)), layout: Self.l)
    // Back on b: it was left, so it rests again.
    _ = state.send(.motion(Board.b, time: ms(800)), layout: Self.l)
    #expect(state.send(.tick(ms(1300)), layout: Self.l) == [.opened("b")])
  }

  @Test func afterAClickTheAnchorWaitsForThePointerToLeave() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.motion(Board.b, time: ms(0)), layout: Self.l)
    #expect(state.send(.click(Board.b), layout: Self.l) == [.opened("b")])
    #expect(state.send(.click(Board.b), layout: Self.l) == [.closed("b", .tap)])
    _ = state.send(.motion(Self.b3, time: ms(100)), layout: Self.l)
    #expect(state.deadline == nil)
    #expect(state.send(.tick(ms(5000)), layout: Self.l) == [])
  }

  @Test func aTapOpenedTooltipIsNeverReplacedByHover() {
    for opening in [TooltipInput.click(Board.a), .toggleHint, .open("a")] {
      var state = TooltipState(layout: Self.l)
      _ = state.send(opening, layout: Self.l)
      #expect(state.openID == "a")
      _ = state.send(.motion(Board.b, time: ms(0)), layout: Self.l)
      #expect(state.send(.tick(ms(2000)), layout: Self.l) == [], "\(opening)")
      #expect(state.openID == "a")
      #expect(state.deadline == nil)
    }
    // A long press opened it: the same.
    var state = TooltipState(layout: Self.l)
    _ = state.send(.press(Board.lp, time: ms(0)), layout: Self.l)
    _ = state.send(.tick(ms(500)), layout: Self.l)
    _ = state.send(.release(Board.lp, time: ms(600)), layout: Self.l)
    #expect(state.openReason == .longPress)
    _ = state.send(.motion(Board.b, time: ms(700)), layout: Self.l)
    #expect(state.send(.tick(ms(2000)), layout: Self.l) == [])
    #expect(state.openID == "lp")
  }

  @Test func thePointerOnAnOpenBubbleRestsOnTheBubble() {
    // a's bubble covers c: the pointer on it rests on the bubble, not on c. Once a closes,
    // moving to another cell of c's target is arriving on c.
    var state = TooltipState(layout: Self.l)
    _ = state.send(.click(Board.a), layout: Self.l)
    _ = state.send(.motion(Board.c, time: ms(0)), layout: Self.l)
    #expect(state.send(.tick(ms(1000)), layout: Self.l) == [])
    _ = state.send(.escape, layout: Self.l)
    _ = state.send(.motion(point(7, 6), time: ms(1100)), layout: Self.l)
    #expect(state.deadline == ms(1600))
    #expect(state.send(.tick(ms(1600)), layout: Self.l) == [.opened("c")])
  }

  @Test func aTapOnTheAnchorPinsItAndRunsItsAction() {
    // lt is a labelled tap anchor with an action.
    var state = Self.hovering(Board.lt)
    #expect(state.openID == "lt")
    #expect(state.send(.click(Board.lt), layout: Self.l) == [.action("lt")])
    #expect(state.openReason == .tap)
    #expect(state.selectedID == "lt")
    // Pinned: the pointer leaving does not close it; the next tap does.
    #expect(state.send(.motion(Board.empty, time: ms(3000)), layout: Self.l) == [])
    #expect(state.send(.click(Board.empty), layout: Self.l) == [.closed("lt", .tap)])

    // A press and release on it pin it too; an icon has no action.
    state = Self.hovering(Board.b)
    #expect(state.send(.press(Board.b, time: ms(2000)), layout: Self.l) == [])
    #expect(state.send(.release(Board.b, time: ms(2050)), layout: Self.l) == [])
    #expect(state.openID == "b")
    #expect(state.openReason == .tap)
  }

  @Test(arguments: [DismissPolicy.consume, .passThrough])
  func anyOtherTapActsAsOnAnyOpenTooltip(policy: DismissPolicy) {
    // On its bubble or its gap line: a tap that closes it.
    for cell in [Self.bBody, Self.bPointer, Self.bGapFirst] {
      var state = Self.hovering(Board.b)
      #expect(state.send(.click(cell), layout: Self.l, policy: policy) == [.closed("b", .tap)], "\(cell)")
    }
    // Opened by focus, the pointer aside: a tap on another anchor acts as on any open tooltip.
    var state = TooltipState(layout: Self.l)
    _ = state.send(.selectNext, layout: Self.l, now: ms(0))
    _ = state.send(.tick(ms(500)), layout: Self.l)
    let expected: [TooltipEvent] =
      policy == .consume ? [.closed("b", .tap)] : [.closed("b", .tap), .opened("a")]
    #expect(state.send(.click(Board.a), layout: Self.l, policy: policy) == expected)
  }

  @Test(arguments: [DismissPolicy.consume, .passThrough])
  func aClickOffTheZoneWithNoMotionFirstLeavesIt(policy: DismissPolicy) {
    // A terminal that reported no motion before the click: the pointer left first, then the
    // click acts with nothing open.
    var state = Self.hovering(Board.b)
    #expect(
      state.send(.click(Board.a), layout: Self.l, policy: policy) == [
        .closed("b", .pointerLeft), .opened("a"),
      ])
    state = Self.hovering(Board.b)
    #expect(state.send(.press(Board.empty, time: ms(3000)), layout: Self.l) == [.closed("b", .pointerLeft)])
  }

  @Test func aLongPressOnTheAnchorPinsIt() {
    // lp: a labelled long-press anchor. A short tap pins it and runs its action.
    var state = Self.hovering(Board.lp)
    #expect(state.send(.click(Board.lp), layout: Self.l) == [.action("lp")])
    #expect(state.openReason == .tap)
    // Held past its duration: pinned as a long press, no action, no close.
    state = Self.hovering(Board.lp)
    _ = state.send(.press(Board.lp, time: ms(2000)), layout: Self.l)
    #expect(state.send(.tick(ms(2500)), layout: Self.l) == [])
    #expect(state.send(.release(Board.lp, time: ms(2600)), layout: Self.l) == [])
    #expect(state.openID == "lp")
    #expect(state.openReason == .longPress)
  }

  @Test func aProgrammaticOpenOfTheHoveredOnePinsIt() {
    var state = Self.hovering(Board.b)
    #expect(state.send(.open("b"), layout: Self.l) == [])
    #expect(state.openReason == .programmatic)
    #expect(state.send(.motion(Board.empty, time: ms(3000)), layout: Self.l) == [])
  }

  // MARK: - Escape

  @Test func escapeDismissesUntilThePointerLeaves() {
    var state = Self.hovering(Board.b)
    #expect(state.send(.escape, layout: Self.l) == [.closed("b", .escape)])
    // Still on b's target: other cells of it, any time later, open nothing.
    #expect(state.send(.motion(Self.b2, time: ms(3000)), layout: Self.l) == [])
    #expect(state.send(.motion(Self.b3, time: ms(3100)), layout: Self.l) == [])
    #expect(state.deadline == nil)
    #expect(state.send(.tick(ms(9000)), layout: Self.l) == [])
    // Left and back: it rests again.
    _ = state.send(.motion(Board.empty, time: ms(9100)), layout: Self.l)
    _ = state.send(.motion(Board.b, time: ms(9200)), layout: Self.l)
    #expect(state.send(.tick(ms(9700)), layout: Self.l) == [.opened("b")])
  }

  @Test func escapeHoldsWhileABubblePassesOverThePointer() {
    // c dismissed with the pointer on it; a's bubble then covers c and goes: the pointer never
    // left c's target, so c stays dismissed.
    var state = Self.hovering(Board.c)
    _ = state.send(.escape, layout: Self.l)
    _ = state.send(.open("a"), layout: Self.l)
    _ = state.send(.motion(point(7, 6), time: ms(2000)), layout: Self.l)
    _ = state.send(.close, layout: Self.l)
    _ = state.send(.motion(point(5, 6), time: ms(2100)), layout: Self.l)
    #expect(state.deadline == nil)
    #expect(state.send(.tick(ms(9000)), layout: Self.l) == [])
    // Off its target, then back.
    _ = state.send(.motion(point(4, 6), time: ms(9100)), layout: Self.l)
    _ = state.send(.motion(point(5, 6), time: ms(9200)), layout: Self.l)
    #expect(state.send(.tick(ms(9700)), layout: Self.l) == [.opened("c")])
  }

  @Test func escapeCancelsAPendingOpen() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.motion(Board.b, time: ms(0)), layout: Self.l)
    _ = state.send(.selectNext, layout: Self.l, now: ms(0))
    #expect(state.deadline != nil)
    #expect(state.send(.escape, layout: Self.l) == [])
    #expect(state.deadline == nil)
    #expect(state.send(.tick(ms(5000)), layout: Self.l) == [])
  }

  @Test func escapeDismissesFocusUntilTheSelectionMoves() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.selectNext, layout: Self.l, now: ms(0))
    _ = state.send(.tick(ms(500)), layout: Self.l)
    #expect(state.openID == "b")
    #expect(state.send(.escape, layout: Self.l) == [.closed("b", .escape)])
    #expect(state.deadline == nil)
    #expect(state.send(.tick(ms(9000)), layout: Self.l) == [])
    // Away and back.
    _ = state.send(.selectNext, layout: Self.l, now: ms(10_000))
    _ = state.send(.selectPrevious, layout: Self.l, now: ms(10_100))
    #expect(state.send(.tick(ms(10_600)), layout: Self.l) == [.opened("b")])
  }

  // MARK: - Focus

  @Test func focusOpensAfterTheDelayFromAKeyboardMove() {
    var state = TooltipState(layout: Self.l)
    #expect(state.send(.selectNext, layout: Self.l, now: ms(1000)) == [])
    #expect(state.selectedID == "b")
    #expect(state.deadline == ms(1500))
    #expect(state.send(.tick(ms(1499)), layout: Self.l) == [])
    #expect(state.send(.tick(ms(1500)), layout: Self.l) == [.opened("b")])
    #expect(state.openReason == .focus)
    #expect(state.deadline == nil)
  }

  @Test(arguments: [
    TooltipInput.selectNext, .selectPrevious, .move(.right), .move(.bottom),
  ])
  func everyKeyboardMoveStartsFocus(key: TooltipInput) {
    var state = TooltipState(layout: Self.l)
    _ = state.send(key, layout: Self.l, now: ms(0))
    let selected = state.selectedID
    #expect(selected != "a")
    #expect(state.send(.tick(ms(500)), layout: Self.l) == [.opened(selected!)])
  }

  @Test func aSelectionByTapOrProgramDoesNotOpen() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.select("b"), layout: Self.l, now: ms(0))
    #expect(state.deadline == nil)
    // A tap on lp (a labelled long-press anchor) runs its action and selects it.
    _ = state.send(.press(Board.lp, time: ms(100)), layout: Self.l)
    #expect(state.send(.release(Board.lp, time: ms(150)), layout: Self.l) == [.action("lp")])
    #expect(state.selectedID == "lp")
    #expect(state.deadline == nil)
    #expect(state.send(.tick(ms(5000)), layout: Self.l) == [])
  }

  /// `.focus(id)`: the program moves the focus itself and the tooltip opens as after a keyboard
  /// move, by the focus delay and with reason focus (`.select` does not open, above); where focus
  /// does not open tooltips it only selects, and an unknown id changes nothing.
  @Test func aFocusOfTheProgramsChoosingOpensAfterTheDelay() {
    var state = TooltipState(layout: Self.l, keepsSelection: false)
    #expect(state.send(.focus("b"), layout: Self.l, now: ms(1000)) == [])
    #expect(state.selectedID == "b")
    #expect(state.deadline == ms(1500))
    #expect(state.send(.tick(ms(1500)), layout: Self.l) == [.opened("b")])
    #expect(state.openReason == .focus)
    #expect(state.send(.focus("nope"), layout: Self.l, now: ms(1600)) == [])
    #expect(state.selectedID == "b")
    let noFocus = Self.hoverLayout(focus: false)
    var plain = TooltipState(layout: noFocus, keepsSelection: false)
    _ = plain.send(.focus("b"), layout: noFocus, now: ms(0))
    #expect(plain.selectedID == "b")
    #expect(plain.deadline == nil)
  }

  @Test func focusIsOffUnlessAsked() {
    let noFocus = Self.hoverLayout(focus: false)
    var state = TooltipState(layout: noFocus)
    _ = state.send(.selectNext, layout: noFocus, now: ms(0))
    #expect(state.deadline == nil)
    let onlyB = Self.hoverLayout(focus: false) { $0[1].opensOnFocus = true }
    state = TooltipState(layout: onlyB)
    _ = state.send(.selectNext, layout: onlyB, now: ms(0))
    #expect(state.send(.tick(ms(500)), layout: onlyB) == [.opened("b")])
    _ = state.send(.selectNext, layout: onlyB, now: ms(600))
    #expect(state.deadline == nil)
  }

  @Test func movingOnFirstCancelsIt() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.selectNext, layout: Self.l, now: ms(1000))
    _ = state.send(.selectNext, layout: Self.l, now: ms(1200))
    #expect(state.selectedID == "ilp")
    #expect(state.send(.tick(ms(1500)), layout: Self.l) == [])
    #expect(state.send(.tick(ms(1700)), layout: Self.l) == [.opened("ilp")])
  }

  @Test func theSelectionMovingClosesItAndTheNextOpensAtOnce() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.selectNext, layout: Self.l, now: ms(0))
    _ = state.send(.tick(ms(500)), layout: Self.l)
    #expect(
      state.send(.selectNext, layout: Self.l, now: ms(1000)) == [
        .closed("b", .selectionMoved), .opened("ilp"),
      ])
    // A selection moved by the program closes it too; 300 ms later the skip delay is over.
    #expect(state.send(.select("a"), layout: Self.l, now: ms(2000)) == [.closed("ilp", .selectionMoved)])
    #expect(state.send(.selectNext, layout: Self.l, now: ms(2300)) == [])
    #expect(state.deadline == ms(2800))
  }

  @Test func aTapOpenedTooltipIsNeverReplacedByFocus() {
    // Focus pending on b; a tap on a opens a before the delay ends: b does not replace it.
    var state = TooltipState(layout: Self.l)
    _ = state.send(.selectNext, layout: Self.l, now: ms(0))
    _ = state.send(.open("a"), layout: Self.l)
    #expect(state.send(.tick(ms(2000)), layout: Self.l) == [])
    #expect(state.openID == "a")
  }

  @Test func enterPinsAFocusOpenedTooltip() {
    let withLt = Self.l
    var state = TooltipState(layout: withLt)
    _ = state.send(.select("lp"), layout: withLt)
    _ = state.send(.move(.right), layout: withLt, now: ms(0))
    #expect(state.selectedID == "lt")
    _ = state.send(.tick(ms(500)), layout: withLt)
    #expect(state.send(.activate, layout: withLt) == [.action("lt")])
    #expect(state.openReason == .tap)
    #expect(state.send(.activate, layout: withLt) == [.closed("lt", .tap)])
  }

  @Test func withoutNowFocusCountsFromTheLatestTime() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.tick(ms(4000)), layout: Self.l)
    _ = state.send(.selectNext, layout: Self.l)
    #expect(state.deadline == ms(4500))
  }

  // MARK: - One open

  @Test func aHoverOpenReplacesAFocusOpenedOne() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.selectNext, layout: Self.l, now: ms(0))
    _ = state.send(.tick(ms(500)), layout: Self.l)
    #expect(state.openReason == .focus)
    // Focus-opened: the pointer does not close it, but a hover open replaces it.
    _ = state.send(.motion(Board.a, time: ms(600)), layout: Self.l)
    #expect(state.send(.tick(ms(1100)), layout: Self.l) == [.closed("b", .pointerLeft), .opened("a")])
    #expect(state.openReason == .hover)
  }

  @Test func aFocusOpenReplacesAHoverOpenedOne() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.motion(Board.lt, time: ms(0)), layout: Self.l)
    _ = state.send(.selectNext, layout: Self.l, now: ms(100))
    #expect(state.send(.tick(ms(500)), layout: Self.l) == [.opened("lt")])
    #expect(state.send(.tick(ms(600)), layout: Self.l) == [.closed("lt", .selectionMoved), .opened("b")])
    #expect(state.openReason == .focus)
  }

  @Test func theKeyboardTakesOverTheHoveredOne() {
    // The pointer opened b; Tab selects b: now focus holds it, and the pointer leaving keeps it.
    var state = Self.hovering(Board.b)
    #expect(state.send(.selectNext, layout: Self.l, now: ms(2000)) == [])
    #expect(state.openReason == .focus)
    #expect(state.send(.motion(Board.empty, time: ms(2100)), layout: Self.l) == [])
    #expect(
      state.send(.selectNext, layout: Self.l, now: ms(2200)) == [
        .closed("b", .selectionMoved), .opened("ilp"),
      ])
  }

  // MARK: - Layout changes

  @Test func aRestOnAnAnchorThatLeavesIsForgotten() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.motion(Board.b, time: ms(0)), layout: Self.l)
    let moved = Self.hoverLayout { $0[1].position = point(24, 12) }
    #expect(state.send(.layoutChanged, layout: moved) == [])
    #expect(state.deadline == nil)
    #expect(state.send(.tick(ms(900)), layout: moved) == [])
    // A scene replaced forgets the focus waiting too.
    state = TooltipState(layout: Self.l)
    _ = state.send(.selectNext, layout: Self.l, now: ms(0))
    _ = state.send(.sceneReplaced, layout: Self.l)
    #expect(state.deadline == nil)
  }

  @Test func aLayoutThatTakesTheZoneFromThePointerClosesIt() {
    var state = Self.hovering(Board.b)
    let moved = Self.hoverLayout { $0[1].position = point(24, 12) }
    #expect(state.send(.layoutChanged, layout: moved) == [.closed("b", .pointerLeft)])
    // One that keeps the pointer on the zone keeps it open.
    state = Self.hovering(Board.b)
    let wider = Self.hoverLayout { $0[1].supporting = "Second letter of the alphabet" }
    #expect(state.send(.layoutChanged, layout: wider) == [])
    #expect(state.openID == "b")
  }

  @Test func aPressWhoseAnchorLeavesStillHoldsTheButton() {
    var state = TooltipState(layout: Self.l)
    _ = state.send(.press(Board.lp, time: ms(0)), layout: Self.l)
    let noLp = Self.hoverLayout { $0.removeAll { $0.id == "lp" } }
    _ = state.send(.layoutChanged, layout: noLp)
    #expect(state.isPressing)
    #expect(state.deadline == nil)
    _ = state.send(.motion(Board.b, time: ms(100)), layout: noLp)
    #expect(state.send(.tick(ms(2000)), layout: noLp) == [])
    #expect(state.send(.release(Board.lp, time: ms(2100)), layout: noLp) == [])
    #expect(!state.isPressing)
  }

  @Test func closeReasonsDescribeThemselves() {
    #expect(
      TooltipEvent.closed("share", .pointerLeft).description == "closed share (pointerLeft)")
  }
}
