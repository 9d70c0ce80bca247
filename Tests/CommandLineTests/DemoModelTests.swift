import TestSupport
import Testing
import TooltipKit
import TooltipScenes

@testable import tooltip_tui

/// The demo's model, driven without a terminal: the inputs as the interactive loop passes them.
@Suite struct DemoModelTests {
  /// The form scene on a 120 x 24 screen, as `tooltip-tui --scene form` starts.
  static func formModel() -> DemoModel {
    var options = Options()
    options.scene = .builtin(.form)
    let scenes = [BuiltinScene.form.named]
    return DemoModel(scenes: scenes, options: options, screen: Size(width: 120, height: 24))
  }

  /// Publish's box on the form scene at 120 x 24 (the end-to-end mouse tests use the same cell).
  static let publish = Point(x: 20, y: 13)

  /// A mouse event on Publish.
  static func mouse(_ action: TerminalMouse.Action, at time: Duration) -> TerminalInput {
    .mouse(TerminalMouse(action, at: publish, time: time))
  }

  @Test func theHelpOverlayDoesNotTurnAShortPressIntoALongPress() {
    var model = Self.formModel()
    // A press shows nothing until it is a tap or a long press: no frame is composed for it.
    #expect(model.handle(Self.mouse(.press(.primary), at: .milliseconds(1000))) == .unchanged)
    #expect(model.deadline == .milliseconds(1500))
    // `?` 0.1 s after the press, the release 0.1 s after that, while the help is shown.
    #expect(model.handle(.key(.character("?"))) == .draw)
    #expect(model.helpVisible)
    #expect(model.handle(Self.mouse(.release(.primary), at: .milliseconds(1200))) == .unchanged)
    // No timer left to run out: the press is not held.
    #expect(model.deadline == nil)
    model.tick(.milliseconds(1600))
    #expect(model.state.openID == nil)
    // Any key closes the help (a whole repaint) and does nothing else.
    #expect(model.handle(.key(.escape)) == .redrawAll)
    #expect(!model.helpVisible)
    #expect(model.state.openID == nil)
    #expect(model.lastEvent == "")
  }

  @Test func aLongPressWithoutTheHelpStillOpens() {
    var model = Self.formModel()
    _ = model.handle(Self.mouse(.press(.primary), at: .milliseconds(1000)))
    model.tick(.milliseconds(1500))
    #expect(model.state.openID == "publish")
  }

  /// GNU screen and tmux merge Esc with the key typed after it: the demo has no Alt keys, so
  /// Alt-Tab is Esc (the tooltip closes), then Tab (the selection moves).
  @Test func anAltKeyTheDemoDoesNotKnowIsEscThenTheKey() {
    var model = Self.formModel()
    model.open("publish")
    #expect(model.state.openID == "publish")
    _ = model.handle(.key(TerminalKey(.tab, modifiers: .alt)))
    #expect(model.state.openID == nil)
    #expect(model.lastEvent == "closed publish by Esc")
    #expect(model.state.selectedID != "publish")
    // Esc then `t`: closes, then the theme changes.
    model.open("publish")
    let theme = model.render.theme
    _ = model.handle(.key(TerminalKey(.character("t"), modifiers: .alt)))
    #expect(model.state.openID == nil)
    #expect(model.render.theme != theme)
    // Esc then `q` quits.
    #expect(model.handle(.key(TerminalKey(.character("q"), modifiers: .alt))) == .quit(0))
  }

  @Test func aPasteIsNotKeys() {
    var model = Self.formModel()
    model.open("publish")
    #expect(model.handle(.paste("q\tti")) == .unchanged)
    #expect(model.state.openID == "publish")
    #expect(model.render.theme == .light)
  }

  @Test func ctrlCQuitsAndOtherButtonsTheWheelAndMotionDoNothing() {
    var model = Self.formModel()
    for action: TerminalMouse.Action in [
      .press(.secondary), .press(.middle), .wheelUp, .wheelDown, .move, .drag(.primary),
    ] {
      _ = model.handle(Self.mouse(action, at: .milliseconds(1000)))
      #expect(model.state.openID == nil)
      #expect(model.deadline == nil)
    }
    #expect(model.handle(.key(TerminalKey(.character("c"), modifiers: .control))) == .quit(130))
  }

