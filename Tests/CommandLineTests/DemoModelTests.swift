import TestSupport
import Testing
import TooltipCurses
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

  @Test func theHelpOverlayDoesNotTurnAShortPressIntoALongPress() {
    var model = Self.formModel()
    #expect(model.handle(.press(Self.publish, time: .milliseconds(1000))) == .draw)
    #expect(model.deadline == .milliseconds(1500))
    // `?` 0.1 s after the press, the release 0.1 s after that, while the help is shown.
    #expect(model.handle(.key(.character("?"))) == .draw)
    #expect(model.helpVisible)
    #expect(model.handle(.release(Self.publish, time: .milliseconds(1200))) == .draw)
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
    _ = model.handle(.press(Self.publish, time: .milliseconds(1000)))
    model.tick(.milliseconds(1500))
    #expect(model.state.openID == "publish")
  }
}
