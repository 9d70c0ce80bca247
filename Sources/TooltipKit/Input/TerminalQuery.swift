/// A question a program sends its terminal, whose answer comes back among the keys: the
/// background colour (OSC 11), synchronized output (DECRQM for mode 2026) or the primary device
/// attributes (DA1).
///
/// A program names it to send the question (``sequence``) and to tell its ``InputParser`` that
/// the answer is coming (``InputParser/expectReply(to:)``): while it is, an answer split across
/// slow reads is still taken whole, never as keys.
public enum TerminalQuery: Hashable, Sendable, CaseIterable {
  /// OSC 11 with `?`: the terminal's default background colour, answered as
  /// `OSC 11 ; rgb:RRRR/GGGG/BBBB` (``TerminalInput/terminalBackground(_:)``); many terminals
  /// (tmux, rxvt-unicode) never answer, so send ``deviceAttributes`` after it as a fence.
  case background
  /// DECRQM for synchronized output (`CSI ? 2026 $ p`), answered with a DECRPM report
  /// (``InputParser/synchronizedOutput``).
  case synchronizedOutput
  /// DA1 (`CSI c`): every terminal answers it (``TerminalInput/deviceAttributes``), after the
  /// answers to the questions sent before it, so its answer is the fence that says the others
  /// came or never will.
  case deviceAttributes

  /// The bytes that ask, as a string to write to the terminal.
  public var sequence: String {
    switch self {
    case .background: "\u{1B}]11;?\u{1B}\\"
    case .synchronizedOutput: "\u{1B}[?2026$p"
    case .deviceAttributes: "\u{1B}[c"
    }
  }

  /// The background question then the DA1 fence, in one string: what a program sends to learn
  /// its terminal's background, and tells its parser to expect (both queries).
  public static let backgroundWithFence = TerminalQuery.background.sequence + TerminalQuery.deviceAttributes.sequence
}
