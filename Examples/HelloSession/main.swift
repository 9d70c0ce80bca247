// The component owns the terminal: Tab then Enter, or a click, opens the hint; q quits.
import Glibc
import TooltipCurses
import TooltipKit

let save = Anchor(
  id: "save", position: Point(x: 16, y: 2), placement: .bottom, headline: "Save",
  supporting: "Writes the file to disk.", label: "Save")
let scene = Scene(anchors: [save])
guard let session = try? TerminalSession(mouse: true) else { exit(2) }  // not a terminal, or an unknown TERM
var layout = SceneLayout(scene: scene, screen: session.size, options: session.renderOptions)  // follows the terminal
var state = TooltipState()
while true {
  switch session.next(deadline: state.deadline) {
  case .draw:
    var frame = CellGrid(size: layout.screen)
    frame.write("Tab, Enter or a click; q quits", at: Point(x: 0, y: 0), style: .plain)
    frame.draw(layout, state: state)  // the program's cells first, then the tooltips
    session.present(frame)  // sends only the cells that changed
  case .input(.key(.character("q"))): session.end()  // then next() returns .quit
  case .resize, .input(.terminalBackground):  // a new size, or the terminal said its background
    layout = SceneLayout(scene: scene, screen: session.size, options: session.renderOptions)
    _ = state.send(.layoutChanged, layout: layout)
  case .input(let input): _ = state.send(input, layout: layout)
  case .tick(let now): _ = state.send(.tick(now), layout: layout)
  case .resumed, .woken: break
  case .quit(let status, _): exit(status)
  }
}
