import Testing

@testable import TooltipCurses

/// The mode state both front ends use: what any-motion tracking writes on, off, at the first
/// motion report and after a resume, and the sequences the guard is handed.
@Suite struct TerminalModesTests {
  let on = "\u{1B}[?1003h"
  let off = "\u{1B}[?1003l"

  @Test func motionGoesOnFromOffAndIsAskedOnceMoreAtTheFirstReport() {
    var motion = MotionTracking()
    #expect(motion.motionReported() == nil, "off: a report asks for nothing")
    #expect(motion.switchTo(true) == off + on)
    #expect(motion.switchTo(true) == nil, "already on: nothing written")
    #expect(motion.motionReported() == on)
    #expect(motion.motionReported() == nil, "asked once more, once")
    #expect(motion.resumed() == on)
    #expect(motion.motionReported() == on, "a resume asks again at the next report")
    #expect(motion.switchTo(false, buttonsAfter: "\u{1B}[?1002h") == off + "\u{1B}[?1002h")
    #expect(motion.resumed() == "", "off: a resume asks for nothing")
    #expect(!motion.isOn)
  }

  @Test func theGuardIsHandedEveryModeOffAndTheStopSequence() {
    let reset = TerminalModes.resetSequence
    for mode in TerminalModes.Mode.allCases {
      #expect(reset.contains("\u{1B}[?\(mode.rawValue)l"), "\(mode) off in the reset")
    }
    #expect(reset.hasSuffix("\u{1B}[?1049l\r\n"), "the main screen last")
    #expect(TerminalModes.stopSequence == off + "\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?2004l")
    #expect(TerminalModes.on(mouse: true) == "\u{1B}[?1002h\u{1B}[?1006h\u{1B}[?2004h")
    #expect(TerminalModes.off(mouse: false) == "\u{1B}[?2004l")
  }
}
