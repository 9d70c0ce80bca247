import TooltipKit
import TooltipScenes

/// A command-line problem: printed as one line on stderr, exit status 2.
struct UsageError: Error, Equatable {
  var message: String
  init(_ message: String) { self.message = message }
}

/// Where the scene comes from: a built-in one or a scene file.
enum SceneSource: Equatable {
  case builtin(BuiltinScene)
  /// A scene file, by its path's bytes as the user typed them (not necessarily UTF-8).
  case file([UInt8])

  /// The scenes the demo cycles through, this one first: a scene file (then the built-in
  /// scenes), or the built-in scenes starting from the chosen one.
  func scenes() throws(SceneFileError) -> [NamedScene] {
    switch self {
    case .builtin(let chosen): BuiltinScene.all(from: chosen)
    case .file(let path): [try NamedScene.file(pathBytes: path)] + BuiltinScene.all()
    }
  }
}

/// The parsed command line of `tooltip-tui`.
struct Options: Equatable {
  enum Mode: Equatable {
    case interactive
    case snapshot
    case check
    case lint
    case help
    case version
  }

  var mode: Mode = .interactive
  var scene: SceneSource = .builtin(.gallery)
  var theme: Theme = .light
  /// Where ``theme`` came from: `--theme` is a choice, which the terminal's answer never changes.
  var themeSource = ThemeSource.standard
  var fidelity: Fidelity = .hug
  var dismiss: DismissPolicy = .consume
  /// `--edges`: every scene's edge rule, or nil for each scene's own.
  var edges: EdgePolicy?
  /// `--hover` and `--focus`: tooltips of every scene open on hover, on keyboard focus.
  var hover = false
  var focus = false
  /// The terminal's own background when the environment says it (`COLORFGBG`), for the
  /// interactive mode only: the pointer then stays visible on it (``BubbleStyles/pointer(over:)``).
  /// The batch modes draw for the terminal the theme assumes, the same on every machine.
  var terminalBackground: RGB?
  var ascii = false
  var mouse = true
  var size: Size?
  var openID: String?
  /// `--select`: the anchor a snapshot shows selected, closed (the benchmark driver's Tab).
  var selectID: String?
  var bare = false
  var ansi = false
  var svg = false

  static let version = "tooltip-tui \(tooltipKitVersion)"

  static let usage = """
    Usage:
      tooltip-tui [--scene gallery|form|edges|reading|FILE.json] [--theme light|dark]
                  [--fidelity hug|file] [--dismiss consume|pass-through] [--edges crop|shift]
                  [--hover] [--focus] [--ascii] [--no-mouse] [--open ID] [--bare]
      tooltip-tui --snapshot --size COLSxROWS [--open ID | --select ID] [--bare] [--ansi | --svg]
                  [options above]
      tooltip-tui --check --size COLSxROWS [--scene ...] [--edges crop|shift]
      tooltip-tui --lint [--scene ...]
      tooltip-tui --help | --version

    Modes:
      (none)       the interactive demo; press ? inside for every key
      --snapshot   print the frame the demo would show at --size, then exit
      --check      list the tooltips that would be cropped at --size (exit 1 if any)
      --lint       check the copy against the component's usage rules (exit 1 on findings)

    Options:
      --scene S        gallery (default), form, edges, reading, or a scene file (JSON)
      --theme T        light or dark; by default the demo follows the terminal's background
                       (its answer to OSC 11, else COLORFGBG), else light (--snapshot: light)
      --fidelity F     hug (default) or file (the design file's wider bodies and grey text)
      --dismiss D      consume (default: the closing tap does nothing else) or pass-through
      --edges E        crop (the default, unless the scene file says shift): a bubble is cut
                       where the screen ends; shift: it slides along the anchor's side first
      --hover          tooltips also open when the mouse pointer rests on an anchor
      --focus          tooltips also open when the keyboard's selection stays on an anchor
      --ascii          ASCII pointers and icon instead of ▲ ▼ ◀ ▶ and ⅈ
      --no-mouse       do not ask the terminal for mouse events
      --size CxR       screen size for --snapshot and --check, e.g. 80x24
      --open ID        open that anchor's tooltip first (and select it)
      --select ID      --snapshot: select that anchor, as Tab does, without opening it
      --bare           no title and status rows: the scene fills the screen
      --ansi           --snapshot output with colours and attributes as SGR sequences
      --svg            --snapshot output as an SVG picture, drawn cell by cell

    Exit status: 0 ok, 1 check or lint findings, 2 usage or environment error
    (an output that cannot be written is one).
    """

