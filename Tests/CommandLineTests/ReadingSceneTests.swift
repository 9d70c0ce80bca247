import TestSupport
import Testing
import TooltipKit
import TooltipScenes

@testable import tooltip_tui

/// The reading scene in the demo: tooltips on words of wrapped paragraphs (a term that wraps is
/// one anchor of two segments) and on cut list items, and scrolling that hides an open tooltip
/// instead of closing it.
@Suite struct ReadingSceneTests {
  /// The demo on the reading scene at 80 x 24.
  static func model() -> DemoModel {
    var options = Options()
    options.scene = .builtin(.reading)
    return DemoModel(scenes: BuiltinScene.all(from: .reading), options: options, screen: Size(width: 80, height: 24))
  }

  static func shows(_ model: DemoModel, _ text: String) -> Bool {
    model.frame().lines.contains { $0.contains(text) }
  }

  static func click(_ point: Point, at time: Duration) -> [TerminalInput] {
    [
      .mouse(TerminalMouse(.press(.primary), at: point, time: time)),
      .mouse(TerminalMouse(.release(.primary), at: point, time: time + .milliseconds(50))),
    ]
  }

  @Test func aTermThatWrapsIsOneAnchorOfTwoSegments() {
    let scene = BuiltinScene.reading.scene
    let wrapped = scene.anchors.filter { $0.segments.count == 2 }
    #expect(!wrapped.isEmpty)
    #expect(wrapped.allSatisfy { $0.isDrawnByProgram && $0.segments[1].minY == $0.segments[0].minY + 1 })
    // Cut clauses have an anchor with the whole text; those that fit have none.
    let clauses = scene.anchors.filter { $0.id.hasPrefix("clause-") }
    #expect(clauses.map(\.id) == ["clause-2", "clause-4", "clause-6", "clause-8", "clause-10", "clause-12"])
    #expect(clauses.first?.headline == "2. Grant of licence and the territories it covers, listed in schedule A")
  }

  @Test func aClickOnEitherSegmentOpensItAndTheKeyboardReachesIt() {
    // "jointly" ends screen row 5 and "and severally liable" begins row 6.
    var model = Self.model()
    let rows = model.frame().lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    #expect(rows[5].hasSuffix("remain jointly") && rows[6].hasPrefix("    and severally liable"))
    let tail = Point(x: 6, y: 6)
    for input in Self.click(tail, at: .seconds(1)) { _ = model.handle(input) }
    #expect(model.state.openID == "jointly-and-severally-liable")
    #expect(Self.shows(model, "Each one owes the whole sum"))
    _ = model.handle(.key(.escape))
    let head = Point(x: rows[5].count - 3, y: 5)
    for input in Self.click(head, at: .seconds(2)) { _ = model.handle(input) }
    #expect(model.state.openID == "jointly-and-severally-liable")
    // From the keyboard: Tab reaches it, i opens it.
    var keys = Self.model()
    for _ in 0..<3 { _ = keys.handle(.key(.tab)) }
    #expect(keys.state.selectedID == "jointly-and-severally-liable")
    _ = keys.handle(.key(.character("i")))
    #expect(Self.shows(keys, "Each one owes the whole sum"))
  }

  /// The demo checks the side before it ships: every term's bubble, opened in the demo at
  /// 80 x 24, is whole on screen (`jointly and severally liable`, near the margin, was cropped
  /// at the left edge below its term; it goes to the right, the first side with room).
  @Test func everyTermsBubbleIsWholeOnScreen() {
    let terms = BuiltinScene.reading.scene.anchors.filter { !$0.id.hasPrefix("clause-") }
    #expect(terms.count == 6)
    for term in terms {
      var model = Self.model()
      model.open(term.id)
      let body = model.state.openBubble(model.layout)?.body
      #expect(body != nil, "\(term.id) opened no bubble")
      #expect(body.flatMap { Rect(size: model.layout.screen).intersection($0) } == body, "\(term.id) is cropped")
    }
  }

  @Test func pageDownHidesTheOpenTooltipAndPageUpBringsItBack() {
    var model = Self.model()
    for _ in 0..<2 { _ = model.handle(.key(.tab)) }
    _ = model.handle(.key(.character("i")))
    #expect(model.state.openID == "force-majeure" && Self.shows(model, "Events beyond control"))
    _ = model.handle(.key(.pageDown))
    #expect(model.scrollOffset > 0)
    #expect(model.state.openID == "force-majeure")
    #expect(!Self.shows(model, "Events beyond control"))
    #expect(Self.shows(model, "12. Counterparts"))
    _ = model.handle(.key(.pageUp))
    #expect(model.scrollOffset == 0)
    #expect(Self.shows(model, "Events beyond control"))
  }

  @Test func theWheelScrollsAndACutItemShowsWholeOnHover() {
    var model = Self.model()
    let wheel = TerminalInput.mouse(TerminalMouse(.wheelDown, at: Point(x: 40, y: 12), time: .seconds(1)))
    _ = model.handle(wheel)
    #expect(model.scrollOffset == 3)
    for _ in 0..<10 { _ = model.handle(wheel) }
    #expect(model.scrollOffset == model.maxScroll)
    let rows = model.frame().lines
    let row = rows.firstIndex { $0.contains("12. Counterparts") }!
    _ = model.handle(.mouse(TerminalMouse(.move, at: Point(x: 10, y: row), time: .seconds(2))))
    model.tick(.seconds(3))
    #expect(model.state.openID == "clause-12")
    #expect(Self.shows(model, "execution by electronic"))
  }
}
