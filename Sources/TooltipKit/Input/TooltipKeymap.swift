/// The component's own keys and the primary mouse button, as the state machine's inputs: the
/// one mapping the demo and any program share (a program sends terminal input through
/// ``TooltipState/send(_:layout:policy:now:letters:)``, which maps it here).
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
  /// the keys of ``TerminalKey/unmerged`` instead (Esc, then the key), as `inputs(for:letters:)`
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
    case .resize, .paste, .terminalBackground, .deviceAttributes: return nil
    case .key(let key): return self.key(key, letters: letters)
    }
  }

  /// The state machine's inputs for `input`, taking an Alt-modified key as the Esc it started
  /// with and then the key (see ``TerminalKey/unmerged``): for a program that gives Alt keys no
  /// meaning of its own.
  package static func inputs(for input: TerminalInput, letters: Bool = true) -> [TooltipInput] {
    guard case .key(let key) = input else {
      return self.input(for: input, letters: letters).map { [$0] } ?? []
    }
    return key.unmerged.compactMap { self.key($0, letters: letters) }
  }

  private static func key(_ key: TerminalKey, letters: Bool) -> TooltipInput? {
    guard key.modifiers.isEmpty else { return key == .backTab ? .selectPrevious : nil }
    switch key.code {
    case .tab: return .selectNext
    case .up: return .move(.top)
    case .down: return .move(.bottom)
    case .left: return .move(.left)
    case .right: return .move(.right)
    case .enter: return .activate
    case .escape: return .escape
    case .character(let character) where letters:
      // By ASCII code: a switch on a byte, not string comparisons.
      switch character.asciiValue {
      case UInt8(ascii: " "): return .activate
      case UInt8(ascii: "i"): return .toggleHint
      case UInt8(ascii: "k"): return .move(.top)
      case UInt8(ascii: "j"): return .move(.bottom)
      case UInt8(ascii: "h"): return .move(.left)
      case UInt8(ascii: "l"): return .move(.right)
      default: return nil
      }
    default: return nil
    }
  }
}

extension TooltipState {
  /// Applies what the terminal sent, as the component's keys and the primary mouse button
  /// mean it, and returns the changes it made, in order; input that is not the component's
  /// changes nothing and returns no event.
  ///
  /// The one call a program's loop needs between reading input and drawing: Tab and Shift-Tab
  /// select the next and previous anchor, the arrows (and h j k l) the nearest one that way,
  /// Enter and Space tap the selected anchor, `i` shows or hides its tooltip, Esc closes; the
  /// primary button's presses, releases and clicks are taps (with any modifier) and motion with
  /// no button held is the pointer's, for hover. An Alt-modified key is taken as the Esc it
  /// started with, then the key (a terminal multiplexer merges them). Every other key, button,
  /// the wheel, drags, pastes and a resize are the program's: on a resize, lay the scene out
  /// again and send ``TooltipInput/layoutChanged``. So are the keys the selected anchor keeps
  /// for the program (``Anchor/programKeys``): they change nothing here.
  ///
  /// - Parameters:
  ///   - input: one key, mouse event, paste or resize from the terminal.
  ///   - layout: the layout of the frame on screen (for hit testing and selection).
  ///   - policy: what the tap that closes an open tooltip does besides closing it.
  ///   - now: the clock reading when a key arrived (a mouse event carries its own time); see
  ///     ``send(_:layout:policy:now:)``.
  ///   - letters: whether the letter keys (`i`, `h`, `j`, `k`, `l`) and Space act; a program
  ///     that uses those letters itself passes false.
  public mutating func send(
    _ input: TerminalInput,
    layout: SceneLayout,
    policy: DismissPolicy = .consume,
    now: Duration? = nil,
    letters: Bool = true
  ) -> [TooltipEvent] {
    var events: [TooltipEvent] = []
    for mapped in TooltipKeymap.inputs(for: input, letters: letters)
    where !isProgramKey(input, mapped, layout: layout) {
      events += send(mapped, layout: layout, policy: policy, now: now)
    }
    return events
  }
}