  /// The scenes every mode starts from (``SceneSource/scenes()``), with `--open` checked
  /// against the first: a usage error when it names no anchor of that scene.
  func loadScenes() throws(DemoError) -> [NamedScene] {
    var scenes: [NamedScene]
    do {
      scenes = try scene.scenes()
    } catch {
      throw .sceneFile(error)
    }
    if let edges {
      for i in scenes.indices { scenes[i].scene.edges = edges }
    }
    for i in scenes.indices {
      if hover { scenes[i].scene.opensOnHover = true }
      if focus { scenes[i].scene.opensOnFocus = true }
    }
    if let id = openID, scenes[0].scene.anchor(id: id) == nil {
      throw .usage(
        UsageError("--open: no anchor '\(ErrorText.display(id))' in scene \(ErrorText.display(scenes[0].name))"))
    }
    if let id = selectID, scenes[0].scene.anchor(id: id) == nil {
      throw .usage(
        UsageError("--select: no anchor '\(ErrorText.display(id))' in scene \(ErrorText.display(scenes[0].name))"))
    }
    return scenes
  }

  /// The render options these options ask for; `colors` is false where the terminal (or
  /// `NO_COLOR`) has none.
  func renderOptions(colors: Bool = true) -> RenderOptions {
    var options = RenderOptions(theme: theme, colors: colors, asciiGlyphs: ascii)
    options.fidelity = fidelity
    options.terminalBackground = terminalBackground
    return options
  }

  /// The theme follows `terminalBackground` (from `COLORFGBG`) unless `--theme` chose one: the
  /// interactive mode's start, before the terminal answers its background query.
  mutating func followEnvironment() {
    guard themeSource != .chosen, let terminalBackground else { return }
    theme = Theme(background: terminalBackground)
    themeSource = .environment
  }

  /// Parses the arguments after the program name; `bytes`, when given, are the same arguments
  /// as the system passed them, so that a scene file's path that is not UTF-8 is opened as
  /// named (a `String` would have repaired it to U+FFFD).
  static func parse(_ arguments: [String], bytes: [[UInt8]]? = nil) throws(UsageError) -> Options {
    var options = Options()
    var modes: [String] = []
    var index = 0

    func value(for flag: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw UsageError("\(flag) needs a value") }
      return arguments[index]
    }
    func choice<T: RawRepresentable>(_ flag: String, _ raw: String, _ allowed: String) throws(UsageError) -> T
    where T.RawValue == String {
      guard let value = T(rawValue: raw) else {
        throw UsageError("\(flag): expected \(allowed), got '\(ErrorText.display(raw))'")
      }
      return value
    }

