// A `top`-like job monitor that owns ncurses: four windows on panels (a header with a toolbar
// of six icons and two buttons on the top row, the column headers, a scrolling table, a status
// line with a clock), its own colour pairs, and tooltips from TooltipKit that open over any of
// those windows in panels of their own, so that closing one gives back what lay under it.
//
//   swift run job-monitor
//
// Keys: Up/Down select a job, PgUp/PgDn/Home/End scroll, Tab/Shift-Tab move into and along the
// toolbar, Enter runs the focused button, i shows its hint, Esc closes it (or leaves the
// toolbar), q quits. Mouse: a tap on a job selects it, the wheel scrolls, a tap on a button runs
// it and holding it shows its hint, a tap on a column header explains it.

import CNcurses
import TooltipCurses

#if !NO_TOOLTIPS
  import TooltipKit
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// The program's own colour pairs; the tooltips get 16 to 63 and never touch these.
enum Pair {
  static let header: Int32 = 1
  static let icon: Int32 = 2
  static let columns: Int32 = 3
  static let selected: Int32 = 4
  static let status: Int32 = 5
  static let running: Int32 = 6
}

/// One job of the table.
struct Job {
  let pid: Int
  let user: String
  var cpu: Int  // tenths of a percent
  let memory: Int  // tenths of a percent
  let seconds: Int
  var stat: Character
  let command: String
}

/// The columns: title, first column, width, right-aligned, and what the header's tooltip says.
let columns: [(title: String, x: Int, width: Int, right: Bool, headline: String, detail: String)] = [
  ("PID", 0, 6, true, "Process ID", "The number the kernel gave the job."),
  ("USER", 7, 9, false, "User", "Who started the job."),
  ("%CPU", 17, 6, true, "CPU share", "Of one core, over the last refresh."),
  ("%MEM", 24, 6, true, "Memory share", "Of the machine's physical memory."),
  ("TIME+", 31, 9, true, "CPU time", "Minutes and seconds used since it began."),
  ("S", 41, 2, true, "State", "R running, S sleeping, Z ended."),
  ("COMMAND", 44, 20, false, "Command", "The program and its arguments."),
]

/// The toolbar on row 0: six one-cell icons and two text buttons; a tap runs one (but Help),
/// holding it shows its hint.
let toolbar: [(id: String, x: Int, text: String, headline: String, detail: String)] = [
  ("pause", 1, "‖", "Pause", "Stops the table refreshing."),
  ("refresh", 3, "↻", "Refresh", "Reads every job again now."),
  ("filter", 5, "≡", "Running only", "Hides the jobs that sleep."),
  ("tree", 7, "┬", "Tree", "Indents each job under its parent."),
  ("sort", 9, "↕", "Sort by CPU", "Busiest jobs first; again for PID order."),
  ("theme", 11, "◐", "Bubble theme", "Light or dark tooltips."),
  ("kill", 14, "[Kill]", "Kill", "Ends the selected job."),
  ("help", 21, "[Help]", "Keys", "Arrows, PgUp/PgDn, wheel; Tab: toolbar; Esc: leave it; q: quit."),
]

#if !NO_TOOLTIPS
  /// Tooltips: the toolbar's buttons and the column headers as anchors, in screen cells. On the
  /// top row no side has room for a bubble: `edges: .shift` slides each along the row instead of
  /// cropping it. The toolbar's buttons also explain themselves when the pointer rests on them
  /// (hover), as a desktop user expects of icons.
  let scene = Scene(
    anchors: toolbar.map { b in
      Anchor(
        id: b.id, position: Point(x: b.x, y: 0), size: b.text.count == 1 ? .sm : .md, placement: .bottom,
        headline: b.headline, supporting: b.detail, trigger: b.id == "help" ? .tap : .longPress,
        boxSize: Size(width: b.text.count, height: 1), action: b.id != "help", opensOnHover: true)
    }
      + columns.map { c in
        Anchor(
          id: c.title, position: Point(x: c.x, y: 2), placement: .bottom, headline: c.headline,
          supporting: c.detail, boxSize: Size(width: c.width, height: 1))
      }, edges: .shift)
#endif

/// Everything the program shows, and what it drew last, window by window.
struct Monitor {
  var jobs: [Job] = []
  var top = 0
  var selected = 0
  var paused = false
  var runningOnly = false
  var tree = false
  var byCPU = false
  var message = "Tab: toolbar  i: hint  q: quit"
  var generation = 0

