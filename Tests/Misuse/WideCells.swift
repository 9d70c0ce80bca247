import CNcurses
import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// The row `y` a program draws in the `overlay-wide-cells` mode, `width` columns wide: wide
/// characters only, the odd rows starting one column to the right, so that every column is
/// the right half of a wide character on half the rows and any edge of a bubble cuts some.
/// The end-to-end test computes the same rows to compare the terminal's screen with.
func wideRow(_ y: Int, width: Int) -> String {
  let words = Array("日本語のジョブ名プロジェクト計画書")
  var row = y % 2 == 1 ? " " : ""
  var column = row.count
  var index = y
  while column + 2 <= width {
    row.append(words[index % words.count])
    index += 1
    column += 2
  }
  return row
}

/// A program that owns ncurses, draws every cell of its window each frame (`wideRow`) and
/// shows tooltips into that window: keys `1` to `4` open an anchor's tooltip, `c` closes it,
/// `q` quits; the component's own keys (Tab, Esc) move and clear the selection, whose
/// highlight is drawn over the wide characters too. Its last row says the frame's number and the rects the overlay drew, so a test
/// knows which cells the bubble covers. For the test that the overlay leaves every cell as the
/// program drew it once a bubble closes or moves, wide characters cut by its edges included.
func overlayWideCells() -> Never {
  setlocale(LC_ALL, "")
  TerminalGuard.install()
  guard newterm(nil, tk_stdout(), tk_stdin()) != nil, let window = tk_stdscr() else { exit(3) }
  cbreak()
  noecho()
  keypad(window, true)
  // Bubbles whose edges fall on odd and even columns and rows, with pointers on all four
  // sides: each edge of a body, and each pointer, cuts wide characters.
  let anchors = [
    Anchor(
      id: "1", position: Point(x: 7, y: 1), placement: .bottom, headline: "First", supporting: "An odd edge",
      boxSize: Size(width: 1, height: 1)),
    Anchor(
      id: "2", position: Point(x: 20, y: 6), placement: .top, headline: "Second tip", supporting: "Even here",
      boxSize: Size(width: 1, height: 1)),
    Anchor(
      id: "3", position: Point(x: 5, y: 8), placement: .right, headline: "Third", supporting: "To the right",
      boxSize: Size(width: 1, height: 1)),
    Anchor(
      id: "4", position: Point(x: 36, y: 3), placement: .left, headline: "Fourth one", supporting: "Left of it",
      boxSize: Size(width: 1, height: 1)),
  ]
  let tips = CursesTooltips(
    scene: Scene(anchors: anchors), overlay: TooltipOverlay(window: window, pairs: 1..<64))
  var frames = 0
  while tips.inputEnd == nil {
    frames += 1
    werase(window)
    let width = Int(tk_getmaxx(window))
    let height = Int(tk_getmaxy(window))
    for y in 0..<max(0, height - 1) { _ = tk_put(window, Int32(y), 0, wideRow(y, width: width)) }
    let drawn = tips.draw()
    let rects = drawn.map { "\($0.minX),\($0.minY),\($0.size.width),\($0.size.height)" }
    _ = tk_put(window, Int32(height - 1), 0, "frame \(frames) \(rects.joined(separator: " "))")
    let key = TerminalGuard.blocking { wgetch(window) } ?? ERR
    if tips.handle(key) { continue }
    switch key {
    case Int32(UInt8(ascii: "1"))...Int32(UInt8(ascii: "4")):
      tips.send(.open(String(UnicodeScalar(UInt8(key)))))
    case Int32(UInt8(ascii: "c")): tips.send(.close)
    case Int32(UInt8(ascii: "q")):
      tips.end()
      endwin()
      TerminalGuard.remove()
      exit(0)
    default: break
    }
  }
  tips.end()
  endwin()
  exit(tips.inputEnd?.status ?? 0)
}
