import TooltipCurses
import TooltipKit
import TooltipScenes

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive demo: read, update, render, present, until `q`, Ctrl-C or a signal.
///
/// The loop blocks in the read with no timeout while idle; only a pending long press makes it
/// wake at a deadline, to tell the model the time.
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

    var settings = options
    if !session.localeIsUTF8 { settings.ascii = true }
    var model = DemoModel(
      scenes: scenes, options: settings, screen: session.size, colors: session.colors.level != .none)
    if let id = options.openID { model.open(id) }

    let fault = getenv("TOOLTIP_TUI_TEST_FAULT").map { String(cString: $0) }
    var full = true
    while true {
      if let signal = session.pendingSignal {
        session.endAfterSignal(signal)
        return 128 + signal
      }
      if session.takeResumed() { full = true }
      // Every pointer motion only while some anchor of the scene opens on hover.
      session.pointerMotion = model.layout.scene.needsPointerMotion
      session.presenter.present(model.frame(), full: full)
      full = false
      if let fault { injectFault(fault) }

      // Every input already waiting is handled before the next frame is drawn (up to a
      // batch's worth of time): a paste of thousands of keys is one frame, not thousands.
      var timeout = model.deadline.map { max(.zero, $0 - MonotonicClock.now) }
      let batchEnd = MonotonicClock.now + batchTime
      repeat {
        let input = session.read(timeout: timeout)
        if let deadline = model.deadline {
          let now = MonotonicClock.now
          if now >= deadline { model.tick(now) }
        }
        guard let input else { break }
        switch model.handle(input, now: MonotonicClock.now) {
        case .draw: break
        case .redrawAll: full = true
        case .quit(let status):
          session.end()
          return status
        }
        timeout = .zero
      } while session.pendingSignal == nil && MonotonicClock.now < batchEnd
    }
  }

  /// How long the loop goes on handling waiting input before it draws a frame anyway.
  static let batchTime = Duration.milliseconds(30)

  /// Fails the way `name` says, in curses mode: how the end-to-end tests check that a crash
  /// restores the terminal (`TOOLTIP_TUI_TEST_FAULT=trap|unwrap|segv|abort`).
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
