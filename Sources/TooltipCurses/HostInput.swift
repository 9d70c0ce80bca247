import CNcurses
import TooltipKit

extension RawKey {
  /// What a program's own `wgetch` returned: a key code (`KEY_UP`, `KEY_MOUSE`, ...) from
  /// `KEY_MIN` up, a character (a byte) below.
  ///
  /// For programs that own ncurses and read keys themselves; pass the result to
  /// ``InputDecoder/decode(_:mouse:screen:time:)``.
  public init(wgetch value: Int32) {
    self = value >= KEY_MIN ? .keyCode(value) : .character(UInt32(truncatingIfNeeded: value))
  }
}

extension MouseReport {
  /// A mouse event a program's own `getmouse` returned, in the cells of `window`: the screen
  /// position less the window's origin.
  ///
  /// An event outside the window keeps its (negative or too large) position: the state machine
  /// takes a tap there as a tap on the background, which closes an open tooltip, as the next tap
  /// anywhere does.
  public init(_ event: MEVENT, relativeTo window: UnsafeMutablePointer<WINDOW>?) {
    let originX = window.map { Int(getbegx($0)) } ?? 0
    let originY = window.map { Int(getbegy($0)) } ?? 0
    self.init(x: Int(event.x) - originX, y: Int(event.y) - originY, buttons: event.bstate)
  }
}

/// The component's own keys and the primary mouse button, as the state machine's inputs: the
/// one mapping the demo and any program share.
///
/// Tab and Shift-Tab select the next and previous anchor, arrows (and h j k l) the nearest one
/// that way, Enter and Space tap the selected anchor, `i` shows or hides its tooltip, Esc
/// closes; presses, releases and clicks are taps. Every other key is the program's.
public enum TooltipKeymap {
  /// The state machine's input for `input`, or nil for input the component leaves to the
  /// program (other keys, and a resize: lay the scene out again, then send `.layoutChanged`).
  ///
  /// - Parameters:
  ///   - input: one decoded key, mouse report or resize from the terminal.
  ///   - letters: whether the letter keys (`i`, `h`, `j`, `k`, `l`) and Space act; a
  ///     program that uses those letters itself passes false.
  public static func input(for input: TerminalInput, letters: Bool = true) -> TooltipInput? {
    switch input {
    case .press(let point, let time): return .press(point, time: time)
    case .release(let point, let time): return .release(point, time: time)
    case .click(let point): return .click(point)
    case .resize: return nil
    case .key(let key): return self.key(key, letters: letters)
    }
  }

  private static func key(_ key: TerminalKey, letters: Bool) -> TooltipInput? {
    switch key {
    case .tab: return .selectNext
    case .backTab: return .selectPrevious
    case .up: return .move(.up)
    case .down: return .move(.down)
    case .left: return .move(.left)
    case .right: return .move(.right)
    case .enter: return .activate
    case .escape: return .escape
    case .character(let character) where letters:
      switch character {
      case " ": return .activate
      case "i": return .toggleHint
      case "k": return .move(.up)
      case "j": return .move(.down)
      case "h": return .move(.left)
      case "l": return .move(.right)
      default: return nil
      }
    default: return nil
    }
  }
}

extension TooltipState {
  /// How long a program may wait for input before it must send a `tick`, in the form
  /// `wtimeout` and `poll` take: milliseconds rounded up, -1 when no timer is needed (wait for
  /// input with no timeout), 0 when the deadline has passed.
  ///
  /// - Parameter now: the time on the clock the press events were stamped with.
  public func inputTimeout(now: Duration = MonotonicClock.now) -> Int32 {
    guard let deadline else { return -1 }
    return CursesInput.milliseconds(max(.zero, deadline - now))
  }
}
