import CTerminalGuard
import TooltipKit

/// The terminal modes the component asks for beside curses, each number spelt once: what a
/// front end writes to switch them on and off, what it asks for again after a resume or at the
/// first motion report, and the sequences the C guard writes at a crash, a quit signal or
/// Ctrl-Z (handed to it at run time by ``registerWithGuard()``, so it keeps no copy of its own).
/// ``TerminalOutput`` writes them.
package enum TerminalModes {
  /// A DEC private mode (`CSI ? n h` to set, `CSI ? n l` to reset).
  package enum Mode: Int, CaseIterable, Sendable {
    /// Press and release reports (X10 encoding): what curses asks for on most terminals.
    case buttons = 1000
    /// Button-motion tracking: drags.
    case buttonMotion = 1002
    /// Any-motion tracking: every pointer move, what hover needs.
    case anyMotion = 1003
    /// UTF-8 coordinates for X10 reports (some terminfo entries ask for it).
    case utf8Mouse = 1005
    /// SGR reports: any column, releases that name their button.
    case sgrMouse = 1006
    /// urxvt's decimal reports.
    case urxvtMouse = 1015
    /// Bracketed paste.
    case paste = 2004
    /// Synchronized output: the terminal shows what comes between set and reset at once, so a
    /// frame never shows half drawn.
    case synchronizedOutput = 2026

    /// The sequence that sets (`on`) or resets the mode.
    package func sequence(_ on: Bool) -> String { "\u{1B}[?\(rawValue)\(on ? "h" : "l")" }
  }

  /// The modes asked for beside curses' own: bracketed paste, so that a paste arrives as one
  /// ``/TooltipKit/TerminalInput/paste(_:)`` and never as keys; and with the mouse,
  /// button-motion reports (for drags) in the SGR encoding, so that reports carry any column.
  /// Terminals that know SGR (xterm, tmux) prefer it to X10 and to UTF-8 1005, whichever of those
  /// terminfo switched on; others ignore it, and what they send is parsed as it comes.
  package static func on(mouse: Bool) -> String {
    (mouse ? Mode.buttonMotion.sequence(true) + Mode.sgrMouse.sequence(true) : "") + Mode.paste.sequence(true)
  }

  /// The DECRQM query asking whether the terminal knows synchronized output (`CSI ? 2026 $ p`):
  /// sent at start with the modes and never waited on; a terminal that knows the mode answers
  /// with a DECRPM report the input parser notes (`InputParser.synchronizedOutput`), one that
  /// does not stays silent or says so, and no frame waits for either.
  package static let synchronizedOutputQuery = "\u{1B}[?\(Mode.synchronizedOutput.rawValue)$p"

  /// The background query (OSC 11) and the DA1 fence after it (`TerminalQuery.backgroundWithFence`):
  /// sent at start and never waited on; the parser is told both answers are awaited
  /// (`InputParser.expectReply(to:)` with `.background` and `.deviceAttributes`), and the answer
  /// arrives as ``TooltipKit/TerminalInput/terminalBackground(_:)``, after the first frame or never
  /// (tmux, rxvt-unicode).
  package static let backgroundQuery = TerminalQuery.backgroundWithFence

  /// What begins and ends a frame: one synchronized-output pair (`CSI ? 2026 h` ... `CSI ? 2026 l`)
  /// when `synchronized` (the terminal said it knows the mode), nothing otherwise.
  package static func synchronized(_ synchronized: Bool) -> (begin: String, end: String) {
    guard synchronized else { return ("", "") }
    return (Mode.synchronizedOutput.sequence(true), Mode.synchronizedOutput.sequence(false))
  }

  /// ``on(mouse:)`` switched off again (the guard's reset does it too).
  package static func off(mouse: Bool) -> String {
    Mode.paste.sequence(false) + (mouse ? Mode.sgrMouse.sequence(false) + Mode.buttonMotion.sequence(false) : "")
  }

  /// What Ctrl-Z writes before the program stops: every mouse tracking mode, SGR reports and
  /// bracketed paste off, so the shell and whatever runs meanwhile get none of them. (Curses'
  /// own handler then switches off its own mouse mode and the screen.)
  static var stopSequence: String {
    [Mode.anyMotion, .buttonMotion, .sgrMouse, .paste].map { $0.sequence(false) }.joined()
  }

  /// What the guard writes at a crash, a quit signal from a blocked write, or `exit()` with
  /// curses still on: every mouse mode curses or the component may have asked for off, keypad
  /// transmit off, attributes off, the cursor shown, the screen cleared with the cursor on its
  /// last row, the main screen (on a terminal with no alternate screen the frame goes and the
  /// prompt lands below, on a clean screen).
  static var resetSequence: String {
    Mode.allCases.map { $0.sequence(false) }.joined()
      + "\u{1B}[?1l\u{1B}>" + "\u{1B}[0m\u{1B}[?25h\u{1B}[H\u{1B}[2J\u{1B}[999;1H\u{1B}[?1049l\r\n"
  }

  /// Hands the guard its reset and stop sequences: called when the guard is installed, before
  /// any of its handlers can run.
  static func registerWithGuard() {
    let reset = Array(resetSequence.utf8)
    let stop = Array(stopSequence.utf8)
    reset.withUnsafeBufferPointer { resetBytes in
      stop.withUnsafeBufferPointer { stopBytes in
        tg_set_sequences(resetBytes.baseAddress, resetBytes.count, stopBytes.baseAddress, stopBytes.count)
      }
    }
  }
}

/// Any-motion tracking (``TerminalModes/Mode/anyMotion``) as a front end asks for it: on while
/// some anchor opens on hover, and only then (each report costs the program a wake-up).
///
/// It goes on from off (off, then on), and is asked for once more at the first motion report
/// after: mlterm (3.9) hides the pointer on a key press and watches for the motion that shows it
/// again; when that key came before the mode (the key that made a hover anchor), that motion
/// also ends every later motion report. Switching it off leaves terminals with no tracking mode
/// (xterm, tmux and most keep one): the front end asks for its buttons again.
package struct MotionTracking: Sendable {
  /// Whether any-motion tracking is asked for.
  package private(set) var isOn = false
  /// Whether a motion report came since the mode was last asked for.
  private var confirmed = true

  /// A tracking mode that is off.
  package init() {}

  /// What to write to switch tracking to `on`; nil when it already is. Off, `buttonsAfter`
  /// names the sequence that asks for button reports again (nil when the caller does it its
  /// own way).
  package mutating func switchTo(_ on: Bool, buttonsAfter: String? = nil) -> String? {
    guard on != isOn else { return nil }
    isOn = on
    confirmed = !on
    let mode = TerminalModes.Mode.anyMotion
    return on ? mode.sequence(false) + mode.sequence(true) : mode.sequence(false) + (buttonsAfter ?? "")
  }

  /// What to write at a motion report: the mode once more at the first after it went on.
  package mutating func motionReported() -> String? {
    guard isOn, !confirmed else { return nil }
    confirmed = true
    return TerminalModes.Mode.anyMotion.sequence(true)
  }

  /// What to write after a resume (Ctrl-Z, then `fg`): the mode again when it is on, confirmed
  /// again at the next motion report.
  package mutating func resumed() -> String {
    guard isOn else { return "" }
    confirmed = false
    return TerminalModes.Mode.anyMotion.sequence(true)
  }
}
