// A program that uses the library the wrong way round, one way per argument, for the tests
// that check each mistake ends with a clear line and the terminal restored: what a user's
// program does in its error paths, not what the demo or the examples do. One argument,
// `count-frames`, is a session loop that shows how many frames it drew, for the test that
// an input the program says changed nothing asks for no frame; another, `overlay-wide-cells`,
// owns ncurses and opens bubbles into its window over rows of wide characters, for the test
// that every cell is the program's again once a bubble goes (`WideCells.swift`).
import CNcurses
import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// Writes `line` and a newline to standard error.
func say(_ line: String) {
  let bytes = Array((line + "\n").utf8)
  _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// A frame with a word on it, so the terminal is in curses mode for certain.
func frame(_ size: Size) -> CellGrid {
  let scene = Scene(anchors: [
    Anchor(id: "a", position: Point(x: 2, y: 1), placement: .bottom, headline: "Save", supporting: "To disk")
  ])
  var state = TooltipState()
  let layout = SceneLayout(scene: scene, screen: size)
  _ = state.send(.open("a"), layout: layout)
  return render(scene: scene, state: state, size: size)
}

switch CommandLine.arguments.dropFirst().first ?? "" {
case "overlay-before-newterm":
  // No screen yet: one line, status 2, no trap (whose backtracer would wait at a prompt).
  _ = TooltipOverlay(pairs: 1..<8)
  say("the overlay was made without a screen")
  exit(4)
case "guard-after-newterm":
  // The guard installed after curses started: a crash must still give the shell's modes back.
  guard newterm(nil, tk_stdout(), tk_stdin()) != nil else { exit(3) }
  cbreak()
  noecho()
  TerminalGuard.install()
  wrefresh(tk_stdscr())
  fatalError("a crash with the guard installed after newterm")
case "own-exit-without-end":
  // A program that owns ncurses exits from an error path with curses still on.
  TerminalGuard.install()
  guard newterm(nil, tk_stdout(), tk_stdin()) != nil else { exit(3) }
  cbreak()
  noecho()
  wrefresh(tk_stdscr())
  exit(1)
case "session-exit-without-end":
  // A session program exits from an error path without `end()`.
  let session = try TerminalSession(mouse: true)
  session.present(frame(session.size))
  exit(1)
case "two-sessions":
  // A second session while the first runs must be refused, and the first end cleanly.
  let first = try TerminalSession(mouse: true)
  first.present(frame(first.size))
  do {
    let second = try TerminalSession(mouse: true)
    second.end()
    first.end()
    say("a second session started")
    exit(4)
  } catch {
    first.end()
    say("\(error)")
    exit(5)
  }
case "count-frames":
  // Every input but `d` changed nothing (`unchanged()`): only `d` may cost a frame.
  let session = try TerminalSession(mouse: false)
  var frames = 0
  while true {
    switch session.next() {
    case .draw:
      frames += 1
      var grid = CellGrid(size: session.size)
      _ = grid.write("frames \(frames)", at: Point(x: 0, y: 0), style: Style())
      session.present(grid)
    case .input(.key(let key)) where key.character == "q":
      session.end()
      exit(0)
    case .input(.key(let key)) where key.character == "d": break
    case .input: session.unchanged()
    case .quit(let status, _): exit(status)
    default: break
    }
  }
case "overlay-wide-cells":
  overlayWideCells()
default:
  say("usage: tooltip-misuse overlay-before-newterm | guard-after-newterm | own-exit-without-end |")
  say("       session-exit-without-end | two-sessions | count-frames | overlay-wide-cells")
  exit(2)
}
