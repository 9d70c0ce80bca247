import CNcurses
import CursesReadBack
import Foundation
import Synchronization
import TestSupport
import Testing
import TooltipKit

@testable import TooltipCurses

#if canImport(Glibc)
  import Glibc
#endif

/// Tests that start ncurses: on a headless screen (output to /dev/null) to draw frames and
/// read the cells back, and on a pseudo-terminal to feed key and mouse bytes in.
///
/// ncurses is not thread-safe, so every test that touches it lives in this one serialized suite.
@Suite(.serialized) struct CursesScreenTests {
  // MARK: - Headless screen

  /// Runs `body` on a fresh curses screen of `term` at `size` whose output goes nowhere.
  func headless(term: String = "xterm-256color", size: Size, _ body: () throws -> Void) throws {
    #expect(CursesHarness.utf8Locale, "C.UTF-8 is needed for ncurses to take UTF-8")
    let output = fopen("/dev/null", "w")
    let input = fopen("/dev/null", "r")
    let screen = newterm(term, output, input)
    try #require(screen != nil)
    defer {
      endwin()
      delscreen(screen)
      fclose(output)
      fclose(input)
    }
    resizeterm(Int32(size.height), Int32(size.width))
    try body()
  }

  /// Row `y` of the curses screen as text.
  func row(_ y: Int) -> String {
    var buffer = [wchar_t](repeating: 0, count: Int(tk_cols()) * 2 + 2)
    let count = tk_row_text(Int32(y), &buffer, Int32(buffer.count))
    guard count != ERR else { return "<ERR>" }
    return String(String.UnicodeScalarView(buffer.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32($0)) }))
  }

  /// Every row of the curses screen as text.
  func screenLines() -> [String] {
    (0..<Int(tk_lines())).map(row)
  }

  /// The cell at (x, y): its attributes (without colour bits) and its pair's colours.
  func cell(_ x: Int, _ y: Int) -> (attributes: attr_t, pair: Int32, foreground: Int32, background: Int32) {
    var text = [wchar_t](repeating: 0, count: 8)
    var attrs: attr_t = 0
    var pair: Int32 = 0
    _ = tk_cell(Int32(y), Int32(x), &text, 8, &attrs, &pair)
    var foreground: Int32 = 0
    var background: Int32 = 0
    if pair != 0 { extended_pair_content(pair, &foreground, &background) }
    return (tk_attributes_only(attrs), pair, foreground, background)
  }

  /// A frame of the gallery-like scene with `open` open.
  func frame(size: Size, open: String?, options: RenderOptions = RenderOptions()) -> CellGrid {
    let scene = Scene(anchors: [
      Anchor(
        id: "share", position: Point(x: 20, y: 6), placement: .top, headline: "Share 中文",
        supporting: "Send it to your teammates."),
      Anchor(
        id: "off", position: Point(x: 30, y: 10), size: .sm, placement: .bottom, headline: "Off", isDisabled: true),
    ])
    let layout = SceneLayout(scene: scene, screen: size, options: options)
    var state = TooltipState(layout: layout)
    if let open { _ = state.send(.open(open), layout: layout) }
    var grid = CellGrid(size: size)
    Renderer.draw(layout, state: state, into: &grid)
    return grid
  }

  /// Draws `grid` into `stdscr` with the cell writer the overlay uses (the style resolution the
  /// output shares), then refreshes.
  func drawWithCurses(_ grid: CellGrid, colors: CursesColors) {
    var writer = CellWriter(window: tk_stdscr()!, colors: colors)
    for y in 0..<grid.size.height {
      writer.put(grid, row: y, columns: 0..<grid.size.width, at: Point(x: 0, y: y))
    }
    writer.finish()
    wrefresh(tk_stdscr())
  }

  /// What a terminal shows after `frames`, the output's bytes for each, written in turn: a tmux
  /// pane of `size` that prints them, read back.
  func shown(_ frames: [[UInt8]], size: Size) throws -> TmuxPane {
    let directory = try TemporaryDirectory()
    let file = directory.url.appendingPathComponent("frames").path
    try Data(frames.joined()).write(to: URL(fileURLWithPath: file))
    let pane = try TmuxPane(
      width: size.width, height: size.height, command: "cat '\(file)'; touch '\(file).done'; sleep 600")
    _ = pane.wait { FileManager.default.fileExists(atPath: file + ".done") }
    // The pane has drawn what cat wrote once tmux has read it all: give it a moment.
    usleep(200_000)
    return pane
  }

  @Test func aFrameWrittenOutReadsBackLineForLineInItsColours() throws {
    let size = Size(width: 60, height: 16)
    try headless(size: size) {
      let output = TerminalOutput(styles: TerminalStyles(noColor: nil))
      let grid = frame(size: size, open: "share")
      output.format(grid)
      let pane = try shown([output.frameBytes()], size: size)
      defer { pane.kill() }
      #expect(pane.capture() == grid.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) })
      // The headline on a 256-colour terminal: bold 231 on the light fill, entry 233.
      let headline = try #require(pane.captureEscapes().first { stripSGR($0).contains("Share 中文") })
      #expect(headline.contains("38;5;231"), "\(headline.debugDescription)")
      #expect(headline.contains("48;5;233"), "\(headline.debugDescription)")
    }
  }

  @Test func aDrawnFrameReadsBackCellForCell() throws {
    let size = Size(width: 60, height: 16)
    try headless(size: size) {
      let colors = CursesColors(noColor: nil)
      #expect(colors.level == .palette256)
      let grid = frame(size: size, open: "share")
      drawWithCurses(grid, colors: colors)
      #expect(screenLines() == grid.lines)

      let ladder = ColorLadder(level: .palette256)
      for y in 0..<size.height {
        for x in 0..<size.width where !grid[x, y].isContinuation {
          let style = grid[x, y].style
          let read = cell(x, y)
          var attributes = TK_A_NORMAL
          if style.attributes.contains(.bold) { attributes |= TK_A_BOLD }
          if style.attributes.contains(.dim) { attributes |= TK_A_DIM }
          if style.attributes.contains(.reverse) { attributes |= TK_A_REVERSE }
          #expect(read.attributes == attributes, "attributes at \(x),\(y)")
          if style.foreground == nil && style.background == nil {
            #expect(read.pair == 0, "pair at \(x),\(y)")
          } else {
            #expect(read.foreground == style.foreground.map { ladder.map($0, isForeground: true)!.number } ?? -1)
            #expect(read.background == style.background.map { ladder.map($0, isForeground: false)!.number } ?? -1)
          }
        }
      }
      // The light fill on a 256-colour terminal: entry 233; the headline: 231 on 233.
      let headlineRow = try #require(grid.lines.firstIndex { $0.contains("Share 中文") })
      let headlineX = try #require(
        (0..<size.width).first { grid[$0, headlineRow].text == "S" && grid[$0, headlineRow].style.attributes == .bold })
      #expect(cell(headlineX, headlineRow).foreground == 231)
      #expect(cell(headlineX, headlineRow).background == 233)
    }
  }

  @Test func onlyTheChangedCellsAreSentAndTheScreenMatchesTheNewFrame() throws {
    let size = Size(width: 60, height: 16)
    try headless(size: size) {
      let output = TerminalOutput(styles: TerminalStyles(noColor: nil))
      let open = frame(size: size, open: "share")
      let closed = frame(size: size, open: nil)
      // The first frame (like any full repaint) follows a clear: only what is not blank is sent.
      let blank = CellGrid(size: size)
      #expect(output.format(open) == CellGrid.changedRuns(old: blank, new: open))
      let first = output.frameBytes()
      let runs = output.format(closed)
      #expect(runs == CellGrid.changedRuns(old: open, new: closed))
      #expect(runs.count == 5)  // the bubble's four rows and its pointer's row
      let second = output.frameBytes()
      let pane = try shown([first, second], size: size)
      defer { pane.kill() }
      #expect(pane.capture() == closed.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) })
      #expect(output.format(closed).isEmpty)
      #expect(output.format(closed, full: true) == CellGrid.changedRuns(old: blank, new: closed))
    }
  }

  @Test func theCursorRestsWhereTheGridSays() throws {
    let size = Size(width: 60, height: 16)
    try headless(size: size) {
      let output = TerminalOutput(styles: TerminalStyles(noColor: nil))
      var grid = frame(size: size, open: nil)
      grid.cursor = Point(x: 21, y: 6)
      output.format(grid)
      let pane = try shown([output.frameBytes()], size: size)
      defer { pane.kill() }
      #expect(pane.display("#{cursor_x},#{cursor_y}") == "21,6")
    }
  }

  @Test func aOneByOneScreenTakesItsOnlyCell() throws {
    try headless(size: Size(width: 1, height: 1)) {
      let colors = CursesColors(noColor: nil)
      var grid = CellGrid(size: Size(width: 1, height: 1))
      grid.write("x", at: Point(x: 0, y: 0), style: Style(attributes: .reverse))
      drawWithCurses(grid, colors: colors)
      #expect(screenLines() == ["x"])
      #expect(cell(0, 0).attributes == TK_A_REVERSE)
      let output = TerminalOutput(styles: TerminalStyles(noColor: nil))
      output.format(grid)
      let bytes = String(decoding: output.frameBytes(), as: UTF8.self)
      // xterm has the newline glitch: its last cell is written, in reverse video.
      #expect(bytes.contains(";7m") && bytes.contains("Hx"), "\(bytes.debugDescription)")
    }
  }

  /// Text that moved left on its row (a shorter word before it) is a few characters deleted
  /// (`CSI n P`), not the rest of the row written again; the screen then shows the new row.
  @Test func textThatMovedLeftIsCharactersDeleted() throws {
    let size = Size(width: 60, height: 2)
    try headless(size: size) {
      let output = TerminalOutput(styles: TerminalStyles(noColor: nil))
      var before = CellGrid(size: size)
      before.write("a 3-cell icon.  |  closed top-sm by Esc", at: Point(x: 1, y: 0), style: .plain)
      output.format(before)
      let first = output.frameBytes()
      var after = CellGrid(size: size)
      after.write("a 1 icon.  |  closed top-sm by Esc", at: Point(x: 1, y: 0), style: .plain)
      output.format(after)
      let second = output.frameBytes()
      let bytes = String(decoding: second, as: UTF8.self)
      #expect(bytes.contains("\u{1B}[5P") && !bytes.contains("closed"), "\(bytes.debugDescription)")
      let pane = try shown([first, second], size: size)
      defer { pane.kill() }
      #expect(pane.capture().first == " a 1 icon.  |  closed top-sm by Esc")
    }
  }

  /// With the terminal's word that it knows mode 2026, a frame's bytes are one synchronized
  /// pair whole: set first, reset last, neither in between; without it, neither at all.
  @Test func aSynchronizedFrameIsOnePair() throws {
    let size = Size(width: 60, height: 16)
    try headless(size: size) {
      let output = TerminalOutput(styles: TerminalStyles(noColor: nil))
      let on = Array("\u{1B}[?2026h".utf8)
      let off = Array("\u{1B}[?2026l".utf8)
      func count(_ needle: [UInt8], in bytes: [UInt8]) -> Int {
        (0...(bytes.count - needle.count)).filter { bytes[$0..<$0 + needle.count].elementsEqual(needle) }.count
      }
      output.format(frame(size: size, open: nil))
      #expect(count(on, in: output.frameBytes()) == 0 && count(off, in: output.frameBytes()) == 0)
      output.synchronized = true
      for open in ["share", nil] {
        output.format(frame(size: size, open: open))
        let bytes = output.frameBytes()
        #expect(bytes.starts(with: on) && bytes.reversed().starts(with: off.reversed()))
        #expect(count(on, in: bytes) == 1 && count(off, in: bytes) == 1)
        #expect(bytes.count > on.count + off.count + 20, "the frame's own bytes inside")
      }
      output.format(frame(size: size, open: nil))
      #expect(output.frameBytes().isEmpty, "a frame that changes nothing writes nothing")
    }
  }

  @Test func noColorGivesMonochromeWithNoColourPair() throws {
    try headless(size: Size(width: 10, height: 2)) {
      let colors = CursesColors(noColor: "1")
      #expect(colors.level == .none)
      let fill = ThemeTokens(theme: .light, fidelity: .hug).fill
      #expect(colors.resolve(Style(background: fill)).pair == 0)
    }
  }

  @Test func aTerminalWithoutColoursIsNeverAskedForAPair() throws {
    // alloc_pair and friends crash under vt100: no colour call may happen there.
    try headless(term: "vt100", size: Size(width: 10, height: 2)) {
      let colors = CursesColors(noColor: nil)
      #expect(colors.level == .none)
      let tokens = ThemeTokens(theme: .light, fidelity: .hug)
      let resolved = colors.resolve(Style(foreground: tokens.headline, background: tokens.fill, attributes: .bold))
      #expect(resolved.pair == 0)
      #expect(resolved.attrs == TK_A_BOLD)
    }
  }

  @Test func eightColoursDimTheBrightSupportingLine() throws {
    try headless(term: "xterm", size: Size(width: 10, height: 2)) {
      let colors = CursesColors(noColor: nil)
      #expect(colors.level == .basic8)
      let tokens = ThemeTokens(theme: .dark, fidelity: .hug)
      let resolved = colors.resolve(Style(foreground: tokens.supporting, background: tokens.fill))
      #expect(resolved.attrs & TK_A_DIM != 0)
      var foreground: Int32 = -2
      var background: Int32 = -2
      extended_pair_content(resolved.pair, &foreground, &background)
      #expect(foreground == 0)
      #expect(background == 7)
    }
  }

  @Test func pairsPast255AreDrawnWithTheirOwnColours() throws {
    let size = Size(width: 240, height: 2)
    try headless(size: size) {
      let colors = CursesColors(noColor: nil)
      var grid = CellGrid(size: size)
      // 480 distinct foreground and background pairs: two rows of every palette entry.
      for y in 0..<2 {
        for x in 0..<240 {
          let foreground = TerminalColor(rgb: ColorLadder.paletteColor(16 + x), basic: 7)
          let background = TerminalColor(rgb: ColorLadder.paletteColor(y == 0 ? 16 : 231), basic: 0)
          grid.write("x", at: Point(x: x, y: y), style: Style(foreground: foreground, background: background))
        }
      }
      drawWithCurses(grid, colors: colors)
      let output = TerminalOutput(styles: TerminalStyles(noColor: nil))
      output.format(grid)
      let bytes = String(decoding: output.frameBytes(), as: UTF8.self)
      #expect(bytes.contains("38;5;255") && bytes.contains("48;5;231"), "the output sends them too")
      let last = cell(239, 1)
      #expect(last.pair > 255)
      #expect(last.foreground == 255)
      #expect(last.background == 231)
      #expect(cell(100, 0).foreground == 116)
      #expect(cell(100, 0).background == 16)
    }
  }

  // MARK: - Pseudo-terminal input

  /// The keyboard side of a pseudo-terminal: `type("text")` writes the text's UTF-8 bytes,
  /// `type.bytes([...])` any bytes at all.
  struct Keyboard {
    let bytes: ([UInt8]) -> Void
    /// The master side's descriptor.
    var master: Int32 = -1
    /// The terminal side's descriptor (curses reads it).
    var slave: Int32 = -1

    func callAsFunction(_ text: String) {
      bytes(Array(text.utf8))
    }
  }

  /// Runs `body` with curses reading a pseudo-terminal of `term` at `size`; `body` gets the
  /// terminal's keyboard side.
  func pty(term: String, size: Size, _ body: (_ type: Keyboard) throws -> Void) throws {
    #expect(CursesHarness.utf8Locale)
    var master: Int32 = -1
    var slave: Int32 = -1
    var window = winsize(ws_row: UInt16(size.height), ws_col: UInt16(size.width), ws_xpixel: 0, ws_ypixel: 0)
    try #require(openpty(&master, &slave, nil, nil, &window) == 0)
    _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
    let output = fdopen(dup(slave), "w")
    let input = fdopen(slave, "r")
    let screen = newterm(term, output, input)
    try #require(screen != nil)
    defer {
      endwin()
      delscreen(screen)
      fclose(output)
      fclose(input)
      close(master)
    }
    // Whatever curses writes must be read, or a full pty would block it.
    func drain() {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while read(master, &buffer, buffer.count) > 0 {}
    }
    // The terminal's modes as a session sets them: no line editing, no echo, no CR translation.
    cbreak()
    noecho()
    nonl()
    refresh()
    drain()
    try body(
      Keyboard(
        bytes: { bytes in
          drain()
          _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
        }, master: master, slave: slave))
    drain()
  }

  @Test func keysArriveDecoded() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      let cases: [(String, TerminalInput)] = [
        ("\u{1B}OA", .key(.up)), ("\u{1B}OB", .key(.down)), ("\u{1B}OD", .key(.left)), ("\u{1B}OC", .key(.right)),
        ("\u{1B}[Z", .key(.backTab)), ("\t", .key(.tab)), ("\r", .key(.enter)), (" ", .key(.character(" "))),
        ("q", .key(.character("q"))), ("é", .key(.character("é"))), ("\u{1B}", .key(.escape)),
      ]
      for (bytes, expected) in cases {
        type(bytes)
        #expect(input.read(timeout: .seconds(2)) == expected, "bytes \(Array(bytes.utf8))")
      }
    }
  }

  /// The terminal's keys are looked up at the first escape sequence, not when the reader is
  /// made, and a key only terminfo knows (the Linux console's F1, `ESC [ [ A`) still arrives.
  @Test func terminfoKeysAreLookedUpAtTheFirstEscape() throws {
    try pty(term: "linux", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      #expect(!input.hasKeys)
      type("qé")
      #expect(input.read(timeout: .seconds(2)) == .key(.character("q")))
      #expect(input.read(timeout: .seconds(2)) == .key(.character("é")))
      #expect(!input.hasKeys)
      type("\u{1B}[[A")
      #expect(input.read(timeout: .seconds(2)) == .key(.function(1)))
      #expect(input.hasKeys)
      type("\u{1B}[[B")
      #expect(input.read(timeout: .seconds(2)) == .key(.function(2)))
    }
  }

  @Test func sgrMouseReportsPressAndReleasePastColumn223() throws {
    try pty(term: "xterm-256color", size: Size(width: 250, height: 30)) { type in
      let input = TerminalReader(input: type.slave)
      let before = MonotonicClock.now
      type("\u{1B}[<0;241;5M")
      guard let (point, pressTime) = input.read(timeout: .seconds(2))?.primary(.press(.primary)) else {
        Issue.record("no press")
        return
      }
      #expect(point == Point(x: 240, y: 4))
      #expect(pressTime >= before)
      type("\u{1B}[<0;241;5m")
      guard let (releasePoint, releaseTime) = input.read(timeout: .seconds(2))?.primary(.release(.primary)) else {
        Issue.record("no release")
        return
      }
      #expect(releasePoint == Point(x: 240, y: 4))
      #expect(releaseTime >= pressTime)
    }
  }

  @Test(arguments: [
    ("\u{1B}[<64;10;5M", TerminalMouse.Action.wheelUp), ("\u{1B}[<65;10;5M", .wheelDown),
    ("\u{1B}[<2;10;5M", .press(.secondary)), ("\u{1B}[<1;10;5M", .press(.middle)), ("\u{1B}[<35;10;5M", .move),
    ("\u{1B}[<32;10;5M", .move),
  ])
  func theWheelOtherButtonsDragsAndMotionArrive(_ report: String, _ action: TerminalMouse.Action) throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      type(report)
      #expect(input.read(timeout: .seconds(2))?.primary(action)?.0 == Point(x: 9, y: 4))
      type("q")
      #expect(input.read(timeout: .seconds(2)) == .key(.character("q")))
    }
  }

  /// A sweep of motion reports read together is one input, its last (drags too); a press, release or key
  /// among them keeps its place, and runs on either side of it are cut apart.
  @Test func motionReadTogetherActsOnTheLastReportOnly() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      let sweep = (0..<100).map { "\u{1B}[<35;\($0 % 80 + 1);\($0 % 20 + 1)M" }.joined()
      let second = (0..<50).map { "\u{1B}[<35;\($0 + 1);7M" }.joined()
      let drags = (0..<30).map { "\u{1B}[<32;\($0 + 1);9M" }.joined()
      type(sweep + "\u{1B}[<0;5;5M" + drags + "\u{1B}[<0;6;6m" + second + "x" + "\u{1B}[<35;2;2M")
      let read = (0..<6).compactMap { _ in input.read(timeout: .seconds(2)) }
      let expected: [TerminalInput] = [
        .mouse(TerminalMouse(.move, at: Point(x: 99 % 80, y: 99 % 20))),
        .mouse(TerminalMouse(.press(.primary), at: Point(x: 4, y: 4))),
        .mouse(TerminalMouse(.drag(.primary), at: Point(x: 29, y: 8))),
        .mouse(TerminalMouse(.release(.primary), at: Point(x: 5, y: 5))),
        .mouse(TerminalMouse(.move, at: Point(x: 49, y: 6))),
        .key(.character("x")),
      ]
      #expect(read.map(\.withoutTime) == expected)
      #expect(input.read(timeout: .seconds(2))?.withoutTime == .mouse(TerminalMouse(.move, at: Point(x: 1, y: 1))))
    }
  }

  @Test func x10MouseUnderScreen() throws {
    try pty(term: "screen", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      type("\u{1B}[M" + String(UnicodeScalar(32)) + String(UnicodeScalar(32 + 11)) + String(UnicodeScalar(32 + 5)))
      guard let (point, _) = input.read(timeout: .seconds(2))?.primary(.press(.primary)) else {
        Issue.record("no press")
        return
      }
      #expect(point == Point(x: 10, y: 4))
      type("\u{1B}[M" + String(UnicodeScalar(35)) + String(UnicodeScalar(32 + 11)) + String(UnicodeScalar(32 + 5)))
      guard let (releasePoint, _) = input.read(timeout: .seconds(2))?.primary(.release(.primary)) else {
        Issue.record("no release")
        return
      }
      #expect(releasePoint == Point(x: 10, y: 4))
    }
  }

  @Test func aPressAndReleaseInOneWriteArriveAsBoth() throws {
    // Curses' own mouse parser reported them as the release alone; the bytes say both.
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      type("\u{1B}[<0;8;3M\u{1B}[<0;8;3m")
      guard let (point, _) = input.read(timeout: .seconds(2))?.primary(.press(.primary)) else {
        Issue.record("no press")
        return
      }
      #expect(point == Point(x: 7, y: 2))
      guard let (releasePoint, _) = input.read(timeout: .seconds(2))?.primary(.release(.primary)) else {
        Issue.record("no release")
        return
      }
      #expect(releasePoint == Point(x: 7, y: 2))
    }
  }

  /// Keys the program does not list arrive as nothing, under the TERM whose keypad sends them.
  /// Each terminal's keys come from its own terminfo entry: Home is `CSI 1 ~` under tmux and
  /// screen, `SS3 H` (or `CSI H`) under xterm; F1 is `SS3 P` everywhere here. xterm's modifier
  /// parameter applies on top, and what the terminal does not send stays ignored whole.
  @Test(arguments: ["tmux-256color", "xterm-256color", "screen", "linux", "rxvt-unicode"])
  func keysComeFromTheTerminalsOwnEntry(term: String) throws {
    try pty(term: term, size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      let names: [(String, TerminalKey)] = [
        ("khome", .home), ("kend", .end), ("kpp", .pageUp), ("knp", .pageDown), ("kdch1", .delete),
        ("kf1", .function(1)),
        ("kf5", .function(5)), ("kf12", .function(12)),
      ]
      for (name, key) in names {
        guard let value = name.withCString({ tigetstr($0) }), Int(bitPattern: value) != -1 else { continue }
        type(String(cString: value))
        #expect(input.read(timeout: .seconds(2)) == .key(key), "\(term) \(name)")
      }
      type("\u{1B}]0;title\u{07}\u{1B}[1;5A\u{1B}[99~j")
      #expect(input.read(timeout: .seconds(2)) == .key(TerminalKey(.up, modifiers: .control)))
      #expect(input.read(timeout: .seconds(2)) == .key(.character("j")))
    }
  }

  /// A program that reads with its own `wgetch` (keypad on) gets the same typed keys through
  /// `InputDecoder`: ncurses' codes, and the modified keys terminfo names (`kUP5`) by `keyname`.
  @Test func aProgramsOwnWgetchDecodesToTheSameKeys() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let window = tk_stdscr()
      keypad(window, true)
      defer { keypad(window, false) }
      var decoder = InputDecoder()
      for (bytes, key) in [
        ("\u{1B}[1;5A", TerminalKey(.up, modifiers: .control)), ("\u{1B}[5~", .pageUp), ("\u{1B}OP", .function(1)),
        ("\u{1B}[3;3~", TerminalKey(.delete, modifiers: .alt)), ("\u{1B}[1;2H", TerminalKey(.home, modifiers: .shift)),
        ("\u{1B}[24~", .function(12)), ("\u{0C}", TerminalKey(.character("l"), modifiers: .control)),
      ] {
        type(bytes)
        wtimeout(window, 2000)
        let value = wgetch(window)
        let input = decoder.decode(RawKey(wgetch: value), screen: Size(width: 80, height: 24), time: .zero)
        #expect(input == .key(key), "\(bytes.debugDescription): \(value)")
      }
    }
  }

  /// The parser tests' xterm table is what xterm's terminfo entry holds.
  @Test func theTestTableIsXtermsEntry() throws {
    try pty(term: "xterm", size: Size(width: 80, height: 24)) { _ in
      let table = TerminalKeys.current()
      for (sequence, key) in [
        ("\u{1B}OH", TerminalKey.home), ("\u{1B}[5~", .pageUp), ("\u{1B}[3~", .delete),
        ("\u{1B}OP", .function(1)), ("\u{1B}[24~", .function(12)), ("\u{1B}[Z", .backTab),
      ] {
        #expect(table.first { $0.0 == Array(sequence.utf8) }?.1 == key, "\(sequence.debugDescription)")
      }
    }
  }

  /// A slow link: once `ESC [` has come, the rest of an arrow or of a mouse report 60 ms apart
  /// still belongs to it (it was Esc and loose keys, which closed the tooltip or tapped).
  @Test func bytesOfOneSequence60msApartAreStillThatSequence() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      for (pieces, expected) in [
        (["\u{1B}[", "1", ";", "5", "A"], TerminalInput.key(TerminalKey(.up, modifiers: .control))),
        (["\u{1B}[", "A"], .key(.up)),
        (["\u{1B}O", "B"], .key(.down)),
      ] {
        for piece in pieces.dropLast() {
          type(piece)
          #expect(input.read(timeout: .milliseconds(60)) == nil)
        }
        type(pieces.last!)
        #expect(input.read(timeout: .seconds(2)) == expected)
      }
      for piece in ["\u{1B}[", "<", "0", ";", "5", ";", "4"] {
        type(piece)
        #expect(input.read(timeout: .milliseconds(60)) == nil)
      }
      type("M")
      #expect(input.read(timeout: .seconds(2))?.primary(.press(.primary))?.0 == Point(x: 4, y: 3))
      // A lone ESC is still Esc at once, not after the long wait.
      let start = MonotonicClock.now
      type("\u{1B}")
      #expect(input.read(timeout: .seconds(2)) == .key(.escape))
      #expect(MonotonicClock.now - start < .milliseconds(500))
    }
  }

  /// A paste is one input, whatever it holds.
  @Test func aPasteArrivesAsOneInput() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      type("\u{1B}[200~q\u{1B}[Ai\r\u{1B}[201~j")
      #expect(input.read(timeout: .seconds(2)) == .paste("q\u{1B}[Ai\n"))
      #expect(input.read(timeout: .seconds(2)) == .key(.character("j")))
    }
  }

  /// Input is read in bulk: 100,000 keys waiting are all there after a handful of reads of the
  /// terminal, in order.
  @Test func aBurstIsReadWhole() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      var count = 0
      var other = 0
      let chunk = String(repeating: "x", count: 1000)
      for _ in 0..<100 {
        type(chunk)
        while let next = input.read(timeout: .zero) {
          if next == .key(.character("x")) { count += 1 } else { other += 1 }
        }
      }
      while let next = input.read(timeout: .milliseconds(100)) {
        if next == .key(.character("x")) { count += 1 } else { other += 1 }
      }
      #expect(count == 100_000)
      #expect(other == 0)
    }
  }

  @Test func aLoneEscIsEscOnceTheWaitIsOver() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      let start = MonotonicClock.now
      type("\u{1B}")
      #expect(input.read(timeout: .seconds(2)) == .key(.escape))
      #expect(MonotonicClock.now - start >= InputParser.sequenceWait)
      // The same ESC with the rest of a sequence after it is that sequence's key.
      type("\u{1B}")
      type("[A")
      #expect(input.read(timeout: .zero) == .key(.up))
    }
  }

  /// A reader that gets back to the terminal late (a busy machine) finds the rest of the
  /// sequence already there: it is still the sequence, not Esc and loose keys. Found by the
  /// stream fuzzer under load: `ESC O M` and others closed the open tooltip as Esc.
  @Test func aSlowReaderStillTakesTheRestOfTheSequence() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      // Every look at the clock is 30 ms later than the one before: past the wait each time.
      let ticks = Mutex<Int64>(0)
      let input = TerminalReader(mouse: true, input: type.slave) {
        .milliseconds(
          ticks.withLock { value in
            value += 30
            return value
          })
      }
      type("\u{1B}[A\u{1B}OM")
      #expect(input.read(timeout: .seconds(2)) == .key(.up))
      #expect(input.read(timeout: .seconds(2)) == .key(.enter))
      type("\u{1B}")
      #expect(input.read(timeout: .seconds(2)) == .key(.escape))
    }
  }

  /// A wait for the rest of a sequence that a signal cuts short, after time has passed (the
  /// program was stopped by Ctrl-Z and continued), looks at the input again: the rest of the
  /// sequence that came meanwhile still belongs to it. Found by the stream fuzzer: keypad 2
  /// before a Ctrl-Z/fg cycle closed the open tooltip as Esc.
  @Test func aWaitCutShortBySignalLooksAtTheInputAgain() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(mouse: true, input: type.slave) {
        MonotonicClock.now + (stopped.load(ordering: .relaxed) ? .seconds(1) : .zero)
      }
      // Globals are set up on first use: before the handler can be the first.
      stopped.store(false, ordering: .relaxed)
      _ = restOfSequence
      var action = sigaction()
      action.__sigaction_handler.sa_handler = { _ in
        // The rest of the sequence arrives while the reader is "stopped", and a second passes.
        _ = write(stoppedInputFD.load(ordering: .relaxed), restOfSequence, 2)
        // The terminal side sees the bytes a moment later: wait for them, as a stop would.
        var ready = pollfd(fd: stoppedOutputFD.load(ordering: .relaxed), events: Int16(POLLIN), revents: 0)
        _ = poll(&ready, 1, 1000)
        stopped.store(true, ordering: .relaxed)
      }
      sigemptyset(&action.sa_mask)
      action.sa_flags = 0
      var previous = sigaction()
      sigaction(SIGUSR2, &action, &previous)
      // The test runner's threads block signals: this one takes SIGUSR2 while it reads.
      var unblock = sigset_t()
      sigemptyset(&unblock)
      sigaddset(&unblock, SIGUSR2)
      var mask = sigset_t()
      pthread_sigmask(SIG_UNBLOCK, &unblock, &mask)
      defer {
        pthread_sigmask(SIG_SETMASK, &mask, nil)
        sigaction(SIGUSR2, &previous, nil)
      }
      stoppedInputFD.store(type.master, ordering: .relaxed)
      stoppedOutputFD.store(type.slave, ordering: .relaxed)
      let reader = pthread_self()
      let interrupter = Thread {
        Thread.sleep(forTimeInterval: 0.005)
        pthread_kill(reader, SIGUSR2)
      }
      type("\u{1B}")
      interrupter.start()
      #expect(input.read(timeout: .seconds(2)) == .key(.up))
    }
  }

  /// After a stop and continue, curses has dropped the waiting input (the rest of the
  /// sequence among it): what was read of the sequence is dropped too, not taken for Esc.
  /// Found by the stream fuzzer: keypad 2 just before Ctrl-Z closed the tooltip as Esc.
  @Test func aSequenceCutByAStopIsDroppedNotEsc() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(mouse: true, input: type.slave) { MonotonicClock.now }
      // Continued after the ESC was read: dropped.
      let continues = Mutex<[Bool]>([false, true])
      let next = { continues.withLock { $0.isEmpty ? false : $0.removeFirst() } }
      type("\u{1B}")
      #expect(input.read(timeout: .seconds(1), resumed: next) == nil)
      type("j")
      #expect(input.read(timeout: .seconds(1), resumed: next) == .key(.character("j")))
      // Continued before the ESC came (the flag still set from an earlier stop): Esc.
      continues.withLock { $0 = [true, false] }
      type("\u{1B}")
      #expect(input.read(timeout: .seconds(1), resumed: next) == .key(.escape))
    }
  }

  /// Reads until an input arrives or `attempts` reads came back empty.
  func nextInput(_ input: TerminalReader, attempts: Int = 5) -> TerminalInput? {
    for _ in 0..<attempts {
      if let next = input.read(timeout: .milliseconds(400)) { return next }
    }
    return nil
  }

  /// A byte that cannot start a UTF-8 character, or a character cut short, is dropped; the
  /// keys after it still arrive (curses' own wide-character read kept every later key).
  @Test(arguments: [
    [0x80], [0xBF, 0xBF], [0xFF], [0xC0], [0xC3], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xED, 0xA0, 0x80],
  ])
  func invalidUTF8DoesNotSwallowTheKeysAfterIt(_ junk: [UInt8]) throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      type.bytes(junk + Array("jq".utf8))
      #expect(nextInput(input) == .key(.character("j")))
      #expect(nextInput(input) == .key(.character("q")))
    }
  }

  /// Bytes that are not UTF-8 and sequences that mean nothing do not end a read: it goes on
  /// to the key after them (each ended one read, and the demo drew a frame for each). (A DA1
  /// answer and an OSC 11 answer mean something: they arrive as inputs.)
  @Test func ignoredInputDoesNotEndARead() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      type.bytes([0x80, 0xFF, 0xC3] + Array("\u{1B}[?1;2$y\u{1B}[99~\u{1B}]10;rgb:0/0/0\u{07}j".utf8))
      #expect(input.read(timeout: .seconds(2)) == .key(.character("j")))
    }
  }

  @Test func validUTF8AfterInvalidBytesArrives() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let input = TerminalReader(input: type.slave)
      type.bytes([0xC3] + Array("é😀\u{1B}OA".utf8))
      #expect(nextInput(input) == .key(.character("é")))
      #expect(nextInput(input) == .key(.character("😀")))
      #expect(nextInput(input) == .key(.up))
    }
  }

  @Test func aTimeoutReturnsNothing() throws {
    try pty(term: "xterm-256color", size: Size(width: 80, height: 24)) { type in
      let start = MonotonicClock.now
      #expect(TerminalReader(input: type.slave).read(timeout: .milliseconds(50)) == nil)
      #expect(MonotonicClock.now - start >= .milliseconds(50))
    }
  }
}

