import StateOracle
import Testing
import TooltipKit

/// The board every state-machine sequence plays on: a 60 x 20 screen.
///
///     row  2: a (8...10)  b (24...26)  ilp (40...42)  blank (50...52)
///     row  6: c (sm, 6), under a's open bubble (columns 3...16, rows 4...7)
///     row 10: edge (sm, column 0, bubble to the left: wholly off screen)
///     row 14: lp "Publish" (4...12)  lt "Save" (20...25)  dis "Delete" (32...39)  dlp "Archive" (44...52)
enum Board {
  static let a = point(9, 2)
  static let b = point(25, 2)
  static let ilp = point(41, 2)
  static let blank = point(51, 2)
  static let c = point(6, 6)
  static let edge = point(0, 10)
  static let lp = point(8, 14)
  static let lt = point(22, 14)
  static let dis = point(35, 14)
  static let dlp = point(48, 14)
  /// A cell of a's bubble that covers no anchor.
  static let aBubble = point(15, 5)
  /// a's pointer.
  static let aPointer = point(9, 3)
  /// A cell no anchor or bubble ever reaches.
  static let empty = point(59, 19)

  static let hold = Trigger.defaultHold

  static func anchors(_ change: (inout [Anchor]) -> Void = { _ in }) -> [Anchor] {
    var list = [
      anchor("a", x: 8, y: 2, placement: .bottom, headline: "Alpha", supporting: "First letter"),
      anchor("b", x: 24, y: 2, placement: .bottom, headline: "Bravo", supporting: "Second"),
      anchor(
        "ilp", x: 40, y: 2, placement: .bottom, headline: "Hold", supporting: "Icon on long press",
        trigger: .longPress),
      anchor("blank", x: 50, y: 2, showHeadline: false, showSupporting: false),
      anchor("c", x: 6, y: 6, size: .sm, placement: .right, headline: "Charlie", supporting: ""),
      anchor(
        "edge", x: 0, y: 10, size: .sm, placement: .left, headline: "Off", supporting: "Screen"),
      anchor(
        "lp", x: 4, y: 14, placement: .top, headline: "Publish", supporting: "Goes live at once",
        trigger: .longPress, label: "Publish"),
      anchor(
        "lt", x: 20, y: 14, placement: .top, headline: "Save", supporting: "Keeps a copy",
        label: "Save"),
      anchor(
        "dis", x: 32, y: 14, placement: .top, headline: "Delete", supporting: "Needs admin rights",
        disabled: true, label: "Delete"),
      anchor(
        "dlp", x: 44, y: 14, placement: .top, headline: "Archive", supporting: "Needs admin rights",
        trigger: .longPress, disabled: true, label: "Archive"),
    ]
    change(&list)
    return list
  }

  static func layout(
    _ change: (inout [Anchor]) -> Void = { _ in }, width: Int = 60, height: Int = 20
  ) -> SceneLayout {
    TooltipKitTests.layout(anchors(change), width: width, height: height)
  }

  static let standard = layout()
}

/// One step of a sequence: an optional new layout, the inputs, and what must follow.
struct Step: Sendable {
  var inputs: [TooltipInput]
  var layout: SceneLayout?
  var open: String?
  var selected: String?
  var events: [TooltipEvent]
}

func step(
  _ inputs: [TooltipInput],
  layout: SceneLayout? = nil,
  open: String?,
  selected: String?,
  _ events: [TooltipEvent] = []
) -> Step {
  Step(inputs: inputs, layout: layout, open: open, selected: selected, events: events)
}

func step(
  _ input: TooltipInput,
  layout: SceneLayout? = nil,
  open: String?,
  selected: String?,
  _ events: [TooltipEvent] = []
) -> Step {
  step([input], layout: layout, open: open, selected: selected, events)
}

func ms(_ value: Int) -> Duration { .milliseconds(value) }

