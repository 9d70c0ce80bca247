// A small file browser that owns ncurses itself (its own newterm, colour pairs and getch
// loop) and adds tooltips to its toolbar with TooltipKit: the component decides when a tooltip
// opens and draws the bubble into the program's window; the program draws everything else.
//
//   swift run toolbar-own-curses
//
// Keys: Up/Down move in the list, Tab/Shift-Tab move between the list and the toolbar, Enter
// runs the focused button (or opens the file), i shows the focused button's hint, Esc closes
// it, q quits. Mouse: a tap on a button runs it, holding it shows its hint, the ? button's tap
// shows its hint.

import CNcurses
import TooltipCurses

#if !NO_TOOLTIPS
  import TooltipKit
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// The program's own colour pairs; the component gets 16 to 63 and never touches these.
enum Pair {
  static let title: Int32 = 1
  static let status: Int32 = 2
  static let button: Int32 = 3
}

/// The toolbar: four buttons drawn as `[ Label ]` (a long press shows the hint, a tap runs the
/// button), then a `?` icon whose tap shows its hint; each as the program draws it on row 1.
let buttons: [(id: String, text: String, x: Int, hint: String, detail: String)] = [
  ("new", "[ New ]", 14, "New file", "Creates an empty file here."),
  ("open", "[ Open ]", 22, "Open", "Opens the selected file."),
  ("copy", "[ Copy ]", 31, "Copy", "Copies the selected file beside it."),
  ("delete", "[ Delete ]", 40, "Delete", "Moves the selected file to the bin."),
  ("help", "?", 51, "Help", "Hold a button for its hint; press i on one."),
]

#if !NO_TOOLTIPS
  /// Tooltips: the toolbar's buttons as anchors, their boxes the program's own widths, in the
  /// scene area (row 1 down). The closure is `@Sendable`, so it belongs to no actor: one made at
  /// the top level is the main actor's, and Swift checks that the main actor runs it each time,
  /// which starts the concurrency runtime's executors in a program that has no other use for them.
  let toolbar = Scene(
    anchors: buttons.map { @Sendable b in
      Anchor(
        id: b.id, position: Point(x: b.x, y: 0), size: b.text.count == 1 ? .sm : .md, placement: .bottom,
        headline: b.hint, supporting: b.detail, trigger: b.text.count == 1 ? .tap : .longPress,
        boxSize: Size(width: b.text.count, height: 1), action: b.text.count > 1)
    })
#endif

let files = ["README.md", "Package.swift", "Sources", "Tests", "Examples", "notes.txt", "todo.txt"]

/// Everything the program shows.
struct Browser {
  var cursor = 0
  var status = "Tab: toolbar  Enter: run  i: hint  q: quit"
  var inToolbar = false

  /// Draws the program's own row `y` of a `size` screen.
  func drawRow(_ y: Int, size: (width: Int, height: Int)) {
    let window = tk_stdscr()!
    let blank = String(repeating: " ", count: max(0, size.width))
    if y == 0 {
      draw(" Files: ~/project" + blank, y: 0, pair: Pair.title, attrs: TK_A_BOLD, width: size.width)
    } else if y == size.height - 1 {
      draw(" " + status + blank, y: y, pair: Pair.status, attrs: TK_A_NORMAL, width: size.width)
    } else if y == 1 {
      draw(blank, y: 1, pair: 0, attrs: TK_A_NORMAL, width: size.width)
      _ = tk_attr_set(window, TK_A_BOLD, Pair.button)
      for button in buttons { _ = tk_put(window, 1, Int32(button.x), button.text) }
    } else {
      let index = y - 3
      let name = y >= 3 && index < files.count ? "  " + files[index] : ""
      let selected = index == cursor && !inToolbar
      draw(name + blank, y: y, pair: 0, attrs: selected ? TK_A_REVERSE : TK_A_NORMAL, width: size.width)
    }
    _ = tk_attr_set(window, TK_A_NORMAL, 0)
  }

  private func draw(_ text: String, y: Int, pair: Int32, attrs: attr_t, width: Int) {
    let window = tk_stdscr()!
    _ = tk_attr_set(window, attrs, pair)
    _ = tk_put(window, Int32(y), 0, String(text.prefix(width)))
  }
}

setlocale(LC_ALL, "")
// Crashes restore the terminal before the program ends; quit signals become a flag the loop
// reads. Installed before newterm, so the modes it restores are the shell's.
TerminalGuard.install()
guard isatty(0) == 1, isatty(1) == 1, newterm(nil, tk_stdout(), tk_stdin()) != nil else {
  TerminalGuard.remove()
  let message = "toolbar-own-curses: needs a terminal (standard input and output, and TERM)\n"
  _ = write(2, message, message.utf8.count)
  exit(2)
}
cbreak()
noecho()
set_escdelay(25)
keypad(tk_stdscr(), true)
#if !NO_TOOLTIPS
  mousemask(CursesTooltips.mouseMask, nil)
  mouseinterval(0)
