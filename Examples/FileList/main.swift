// A file list that lets TooltipKit own the terminal and keeps its own keys: a scrolling list of
// names cut to a column (a cut name shows whole on hover, on a held press, or when the list's
// cursor rests on it), and two buttons below it. The list's cursor, Enter, Space and the Tab
// order (list, Open, Delete, list) are the program's; the rows are anchors it focuses itself.
//
//   swift run file-list
//
// Keys: Up/Down move the cursor (the list scrolls), Space marks a file, Enter opens it, Tab and
// Shift-Tab move between the list and the buttons (Enter runs a button), i shows the hint of what
// has the focus, Esc closes it, q quits. Mouse: a click selects a row or runs a button, the wheel
// scrolls, a resting pointer shows a cut name or a button's hint.

import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// The files: long names are cut to the name column.
let files = [
  "README.md", "Package.swift", "quarterly-report-2026-final-reviewed-by-legal.pdf", "notes.txt",
  "photo-of-the-whiteboard-after-the-planning-meeting.jpeg", "todo.md", "build.log",
  "a-very-long-directory-name-that-nobody-reads/index.html", "LICENSE", "Makefile",
  "screenshot-2026-12-07-at-17.45.12-second-monitor.png", "main.swift", "data.csv",
  "minutes-of-the-annual-general-meeting-of-shareholders.docx", "script.sh", "config.json",
  "backup-of-the-old-server-before-the-migration-to-the-new-one.tar.gz", "index.ts",
]

/// The two buttons under the list: each one's id, title, column and hint.
let buttons: [(id: String, title: String, x: Int, hint: String)] = [
  ("open", "[ Open ]", 20, "Open the file under the cursor"),
  ("delete", "[ Delete ]", 30, "Move the marked files to the bin"),
]

/// What has the program's focus, in its Tab order: the list, then each button.
enum Focus: String, CaseIterable { case list, open, delete }

/// The width of the name column.
let nameColumn = 24

/// The list's own state: the screen's size in cells, the cursor, the first row shown, the
/// marked files, the focus, and what the last action did.
struct FileList {
  var width: Int
  var height: Int
  var cursor = 0
  var top = 0
  var marked: Set<Int> = []
  var focus = Focus.list
  var message = "Tab moves between the list and the buttons"

  /// The rows the list shows: between the title row and the two rows of buttons and status.
  var listRows: Int { max(1, height - 3) }

  /// Tooltips: each cut name in the list's viewport (hidden while scrolled off), the buttons
  /// below; every key of a row or a button is the program's, its Tab order included.
  func scene() -> Scene {
    let list = Rect(x: 0, y: 1, width: width, height: listRows)
    var anchors = files.indices.compactMap { i in
      Anchor(
        id: "row\(i)", truncated: files[i], width: nameColumn, at: Point(x: 2, y: 1 + i - top), placement: .right,
        viewport: list, isTabStop: false, programKeys: .all)
    }
    for button in buttons {
      anchors.append(
        Anchor(
          id: button.id, position: Point(x: button.x, y: height - 2), placement: .bottom, headline: button.hint,
          trigger: .menu, boxSize: Size(width: button.title.count, height: 1), action: true, isTabStop: false,
          isDrawnByProgram: true, fallbackPlacements: [.top], programKeys: .all))
    }
    return Scene(anchors: anchors, opensOnHover: true, opensOnFocus: true, hoverDelay: .milliseconds(400))
  }

  /// Tooltips: the anchor of what has the program's focus (the cursor's row has one while its
  /// name is cut).
  var focusedAnchor: String { focus == .list ? "row\(cursor)" : focus.rawValue }

  /// Drawing: the title, the rows from `top` (the cursor's reversed, marked ones starred), the
  /// buttons (the focused one reversed) and the status row, then the tooltips over them.
  func frame(_ layout: SceneLayout, state: TooltipState) -> CellGrid {
    var grid = CellGrid(size: Size(width: width, height: height))
    grid.write("Files (\(files.count))", at: Point(x: 0, y: 0), style: Style(bold: true))
    for row in 0..<listRows where top + row < files.count {
      let i = top + row
      let style = i == cursor && focus == .list ? Style(reverse: true) : .plain
      grid.fill(Rect(x: 2, y: 1 + row, width: nameColumn, height: 1), style: style)
      grid.write(marked.contains(i) ? "*" : " ", at: Point(x: 0, y: 1 + row), style: .plain)
      grid.write(Text.truncate(files[i], to: nameColumn), at: Point(x: 2, y: 1 + row), style: style)
    }
    for button in buttons {
      grid.write(
        button.title, at: Point(x: button.x, y: height - 2), style: Style(reverse: button.id == focus.rawValue))
    }
    grid.write(message, at: Point(x: 0, y: height - 1), style: .plain)
    grid.drawTooltips(layout, state: state)
    return grid
  }

