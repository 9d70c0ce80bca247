// A log viewer that lets TooltipKit own the terminal: a menu bar on the top row (hints on hover
// and on focus, the bar one Tab stop), a scrolling list of log lines whose error codes explain
// themselves and whose cut lines show in full on hover, and a status bar of six fields. A
// background task adds a line every 200 ms and wakes the session to show it.
//
//   swift run log-viewer
//
// Keys: Tab enters the menu (Left/Right move in it, Enter runs an item, Tab leaves it), Up/Down
// and PgUp/PgDn scroll, f follows the newest line, q quits. Mouse: rest on a menu item, an
// error code, a cut line or a status field for its hint; a tap on a code pins it; the wheel
// scrolls.

import Synchronization
import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// The menu bar on row 0: each item's title, column and hint.
let menu: [(title: String, x: Int, hint: String)] = [
  ("File", 1, "Open, export or close a log"), ("View", 8, "Wrap, columns and timestamps"),
  ("Filter", 15, "Show only some levels or services"), ("Help", 24, "Keys, and what the codes mean"),
]

/// What each error code means.
let codes: [String: (title: String, detail: String)] = [
  "E1042": ("E1042: upload refused", "The store answered 403: the token expired."),
  "E2210": ("E2210: disk nearly full", "Less than 5% is free on the data volume."),
  "E3007": ("E3007: peer reset", "The connection dropped mid-transfer; it is retried."),
]

/// The lines the background task writes, in turn.
let samples = [
  "INFO  api     GET /v1/jobs 200 in 12 ms",
  "ERROR store   E1042 upload of /var/data/exports/2026-12-06/report-final-v3.parquet refused by the store",
  "WARN  disk    E2210 on /var/data, 4.1% free",
  "INFO  worker  job 8812 finished in 3.2 s",
  "ERROR net     E3007 from 10.0.4.17:443 while streaming segment 42 of the nightly backup to the mirror",
]

/// The lines the background task added that the screen has not taken yet.
final class Feed: Sendable {
  let lines = Mutex<[String]>([])
}

/// Drawing: the program's own colours, as the grid takes them.
let barStyle = Style(
  foreground: TerminalColor(hex: 0x000000, basic: 0), background: TerminalColor(hex: 0x22D3EE, basic: 6))
/// Drawing: an error line's colour.
let errorStyle = Style(foreground: TerminalColor(hex: 0xDC2626, basic: 1))

/// Ends the program with `status`, saying why on stderr.
func quit(_ status: Int32, _ reason: String?) -> Never {
  let text = reason.map { "log-viewer: \($0)\n" } ?? ""
  _ = write(2, text, text.utf8.count)
  exit(status)
}

/// The viewer's own state: every line, the first one shown, whether it follows the end, what
/// the last menu item did, and the screen's size in cells.
struct Viewer {
  var lines = (0..<30).map { "\(1000 + $0)  " + samples[$0 % samples.count] }
  var top = 0
  var follow = true
  var message = "ready"
  var width = 80
  var height = 24

  /// The six status fields, each with its column.
  var statusFields: [(text: String, x: Int)] {
    let errors = lines.filter { $0.contains("ERROR") }.count
    return [
      ("\(lines.count) lines", 1), ("\(errors) errors", 13), ("top \(top + 1)", 25),
      (follow ? "follow" : "paused", 35), ("all levels", 44), (message, 57),
    ]
  }

  /// Tooltips: the menu (one Tab stop, Left and Right inside), and every line's error code and
  /// cut text, in the list's viewport (hidden while scrolled off).
  func scene() -> Scene {
    let list = Rect(x: 0, y: 1, width: width, height: max(0, height - 2))
    var anchors = menu.map {
      Anchor(
        id: $0.title, over: Substring($0.title), at: Point(x: $0.x, y: 0), placement: .bottom, headline: $0.title,
        supporting: $0.hint, trigger: .menu, action: true, group: "menu")
    }
    // A line's row as it scrolls: one above the list is hidden by the viewport, never clamped.
    for (i, line) in lines.enumerated() {
      let at = Point(x: 0, y: 1 + i - top)
      let cut = Anchor(
        id: "line\(i)", truncated: line, width: width, at: at, placement: .bottom, viewport: list, isTabStop: false)
      if let cut { anchors.append(cut) }
      if let code = line.firstMatch(of: #/E\d{4}/#), let copy = codes[String(code.output)] {
        anchors.append(
          Anchor(
            id: "code\(i)", over: line[code.range], at: at, placement: .bottom, headline: copy.title,
            supporting: copy.detail, isTabStop: false, viewport: list))
      }
    }
    return Scene(
      anchors: anchors, edges: .shift, opensOnHover: true, opensOnFocus: true, hoverDelay: .milliseconds(300))
  }

