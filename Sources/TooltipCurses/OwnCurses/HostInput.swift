import CNcurses
import TooltipKit

extension RawKey {
  /// What a program's own `wgetch` returned: a key code (`KEY_UP`, `KEY_MOUSE`, ...) from
  /// `KEY_MIN` up, a character (a byte) below.
  ///
  /// For programs that own ncurses and read keys themselves; pass the result to
  /// ``InputDecoder/decode(_:mouse:screen:time:)``.
  package init(wgetch value: Int32) {
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
  package init(_ event: MEVENT, relativeTo window: UnsafeMutablePointer<WINDOW>?) {
    let originX = window.map { Int(getbegx($0)) } ?? 0
    let originY = window.map { Int(getbegy($0)) } ?? 0
    self.init(x: Int(event.x) - originX, y: Int(event.y) - originY, buttons: event.bstate)
  }
}

extension TooltipState {
  /// How long a program may wait for input before it must send a `tick`, in the form
  /// `wtimeout` and `poll` take: milliseconds rounded up, -1 when no timer is needed (wait for
  /// input with no timeout), 0 when the deadline has passed.
  ///
  /// - Parameter now: the time on the clock the press events were stamped with.
  package func inputTimeout(now: Duration = MonotonicClock.now) -> Int32 {
    guard let deadline else { return -1 }
    return TerminalReader.milliseconds(max(.zero, deadline - now))
  }
}