  init() { refresh() }

  /// Jobs as the table shows them: filtered and sorted.
  var shown: [Job] {
    let kept = runningOnly ? jobs.filter { $0.stat == "R" } : jobs
    return byCPU ? kept.sorted { ($0.cpu, $1.pid) > ($1.cpu, $0.pid) } : kept
  }

  /// Reads the jobs again: a made-up but steady table that changes with each refresh.
  mutating func refresh() {
    let users = ["root", "daemon", "www-data", "postgres", "alice", "bob"]
    let commands = ["sshd", "postgres: writer", "nginx: worker", "cron", "python3 train.py", "swift-build", "bash"]
    jobs = (0..<200).map { i in
      let cpu = (i * 37 + generation * 11) % 1000 / (i % 5 + 1)
      return Job(
        pid: 1000 + i * 7, user: users[i % users.count], cpu: cpu, memory: (i * 13) % 250,
        seconds: i * 97 + generation, stat: cpu > 120 ? "R" : (i % 11 == 0 ? "Z" : "S"),
        command: commands[i % commands.count])
    }
    generation += 1
  }

  /// Runs a toolbar button.
  mutating func run(_ id: String) {
    switch id {
    case "pause": paused.toggle()
    case "refresh": refresh()
    case "filter": runningOnly.toggle()
    case "tree": tree.toggle()
    case "sort": byCPU.toggle()
    case "kill": killSelected()
    default: break
    }
    message = "\(id): done"
    select(selected)
  }

  mutating func killSelected() {
    guard let pid = shown.dropFirst(selected).first?.pid, let i = jobs.firstIndex(where: { $0.pid == pid }) else {
      return
    }
    jobs[i].stat = "Z"
    jobs[i].cpu = 0
  }

  /// Selects row `row` of the shown jobs, scrolling so it is in view of `height` rows.
  mutating func select(_ row: Int, height: Int = Screen.tableHeight) {
    selected = max(0, min(shown.count - 1, row))
    if selected < top { top = selected }
    if selected >= top + height { top = selected - height + 1 }
  }

  /// Scrolls by `rows`, keeping the selection in view.
  mutating func scroll(_ rows: Int, height: Int = Screen.tableHeight) {
    top = max(0, min(max(0, shown.count - height), top + rows))
    selected = max(top, min(top + height - 1, selected))
  }

  /// One row of the table.
  func line(_ job: Job) -> String {
    let values = [
      String(job.pid), job.user, tenths(job.cpu), tenths(job.memory),
      "\(job.seconds / 60):" + pad(String(job.seconds % 60), 2, right: true, fill: "0"), String(job.stat),
      (tree && job.pid % 3 != 0 ? " └ " : "") + job.command,
    ]
    return zip(columns, values).map { pad($1, $0.width, right: $0.right) }.joined(separator: " ")
  }
}

func tenths(_ value: Int) -> String { "\(value / 10).\(value % 10)" }

func pad(_ text: String, _ width: Int, right: Bool, fill: Character = " ") -> String {
  let cut = String(text.prefix(width))
  let padding = String(repeating: fill, count: width - cut.count)
  return right ? padding + cut : cut + padding
}

/// The clock on the status line, local time, and how long until it next changes.
func wallClock() -> (text: String, untilNext: Int32) {
  var now = timespec()
  clock_gettime(CLOCK_REALTIME, &now)
  var seconds = now.tv_sec
  var local = tm()
  localtime_r(&seconds, &local)
  let text = [local.tm_hour, local.tm_min, local.tm_sec].map { pad(String($0), 2, right: true, fill: "0") }
  return (text.joined(separator: ":"), Int32(1000 - now.tv_nsec / 1_000_000))
}

/// The program's four windows, each on a panel; made again on a resize. Below 40 x 6 cells
/// there are none, and the screen says so.
enum Screen {
  nonisolated(unsafe) static var header: UnsafeMutablePointer<WINDOW>?
  nonisolated(unsafe) static var columns: UnsafeMutablePointer<WINDOW>?
  nonisolated(unsafe) static var table: UnsafeMutablePointer<WINDOW>?
  nonisolated(unsafe) static var status: UnsafeMutablePointer<WINDOW>?
  nonisolated(unsafe) static var panels: [UnsafeMutablePointer<PANEL>] = []
  static var tableHeight: Int { max(1, Int(tk_lines()) - 4) }
  /// The window keys are read from: the table, or stdscr when the screen is too small.
  static var input: UnsafeMutablePointer<WINDOW> { table ?? tk_stdscr() }