  /// Takes a key or a click that the tooltips left: the cursor, marks, the Tab order,
  /// scrolling, quitting.
  mutating func handle(_ input: TerminalInput, end: () -> Void) {
    switch input {
    case .key(.character("q")): end()
    case .key(.up), .key(.down): move(to: cursor + (input == .key(.up) ? -1 : 1))
    case .key(.pageUp), .key(.pageDown): move(to: cursor + (input == .key(.pageUp) ? -1 : 1) * listRows)
    case .key(.tab), .key(.backTab):
      let order = Focus.allCases
      focus = order[(order.firstIndex(of: focus)! + (input == .key(.tab) ? 1 : order.count - 1)) % order.count]
    case .key(.character(" ")) where focus == .list: marked.formSymmetricDifference([cursor])
    case .key(.enter): run(focus == .delete ? "delete" : "open")
    case .mouse(let mouse) where mouse.action == .wheelUp: scroll(by: -3)
    case .mouse(let mouse) where mouse.action == .wheelDown: scroll(by: 3)
    case .mouse(let mouse) where mouse.action == .press(.primary) && (1...listRows).contains(mouse.point.y):
      focus = .list
      move(to: top + mouse.point.y - 1)
    default: break
    }
  }

  /// Runs a button: opening says which file, deleting which marks.
  mutating func run(_ id: String) {
    message = id == "open" ? "opened \(files[cursor])" : "deleted \(marked.count) marked file(s)"
    if id == "delete" { marked = [] }
  }

  /// Moves the cursor to `row`, held to the files, and scrolls it into view.
  mutating func move(to row: Int) {
    cursor = min(max(0, row), files.count - 1)
    if cursor < top { top = cursor }
    if cursor >= top + listRows { top = cursor - listRows + 1 }
  }

  /// Scrolls the list by `rows`, the cursor staying where it is in the files.
  mutating func scroll(by rows: Int) {
    top = min(max(0, top + rows), max(0, files.count - listRows))
  }
}

/// Ends the program with `status`, saying why on stderr.
func quit(_ status: Int32, _ reason: String?) -> Never {
  let text = reason.map { "file-list: \($0)\n" } ?? ""
  _ = write(2, text, text.utf8.count)
  exit(status)
}

let session: TerminalSession
do { session = try TerminalSession(mouse: true) } catch { quit(2, "\(error)") }
var list = FileList(width: session.size.width, height: session.size.height)
var layout = SceneLayout(scene: list.scene(), screen: session.size, options: session.renderOptions)
var state = TooltipState(keepsSelection: false, tapsSelect: false)

// Read, update, draw, present; after each input the focus the program moved is the tooltips'.
while true {
  var events: [TooltipEvent] = []
  switch session.next(deadline: state.deadline) {
  case .draw: session.present(list.frame(layout, state: state))
  case .input(let input):
    let routed = state.route(input, layout: layout, now: TerminalSession.now)
    events = routed.events
    if !routed.consumed { list.handle(input, end: session.end) }
  case .resize(let new): (list.width, list.height) = (new.width, new.height)
  case .tick(let now): events = state.send(.tick(now), layout: layout)
  case .woken, .resumed: break
  case .quit(let status, let reason): quit(status, reason)
  }
  for case .action(let id) in events { list.run(id) }
  layout = SceneLayout(
    scene: list.scene(), screen: Size(width: list.width, height: list.height), options: session.renderOptions)
  _ = state.send(.layoutChanged, layout: layout)
  if layout.opens(list.focusedAnchor) {
    _ = state.send(.focus(list.focusedAnchor), layout: layout, now: TerminalSession.now)
  } else if state.selectedID != nil {
    _ = state.send(.deselect, layout: layout)
  }
}