#endif
if has_colors() {
  start_color()
  _ = use_default_colors()
  init_extended_pair(Pair.title, COLOR_WHITE, COLOR_BLUE)
  init_extended_pair(Pair.status, COLOR_BLACK, COLOR_CYAN)
  init_extended_pair(Pair.button, COLOR_BLUE, -1)
}

/// Ends curses, restores the terminal and exits with `status`, saying why on stderr.
func quit(_ status: Int32, _ reason: String?) -> Never {
  endwin()
  TerminalGuard.remove()
  let message = reason.map { "toolbar-own-curses: \($0)\n" } ?? ""
  _ = write(2, message, message.utf8.count)
  exit(status)
}

let window = tk_stdscr()!
var size = (width: Int(tk_cols()), height: Int(tk_lines()))
#if !NO_TOOLTIPS
  /// The toolbar's tooltips, drawn into the program's window; the scene area is row 1 to the last
  /// row but one.
  let tips = CursesTooltips(
    scene: toolbar, overlay: TooltipOverlay(window: window, pairs: 16..<64),
    area: Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2)))
#endif
var browser = Browser()
for y in 0..<size.height { browser.drawRow(y, size: size) }
var shown = browser

while true {
  // The program's own rows that changed since the last frame: the list and the toolbar row
  // (where the focus is), the status row.
  #if !NO_TOOLTIPS
    browser.inToolbar = tips.state.selectedID != nil
  #endif
  let focusMoved = browser.cursor != shown.cursor || browser.inToolbar != shown.inToolbar
  if focusMoved {
    for y in 3..<(3 + files.count) where y < size.height - 1 { browser.drawRow(y, size: size) }
    browser.drawRow(1, size: size)
  }
  /// Whether the program's own row `y` was drawn afresh above, in this frame.
  func isFresh(_ y: Int) -> Bool { focusMoved && (y == 1 || (y >= 3 && y < 3 + files.count)) }
  if browser.status != shown.status { browser.drawRow(size.height - 1, size: size) }
  shown = browser
  #if !NO_TOOLTIPS
    tips.draw { rect in
      // What a bubble or highlight covered: draw those rows of the program's own again, but for
      // the toolbar row and the list when they were drawn afresh above.
      for y in rect.minY..<rect.maxY where !isFresh(y) { browser.drawRow(y, size: size) }
    }
    let cursor = tips.cursor ?? Point(x: 2, y: 3 + browser.cursor)
  #else
    let cursor = (x: 2, y: 3 + browser.cursor)
  #endif
  wmove(window, Int32(cursor.y), Int32(cursor.x))
  wnoutrefresh(window)
  // A terminal that stops reading blocks these calls: a quit signal then ends the program.
  _ = TerminalGuard.blocking { doupdate() }

  // Sleep until input, or until a held press becomes a long press.
  #if !NO_TOOLTIPS
    wtimeout(window, tips.inputTimeout())
  #else
    wtimeout(window, -1)
  #endif
  let value = TerminalGuard.blocking { wgetch(window) } ?? ERR
  var event = MEVENT()
  if value == KEY_MOUSE, getmouse(&event) != OK { continue }
  // The tooltips take what is theirs (Tab into the toolbar, its keys, taps and holds on it).
  #if !NO_TOOLTIPS
    let consumed = tips.handle(value, mouse: event)
    for case .action(let id) in tips.events { browser.status = "\(id): \(files[browser.cursor])" }
    if let end = tips.inputEnd { quit(end.status, end.reason) }
    if consumed { continue }
  #else
    if let status = TerminalGuard.pendingQuitStatus { quit(status, nil) }
  #endif
  switch value {
  case Int32(UInt8(ascii: "q")): quit(0, nil)
  case KEY_RESIZE:
    size = (width: Int(tk_cols()), height: Int(tk_lines()))
    #if !NO_TOOLTIPS
      tips.area = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
    #endif
    for y in 0..<size.height { browser.drawRow(y, size: size) }
  case KEY_UP: browser.cursor = max(0, browser.cursor - 1)
  case KEY_DOWN: browser.cursor = min(files.count - 1, browser.cursor + 1)
  case 10, 13, KEY_ENTER: browser.status = "opened \(files[browser.cursor])"
  default: break
  }
}
