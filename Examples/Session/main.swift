// A small file browser that lets TooltipKit own the terminal: TerminalSession sets it up and
// restores it on every way out, the program composes each frame as a cell grid (its own rows,
// then the toolbar's anchors and the open bubble drawn over them), and the session sends
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

/// The toolbar on row 1: four labelled buttons (a tap runs one, holding it shows its hint), and
/// a `?` icon whose tap shows its hint.
let buttons: [(id: String, label: String?, glyph: String?, x: Int, hint: String, detail: String)] = [
  ("new", "New", nil, 14, "New file", "Creates an empty file here."),
  ("open", "Open", nil, 21, "Open", "Opens the selected file."),
  ("copy", "Copy", nil, 29, "Copy", "Copies the selected file beside it."),
  ("delete", "Delete", nil, 37, "Delete", "Moves the selected file to the bin."),
  ("help", nil, "?", 47, "Help", "Hold a button for its hint; press i on one."),
]

/// Tooltips: the toolbar's buttons as anchors over the cells the program draws, in screen cells.
let toolbar = Scene(
  anchors: buttons.map {
    var anchor = Anchor(
      id: $0.id, position: Point(x: $0.x, y: 1), size: $0.glyph == nil ? .md : .sm, placement: .bottom,
      headline: $0.hint, supporting: $0.detail, trigger: $0.glyph == nil ? .longPress : .tap, glyph: $0.glyph,
      label: $0.label, boxSize: Size(width: ($0.label?.count ?? -1) + 2, height: 1))
    anchor.isDrawnByProgram = true
    return anchor
  })

let files = ["README.md", "Package.swift", "Sources", "Tests", "Examples", "notes.txt", "todo.txt"]

/// Drawing: the program's own colours, as the grid takes them.
let titleStyle = Style(
  foreground: TerminalColor(hex: 0xFFFFFF, basic: 15),
  background: TerminalColor(hex: 0x1D4ED8, basic: 4), bold: true)
/// Drawing: the toolbar buttons' colours.
let buttonStyle = Style(
  foreground: TerminalColor(hex: 0x000000, basic: 0),
  background: TerminalColor(hex: 0x4ADE80, basic: 2))
/// Drawing: the status row's colours.
let statusStyle = Style(
  foreground: TerminalColor(hex: 0x000000, basic: 0),
  background: TerminalColor(hex: 0x22D3EE, basic: 6))

/// Ends the program with `status`, saying why on stderr.
func quit(_ status: Int32, _ reason: String?) -> Never {
  let message = reason.map { "toolbar-session: \($0)\n" } ?? ""
  _ = write(2, message, message.utf8.count)
  exit(status)
}

let session: TerminalSession
do { session = try TerminalSession(mouse: true) } catch { quit(2, "\(error)") }
var layout = SceneLayout(scene: toolbar, screen: session.size, options: session.renderOptions)
var state = TooltipState()
var status = "Tab: next button  Enter: run  i: hint  q: quit"

/// Drawing: the whole frame, the program's rows and toolbar, then the selection and the open
/// bubble on top.
func frame(_ layout: SceneLayout, state: TooltipState, status: String) -> CellGrid {
  let size = layout.screen
  var grid = CellGrid(size: size)
  grid.fill(Rect(x: 0, y: 0, width: size.width, height: 1), style: titleStyle)
  grid.write(" Files: ~/project", at: Point(x: 0, y: 0), style: titleStyle)
  for button in buttons {
    grid.write(button.label.map { " \($0) " } ?? button.glyph ?? "", at: Point(x: button.x, y: 1), style: buttonStyle)
  }
  for (i, name) in files.enumerated() where 3 + i < size.height - 1 {
    grid.write("  " + name, at: Point(x: 0, y: 3 + i), style: .plain)
  }
  if size.height > 1 {
    let row = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
    grid.fill(row, style: statusStyle)
    grid.write(" " + status, at: row.origin, style: statusStyle)
  }
  grid.drawTooltips(layout, state: state)
  return grid
}

// Read, update, draw, present: the session does the terminal's part of each event first.
while true {
  var events: [TooltipEvent] = []
  switch session.next(deadline: state.deadline) {
  case .draw: session.present(frame(layout, state: state, status: status))
  case .input(.key(.character("q"))): session.end()  // then next() returns .quit(status: 0, ...)
  case .resize, .input(.terminalBackground):  // a new size, or the terminal said its background
    layout = SceneLayout(scene: toolbar, screen: session.size, options: session.renderOptions)
    events = state.send(.layoutChanged, layout: layout)
  case .input(let input):
    events = state.send(input, layout: layout)
  case .tick(let now): events = state.send(.tick(now), layout: layout)
  case .resumed, .woken: break
  case .quit(let status, let reason): quit(status, reason)
  }
  for case .action(let id) in events { status = "\(id): README.md" }
}
