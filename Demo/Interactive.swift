import TooltipCurses
import TooltipKit

/// The interactive demo: read, update, render, present, until `q`, Ctrl-C or a signal.
///
/// The loop blocks in the read with no timeout while idle; only a pending long press makes it
/// wake at a deadline, to tell the model the time.
enum InteractiveMode {
  /// Runs the demo in the terminal and returns the exit status: 0 after `q`, 128 + the signal
  /// after SIGINT (or Ctrl-C), SIGTERM or SIGHUP, 2 for a usage or environment error.
  static func run(options: Options) -> Int32 {
    let scenes: [(name: String, scene: Scene)]
    do {
      scenes = try loadScenes(options)
      try checkOpenID(options, scene: scenes[0])
    } catch {
      printError(error.message)
      return 2
    }

    let session: TerminalSession
    do {
      session = try TerminalSession(mouse: options.mouse)
    } catch {
      printError("\(error); the demo needs a terminal (try --snapshot --size 80x24 for a text frame)")
      return 2
    }
    defer { session.end() }

    var settings = options
    if !session.localeIsUTF8 { settings.ascii = true }
    var model = DemoModel(
      scenes: scenes, options: settings, screen: session.size, colors: session.colors.level != .none)
    if let id = options.openID { model.open(id) }

    var full = true
    while true {
      if let signal = session.pendingSignal {
        session.endAfterSignal(signal)
        return 128 + signal
      }
      if session.takeResumed() { full = true }
      session.presenter.present(model.frame(), full: full)
      full = false

      let input = session.read(timeout: model.deadline.map { max(.zero, $0 - MonotonicClock.now) })
      if let deadline = model.deadline {
        let now = MonotonicClock.now
        if now >= deadline { model.tick(now) }
      }
      guard let input else { continue }
      switch model.handle(input) {
      case .draw: break
      case .redrawAll: full = true
      case .quit(let status):
        session.end()
        return status
      }
    }
  }

  /// The scenes `n` cycles through: the chosen one first, then the other built-in ones.
  ///
  /// The one place the interactive mode loads scenes.
  static func loadScenes(_ options: Options) throws(UsageError) -> [(name: String, scene: Scene)] {
    let builtins = BuiltinScene.allCases.map { (name: $0.rawValue, scene: $0.scene) }
    switch options.scene {
    case .builtin(let chosen):
      let start = BuiltinScene.allCases.firstIndex(of: chosen) ?? 0
      return Array(builtins[start...] + builtins[..<start])
    case .file(let path):
      throw UsageError("\(display(path)): scene files are not available yet")
    }
  }

  /// `--open ID` must name an anchor of the scene.
  static func checkOpenID(_ options: Options, scene: (name: String, scene: Scene)) throws(UsageError) {
    guard let id = options.openID else { return }
    guard scene.scene.anchors.contains(where: { $0.id == id }) else {
      throw UsageError("--open: no anchor '\(display(id))' in scene \(display(scene.name))")
    }
  }
}