/// A press and its release on the same cell, `length` apart, starting at `start`.
func tap(_ p: Point, at start: Int = 0, length: Int = 80) -> [TooltipInput] {
  [.press(p, time: ms(start)), .release(p, time: ms(start + length))]
}

struct Script: Sendable, CustomTestStringConvertible {
  var name: String
  var policy: DismissPolicy = .consume
  var steps: [Step]
  var testDescription: String { name }
}

func script(_ name: String, _ policy: DismissPolicy = .consume, _ steps: Step...) -> Script {
  Script(name: name, policy: policy, steps: steps)
}

@Suite struct StateMachineTests {
  static let removedB = Board.layout { $0.removeAll { $0.id == "b" } }
  static let aLinesOff = Board.layout {
    $0[0].showHeadline = false
    $0[0].showSupporting = false
  }
  static let aZeroWidth = Board.layout {
    $0[0].headline = "\u{200B}"
    $0[0].supporting = "\u{301}"
  }
  static let cLongPress = Board.layout { $0[4].trigger = .longPress }
  static let aHeadlineOff = Board.layout { $0[0].showHeadline = false }
  /// b moved below a resized screen's last row.
  static let bOffScreen = Board.layout({ $0[1].position = point(24, 30) })
  static let otherScene = TooltipKitTests.layout(
    [anchor("z", x: 30, y: 9), anchor("y", x: 5, y: 12)], width: 60, height: 20)

