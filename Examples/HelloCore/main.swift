// The core alone: a scene, a tap, and the frame printed as text.
import TooltipKit

let share = Anchor(
  id: "share", position: Point(x: 14, y: 1), placement: .bottom, headline: "Share",
  supporting: "Send it to your team.")
let scene = Scene(anchors: [share])
let size = Size(width: 40, height: 6)
let layout = SceneLayout(scene: scene, screen: size)
var state = TooltipState(layout: layout)
print(state.send(.click(Point(x: 15, y: 1)), layout: layout))  // a tap on the icon opens it

var frame = CellGrid(size: size)
frame.write("Files", at: Point(x: 0, y: 0), style: Style(bold: true))  // the program's own cells,
frame.draw(layout, state: state)  // then the tooltips over them
print(frame.lines.joined(separator: "\n"))