  /// An input that changes nothing on screen composes no frame: motion over blank cells, a
  /// press before it is a tap; the tap itself does.
  @Test func anInputThatChangesNothingDrawsNothing() {
    var model = Self.formModel()
    #expect(model.handle(.mouse(TerminalMouse(.move, at: Point(x: 100, y: 20), time: .milliseconds(0)))) == .unchanged)
    #expect(model.handle(.mouse(TerminalMouse(.move, at: Point(x: 101, y: 20), time: .milliseconds(5)))) == .unchanged)
    #expect(model.handle(Self.mouse(.press(.primary), at: .milliseconds(10))) == .unchanged)
    #expect(model.handle(Self.mouse(.release(.primary), at: .milliseconds(20))) == .draw)
    #expect(model.state.selectedID == "publish")
  }

  /// A scene of `count` anchors of `size` in rows of 12, 9 columns and 4 rows apart, on a
  /// 120 x 40 screen.
  static func gridModel(count: Int, size: AnchorSize = .md, theme: Theme = .light) -> DemoModel {
    let anchors = (0..<count).map { i in
      Anchor(
        id: "a\(i)", position: Point(x: 2 + (i % 12) * 9, y: 2 + (i / 12) * 4), size: size, placement: .bottom,
        headline: "Anchor \(i)", supporting: "One of many.")
    }
    var options = Options()
    options.theme = theme
    return DemoModel(
      scenes: [NamedScene(name: "grid", scene: Scene(anchors: anchors))], options: options,
      screen: Size(width: 120, height: 40))
  }

  /// A scene of many anchors keeps them drawn in a layer of their own, which a theme keeps and
  /// a new layout draws again: its frames are those of a model started in that state.
  @Test func aLargeScenesKeptLayerFollowsTheThemeAndTheLayout() {
    var model = Self.gridModel(count: 96)
    #expect(model.sceneLayer != nil)
    #expect(Self.gridModel(count: DemoModel.sceneLayerThreshold - 1).sceneLayer == nil)
    _ = model.handle(.key(.character("t")))
    #expect(model.frame() == Self.gridModel(count: 96, theme: .dark).frame())
    // Every anchor small (`s`): the scene rows are those of a scene of small anchors (the title
    // and status rows name the toggle).
    _ = model.handle(.key(.character("s")))
    let small = Self.gridModel(count: 96, size: .sm, theme: .dark)
    let scene = 1..<39
    #expect(model.frame().lines[scene] == small.frame().lines[scene])
    #expect(model.frame().lines[scene] != Self.gridModel(count: 96, theme: .dark).frame().lines[scene])
  }

  /// The theme changes only the look: the layout takes the new theme and keeps every box and
  /// the open bubble.
  @Test func aThemeToggleKeepsTheLayout() {
    var model = Self.formModel()
    model.open("publish")
    let before = model.layout
    let bubble = model.state.openBubble(model.layout)
    _ = model.handle(.key(.character("t")))
    #expect(model.layout.options.theme == .dark)
    let kept = model.layout.hasPlacement(of: before)
    #expect(kept)
    #expect(model.state.openBubble(model.layout) == bubble)
    #expect(model.state.bubbleLayouts == 1)
  }

  /// Every new layout reaches the state as it is made, not at the next input: the open
  /// tooltip's bubble is laid out again for it at once (the state keeps one per layout), after
  /// a resize and after each key that lays the scene out again.
  @Test func aNewLayoutReachesTheStateAtOnce() {
    let inputs: [TerminalInput] =
      [.resize(Size(width: 100, height: 24))] + ["s", "1", "2", "f", "e", "o"].map { .key(.character($0)) }
    for input in inputs {
      var model = Self.formModel()
      model.open("publish")
      #expect(model.state.bubbleLayouts == 1)
      _ = model.handle(input)
      #expect(model.state.bubbleLayouts == (model.state.openID == nil ? 1 : 2), "\(input)")
      let placed = model.state.selectedID.map { model.layout.anchor(id: $0) != nil } ?? true
      #expect(placed, "\(input)")
    }
  }
}