    while index < arguments.count {
      let argument = arguments[index]
      var flag = argument
      var inline: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        flag = String(argument[..<equals])
        inline = String(argument[argument.index(after: equals)...])
      }
      switch flag {
      case "--help", "-h": modes.append("--help")
      case "--version": modes.append("--version")
      case "--snapshot": modes.append("--snapshot")
      case "--check": modes.append("--check")
      case "--lint": modes.append("--lint")
      case "--scene":
        let raw = try value(for: flag, inline: inline)
        guard !raw.isEmpty else { throw UsageError("--scene: expected gallery, form, edges, reading or a FILE.json") }
        var path = Array(raw.utf8)
        if let bytes, bytes.count == arguments.count {
          // The same argument as bytes: all of it, or what follows the first `=`.
          let given = bytes[index]
          path = inline == nil ? given : Array(given[((given.firstIndex(of: UInt8(ascii: "=")) ?? -1) + 1)...])
        }
        options.scene = BuiltinScene(rawValue: raw).map(SceneSource.builtin) ?? .file(path)
      case "--theme":
        options.theme = try choice(flag, value(for: flag, inline: inline), "light or dark")
        options.themeSource = .chosen
      case "--fidelity": options.fidelity = try choice(flag, value(for: flag, inline: inline), "hug or file")
      case "--edges": options.edges = try choice(flag, value(for: flag, inline: inline), "crop or shift")
      case "--dismiss":
        let raw = try value(for: flag, inline: inline)
        switch raw {
        case "consume": options.dismiss = .consume
        case "pass-through": options.dismiss = .passThrough
        default: throw UsageError("--dismiss: expected consume or pass-through, got '\(ErrorText.display(raw))'")
        }
      case "--hover": options.hover = true
      case "--focus": options.focus = true
      case "--ascii": options.ascii = true
      case "--no-mouse": options.mouse = false
      case "--bare": options.bare = true
      case "--ansi": options.ansi = true
      case "--svg": options.svg = true
      case "--open":
        let raw = try value(for: flag, inline: inline)
        guard !raw.isEmpty else { throw UsageError("--open needs an anchor id") }
        options.openID = raw
      case "--select":
        let raw = try value(for: flag, inline: inline)
        guard !raw.isEmpty else { throw UsageError("--select needs an anchor id") }
        options.selectID = raw
      case "--size": options.size = try parseSize(value(for: flag, inline: inline))
      default:
        if argument.hasPrefix("-") {
          throw UsageError("unknown option '\(ErrorText.display(argument))' (see --help)")
        }
        throw UsageError("unexpected argument '\(ErrorText.display(argument))' (see --help)")
      }
      if inline != nil,
        [
          "--help", "-h", "--version", "--snapshot", "--check", "--lint", "--ascii", "--no-mouse", "--bare", "--ansi",
          "--svg", "--hover", "--focus",
        ]
        .contains(flag)
      {
        throw UsageError("\(flag) takes no value")
      }
      index += 1
    }

    guard modes.count <= 1 else {
      throw UsageError("\(modes[0]) and \(modes[1]) cannot be used together")
    }
    switch modes.first {
    case "--help": options.mode = .help
    case "--version": options.mode = .version
    case "--snapshot": options.mode = .snapshot
    case "--check": options.mode = .check
    case "--lint": options.mode = .lint
    default: options.mode = .interactive
    }
    switch options.mode {
    case .snapshot, .check:
      guard options.size != nil else { throw UsageError("\(modes[0]) needs --size COLSxROWS") }
    case .interactive, .lint:
      if options.size != nil { throw UsageError("--size works with --snapshot and --check only") }
    case .help, .version:
      break
    }
    if options.ansi && options.mode != .snapshot { throw UsageError("--ansi works with --snapshot only") }
    if options.svg && options.mode != .snapshot { throw UsageError("--svg works with --snapshot only") }
    if options.selectID != nil && options.mode != .snapshot { throw UsageError("--select works with --snapshot only") }
    if options.selectID != nil && options.openID != nil {
      throw UsageError("--open and --select cannot be used together")
    }
    if options.ansi && options.svg { throw UsageError("--ansi and --svg cannot be used together") }
    if options.mode == .check || options.mode == .lint {
      if options.openID != nil { throw UsageError("--open does not work with \(modes[0])") }
      if options.bare { throw UsageError("--bare does not work with \(modes[0])") }
    }
    return options
  }

  /// Parses `COLSxROWS`: each side 1 to 10000, at most 10,000,000 cells.
  static func parseSize(_ raw: String) throws(UsageError) -> Size {
    let parts = raw.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 6 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
      let columns = Int(parts[0]), let rows = Int(parts[1])
    else { throw UsageError("--size: expected COLSxROWS such as 80x24, got '\(ErrorText.display(raw))'") }
    guard (1...10_000).contains(columns), (1...10_000).contains(rows) else {
      throw UsageError("--size: each side must be 1 to 10000, got \(columns)x\(rows)")
    }
    guard columns * rows <= 10_000_000 else {
      throw UsageError("--size: at most 10,000,000 cells, got \(columns)x\(rows)")
    }
    return Size(width: columns, height: rows)
  }
}

/// Where the interactive demo's theme comes from, strongest first: the user's choice
/// (`--theme`, the `t` key), the terminal's answer to the background query, `COLORFGBG`, the
/// design's default (light).
///
/// The title row names the theme with where it came from, so a user on a dark terminal sees why
/// the bubble is light, and that `t` or `--theme` overrides it.
enum ThemeSource: Equatable, Sendable {
  /// `--theme light|dark` or the `t` key: never changed by the terminal.
  case chosen
  /// The terminal's answer to the OSC 11 background query.
  case terminal
  /// `COLORFGBG` (rxvt, Konsole), until the terminal answers.
  case environment
  /// Nothing said: the design's default, light.
  case standard

  /// What the title row adds after the theme's name.
  var label: String {
    switch self {
    case .chosen, .standard: ""
    case .terminal: " (terminal)"
    case .environment: " (COLORFGBG)"
    }
  }
}
