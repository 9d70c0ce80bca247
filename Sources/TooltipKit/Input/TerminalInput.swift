/// One input from the terminal: a key, a mouse event, a paste, or a new screen size.
///
/// A program names it where its loop reads input and hands what is not the component's to its
/// own handling (``TooltipState/send(_:layout:policy:now:letters:)`` takes the rest). Every key and mouse event a terminal sends that has a meaning arrives, with its modifiers;
/// sequences nobody knows are consumed whole and never arrive as loose keys.
public enum TerminalInput: Hashable, Sendable {
  /// A key.
  case key(TerminalKey)
  /// A mouse event.
  case mouse(TerminalMouse)
  /// Text the user pasted while bracketed paste was on: one event, never keys (a pasted `q`
  /// quits nothing). Line ends are `\n`; the text is as the terminal sent it, so sanitize it
  /// before showing it.
  case paste(String)
  /// The terminal was resized to this size.
  case resize(Size)
  /// The terminal's default background colour, as it answered a background query
  /// (``TerminalQuery/background``, OSC 11): a program picks its theme from it
  /// (``Theme/init(background:)``) and gives it to ``RenderOptions/terminalBackground``, so the
  /// bubble stands out on the terminal as its user left it. Never a key.
  case terminalBackground(RGB)
  /// The terminal's answer to a primary device attributes query (``TerminalQuery/deviceAttributes``,
  /// DA1, `CSI ? ... c`): the fence after the questions sent before it, whose answers came first
  /// or never will (tmux and rxvt-unicode never answer OSC 11). Never a key.
  case deviceAttributes
}

extension TerminalInput {
  /// Whether this input makes `earlier`, read just before it, stale: both are pointer motion
  /// with no button held, or both drags of one button.
  ///
  /// A reader that finds several inputs waiting acts on the last of such a run only (BEHAVIOUR 4,
  /// Cost): a pointer swept across the screen while the program was busy is one input, not
  /// hundreds, and a press, release or key among them keeps its place, since only motion
  /// directly after motion is dropped. The session applies it; a program that feeds
  /// ``InputParser`` itself applies it the same way.
  public func supersedes(_ earlier: TerminalInput) -> Bool {
    guard case .mouse(let first) = earlier, case .mouse(let second) = self else { return false }
    switch (first.action, second.action) {
    case (.move, .move): return true
    case (.drag(let a), .drag(let b)): return a == b
    default: return false
    }
  }
}
