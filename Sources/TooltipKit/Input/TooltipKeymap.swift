/// The component's own keys and the primary mouse button, as the state machine's inputs: the
/// one mapping the demo and any program share.
///
/// Tab and Shift-Tab select the next and previous anchor, arrows (and h j k l) the nearest one
/// that way, Enter and Space tap the selected anchor, `i` shows or hides its tooltip, Esc
/// closes; the primary button's presses, releases and clicks are taps (with any modifier), and
/// motion with no button held is the pointer's (for hover). Every other key, button, the wheel,
/// drags and pastes are the program's.
public enum TooltipKeymap {
  /// The state machine's input for `input`, or nil for input the component leaves to the
  /// program (other keys and buttons, a paste, and a resize: lay the scene out again, then
  /// send `.layoutChanged`).
  ///
  /// An Alt-modified key is nil here: a program that gives it no meaning either should send
  /// the keys of ``TerminalKey/unmerged`` instead (Esc, then the key), as ``inputs(for:letters:)``
  /// does.
  ///
  /// - Parameters:
  ///   - input: one decoded key, mouse event, paste or resize from the terminal.
  ///   - letters: whether the letter keys (`i`, `h`, `j`, `k`, `l`) and Space act; a program
  ///     that uses those letters itself passes false.
  public static func input(for input: TerminalInput, letters: Bool = true) -> TooltipInput? {
    switch input {
    case .mouse(let mouse):
      switch mouse.action {
      case .press(.primary): return .press(mouse.point, time: mouse.time)
      case .release(.primary): return .release(mouse.point, time: mouse.time)
      case .click(.primary): return .click(mouse.point)
      case .move: return .motion(mouse.point, time: mouse.time)
      default: return nil
      }
    case .resize, .paste: return nil
    case .key(let key): return self.key(key, letters: letters)
    }
  }

  /// The state machine's inputs for `input`, taking an Alt-modified key as the Esc it started
  /// with and then the key (see ``TerminalKey/unmerged``): for a program that gives Alt keys no
  /// meaning of its own.
  public static func inputs(for input: TerminalInput, letters: Bool = true) -> [TooltipInput] {
    guard case .key(let key) = input, key.modifiers.contains(.alt) else {
      return self.input(for: input, letters: letters).map { [$0] } ?? []
    }
    return key.unmerged.compactMap { self.key($0, letters: letters) }
  }

  private static func key(_ key: TerminalKey, letters: Bool) -> TooltipInput? {
    guard key.modifiers.isEmpty else { return key == .backTab ? .selectPrevious : nil }
    switch key.code {
    case .tab: return .selectNext
    case .up: return .move(.up)
    case .down: return .move(.down)
    case .left: return .move(.left)
    case .right: return .move(.right)
    case .enter: return .activate
    case .escape: return .escape
    case .character(let character) where letters:
      // By ASCII code: a switch on a byte, not string comparisons.
      switch character.asciiValue {
      case UInt8(ascii: " "): return .activate
      case UInt8(ascii: "i"): return .toggleHint
      case UInt8(ascii: "k"): return .move(.up)
      case UInt8(ascii: "j"): return .move(.down)
      case UInt8(ascii: "h"): return .move(.left)
      case UInt8(ascii: "l"): return .move(.right)
      default: return nil
      }
    default: return nil
    }
  }
}
