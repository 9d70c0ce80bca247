import Foundation
import TestSupport
import Testing

/// One xterm window on the suite's X display, in DejaVu Sans Mono 11 with black on white,
/// running `tooltip-tui` from a shell script that records the terminal's size, `stty -g`
/// before and after, and the demo's exit status. Closed (xterm stopped) when released.
///
/// Keys and the pointer are real X events (XTEST through xdotool); the screen is read back as
/// pixels with ImageMagick's `import`, cut into cells whose size comes from the window's
/// geometry and the terminal's size.
final class XTermWindow {
  /// The terminal's default colours, as the window is started with them.
  static let background: RGB = 0xFFFFFF
  static let foreground: RGB = 0x000000

  let display: String
  let files: TemporaryDirectory
  private let xterm: pid_t
  /// The X window id (xterm's `WINDOWID`).
  let window: String
  /// One cell's size in pixels.
  let cellWidth: Int
  let cellHeight: Int

  /// Opens a `columns` x `rows` xterm whose shell runs `program arguments` (`tooltip-tui` unless
  /// given) under `term`.
  /// The shell first prints the command line as a user would have typed it; with `gated`, it
  /// then waits for ``start()`` before running the demo.
  init(
    program: String = Binary.path, term: String = "xterm-256color", arguments: [String] = [], columns: Int = 80,
    rows: Int = 24,
    gated: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    display = try #require(XServer.current, "no X server: the suite needs .xServer", sourceLocation: sourceLocation)
      .display
    files = try TemporaryDirectory()
    let directory = files.url.path
    let environment = [
      "TERM": term, "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no",
    ]
    let command =
      (["env", "-u", "NO_COLOR"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
      + [program] + arguments).map(shellQuoted).joined(separator: " ")
    try files.write(
      "run.sh",
      """
      cd \(shellQuoted(directory))
      stty size > size.tmp && mv size.tmp size
      stty -g > before
      printf 'prompt$ tooltip-tui\n'
      echo "$WINDOWID" > window.tmp && mv window.tmp window
      while [ ! -e go ]; do sleep 0.02; done
      \(command) 2> stderr
      echo $? > status.tmp
      stty -g > after
      mv status.tmp status
      exec sleep 600
      """)
    if !gated { try files.write("go", "") }

    var xtermEnvironment = ProcessInfo.processInfo.environment
    xtermEnvironment["DISPLAY"] = display
    xtermEnvironment["LANG"] = "C.UTF-8"
    xtermEnvironment["LC_ALL"] = "C.UTF-8"
    let xtermCommand = [
      "exec", "xterm", "-b", "0", "-geometry", "\(columns)x\(rows)", "-fa", "DejaVu Sans Mono", "-fs", "11",
      "-bg", "white", "-fg", "black", "-title", "tooltip-real-terminal",
      "-xrm", "XTerm*allowTitleOps: false", "-xrm", "XTerm*cursorBlink: false",
      "-e", "/bin/sh", "\(directory)/run.sh",
    ].map(shellQuoted).joined(separator: " ")
    xterm = try spawnInBackground(xtermCommand, environment: xtermEnvironment, log: "\(directory)/xterm.log")

    let files = self.files
    guard waitUntil(timeout: .seconds(10), { files.read("window") != nil && files.read("size") != nil }),
      let window = files.read("window")?.trimmingCharacters(in: .whitespacesAndNewlines), !window.isEmpty,
      let size = files.read("size")?.split(separator: " ").compactMap({
        Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
      }),
      size.count == 2
    else {
      stop(xterm)
      throw SpawnError(message: "xterm did not start: \(files.read("xterm.log") ?? "")")
    }
    self.window = window
    // The cell size: the window's pixels over the terminal's own idea of its size (`-b 0`: no
    // inner border, so the cells tile the window exactly).
    let (width, height) = try Self.geometry(display: display, window: window)
    guard width % size[1] == 0, height % size[0] == 0 else {
      stop(xterm)
      throw SpawnError(message: "window \(width)x\(height) is not a whole number of \(size[1])x\(size[0]) cells")
    }
    cellWidth = width / size[1]
    cellHeight = height / size[0]
  }

  deinit {
    stop(xterm)
  }

  /// The window's size in pixels, as the X server has it.
  static func geometry(display: String, window: String) throws -> (Int, Int) {
    let output = xdotool(display, ["getwindowgeometry", window]).text
    guard let line = output.split(separator: "\n").first(where: { $0.contains("Geometry:") }),
      let value = line.split(separator: " ").last
    else { throw SpawnError(message: "no geometry for window \(window): \(output)") }
    let sides = value.split(separator: "x").compactMap { Int($0) }
    guard sides.count == 2 else { throw SpawnError(message: "bad geometry \(value)") }
    return (sides[0], sides[1])
  }

  /// Lets a gated shell run the demo.
  func start() throws {
    try files.write("go", "")
  }

  /// The window's pixels now, or nil when they cannot be read.
  func screenshot() -> Screenshot? {
    let path = files.url.appendingPathComponent("shot.ppm").path
    var environment = ProcessInfo.processInfo.environment
    environment["DISPLAY"] = display
    guard
      let result = try? runProcess(
        "/usr/bin/import", ["-window", window, "-depth", "8", "ppm:" + path], environment: environment),
      result.status == 0,
      let data = FileManager.default.contents(atPath: path)
    else { return nil }
    return Screenshot(ppm: data, cellWidth: cellWidth, cellHeight: cellHeight)
  }

  /// Waits until the screen satisfies `condition`, then until it stops changing (two reads
  /// alike), and returns that screen; records an issue and returns nil after `timeout`.
  func waitForScreen(
    _ what: String, timeout: Duration = .seconds(10), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: (Screenshot) -> Bool
  ) -> Screenshot? {
    var shot: Screenshot?
    let held = waitUntil(timeout: timeout) {
      shot = screenshot()
      return shot.map(condition) ?? false
    }
    guard held, var settled = shot else {
      Issue.record(
        "the screen never showed \(what); stderr: \(files.read("stderr") ?? "")", sourceLocation: sourceLocation)
      return nil
    }
    waitUntil(timeout: .seconds(2)) {
      guard let next = screenshot() else { return false }
      let same = next == settled
      settled = next
      return same
    }
    return condition(settled) ? settled : nil
  }

  /// Gives the window the keyboard focus (xterm draws a filled block cursor only when focused).
  func focus() {
    xdotool(display, ["windowfocus", "--sync", window])
  }

  /// Presses keys by their X names (`Tab`, `q`), as a keyboard does.
  func key(_ names: String...) {
    focus()
    xdotool(display, ["key"] + names)
  }

  /// The pixel at the centre of cell (x, y), relative to the window.
  private func centre(_ x: Int, _ y: Int) -> [String] {
    ["\(x * cellWidth + cellWidth / 2)", "\(y * cellHeight + cellHeight / 2)"]
  }

  /// Clicks the left button on cell (x, y).
  func click(_ x: Int, _ y: Int) {
    xdotool(display, ["mousemove", "--window", window, "--sync"] + centre(x, y) + ["click", "1"])
  }

  /// Turns the wheel one notch, down (`down`) or up, over cell (x, y).
  func wheel(down: Bool, _ x: Int, _ y: Int) {
    xdotool(display, ["mousemove", "--window", window, "--sync"] + centre(x, y) + ["click", down ? "5" : "4"])
  }

  /// Moves the pointer with no button held through the centres of `cells`, in order, `step`
  /// seconds apart, as a hand moves a mouse: xterm reports each new cell (under 1003).
  func move(through cells: [(Int, Int)], step: Double = 0.03) {
    var arguments: [String] = []
    for (index, cell) in cells.enumerated() {
      if index > 0 { arguments += ["sleep", "\(step)"] }
      arguments += ["mousemove", "--window", window, "--sync"] + centre(cell.0, cell.1)
    }
    xdotool(display, arguments)
  }

  /// Holds the left button down on cell (x, y) for `seconds`, then releases it.
  func hold(_ x: Int, _ y: Int, seconds: Double) {
    xdotool(
      display,
      ["mousemove", "--window", window, "--sync"] + centre(x, y) + [
        "mousedown", "1", "sleep", "\(seconds)", "mouseup", "1",
      ])
  }

  /// Resizes the X window to `columns` x `rows` cells, as a user dragging its corner would.
  func resize(columns: Int, rows: Int) {
    xdotool(display, ["windowsize", window, "\(columns * cellWidth)", "\(rows * cellHeight)"])
  }

  /// The demo's exit status once it has exited, or nil.
  func exitStatus(timeout: Duration = .seconds(10)) -> Int32? {
    var status: Int32?
    waitUntil(timeout: timeout) {
      status = files.read("status").flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      return status != nil
    }
    return status
  }
}
