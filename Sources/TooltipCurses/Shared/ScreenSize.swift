import CCursesSupport
import CNcurses
import Synchronization
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// Whether a program that owns ncurses had its resizes taken over by the guard
/// (``ScreenSize/takeOver()``), so that ``ScreenSize/follow()`` hands curses each new size.
private let followsResizes = Atomic<Bool>(false)
/// Whether ``ScreenSize/capStart(term:)`` set `LINES` and `COLUMNS`, to be taken away again.
private let pinnedByCap = Atomic<Bool>(false)

/// The sizes curses is handed, by a session and by a program that owns ncurses alike: never a
/// side curses cannot hold (it keeps coordinates in `short`), never more cells than the memory
/// budget, and never, between two sizes, the union of both.
package enum ScreenSize {
  /// The largest side curses is handed: it keeps coordinates in `short`.
  package static let maxSide = 10_000
  /// The most cells a screen is drawn with: curses keeps three copies of the screen and the
  /// presenter two, about 120 bytes a cell in all, so a million cells take some 120 MB.
  package static let maxCells = 1_048_576

  /// The part of a terminal of size `real` that is drawn: each side at most ``maxSide``, and at
  /// most ``maxCells`` cells (fewer rows when there would be more). A larger terminal shows the
  /// frame in its top-left corner, the rest left blank.
  package static func drawable(_ real: Size) -> Size {
    let width = min(max(1, real.width), maxSide)
    let height = min(max(1, real.height), maxSide, max(1, maxCells / width))
    return Size(width: width, height: height)
  }

  /// The terminal's own size (`TIOCGWINSZ` on standard output), nil when it does not say.
  static func terminal() -> Size? {
    var window = winsize()
    guard ioctl(1, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0, window.ws_row > 0 else { return nil }
    return Size(width: Int(window.ws_col), height: Int(window.ws_row))
  }

  /// The size the terminfo entry of `term` gives (`cols`, `lines`), which curses takes when the
  /// terminal reports none; nil when the entry gives none.
  static func terminfo(_ term: UnsafePointer<CChar>) -> Size? {
    var columns: Int32 = -1
    var lines: Int32 = -1
    cs_terminfo_size(term, 1, &columns, &lines)
    guard columns > 0, lines > 0 else { return nil }
    return Size(width: Int(columns), height: Int(lines))
  }

  /// Before `newterm`: the size curses will take cut to ``drawable(_:)``, through the one door
  /// `newterm` leaves (`LINES` and `COLUMNS`, taken away again by ``uncap()``). The terminal's
  /// own size counts, not `LINES` or `COLUMNS` from the environment (those would pin the screen
  /// at one size through every resize); a terminal that reports none leaves curses the terminfo
  /// entry's (an entry may say 40000, or 32767 x 32767: a gigabyte of cells).
  static func capStart(term: UnsafePointer<CChar>?) {
    unsetenv("LINES")
    unsetenv("COLUMNS")
    guard let real = terminal() ?? term.flatMap(terminfo), drawable(real) != real else { return }
    let drawn = drawable(real)
    setenv("LINES", String(drawn.height), 1)
    setenv("COLUMNS", String(drawn.width), 1)
    pinnedByCap.store(true, ordering: .relaxed)
  }

  /// After `newterm`: `LINES` and `COLUMNS` that ``capStart(term:)`` set are taken away, so no
  /// later size and no child process is pinned by them.
  static func uncap() {
    guard pinnedByCap.exchange(false, ordering: .relaxed) else { return }
    unsetenv("LINES")
    unsetenv("COLUMNS")
  }

  /// Hands curses the terminal's size now, cut to ``drawable(_:)``; nothing when the terminal
  /// does not say.
  ///
  /// Curses grows a screen before it shrinks it (`resize_term` takes the new rows at the old
  /// width, then the new width), so 10000 x 1 to 1 x 10000 passed through 10000 x 10000 cells:
  /// gigabytes and seconds. The screen is first cut to what both sizes share, then grown, so a
  /// resize never holds more cells than the larger of the two.
  static func resizeToTerminal() {
    guard let real = terminal() else { return }
    let target = drawable(real)
    let now = Size(width: max(1, Int(tk_cols())), height: max(1, Int(tk_lines())))
    let shared = Size(width: min(now.width, target.width), height: min(now.height, target.height))
    // `resize_term` for the step, which leaves no KEY_RESIZE behind; `resizeterm` for the size.
    if shared != now && shared != target { resize_term(Int32(shared.height), Int32(shared.width)) }
    resizeterm(Int32(target.height), Int32(target.width))
  }

  /// For a program that owns ncurses, before its `newterm`: the start cut as a session's is, and
  /// SIGWINCH the guard's (curses then installs no handler of its own), so that every later size
  /// is handed to curses by ``follow()`` the same way.
  static func takeOver() {
    capStart(term: getenv("TERM"))
    SignalFlags.installResize()
    followsResizes.store(true, ordering: .relaxed)
  }

  /// Puts SIGWINCH back as it was before ``takeOver()``.
  static func giveBack() {
    guard followsResizes.exchange(false, ordering: .relaxed) else { return }
    SignalFlags.removeResize()
  }

  /// For a program that owns ncurses: after a SIGWINCH, the new size handed to curses (see
  /// ``resizeToTerminal()``), whose `resizeterm` leaves `KEY_RESIZE` for the program's next
  /// `wgetch`, as curses' own handler would have.
  static func follow() {
    guard followsResizes.load(ordering: .relaxed) else { return }
    uncap()
    guard SignalFlags.takeResized() else { return }
    resizeToTerminal()
  }
}
