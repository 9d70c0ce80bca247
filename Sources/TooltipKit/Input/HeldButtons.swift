/// The mouse buttons held down, in the order pressed, as a stream of reports told them: the one
/// bookkeeping of presses and releases behind ``InputParser`` and the ncurses front end's
/// decoder.
package struct HeldButtons: Sendable {
  private var buttons: [TerminalMouse.Button] = []

  /// No button held.
  package init() {}

  /// The button pressed last and still held.
  package var last: TerminalMouse.Button? { buttons.last }

  /// `button` went down.
  package mutating func press(_ button: TerminalMouse.Button) {
    if !buttons.contains(button) { buttons.append(button) }
  }

  /// `button` came up; whether it was held (a release whose press went unreported was not).
  @discardableResult
  package mutating func release(_ button: TerminalMouse.Button) -> Bool {
    guard let index = buttons.firstIndex(of: button) else { return false }
    buttons.remove(at: index)
    return true
  }

  /// The button held last came up, for a report that does not say which (X10); nil when none
  /// was held.
  package mutating func releaseLast() -> TerminalMouse.Button? { buttons.popLast() }

  /// Motion reported with `button`: a drag of it while it is held, else plain motion (a drag of
  /// a button whose release came is motion).
  package func motion(with button: TerminalMouse.Button?) -> TerminalMouse.Action {
    button.flatMap { buttons.contains($0) ? .drag($0) : nil } ?? .move
  }
}
