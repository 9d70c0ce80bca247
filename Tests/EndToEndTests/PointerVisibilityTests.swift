import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The pointer on the terminal's own background: on a terminal that says it is dark
  /// (`COLORFGBG`, as rxvt and Konsole set it) the demo takes the dark theme, whose pointer is
  /// white (231), so it shows (before issue 43, the light theme's pointer switched to the
  /// headline's white); where the terminal says nothing, or says light, the light theme's
  /// #0E121B (233) stays.
  @Suite struct PointerVisibility {
    /// The pointer row's SGR text after the top-row toolbar's first tooltip opens (Enter on
    /// the selected pause button: the pointer is row 2, under the toolbar on row 1).
    func pointerRow(environment: [String: String], unset: [String]) throws -> String {
      let pane = try TmuxPane(
        width: 60, height: 14, arguments: ["--scene", Repository.example("top-toolbar.json")],
        environment: environment, unset: unset)
      pane.expectStarted()
      pane.send("Enter")
      #expect(pane.wait { pane.capture().count > 2 && pane.capture()[2].hasPrefix("▲") }, "\(pane.capture())")
      return pane.captureEscapes()[2]
    }

    @Test func aDarkTerminalGetsAPointerThatShowsOnIt() throws {
      let dark = try pointerRow(environment: ["COLORFGBG": "15;0"], unset: ["NO_COLOR"])
      #expect(dark.contains("38;5;231m▲"), "\(dark.debugDescription)")
      let unknown = try pointerRow(environment: [:], unset: ["NO_COLOR", "COLORFGBG"])
      #expect(unknown.contains("38;5;233m▲"), "\(unknown.debugDescription)")
      let light = try pointerRow(environment: ["COLORFGBG": "0;15"], unset: ["NO_COLOR"])
      #expect(light.contains("38;5;233m▲"), "\(light.debugDescription)")
    }
  }
}
