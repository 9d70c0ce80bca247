import TooltipCurses
import TooltipKit
import TooltipScenes

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive demo: read, update, render, present, until `q`, Ctrl-C or a signal.
///
/// The session's ``TerminalSession/next(deadline:)`` blocks with no timeout while idle; only a
/// pending long press makes it wake at a deadline, to tell the model the time.
enum InteractiveMode {
  /// Runs the demo in the terminal and returns the exit status: 0 after `q`, 128 + the signal
  /// after SIGINT (or Ctrl-C), SIGTERM, SIGHUP or SIGQUIT, 2 for a usage, scene or environment
  /// error.
  static func run(options: Options) -> Int32 {
    let scenes: [NamedScene]
    do {
      scenes = try options.loadScenes()
    } catch {
      error.report()
      return 2
    }

    let session: TerminalSession
    do {
      session = try TerminalSession(mouse: options.mouse)
    } catch {
      DemoError.environment(
        "\(error); the demo needs a terminal (try --snapshot --size 80x24 for a text frame)"
      ).report()
      return 2
    }
    defer { session.end() }
    return loop(session, options: options, scenes: scenes)
  }

  /// The model and the event loop, once the terminal has started: a function of its own, not
  /// inlined, so the model and the loop's values are not on the stack while curses starts
  /// (reading terminfo goes some 100 KiB deep), each page of it touched one page fault more.
  @inline(never)
  private static func loop(_ session: TerminalSession, options: Options, scenes: [NamedScene]) -> Int32 {
    var settings = options
    if !session.localeIsUTF8 { settings.ascii = true }
    var model = DemoModel(
      scenes: scenes, options: settings, screen: session.size, colors: session.hasColors)
    if let id = options.openID { model.open(id) }
    return serve(session, model: &model)
  }

  /// Reads, updates, draws and presents until the end: not inlined into ``loop(_:options:scenes:)``,
  /// so its 4 KB of frame is not on the stack below the model's making, which lays the first
  /// scene out and has the runtime build its first arrays' metadata (some 10 KiB deep).
  @inline(never)
  private static func serve(_ session: TerminalSession, model: inout DemoModel) -> Int32 {
    let fault = getenv("TOOLTIP_TUI_TEST_FAULT").map { String(cString: $0) }
    // Values at the edge of what a caller can construct (`TOOLTIP_TUI_TEST_FAULT=extremes`):
    // a cursor at Int.max and a deadline Int64.max seconds away must be taken in stride.
    let extremes = fault == "extremes"
    if fault == "wake" { wakeSoon(session) }
    while true {
      switch session.next(deadline: model.deadline ?? (extremes ? TerminalSession.now + .seconds(Int64.max) : nil)) {
      case .draw:
        if extremes {
          var grid = model.frame()
          grid.cursor = Point(x: Int.max, y: Int.max)
          session.present(grid)
        }
        session.present(model.frame())
        if let fault { injectFault(fault) }
      case .input(let input):
        switch model.handle(input, now: TerminalSession.now) {
        case .draw: break
        case .unchanged: session.unchanged()
        case .redrawAll: session.invalidate()
        case .quit(let status):
          session.end()
          if fault == "after-end" {
            // Every call after the end is harmless (`TOOLTIP_TUI_TEST_FAULT=after-end`).
            session.present(model.frame())
            _ = session.next(deadline: .zero)
            session.invalidate()
            session.end()
          }
          return status
        }
      case .resize(let size):
        _ = model.handle(.resize(size))
      case .tick(let now):
        model.tick(now)
      case .woken where fault == "wake":
        return 3
      case .resumed, .woken:
        break
      case .quit(let status, let reason):
        if let reason { DemoError.environment(reason).report() }
        return status
      }
    }
  }

  /// Has another task wake `session` 300 ms from now, while the demo is idle: how the
  /// end-to-end tests check that a wake reaches the loop (`TOOLTIP_TUI_TEST_FAULT=wake`; the
  /// demo then ends with status 3). Not inlined, so a normal start never looks up the closure's
  /// type.
  @inline(never)
  static func wakeSoon(_ session: TerminalSession) {
    guard let waker = session.waker else { return }
    Task.detached {
      try? await Task.sleep(for: .milliseconds(300))
      waker()
    }
  }

  /// Fails the way `name` says, in curses mode: how the end-to-end tests check that a crash
  /// restores the terminal (`TOOLTIP_TUI_TEST_FAULT=trap|unwrap|segv|abort`; `after-end`,
  /// `extremes` and `wake` are the loop's own).
  static func injectFault(_ name: String) {
    switch name {
    case "trap": fatalError("TOOLTIP_TUI_TEST_FAULT=trap")
    case "unwrap": _ = Int(name)!
    case "segv": UnsafeMutablePointer<Int>(bitPattern: 16)!.pointee = 1
    case "abort": abort()
    default: break
    }
  }
}
