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
}
