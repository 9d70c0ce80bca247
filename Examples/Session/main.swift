// A small file browser that lets TooltipKit own the terminal: TerminalSession sets it up and
// restores it on every way out, the program composes each frame as a cell grid (its own rows,
// then the toolbar's anchors and the open bubble from the Renderer), and the Presenter sends
// only the cells that changed.
//
//   swift run toolbar-session
//
// Keys: Tab/Shift-Tab or arrows move along the toolbar, Enter taps the selected button, i
// shows its hint, Esc closes it, Up/Down... are the toolbar's, q quits. Mouse: a tap on a
// button runs it, holding it shows its hint, the ? button's tap shows its hint.

import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

let toolbar = Scene(
  anchors: [
    button("new", "New", x: 14, hint: "New file", detail: "Creates an empty file here."),
    button("open", "Open", x: 21, hint: "Open", detail: "Opens the selected file."),
    button("copy", "Copy", x: 29, hint: "Copy", detail: "Copies the selected file beside it."),
    button("delete", "Delete", x: 37, hint: "Delete", detail: "Moves the selected file to the bin."),
    Anchor(
      id: "help", position: Point(x: 47, y: 0), size: .sm, placement: .bottom, headline: "Help",
      supporting: "Hold a button for its hint; press i on one.", glyph: "?"),
  ])

/// A labelled button: a long press shows its hint, a tap runs it.
func button(_ id: String, _ label: String, x: Int, hint: String, detail: String) -> Anchor {
  Anchor(
    id: id, position: Point(x: x, y: 0), placement: .bottom, headline: hint, supporting: detail,
    trigger: .longPress, label: label)
}

let files = ["README.md", "Package.swift", "Sources", "Tests", "Examples", "notes.txt", "todo.txt"]
let titleStyle = Style(
  foreground: TerminalColor(rgb: RGB(hex: 0xFFFFFF), basic: 15),
  background: TerminalColor(rgb: RGB(hex: 0x1D4ED8), basic: 4), attributes: .bold)
let statusStyle = Style(
  foreground: TerminalColor(rgb: RGB(hex: 0x000000), basic: 0),
  background: TerminalColor(rgb: RGB(hex: 0x22D3EE), basic: 6))

let session: TerminalSession
do {
  session = try TerminalSession(mouse: true)
} catch {
  let message = "toolbar-session: \(error)\n"
  _ = write(2, message, message.utf8.count)
  exit(2)
}

let options = RenderOptions(colors: session.colors.level != .none)
var state = TooltipState()
var status = "Tab: next button  Enter: run  i: hint  q: quit"
var full = true

/// The whole frame: the program's rows, then the toolbar and the open bubble on top.
func frame(_ layout: SceneLayout, state: TooltipState, status: String) -> CellGrid {
  let size = layout.screen
  var grid = CellGrid(size: size)
  grid.fill(Rect(x: 0, y: 0, width: size.width, height: 1), style: titleStyle)
  grid.write(" Files: ~/project", at: Point(x: 0, y: 0), style: titleStyle)
  for (i, name) in files.enumerated() where 3 + i < size.height - 1 {
    grid.write("  " + name, at: Point(x: 0, y: 3 + i), style: .plain)
  }
  if size.height > 1 {
    let row = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
    grid.fill(row, style: statusStyle)
    grid.write(" " + status, at: row.origin, style: statusStyle)
  }
  Renderer.draw(layout, state: state, into: &grid)
  return grid
}

while true {
  if let signal = session.pendingSignal {
    session.endAfterSignal(signal)
    exit(128 + signal)
  }
  let size = session.size
  let layout = SceneLayout(
    scene: toolbar, screen: size, area: Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2)),
    options: options)
  if session.takeResumed() { full = true }
  session.presenter.present(frame(layout, state: state, status: status), full: full)
  full = false

  // Sleep until input, or until a held press becomes a long press.
  let input = session.read(timeout: state.deadline.map { max(.zero, $0 - MonotonicClock.now) })
  var events: [TooltipEvent] = []
  switch input {
  case nil:
    events = state.send(.tick(MonotonicClock.now), layout: layout)
  case .key(.character("q")):
    session.end()
    exit(0)
  case .resize:
    full = true
    let resized = session.size
    let next = SceneLayout(
      scene: toolbar, screen: resized,
      area: Rect(x: 0, y: 1, width: resized.width, height: max(0, resized.height - 2)), options: options)
    events = state.send(.layoutChanged, layout: next)
  case .some(let input):
    for mapped in TooltipKeymap.inputs(for: input) { events += state.send(mapped, layout: layout) }
  }
  for case .action(let id) in events { status = "\(id): README.md" }
}
