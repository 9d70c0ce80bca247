import Testing
import TooltipKit
import TooltipScenes

@testable import tooltip_tui

/// Hover and focus in the demo: `--hover`, `--focus`, the `o` key, pointer motion and keys
/// with their time, driven through the model without a terminal.
@Suite struct DemoHoverTests {
  /// The form scene on a 120 x 24 screen with `arguments` given.
  static func model(_ arguments: [String] = []) throws -> DemoModel {
    let options = try Options.parse(["--scene", "form"] + arguments)
    return DemoModel(scenes: try options.loadScenes(), options: options, screen: Size(width: 120, height: 24))
  }

  static let publish = DemoModelTests.publish
  static let away = Point(x: 100, y: 20)

  static func motion(_ point: Point, at ms: Int) -> TerminalInput {
    .mouse(TerminalMouse(.move, at: point, time: .milliseconds(ms)))
  }

  @Test func theFlagsTurnHoverAndFocusOnForEveryScene() throws {
    let options = try Options.parse(["--hover", "--focus", "--scene", "form"])
    #expect(options.hover && options.focus)
    let scenes = try options.loadScenes()
    #expect(scenes.allSatisfy { $0.scene.opensOnHover && $0.scene.opensOnFocus })
    let plain = try Options.parse(["--scene", "form"]).loadScenes()
    #expect(plain.allSatisfy { !$0.scene.opensOnHover && !$0.scene.opensOnFocus })
    #expect(throws: UsageError("--hover takes no value")) { try Options.parse(["--hover=yes"]) }
  }

  @Test func thePointerRestingOnAnAnchorOpensItAndLeavingClosesIt() throws {
    var model = try Self.model(["--hover"])
    #expect(model.layout.scene.needsPointerMotion)
    _ = model.handle(Self.motion(Self.publish, at: 1000))
    #expect(model.deadline == .milliseconds(1500))
    model.tick(.milliseconds(1500))
    #expect(model.state.openID == "publish")
    #expect(model.state.openReason == .hover)
    #expect(model.lastEvent == "opened publish")
    _ = model.handle(Self.motion(Self.away, at: 1600))
    #expect(model.state.openID == nil)
    #expect(model.lastEvent == "closed publish: the pointer left")
  }

  @Test func withoutHoverMotionDoesNothing() throws {
    var model = try Self.model()
    #expect(!model.layout.scene.needsPointerMotion)
    _ = model.handle(Self.motion(Self.publish, at: 1000))
    #expect(model.deadline == nil)
  }

  @Test func theOKeyTogglesHoverAndFocus() throws {
    var model = try Self.model()
    _ = model.handle(.key(.character("o")))
    #expect(model.lastEvent == "hover and focus: on")
    #expect(model.layout.scene.opensOnHover && model.layout.scene.opensOnFocus)
    #expect(model.layout.scene.needsPointerMotion)
    _ = model.handle(.key(.character("o")))
    #expect(model.lastEvent == "hover and focus: off")
    #expect(!model.layout.scene.needsPointerMotion)
    #expect(DemoModel.helpLines.contains { $0.0 == "o" })
  }

  @Test func aKeyStartsTheFocusDelayWhenItArrived() throws {
    var model = try Self.model(["--focus"])
    _ = model.handle(.key(.tab), now: .milliseconds(4000))
    let selected = try #require(model.state.selectedID)
    #expect(model.deadline == .milliseconds(4500))
    model.tick(.milliseconds(4500))
    #expect(model.state.openID == selected)
    #expect(model.state.openReason == .focus)
  }

  @Test func onlyMotionWithNoButtonHeldIsThePointers() {
    let at = Point(x: 3, y: 4)
    let move = TerminalInput.mouse(TerminalMouse(.move, at: at, time: .milliseconds(7)))
    #expect(TooltipKeymap.input(for: move) == .motion(at, time: .milliseconds(7)))
    let drag = TerminalInput.mouse(TerminalMouse(.drag(.primary), at: at, time: .milliseconds(7)))
    #expect(TooltipKeymap.input(for: drag) == nil)
  }
}