/// Set by the signal that stands for a stop and continue in `aWaitCutShortBySignalLooksAtTheInputAgain`.
private let stopped = Atomic<Bool>(false)
/// The pseudo-terminal's keyboard side, for that signal's handler.
private let stoppedInputFD = Atomic<Int32>(-1)
/// The pseudo-terminal's terminal side, for that signal's handler.
private let stoppedOutputFD = Atomic<Int32>(-1)
/// `[A`, the rest of an up arrow, written by that handler.
nonisolated(unsafe) private let restOfSequence: UnsafeMutableRawPointer = {
  let bytes = UnsafeMutableRawPointer.allocate(byteCount: 2, alignment: 1)
  bytes.storeBytes(of: 0x5B, toByteOffset: 0, as: UInt8.self)
  bytes.storeBytes(of: 0x41, toByteOffset: 1, as: UInt8.self)
  return bytes
}()

/// Process-wide set-up the curses tests share.
enum CursesHarness {
  /// ncurses takes and draws UTF-8 only under a UTF-8 character type: set it once.
  static let utf8Locale: Bool = setlocale(LC_CTYPE, "C.UTF-8") != nil
}

extension TerminalInput {
  /// The cell and time of a mouse event `action`, nil for any other input.
  func primary(_ action: TerminalMouse.Action) -> (Point, Duration)? {
    guard case .mouse(let mouse) = self, mouse.action == action else { return nil }
    return (mouse.point, mouse.time)
  }
}

extension TerminalInput {
  /// The input with a mouse event's time set to zero, to compare what happened and where.
  var withoutTime: TerminalInput {
    guard case .mouse(var mouse) = self else { return self }
    mouse.time = .zero
    return .mouse(mouse)
  }
}