  static func make() {
    for panel in panels {
      let window = panel_window(panel)
      del_panel(panel)
      delwin(window)
    }
    panels = []
    (header, columns, table, status) = (nil, nil, nil, nil)
    let width = tk_cols()
    werase(tk_stdscr())
    guard width >= 40, tk_lines() >= 6 else {
      _ = tk_put(tk_stdscr(), 0, 0, "Too small")
      keypad(tk_stdscr(), true)
      return
    }
    header = newwin(2, width, 0, 0)
    columns = newwin(1, width, 2, 0)
    table = newwin(Int32(tableHeight), width, 3, 0)
    status = newwin(1, width, tk_lines() - 1, 0)
    panels = [header, columns, table, status].compactMap { $0.flatMap { new_panel($0) } }
    keypad(table, true)
  }
}

/// Fills row `y` of `window` with `text` in `pair` and `attrs`.
func fill(_ window: UnsafeMutablePointer<WINDOW>?, _ y: Int, _ text: String, pair: Int32, attrs: attr_t = TK_A_NORMAL) {
  guard let window else { return }
  _ = tk_attr_set(window, attrs, pair)
  _ = tk_put(window, Int32(y), 0, pad(text, Int(tk_getmaxx(window)), right: false))
  _ = tk_attr_set(window, TK_A_NORMAL, 0)
}

/// The header's two rows: the toolbar and a summary.
func drawHeader(_ monitor: Monitor) {
  guard let window = Screen.header else { return }
  fill(
    window, 0, String(repeating: " ", count: 28) + "jobmon" + (monitor.paused ? "  (paused)" : ""), pair: Pair.header)
  _ = tk_attr_set(window, TK_A_BOLD, Pair.icon)
  for button in toolbar { _ = tk_put(window, 0, Int32(button.x), button.text) }
  let running = monitor.jobs.filter { $0.stat == "R" }.count
  fill(window, 1, " Tasks: \(monitor.jobs.count) total, \(running) running   Load: 1.02 0.87 0.66", pair: Pair.header)
}

/// The column headers.
func drawColumns() {
  let titles = columns.map { pad($0.title, $0.width, right: $0.right) }.joined(separator: " ")
  fill(Screen.columns, 0, titles, pair: Pair.columns, attrs: TK_A_BOLD)
}

/// The table's rows as drawn: text and pair.
func tableRows(_ monitor: Monitor) -> [(text: String, pair: Int32)] {
  let jobs = monitor.shown
  return (0..<Screen.tableHeight).map { y in
    let index = monitor.top + y
    guard index < jobs.count else { return ("", 0) }
    let pair = index == monitor.selected ? Pair.selected : (jobs[index].stat == "R" ? Pair.running : 0)
    return (monitor.line(jobs[index]), pair)
  }
}

@MainActor func quit(_ status: Int32, _ reason: String?) -> Never {
  #if !NO_TOOLTIPS
    tips.end()
  #endif
  endwin()
  TerminalGuard.remove()
  if let reason {
    let line = "job-monitor: \(reason)\n"
    _ = write(2, line, line.utf8.count)
  }
  exit(status)
}

setlocale(LC_ALL, "")
TerminalGuard.install()
guard isatty(0) == 1, isatty(1) == 1, newterm(nil, tk_stdout(), tk_stdin()) != nil else {
  TerminalGuard.remove()
  let message = "job-monitor: needs a terminal (standard input and output, and TERM)\n"
  _ = write(2, message, message.utf8.count)
  exit(2)
}
cbreak()
noecho()
set_escdelay(25)
curs_set(0)
#if !NO_TOOLTIPS
  mousemask(CursesTooltips.mouseMask, nil)
#else
  mousemask(TK_BUTTON1_PRESSED | TK_BUTTON1_RELEASED | TK_BUTTON4_PRESSED | TK_BUTTON5_PRESSED, nil)
#endif
mouseinterval(0)
if has_colors() {
  start_color()
  _ = use_default_colors()
  init_extended_pair(Pair.header, COLOR_WHITE, COLOR_BLUE)
  init_extended_pair(Pair.icon, COLOR_YELLOW, COLOR_BLUE)
  init_extended_pair(Pair.columns, COLOR_BLACK, COLOR_CYAN)
  init_extended_pair(Pair.selected, COLOR_BLACK, COLOR_YELLOW)
  init_extended_pair(Pair.status, COLOR_BLACK, COLOR_WHITE)
  init_extended_pair(Pair.running, COLOR_GREEN, -1)
}
Screen.make()

