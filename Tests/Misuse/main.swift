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
    case .input(.key(let key)) where key.code == .character("q"):
      session.end()
      exit(0)
    case .input(.key(let key)) where key.code == .character("d"): break
    case .input: session.unchanged()
    case .quit(let status, _): exit(status)
    default: break
    }
  }
case "sequential-sessions":
  // Sessions one after another in one process, each drawing a frame and ending: the
  // descriptors and the resident memory after the 10th and after the last, for the test that
  // nothing of a session outlives it.
  let count = Int(CommandLine.arguments.dropFirst(2).first ?? "") ?? 1000
  func descriptors() -> Int {
    (0..<1024).count { fcntl(Int32($0), F_GETFD) != -1 }
  }
  func residentKiB() -> Int {
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 256)
    let count = read(fd, &bytes, bytes.count)
    let fields = String(decoding: bytes.prefix(max(0, count)), as: UTF8.self).split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024
  }
  var early = (descriptors: 0, resident: 0)
  func oneSession() throws {
    let session = try TerminalSession(mouse: true)
    session.present(frame(session.size))
    session.end()
  }
  for index in 1...count {
    try oneSession()
    if index == 10 { early = (descriptors(), residentKiB()) }
  }
  say("descriptors \(early.descriptors) \(descriptors()) resident \(early.resident) \(residentKiB())")
  exit(0)
case "own-wgetch-resize", "own-wait-resize":
  // A program that owns ncurses and reads with `wgetch` itself (no TerminalGuard.blocking),
  // or waits through `wait(atMost:)` first: row 0 shows the size of the last KEY_RESIZE, so
  // the test sees whether a resize reaches it with no key typed.
  let waits = CommandLine.arguments.dropFirst().first == "own-wait-resize"
  TerminalGuard.install()
  guard newterm(nil, tk_stdout(), tk_stdin()) != nil, let window = tk_stdscr() else { exit(3) }
  cbreak()
  noecho()
  keypad(window, true)
  let tips = CursesTooltips(
    scene: Scene(anchors: [Anchor(id: "a", position: Point(x: 2, y: 2), placement: .bottom, headline: "Save")]),
    overlay: TooltipOverlay(window: window, pairs: 1..<8))
  var shown = "size \(tk_cols())x\(tk_lines())"
  while true {
    werase(window)
    _ = tk_put(window, 0, 0, shown)
    tips.draw()
    wrefresh(window)
    if waits {
      tips.wait()
      wtimeout(window, 0)
    } else {
      wtimeout(window, -1)
    }
    let key = wgetch(window)
    _ = tips.handle(key)
    if key == KEY_RESIZE { shown = "size \(tk_cols())x\(tk_lines())" }
    if key == Int32(UInt8(ascii: "q")) || TerminalGuard.pendingSignal != nil { break }
  }
  tips.end()
  endwin()
  TerminalGuard.remove()
  exit(0)
case "overlay-wide-cells":
  overlayWideCells()
default:
  say("usage: tooltip-misuse overlay-before-newterm | guard-after-newterm | own-exit-without-end |")
  say("       session-exit-without-end | two-sessions | count-frames | sequential-sessions [N] |")
  say("       own-wgetch-resize | own-wait-resize | overlay-wide-cells")
  exit(2)
}