  static let scripts: [Script] = [
    // Tap opens; the next tap anywhere closes.
    script("tap opens", .consume, step(tap(Board.a), open: "a", selected: "a", [.opened("a")])),
    script(
      "tap on the same anchor closes", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.a), open: nil, selected: "a", [.closed("a", .tap)])),
    script(
      "consume: tap on another anchor only closes", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.b), open: nil, selected: "a", [.closed("a", .tap)])),
    script(
      "consume: tap on the bubble only closes", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.aBubble), open: nil, selected: "a", [.closed("a", .tap)])),
    script(
      "consume: tap on the pointer closes", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.aPointer), open: nil, selected: "a", [.closed("a", .tap)])),
    script(
      "consume: tap on an empty cell closes", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.empty), open: nil, selected: "a", [.closed("a", .tap)])),
    script(
      "consume: bubble over another anchor swallows the tap", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.c), open: nil, selected: "a", [.closed("a", .tap)]),
      step(tap(Board.c), open: "c", selected: "c", [.opened("c")])),
    script(
      "pass-through: tap on B closes A and opens B", .passThrough,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.b), open: "b", selected: "b", [.closed("a", .tap), .opened("b")])),
    script(
      "pass-through: tap on A only closes", .passThrough,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.a), open: nil, selected: "a", [.closed("a", .tap)])),
    script(
      "pass-through: tap on a bubble cell over an anchor reaches it", .passThrough,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.c), open: "c", selected: "c", [.closed("a", .tap), .opened("c")])),
    script(
      "pass-through: tap on the bubble elsewhere only closes", .passThrough,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.aBubble), open: nil, selected: "a", [.closed("a", .tap)])),
    script(
      "pass-through: tap on an empty cell only closes", .passThrough,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.empty), open: nil, selected: "a", [.closed("a", .tap)])),
    script(
      "pass-through: click on a labelled tap anchor closes, opens and acts", .passThrough,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(
        .click(Board.lt), open: "lt", selected: "lt",
        [.closed("a", .tap), .opened("lt"), .action("lt")])),
    script(
      "pass-through: tap on a labelled long-press anchor closes and acts", .passThrough,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(tap(Board.lp), open: nil, selected: "lp", [.closed("a", .tap), .action("lp")])),

    // Esc.
    script(
      "Esc closes", .consume,
      step(tap(Board.b), open: "b", selected: "b", [.opened("b")]),
      step(.escape, open: nil, selected: "b", [.closed("b", .escape)]),
      step(.escape, open: nil, selected: "b")),

    // Selection moves.
    script(
      "Tab moves and closes", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(.selectNext, open: nil, selected: "b", [.closed("a", .selectionMoved)]),
      step(.selectNext, open: nil, selected: "ilp")),
    script(
      "Tab wraps from the last to the first", .consume,
      step(.select("dlp"), open: nil, selected: "dlp"),
      step(.selectNext, open: nil, selected: "a")),
    script(
      "Shift-Tab wraps from the first to the last and closes", .consume,
      step(.toggleHint, open: "a", selected: "a", [.opened("a")]),
      step(.selectPrevious, open: nil, selected: "dlp", [.closed("a", .selectionMoved)]),
      step(.selectPrevious, open: nil, selected: "dis")),
    script(
      "arrow right moves and closes", .consume,
      step(.toggleHint, open: "a", selected: "a", [.opened("a")]),
      step(.move(.right), open: nil, selected: "b", [.closed("a", .selectionMoved)])),
    script(
      "arrow down uses the cone and score", .consume,
      // From a (9, 2): c (6, 6) scores 3 + 8 = 11, edge (0, 10) and lp (8, 14) 25.
      step(.move(.bottom), open: nil, selected: "c"),
      // From c (6, 6): edge (0, 10) scores 6 + 8 = 14, lp (8, 14) 2 + 16 = 18.
      step(.move(.bottom), open: nil, selected: "edge"),
      // From edge (0, 10): lp (8, 14) is on the cone's edge (8 <= 2 * 4); lt (22, 14) is not.
      step(.move(.bottom), open: nil, selected: "lp")),
    script(
      "arrow into an empty cone stays and keeps it open", .consume,
      step(.toggleHint, open: "a", selected: "a", [.opened("a")]),
      step(.move(.top), open: "a", selected: "a"),
      step(.move(.left), open: "a", selected: "a")),
    script(
      "selecting the open anchor keeps it open", .consume,
      step(tap(Board.b), open: "b", selected: "b", [.opened("b")]),
      step(.select("b"), open: "b", selected: "b"),
      step(.select("nowhere"), open: "b", selected: "b")),

    // Long press.
    script(
      "held past the duration opens at the tick, while held", .consume,
      step(.press(Board.lp, time: ms(1000)), open: nil, selected: "a"),
      step(.tick(ms(1499)), open: nil, selected: "a"),
      step(.tick(ms(1500)), open: "lp", selected: "lp", [.opened("lp")]),
      step(.tick(ms(1900)), open: "lp", selected: "lp"),
      step(.release(Board.lp, time: ms(2000)), open: "lp", selected: "lp")),
    script(
      "short tap on a labelled long-press anchor runs its action", .consume,
      step(tap(Board.lp, at: 1000, length: 499), open: nil, selected: "lp", [.action("lp")])),
    script(
      "release past the deadline with no tick is a long press", .consume,
      step(.press(Board.lp, time: ms(1000)), open: nil, selected: "a"),
      step(.release(Board.lp, time: ms(1800)), open: "lp", selected: "lp", [.opened("lp")])),
    script(
      "release after a long press elsewhere is still not a tap", .consume,
      step(.press(Board.ilp, time: ms(0)), open: nil, selected: "a"),
      step(.tick(ms(600)), open: "ilp", selected: "ilp", [.opened("ilp")]),
      step(.release(Board.b, time: ms(700)), open: "ilp", selected: "ilp")),
    script(
      "icon long-press anchor: a tap opens", .consume,
      step(tap(Board.ilp), open: "ilp", selected: "ilp", [.opened("ilp")])),
    script(
      "icon long-press anchor: a long press opens", .consume,
      step(.press(Board.ilp, time: ms(0)), open: nil, selected: "a"),
      step(.tick(ms(500)), open: "ilp", selected: "ilp", [.opened("ilp")]),
      step(.release(Board.ilp, time: ms(900)), open: "ilp", selected: "ilp")),
    script(
      "consume: a long press elsewhere only closes", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(.press(Board.lp, time: ms(1000)), open: "a", selected: "a"),
      step(.tick(ms(1500)), open: nil, selected: "a", [.closed("a", .longPress)]),
      step(.release(Board.lp, time: ms(1600)), open: nil, selected: "a")),
    script(
      "pass-through: a long press on B closes A and opens B", .passThrough,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(.press(Board.lp, time: ms(1000)), open: "a", selected: "a"),
      step(.tick(ms(1500)), open: "lp", selected: "lp", [.closed("a", .longPress), .opened("lp")]),
      step(.release(Board.lp, time: ms(1600)), open: "lp", selected: "lp")),
    script(
      "pass-through: a long press on the open anchor only closes", .passThrough,
      step(tap(Board.ilp), open: "ilp", selected: "ilp", [.opened("ilp")]),
      step(.press(Board.ilp, time: ms(1000)), open: "ilp", selected: "ilp"),
      step(.tick(ms(1500)), open: nil, selected: "ilp", [.closed("ilp", .longPress)]),
      step(.release(Board.ilp, time: ms(1600)), open: nil, selected: "ilp")),
    script(
      "a labelled tap-trigger anchor held long is a tap: opened, then action", .consume,
      step(tap(Board.lt, length: 3000), open: "lt", selected: "lt", [.opened("lt"), .action("lt")])),
    script(
      "disabled long-press anchor: a long press opens", .consume,
      step(.press(Board.dlp, time: ms(0)), open: nil, selected: "a"),
      step(.tick(ms(500)), open: "dlp", selected: "dlp", [.opened("dlp")]),
      step(.release(Board.dlp, time: ms(700)), open: "dlp", selected: "dlp")),
    script(
      "pass-through: a long press on a bubble cell over a long-press anchor reaches it",
      .passThrough,
      step(tap(Board.a), layout: cLongPress, open: "a", selected: "a", [.opened("a")]),
      step(.press(Board.c, time: ms(1000)), open: "a", selected: "a"),
      step(.tick(ms(1500)), open: "c", selected: "c", [.closed("a", .longPress), .opened("c")]),
      step(.release(Board.c, time: ms(1600)), open: "c", selected: "c")),
    script(
      "consume: a long press on a bubble cell is a tap on the bubble", .consume,
      step(tap(Board.a), layout: cLongPress, open: "a", selected: "a", [.opened("a")]),
      step(.press(Board.c, time: ms(1000)), open: "a", selected: "a"),
      step(.tick(ms(1500)), open: "a", selected: "a"),
      step(.release(Board.c, time: ms(1600)), open: nil, selected: "a", [.closed("a", .tap)])),
    script(
      "a tap-trigger anchor held long is a tap", .consume,
      step(tap(Board.b, length: 3000), open: "b", selected: "b", [.opened("b")])),
    script(
      "press and release on different targets make nothing", .consume,
      step(
        [.press(Board.a, time: ms(0)), .release(Board.b, time: ms(50))], open: nil, selected: "a"),
      step(
        [.press(Board.lt, time: ms(100)), .release(Board.empty, time: ms(150))], open: nil,
        selected: "a"),
      step(
        [.press(Board.empty, time: ms(200)), .release(Board.a, time: ms(250))], open: nil,
        selected: "a"),
      step(.release(Board.a, time: ms(300)), open: nil, selected: "a")),
    script(
      "an open bubble and an anchor are different targets", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(
        [.press(Board.aBubble, time: ms(100)), .release(Board.empty, time: ms(150))], open: "a",
        selected: "a"),
      step(
        [.press(Board.b, time: ms(200)), .release(Board.aBubble, time: ms(250))], open: "a",
        selected: "a")),
    script(
      "a long-press anchor pressed and released elsewhere before the deadline makes nothing",
      .consume,
      step(
        [.press(Board.lp, time: ms(0)), .release(Board.empty, time: ms(100)), .tick(ms(900))],
        open: nil, selected: "a")),
    script(
      "click events are taps", .consume,
      step(.click(Board.b), open: "b", selected: "b", [.opened("b")]),
      step(.click(Board.empty), open: nil, selected: "b", [.closed("b", .tap)]),
      step(.click(Board.lp), open: nil, selected: "lp", [.action("lp")]),
      step(.click(Board.ilp), open: "ilp", selected: "ilp", [.opened("ilp")])),
    script(
      "a cancelled press is neither a long press nor a tap", .consume,
      step(
        [.press(Board.lp, time: ms(0)), .cancelPress, .tick(ms(900)), .release(Board.lp, time: ms(1000))],
        open: nil, selected: "a"),
      step(
        [.press(Board.b, time: ms(1100)), .cancelPress, .release(Board.b, time: ms(1150))], open: nil,
        selected: "a"),
      step(tap(Board.b, at: 1200), open: "b", selected: "b", [.opened("b")]),
      step(.cancelPress, open: "b", selected: "b")),
    script(
      "a click forgets a pending press", .consume,
      step(
        [.press(Board.lp, time: ms(0)), .click(Board.b), .tick(ms(900))], open: "b", selected: "b",
        [.opened("b")])),

    // Labelled and disabled anchors.
    script(
      "labelled tap trigger: opened, then action", .consume,
      step(tap(Board.lt), open: "lt", selected: "lt", [.opened("lt"), .action("lt")]),
      step(tap(Board.lt), open: nil, selected: "lt", [.closed("lt", .tap)])),
    script(
      "labelled long-press trigger: a tap is the action only", .consume,
      step(tap(Board.lp), open: nil, selected: "lp", [.action("lp")]),
      step(.activate, open: nil, selected: "lp", [.action("lp")])),
    script(
      "disabled tap trigger: opens, no action", .consume,
      step(tap(Board.dis), open: "dis", selected: "dis", [.opened("dis")])),
    script(
      "disabled long-press trigger: a tap opens, no action", .consume,
      step(tap(Board.dlp), open: "dlp", selected: "dlp", [.opened("dlp")])),
    script(
      "an anchor with no visible line is selected and opens nothing", .consume,
      step(tap(Board.blank), open: nil, selected: "blank"),
      step(.toggleHint, open: nil, selected: "blank"),
      step(.activate, open: nil, selected: "blank")),
    script(
      "a bubble wholly off screen still opens", .consume,
      step(tap(Board.edge), open: "edge", selected: "edge", [.opened("edge")]),
      step(tap(Board.edge), open: nil, selected: "edge", [.closed("edge", .tap)])),

    // Keyboard.
    script(
      "Enter and Space tap the selected anchor", .consume,
      step(.activate, open: "a", selected: "a", [.opened("a")]),
      step(.activate, open: nil, selected: "a", [.closed("a", .tap)]),
      step(.select("lt"), open: nil, selected: "lt"),
      step(.activate, open: "lt", selected: "lt", [.opened("lt"), .action("lt")])),
    script(
      "consume: Enter with another tooltip open only closes it", .consume,
      step(.open("b"), open: "b", selected: "a", [.opened("b")]),
      step(.activate, open: nil, selected: "a", [.closed("b", .tap)])),
    script(
      "pass-through: Enter with another tooltip open closes it and taps the selected", .passThrough,
      step(.open("b"), open: "b", selected: "a", [.opened("b")]),
      step(.activate, open: "a", selected: "a", [.closed("b", .tap), .opened("a")])),
    script(
      "i shows and hides the selected anchor's tooltip", .consume,
      step(.toggleHint, open: "a", selected: "a", [.opened("a")]),
      step(.toggleHint, open: nil, selected: "a", [.closed("a", .hintToggled)])),
    script(
      "i opens a long-press anchor without its action", .consume,
      step(.select("lp"), open: nil, selected: "lp"),
      step(.toggleHint, open: "lp", selected: "lp", [.opened("lp")])),
    script(
      "i closes another open tooltip and opens the selected", .consume,
      step(.open("b"), open: "b", selected: "a", [.opened("b")]),
      step(.toggleHint, open: "a", selected: "a", [.closed("b", .hintToggled), .opened("a")])),
    script(
      "i on an anchor with no line closes what is open", .consume,
      step(.open("b"), open: "b", selected: "a", [.opened("b")]),
      step(.select("blank"), open: nil, selected: "blank", [.closed("b", .selectionMoved)]),
      step(.open("a"), open: "a", selected: "blank", [.opened("a")]),
      step(.toggleHint, open: nil, selected: "blank", [.closed("a", .hintToggled)])),

    // Programmatic.
    script(
      "programmatic open and close", .consume,
      step(.open("b"), open: "b", selected: "a", [.opened("b")]),
      step(.open("b"), open: "b", selected: "a"),
      step(.open("lt"), open: "lt", selected: "a", [.closed("b", .programmatic), .opened("lt")]),
      step(.open("blank"), open: "lt", selected: "a"),
      step(.open("nowhere"), open: "lt", selected: "a"),
      step(.close, open: nil, selected: "a", [.closed("lt", .programmatic)]),
      step(.close, open: nil, selected: "a")),

    // Changes to the layout.
    script(
      "an anchor removed while open", .consume,
      step(tap(Board.b), open: "b", selected: "b", [.opened("b")]),
      step(
        .layoutChanged, layout: removedB, open: nil, selected: "a", [.closed("b", .anchorRemoved)])),
    script(
      "an anchor pushed off a resized screen while open", .consume,
      step(tap(Board.b), open: "b", selected: "b", [.opened("b")]),
      step(
        .layoutChanged, layout: bOffScreen, open: nil, selected: "a", [.closed("b", .anchorRemoved)]
      ),
      step(.open("b"), open: nil, selected: "a")),
    script(
      "an anchor removed closes before the input acts", .passThrough,
      step(tap(Board.b), open: "b", selected: "b", [.opened("b")]),
      step(
        tap(Board.a), layout: removedB, open: "a", selected: "a",
        [.closed("b", .anchorRemoved), .opened("a")])),
    script(
      "a selected anchor removed selects the first", .consume,
      step(.select("b"), open: nil, selected: "b"),
      step(.layoutChanged, layout: removedB, open: nil, selected: "a")),
    script(
      "a long press on a removed anchor is forgotten", .consume,
      step(.press(Board.lp, time: ms(0)), open: nil, selected: "a"),
      step(
        .tick(ms(900)), layout: Board.layout { $0.removeAll { $0.id == "lp" } }, open: nil,
        selected: "a"),
      step(.release(Board.lp, time: ms(1000)), open: nil, selected: "a")),
    script(
      "scene replaced closes and selects the first", .consume,
      step(tap(Board.b), open: "b", selected: "b", [.opened("b")]),
      step(
        .sceneReplaced, layout: otherScene, open: nil, selected: "z", [.closed("b", .anchorRemoved)]
      )),
    script(
      "scene replaced by the same scene closes too", .consume,
      step(tap(Board.b), open: "b", selected: "b", [.opened("b")]),
      step(
        .sceneReplaced, layout: Board.standard, open: nil, selected: "a",
        [.closed("b", .anchorRemoved)])),
    script(
      "scene replaced forgets the press", .consume,
      step(.press(Board.lp, time: ms(0)), open: nil, selected: "a"),
      step(.sceneReplaced, open: nil, selected: "a"),
      step(.tick(ms(900)), open: nil, selected: "a")),
    script(
      "booleans leaving no visible line close it", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(
        .layoutChanged, layout: aLinesOff, open: nil, selected: "a", [.closed("a", .programmatic)])),
    script(
      "copy left with only zero-width marks closes it", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(
        .layoutChanged, layout: aZeroWidth, open: nil, selected: "a", [.closed("a", .programmatic)])
    ),
    script(
      "a boolean leaving one line keeps it open", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(.layoutChanged, layout: aHeadlineOff, open: "a", selected: "a")),
    script(
      "a resize keeps it open", .consume,
      step(tap(Board.a), open: "a", selected: "a", [.opened("a")]),
      step(.layoutChanged, layout: Board.layout(width: 30, height: 10), open: "a", selected: "a")),
  ]

  @Test(arguments: scripts)
  func play(_ s: Script) {
    var current = Board.standard
    var state = TooltipState(layout: current)
    for (number, step) in s.steps.enumerated() {
      if let next = step.layout { current = next }
      var events: [TooltipEvent] = []
      for input in step.inputs {
        let before = state.openID
        let reported = state.send(input, layout: current, policy: s.policy)
        Self.checkInvariants(
          state, before: before, reported: reported, layout: current, policy: s.policy)
        events += reported
      }
      #expect(events == step.events, "step \(number + 1): events")
      #expect(state.openID == step.open, "step \(number + 1): open")
      #expect(state.selectedID == step.selected, "step \(number + 1): selected")
    }
  }

  /// BEHAVIOUR 4's invariants (``StateInvariants``), after every input: the events account for
  /// the open tooltip, the state names placed anchors, one Esc closes, one tap on an empty
  /// cell or on the open anchor itself closes.
  static func checkInvariants(
    _ state: TooltipState,
    before: String?,
    reported: [TooltipEvent],
    layout: SceneLayout,
    policy: DismissPolicy,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var violations = StateInvariants.events(reported, before: before, state: state, layout: layout)
    violations += StateInvariants.state(state, layout: layout)
    violations += StateInvariants.closing(state, layout: layout, policy: policy, tapAt: Board.empty)
    if let id = state.openID, let placed = layout.anchor(id: id), Rect(size: layout.screen).contains(placed.centre) {
      violations += StateInvariants.closing(state, layout: layout, policy: policy, tapAt: placed.centre)
    }
    #expect(violations == [], sourceLocation: sourceLocation)
  }

  // MARK: - Time

  @Test func deadlineIsThePendingLongPress() {
    let l = Board.standard
    var state = TooltipState(layout: l)
    #expect(state.deadline == nil)
    #expect(!state.isPressing)
    _ = state.send(.press(Board.b, time: ms(100)), layout: l)
    #expect(state.deadline == nil)  // a tap-trigger anchor needs no timer
    #expect(state.isPressing)
    _ = state.send(.release(Board.b, time: ms(200)), layout: l)
    _ = state.send(.press(Board.lp, time: ms(1000)), layout: l)
    #expect(state.deadline == ms(1500))
    _ = state.send(.tick(ms(1500)), layout: l)
    #expect(state.deadline == nil)  // decided
    #expect(state.isPressing)
    _ = state.send(.release(Board.lp, time: ms(1600)), layout: l)
    #expect(!state.isPressing)
    _ = state.send(.press(Board.lp, time: ms(2000)), layout: l)
    #expect(state.deadline == ms(2500))
    #expect(state.send(.cancelPress, layout: l) == [])
    #expect(state.deadline == nil)  // nothing left to decide
    #expect(!state.isPressing)
  }

  @Test func holdDurationIsPerAnchor() {
    let l = Board.layout { $0[6].trigger = .longPress(hold: .seconds(2)) }
    var state = TooltipState(layout: l)
    _ = state.send(.press(Board.lp, time: ms(0)), layout: l)
    #expect(state.deadline == ms(2000))
    #expect(state.send(.tick(ms(1999)), layout: l) == [])
    #expect(state.send(.tick(ms(2000)), layout: l) == [.opened("lp")])
    #expect(Trigger.defaultHold == ms(500))
    #expect(Trigger.longPress == .longPress(hold: ms(500)))
  }

  /// Timestamps and holds at the edge of what a caller can make (beyond Int64.max seconds, a
  /// `Duration` holds some 1.7e20) saturate at Int64.max seconds: a deadline past the edge
  /// stays ahead of any time inside it, a tick far before the press decides nothing, and one
  /// past the edge decides the hold. Before, `press.time + hold` and `now - press.time` trapped
  /// on overflow.
  @Test func durationsPastInt64MaxSecondsSaturateInsteadOfTrapping() {
    let edge = Duration.seconds(Int64.max) * 18
    let l = Board.layout { $0[6].trigger = .longPress(hold: edge) }
    var state = TooltipState(layout: l)
    _ = state.send(.press(Board.lp, time: edge), layout: l)
    let deadline = state.deadline
    #expect(deadline.map { $0 > .seconds(Int64.max) } == true)
    #expect(state.send(.tick(.zero - edge), layout: l) == [])
    #expect(state.send(.tick(.seconds(Int64.max)), layout: l) == [])
    // Past the limit every deadline has come: the hold is decided, once.
    #expect(state.send(.tick(edge), layout: l) == [.opened("lp")])
    #expect(state.deadline == nil)
    // A hover delay at the edge, from a clock reading at the edge: the rest's end saturates.
    let slow = HoverFocusTests.hoverLayout(hoverDelay: edge)
    var hover = TooltipState(layout: slow)
    let late = Duration.seconds(Int64.max)
    _ = hover.send(.motion(Board.blank, time: late), layout: slow)
    _ = hover.send(.motion(Board.b, time: late), layout: slow)
    #expect(hover.deadline.map { $0 > late } == true)
    #expect(hover.send(.tick(late), layout: slow) == [])
    #expect(hover.openID == nil)
  }

  @Test func freshStateSelectsTheFirstAnchorOnItsFirstInput() {
    let l = Board.standard
    var state = TooltipState()
    #expect(state.selectedID == nil)
    #expect(state.send(.layoutChanged, layout: l) == [])
    #expect(state.selectedID == "a")
    var empty = TooltipState()
    let none = layout([])
    #expect(empty.send(.activate, layout: none) == [])
    #expect(empty.send(.toggleHint, layout: none) == [])
    #expect(empty.send(.move(.bottom), layout: none) == [])
    #expect(empty.selectedID == nil)
  }

  /// A program that makes its state before it has a layout (`TooltipState()`) and whose first
  /// input is a selection key gets what the key says from no selection: Tab the first anchor,
  /// Shift-Tab the last, an arrow the first; not the anchor after one it never showed selected.
  @Test func aFreshStatesFirstSelectionKeyStartsFromNoSelection() {
    let l = Board.standard
    let first = l.anchors.first!.id
    let last = l.anchors.last!.id
    var tab = TooltipState()
    _ = tab.send(.selectNext, layout: l)
    #expect(tab.selectedID == first)
    var backTab = TooltipState()
    _ = backTab.send(.selectPrevious, layout: l)
    #expect(backTab.selectedID == last)
    var arrow = TooltipState()
    _ = arrow.send(.move(.right), layout: l)
    #expect(arrow.selectedID == first)
    var key = TooltipState()
    _ = key.send(.key(.tab), layout: l)
    #expect(key.selectedID == first)
    // Once something is selected, Tab moves on from it.
    _ = key.send(.key(.tab), layout: l)
    #expect(key.selectedID == l.anchors[1].id)
  }

  @Test func eventsDescribeThemselves() {
    #expect(TooltipEvent.opened("share").description == "opened share")
    #expect(TooltipEvent.closed("share", .escape).description == "closed share (escape)")
    #expect(
      TooltipEvent.closed("share", .selectionMoved).description == "closed share (selectionMoved)")
    #expect(TooltipEvent.action("publish").description == "action publish")
  }
}