#if !NO_TOOLTIPS
  let tips = CursesTooltips(scene: scene, overlay: TooltipOverlay(pairs: 16..<64))
#endif
var monitor = Monitor()
/// What each window showed when last drawn: a window is drawn again only when it changes.
var drawn: (header: String, table: [String], status: String)?

while true {
  let time = wallClock()
  #if !NO_TOOLTIPS
    // The header is drawn again when the selection moves (its highlight with it): the selected
    // anchor's id says so, where printing the highlight's rects would take Swift's reflection.
    let header = "\(monitor.paused) \(monitor.jobs.count) \(tips.state.selectedID ?? "")"
  #else
    let header = "\(monitor.paused) \(monitor.jobs.count)"
  #endif
  let rows = tableRows(monitor)
  let table = rows.map { "\($0.pair) \($0.text)" }
  let status = " \(time.text)  \(monitor.message)"
  if header != drawn?.header {
    drawHeader(monitor)
    drawColumns()
    #if !NO_TOOLTIPS
      // The tooltips' selection (keyboard focus on a button or header), drawn by the program.
      for cells in tips.highlight where cells.minY == 0 || cells.minY == 2 {
        let (window, pair) = cells.minY == 0 ? (Screen.header, Pair.icon) : (Screen.columns, Pair.columns)
        mvwchgat(window, 0, Int32(cells.minX), Int32(cells.size.width), TK_A_REVERSE | TK_A_BOLD, Int16(pair), nil)
      }
    #endif
  }
  if table != drawn?.table { for (y, row) in rows.enumerated() { fill(Screen.table, y, row.text, pair: row.pair) } }
  if status != drawn?.status { fill(Screen.status, 0, status, pair: Pair.status) }
  drawn = (header, table, status)
  #if !NO_TOOLTIPS
    tips.draw()
  #endif
  update_panels()
  _ = TerminalGuard.blocking { doupdate() }

  // Sleep until input, the clock's next second, or a held press becoming a long press.
  #if !NO_TOOLTIPS
    wtimeout(Screen.input, tips.inputTimeout(atMost: time.untilNext))
  #else
    wtimeout(Screen.input, time.untilNext)
  #endif
  let value = TerminalGuard.blocking { wgetch(Screen.input) } ?? ERR
  var event = MEVENT()
  if value == KEY_MOUSE, getmouse(&event) != OK { continue }
  #if !NO_TOOLTIPS
    let consumed = tips.handle(value, mouse: event)
    for case .action(let id) in tips.events {
      if id == "theme" { tips.options.theme = tips.options.theme == .light ? .dark : .light }
      monitor.run(id)
    }
    if let end = tips.inputEnd { quit(end.status, end.reason) }
    if consumed { continue }
  #else
    if let status = TerminalGuard.pendingQuitStatus { quit(status, nil) }
  #endif
  let page = Screen.tableHeight - 1
  switch value {
  case Int32(UInt8(ascii: "q")): quit(0, nil)
  case KEY_UP: monitor.select(monitor.selected - 1)
  case KEY_DOWN: monitor.select(monitor.selected + 1)
  case KEY_PPAGE: monitor.scroll(-page)
  case KEY_NPAGE: monitor.scroll(page)
  case KEY_HOME: monitor.select(0)
  case KEY_END: monitor.select(monitor.shown.count - 1)
  case KEY_MOUSE where event.bstate & TK_BUTTON4_PRESSED != 0: monitor.scroll(-3)
  case KEY_MOUSE where event.bstate & TK_BUTTON5_PRESSED != 0: monitor.scroll(3)
  case KEY_MOUSE where event.bstate & (TK_BUTTON1_PRESSED | TK_BUTTON1_RELEASED) != 0:
    let row = Int(event.y) - 3
    if row >= 0, row < Screen.tableHeight { monitor.select(monitor.top + row) }
  case KEY_RESIZE:
    Screen.make()
    #if !NO_TOOLTIPS
      tips.scene = Screen.table == nil ? Scene(anchors: []) : scene  // no toolbar on a screen too small
    #endif
    drawn = nil
    monitor.select(monitor.selected)
  default: break
  }
}