  /// Drawing: the menu bar, the lines from `top`, the status bar, then the tooltips over them.
  func frame(_ layout: SceneLayout, state: TooltipState) -> CellGrid {
    var grid = CellGrid(size: Size(width: width, height: height))
    grid.fill(Rect(x: 0, y: 0, width: width, height: 1), style: barStyle)
    for item in menu { grid.write(item.title, at: Point(x: item.x, y: 0), style: barStyle) }
    for row in 1..<max(1, height - 1) where top + row - 1 < lines.count {
      let line = lines[top + row - 1]
      let style = line.contains("ERROR") ? errorStyle : .plain
      grid.write(Text.truncate(line, to: width), at: Point(x: 0, y: row), style: style)
    }
    grid.fill(Rect(x: 0, y: height - 1, width: width, height: 1), style: barStyle)
    for field in statusFields { grid.write(field.text, at: Point(x: field.x, y: height - 1), style: barStyle) }
    grid.drawTooltips(layout, state: state)
    return grid
  }

  /// Takes a key or the wheel that the tooltips left: scrolling, following, quitting.
  mutating func handle(_ input: TerminalInput, end: () -> Void) {
    switch input {
    case .key(.character("q")): end()
    case .key(.character("f")): scroll(by: follow ? -1 : lines.count)
    case .key(.up), .key(.down): scroll(by: input == .key(.up) ? -1 : 1)
    case .key(.pageUp), .key(.pageDown): scroll(by: (input == .key(.pageUp) ? -1 : 1) * (height - 3))
    case .mouse(let mouse) where mouse.action == .wheelUp: scroll(by: -3)
    case .mouse(let mouse) where mouse.action == .wheelDown: scroll(by: 3)
    default: break
    }
  }

  /// Takes the lines the background task added, keeping the last 500.
  mutating func take(_ feed: Feed) {
    lines += feed.lines.withLock { taken in
      defer { taken = [] }
      return taken
    }
    if lines.count > 500 {
      top = max(0, top - (lines.count - 500))
      lines.removeFirst(lines.count - 500)
    }
    if follow { scroll(by: lines.count) }
  }

  /// Scrolls the list by `rows`, held to its lines; it follows the newest line at the end.
  mutating func scroll(by rows: Int) {
    let last = max(0, lines.count - max(1, height - 2))
    top = min(max(0, top + rows), last)
    follow = top == last
  }
}

let session: TerminalSession
do { session = try TerminalSession(mouse: true) } catch { quit(2, "\(error)") }
let feed = Feed()
let wake = session.waker
Task.detached { [feed] in
  for n in 0... {
    try? await Task.sleep(for: .milliseconds(200))
    feed.lines.withLock { $0.append("\(2000 + n)  " + samples[n % samples.count]) }
    wake?()
  }
}
var viewer = Viewer()
(viewer.width, viewer.height) = (session.size.width, session.size.height)
viewer.scroll(by: viewer.lines.count)
var layout = SceneLayout(scene: viewer.scene(), screen: session.size, options: session.renderOptions)
var state = TooltipState(keepsSelection: false)

// Read, update, draw, present; the lines the task added arrive as a wake.
while true {
  var events: [TooltipEvent] = []
  switch session.next(deadline: state.deadline) {
  case .draw: session.present(viewer.frame(layout, state: state))
  case .input(let input):
    let routed = state.route(input, layout: layout, now: TerminalSession.now, letters: false)
    events = routed.events
    if !routed.consumed { viewer.handle(input, end: session.end) }
  case .resize(let new): (viewer.width, viewer.height) = (new.width, new.height)
  case .tick(let now): events = state.send(.tick(now), layout: layout)
  case .woken: viewer.take(feed)
  case .resumed: break
  case .quit(let status, let reason): quit(status, reason)
  }
  for case .action(let id) in events { viewer.message = "\(id) menu" }
  layout = SceneLayout(
    scene: viewer.scene(), screen: Size(width: viewer.width, height: viewer.height), options: session.renderOptions)
  events = state.send(.layoutChanged, layout: layout)
}
