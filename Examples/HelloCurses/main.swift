import CNcurses
import Glibc
import TooltipCurses
import TooltipKit

let save = Anchor(  // the program draws the button: its box is the anchor's
  id: "save", position: Point(x: 16, y: 2), placement: .bottom, headline: "Save",
  supporting: "Writes the file to disk.", boxSize: Size(width: 4, height: 1))
setlocale(LC_ALL, "")
TerminalGuard.install()  // before newterm: a crash or a quit signal restores the terminal
guard newterm(nil, tk_stdout(), tk_stdin()) != nil, let window = tk_stdscr() else { exit(2) }
cbreak()
noecho()
keypad(window, true)
mousemask(CursesTooltips.mouseMask, nil)
mouseinterval(0)
let tips = CursesTooltips(scene: Scene(anchors: [save]), overlay: TooltipOverlay(window: window, pairs: 1..<64))
while tips.inputEnd == nil {
  werase(window)
  _ = tk_put(window, 2, 16, "Save")  // the program draws its own button,
  tips.draw()  // then the tooltips draw the highlight and the bubble over it
  let key = TerminalGuard.blocking { wgetch(window) } ?? ERR  // wgetch refreshes the window
  var mouse = MEVENT()
  if key == KEY_MOUSE, getmouse(&mouse) != OK { continue }
  if !tips.handle(key, mouse: mouse), key == Int32(UInt8(ascii: "q")) { break }
}
tips.end()
endwin()
TerminalGuard.remove()
exit(tips.inputEnd?.status ?? 0)
