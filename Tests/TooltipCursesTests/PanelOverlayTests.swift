import CCursesSupport
import CNcurses
import Testing
import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// A program with several windows on panels, and tooltips in panels of their own above them
/// (``TooltipOverlay/init(colors:)``); and ``CursesTooltips``, the one value such a program
/// feeds its `wgetch` values to. In the serialized curses suite (ncurses is not thread-safe).
extension CursesScreenTests {
  /// The program's windows, each on a panel: a header (rows 0-1, pair 1: yellow on blue), a
  /// table (rows 2 to height - 2, dots, pair 0) and a status row (pair 2: white on red).
  final class PanelProgram {
    let size: Size
    let header: UnsafeMutablePointer<WINDOW>
    let table: UnsafeMutablePointer<WINDOW>
    let status: UnsafeMutablePointer<WINDOW>
    private var panels: [UnsafeMutablePointer<PANEL>] = []

    init(size: Size) {
      self.size = size
      start_color()
      _ = use_default_colors()
      init_extended_pair(1, 3, 4)
      init_extended_pair(2, 7, 1)
      header = newwin(2, Int32(size.width), 0, 0)
      table = newwin(Int32(size.height - 3), Int32(size.width), 2, 0)
      status = newwin(1, Int32(size.width), Int32(size.height - 1), 0)
      panels = [header, table, status].map { new_panel($0) }
      draw(header, text: "H", pair: 1)
      draw(table, text: ".", pair: 0)
      draw(status, text: "S", pair: 2)
    }

    /// Fills `window` with `text` in `pair`.
    func draw(_ window: UnsafeMutablePointer<WINDOW>, text: String, pair: Int32) {
      _ = tk_attr_set(window, TK_A_NORMAL, pair)
      for y in 0..<tk_getmaxy(window) {
        _ = tk_put(window, y, 0, String(repeating: text, count: Int(tk_getmaxx(window))))
      }
      _ = tk_attr_set(window, TK_A_NORMAL, 0)
    }

    /// The end of a frame in the panel style.
    func refresh() {
      update_panels()
      doupdate()
    }

    deinit {
      for panel in panels {
        let window = panel_window(panel)
        del_panel(panel)
        delwin(window)
      }
    }
  }

  /// The screen as the terminal has it after the last `doupdate` (curses' `curscr`): each row's
  /// text and each cell's attributes and pair.
  func physicalScreen() -> (text: [String], cells: [[String]]) {
    let window = cs_curscr()!
    var text: [String] = []
    var cells: [[String]] = []
    for y in 0..<tk_lines() {
      var buffer = [wchar_t](repeating: 0, count: Int(tk_cols()) * 2 + 2)
      _ = mvwinnwstr(window, y, 0, &buffer, Int32(buffer.count - 1))
      text.append(String(String.UnicodeScalarView(buffer.prefix { $0 != 0 }.compactMap { Unicode.Scalar(UInt32($0)) })))
      cells.append(
        (0..<tk_cols()).map { x in
          var foreground: Int32 = 0
          var background: Int32 = 0
          var attrs: attr_t = 0
          var pair: Int32 = 0
          _ = cs_cell_colors(window, y, x, &foreground, &background, &attrs, &pair)
          return "\(attrs)/\(foreground)/\(background)"
        })
    }
    return (text, cells)
  }

  /// The colours of the physical screen's cell at (x, y).
  func physicalColors(_ x: Int, _ y: Int) -> (foreground: Int32, background: Int32) {
    var foreground: Int32 = 0
    var background: Int32 = 0
    var attrs: attr_t = 0
    var pair: Int32 = 0
    _ = cs_cell_colors(cs_curscr(), Int32(y), Int32(x), &foreground, &background, &attrs, &pair)
    return (foreground, background)
  }

  /// A toolbar on the header's row 0: a button whose bubble opens below, over the table, and
  /// an sm icon whose bubble opens above, over the header.
  static let panelScene = Scene(anchors: [
    Anchor(
      id: "open", position: Point(x: 8, y: 0), placement: .bottom, headline: "Open a file",
      supporting: "From the list below.", label: "Open", boxSize: Size(width: 6, height: 1), action: true),
    Anchor(id: "up", position: Point(x: 30, y: 3), size: .sm, placement: .top, headline: "Over the header"),
  ])

  @Test func aBubbleInPanelsCrossesTheProgramsWindowsAndClosingGivesBackWhatLayUnder() throws {
    let size = Size(width: 50, height: 14)
    try headless(size: size) {
      let program = PanelProgram(size: size)
      let overlay = TooltipOverlay(colors: CursesColors(pairs: 100..<120, noColor: nil))
      #expect(overlay.usesPanels)
      let layout = overlay.layout(scene: Self.panelScene)
      program.refresh()
      let before = physicalScreen()
      #expect(before.text[0].hasPrefix("HHHH") && before.text[5].hasPrefix("....") && before.text[13].hasPrefix("SSSS"))

      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.open("open"), layout: layout)
      overlay.draw(layout, state: state) { _ in Issue.record("panels never ask the program to redraw") }
      program.refresh()
      let bubble = try #require(layout.bubble(for: "open"))
      let open = physicalScreen()
      // The body lies over the table window; the pointer over the header's row 1.
      #expect(bubble.pointer.y == 1 && bubble.body.minY == 2)
      #expect(open.text[bubble.rows[0].origin.y].contains("Open a file"))
      #expect(open.text[bubble.rows[1].origin.y].contains("From the list below."))
      // Rows the bubble does not reach are the program's, cell for cell.
      for y in 0..<size.height where y < bubble.pointer.y || y >= bubble.body.maxY {
        #expect(open.text[y] == before.text[y], "row \(y)")
        #expect(open.cells[y] == before.cells[y], "row \(y)")
      }
      // The program's windows hold their own cells: nothing was drawn into them.
      var text = [wchar_t](repeating: 0, count: 120)
      _ = mvwinnwstr(program.table, 2, 0, &text, Int32(text.count - 1))
      #expect(text.prefix(size.width).allSatisfy { $0 == wchar_t(UInt8(ascii: ".")) })

      // Closed: the panel library gives back what lay under, with no redraw by the program.
      _ = state.send(.escape, layout: layout)
      overlay.draw(layout, state: state) { _ in Issue.record("panels never ask the program to redraw") }
      program.refresh()
      let closed = physicalScreen()
      #expect(closed.text == before.text)
      #expect(closed.cells == before.cells)
    }
  }

  /// The panel scene's `open` tooltip opened and drawn above a ``PanelProgram`` of `size`: where
  /// the tests of what lies under an open bubble start (inside `headless`).
  static func openOverProgram(size: Size) throws -> (
    program: PanelProgram, overlay: TooltipOverlay, layout: SceneLayout, state: TooltipState, bubble: BubbleLayout
  ) {
    let program = PanelProgram(size: size)
    let overlay = TooltipOverlay(colors: CursesColors(pairs: 100..<120, noColor: nil))
    let layout = overlay.layout(scene: panelScene)
    var state = TooltipState(layout: layout, keepsSelection: false)
    _ = state.send(.open("open"), layout: layout)
    overlay.draw(layout, state: state)
    program.refresh()
    let bubble = try #require(layout.bubble(for: "open"))
    return (program, overlay, layout, state, bubble)
  }

  @Test func whatTheProgramRedrawsUnderAnOpenBubbleStaysUnderIt() throws {
    let size = Size(width: 50, height: 14)
    try headless(size: size) {
      let (program, overlay, layout, opened, bubble) = try Self.openOverProgram(size: size)
      var state = opened
      // A clock, a scroll: the program draws its whole table again, under the bubble.
      program.draw(program.table, text: "#", pair: 0)
      overlay.draw(layout, state: state)
      program.refresh()
      let screen = physicalScreen()
      #expect(screen.text[bubble.rows[0].origin.y].contains("Open a file"))
      #expect(screen.text[bubble.body.maxY].hasPrefix("####"))
      _ = state.send(.escape, layout: layout)
      overlay.draw(layout, state: state)
      program.refresh()
      #expect(physicalScreen().text[bubble.rows[0].origin.y].hasPrefix(String(repeating: "#", count: size.width)))
    }
  }

  @Test func thePointerKeepsTheBackgroundOfTheWindowBelowInPanels() throws {
    let size = Size(width: 50, height: 14)
    try headless(size: size) {
      let (program, overlay, layout, state, bubble) = try Self.openOverProgram(size: size)
      // Over the header (blue): the pointer on blue, not on the default; the fill's near-black
      // would not show there, so it takes the headline's white (231).
      let pointer = physicalColors(bubble.pointer.x, bubble.pointer.y)
      #expect(pointer.background == 4)
      #expect(pointer.foreground == 231)
      // The header turns red under the open bubble: the pointer follows.
      program.draw(program.header, text: "H", pair: 2)
      overlay.draw(layout, state: state)
      program.refresh()
      #expect(physicalColors(bubble.pointer.x, bubble.pointer.y).background == 1)
    }
  }

  @Test func thePointerKeepsTheBackgroundOfTheCellUnderItInAWindow() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      let host = HostScreen(size: size)
      let overlay = TooltipOverlay(window: host.window, colors: CursesColors(pairs: 100..<120, noColor: nil))
      // An anchor on row 1 whose bubble opens above: its pointer lands on the title row (blue).
      let scene = Scene(anchors: [
        Anchor(id: "a", position: Point(x: 10, y: 1), size: .sm, placement: .top, headline: "Up there")
      ])
      let layout = overlay.layout(scene: scene)
      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.open("a"), layout: layout)
      overlay.draw(layout, state: state) { host.redraw($0) }
      let bubble = try #require(layout.bubble(for: "a"))
      #expect(bubble.pointer.y == 0)
      let pointer = cell(bubble.pointer.x, bubble.pointer.y)
      #expect(pointer.background == 4)
      #expect(pointer.foreground == 231, "white shows on blue, the fill's near-black would not")
      // Drawn again over its own pointer, it keeps the same background.
      overlay.draw(layout, state: state) { host.redraw($0) }
      #expect(cell(bubble.pointer.x, bubble.pointer.y).background == 4)
    }
  }

  @Test func theHighlightWithPanelsIsTheProgramsToDraw() throws {
    let size = Size(width: 50, height: 14)
    try headless(size: size) {
      let program = PanelProgram(size: size)
      let overlay = TooltipOverlay(colors: CursesColors(pairs: 100..<120, noColor: nil))
      let layout = overlay.layout(scene: Self.panelScene)
      program.refresh()
      let before = physicalScreen()
      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.select("up"), layout: layout)
      #expect(overlay.draw(layout, state: state).isEmpty)
      program.refresh()
      // Nothing of the program's is reversed or rewritten; the overlay says which cells to draw.
      #expect(physicalScreen().cells == before.cells)
      #expect(
        overlay.highlight(layout, state: state) == [
          Rect(x: 30, y: 3, width: 1, height: 1), Rect(x: 29, y: 3, width: 1, height: 1),
          Rect(x: 31, y: 3, width: 1, height: 1),
        ])
    }
  }

  // MARK: - CursesTooltips

  /// Tooltips in panels over `PanelProgram`, and what `wgetch` would return for a mouse event.
  func tooltips(_ size: Size) -> CursesTooltips {
    CursesTooltips(
      scene: Self.panelScene, overlay: TooltipOverlay(colors: CursesColors(pairs: 100..<120, noColor: nil)))
  }

  func mouse(_ x: Int, _ y: Int, _ buttons: mmask_t) -> MEVENT {
    var event = MEVENT()
    event.x = Int32(x)
    event.y = Int32(y)
    event.bstate = buttons
    return event
  }

  @Test func theTooltipsConsumeWhatIsTheirsAndPassTheRestOn() throws {
    let size = Size(width: 50, height: 14)
    try headless(size: size) {
      let tips = tooltips(size)
      // A press and release on the background with nothing open: the program's (a table row).
      #expect(!tips.handle(KEY_MOUSE, mouse: mouse(2, 8, MouseReport.pressed)))
      #expect(!tips.handle(KEY_MOUSE, mouse: mouse(2, 8, MouseReport.released)))
      // On the button: the component's, and it opens.
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(9, 0, MouseReport.pressed)))
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(9, 0, MouseReport.released)))
      #expect(tips.events == [.opened("open"), .action("open")])
      // The wheel over the open bubble scrolls the program's table: not consumed, still open.
      #expect(!tips.handle(KEY_MOUSE, mouse: mouse(9, 4, TK_BUTTON5_PRESSED)))
      #expect(tips.state.openID == "open")
      // A key of the program's own while a tooltip is open.
      #expect(!tips.handle(KEY_NPAGE))
      #expect(!tips.handle(Int32(UInt8(ascii: "q"))))
      // A tap on the background while open closes it and is consumed (it does nothing else).
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(2, 8, MouseReport.pressed)))
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(2, 8, MouseReport.released)))
      #expect(tips.events == [.closed("open", .tap)])
      // The taps left the program's focus alone: nothing is selected, so arrows, Enter and
      // Esc are the program's; Tab is always the component's.
      #expect(tips.state.selectedID == nil)
      #expect(!tips.handle(27))
      #expect(!tips.handle(KEY_UP))
      #expect(!tips.handle(10))
      #expect(tips.handle(9))
      #expect(tips.state.selectedID == "open")
      #expect(tips.handle(KEY_DOWN))
      // A tap on another anchor opens it and leaves the keyboard focus where it was.
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(30, 3, MouseReport.pressed)))
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(30, 3, MouseReport.released)))
      #expect(tips.events == [.opened("up")])
      #expect(tips.state.selectedID == "open")
      // Esc closes; Esc again, with nothing open, gives the focus back.
      #expect(tips.handle(27))
      #expect(tips.state.openID == nil && tips.state.selectedID == "open")
      #expect(tips.handle(27))
      #expect(tips.state.selectedID == nil)
      // Tab past the last anchor: back to the program's own focus too.
      #expect(tips.handle(9))
      #expect(tips.handle(9))
      #expect(tips.state.selectedID == "up")
      #expect(tips.handle(9))
      #expect(tips.state.selectedID == nil)
      #expect(!tips.handle(KEY_DOWN))
    }
  }

  @Test func theTooltipsSayHowLongTheProgramMaySleep() throws {
    let size = Size(width: 50, height: 14)
    try headless(size: size) {
      let scene = Scene(anchors: [
        Anchor(
          id: "hold", position: Point(x: 8, y: 0), placement: .bottom, headline: "Held", trigger: .longPress,
          label: "Hold", boxSize: Size(width: 6, height: 1)),
        Anchor(
          id: "now", position: Point(x: 20, y: 0), placement: .bottom, headline: "At once",
          trigger: .longPress(hold: .zero), label: "Now", boxSize: Size(width: 5, height: 1)),
      ])
      // Input that never ends and never has anything: a pipe nobody writes to.
      var pipe: [Int32] = [-1, -1]
      #expect(Glibc.pipe(&pipe) == 0)
      defer { pipe.forEach { close($0) } }
      let tips = CursesTooltips(
        scene: scene, overlay: TooltipOverlay(colors: CursesColors(pairs: 100..<120, noColor: nil)), input: pipe[0])
      #expect(tips.inputTimeout(atMost: -1) == -1)
      #expect(tips.inputTimeout(atMost: 700) == 700)
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(9, 0, MouseReport.pressed)))
      // The long press is due within half a second: that comes first, unless the program's
      // own timer is sooner.
      let wait = tips.inputTimeout(atMost: 700)
      #expect(wait > 0 && wait <= 500)
      #expect(tips.inputTimeout(atMost: 100) == 100)
      #expect(tips.inputTimeout(atMost: -1) <= 500)
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(9, 0, MouseReport.released)))
      // A press whose hold is already over: the timeout's ERR sends the tick that opens the
      // hint, and stays the program's (its own timer may be due too).
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(21, 0, MouseReport.pressed)))
      #expect(tips.inputTimeout(atMost: -1) == 0)
      #expect(!tips.handle(ERR))
      #expect(tips.events == [.opened("now")])
      #expect(tips.inputEnd == nil)
    }
  }
}

extension CursesScreenTests {
  /// Tooltips whose input is `descriptor`, on the headless screen.
  func tooltips(input descriptor: Int32) -> CursesTooltips {
    CursesTooltips(
      scene: Self.panelScene, overlay: TooltipOverlay(colors: CursesColors(pairs: 100..<120, noColor: nil)),
      input: descriptor)
  }

  @Test func aHangUpWhoseSignalNeverCameEndsTheInput() throws {
    try headless(size: Size(width: 50, height: 14)) {
      var master: Int32 = -1
      var slave: Int32 = -1
      try #require(openpty(&master, &slave, nil, nil, nil) == 0)
      defer { close(slave) }
      let tips = tooltips(input: slave)
      #expect(!tips.handle(ERR))
      #expect(tips.inputEnd == nil)
      close(master)
      #expect(!tips.handle(ERR))
      #expect(tips.inputEnd?.status == 129)
      #expect(tips.inputEnd?.reason?.contains("hung up") == true)
    }
  }

  @Test func aWriteOnlyStandardInputEndsTheInputWithItsReason() throws {
    try headless(size: Size(width: 50, height: 14)) {
      var master: Int32 = -1
      var slave: Int32 = -1
      try #require(openpty(&master, &slave, nil, nil, nil) == 0)
      let writeOnly = open(ttyname(slave), O_WRONLY)
      defer { [master, slave, writeOnly].forEach { close($0) } }
      let tips = tooltips(input: writeOnly)
      #expect(!tips.handle(ERR))
      #expect(tips.inputEnd?.status == 129)
      #expect(tips.inputEnd?.reason?.contains("open for writing only") == true)
    }
  }

  @Test func aTerminalMadeNonBlockingWhileRunningEndsTheInput() throws {
    try headless(size: Size(width: 50, height: 14)) {
      var master: Int32 = -1
      var slave: Int32 = -1
      try #require(openpty(&master, &slave, nil, nil, nil) == 0)
      defer { [master, slave].forEach { close($0) } }
      let tips = tooltips(input: slave)
      #expect(!tips.handle(ERR))
      #expect(tips.inputEnd == nil)
      // Another program on the terminal made it non-blocking: every read would fail at once.
      _ = fcntl(slave, F_SETFL, fcntl(slave, F_GETFL) | O_NONBLOCK)
      #expect(!tips.handle(ERR))
      #expect(tips.inputEnd?.status == 129)
      #expect(tips.inputEnd?.reason?.contains("non-blocking") == true)
    }
  }

  @Test func readsThatKeepFailingAtOnceEndTheInputButTimeoutsNever() throws {
    try headless(size: Size(width: 50, height: 14)) {
      var pipe: [Int32] = [-1, -1]
      #expect(Glibc.pipe(&pipe) == 0)
      defer { pipe.forEach { close($0) } }
      let tips = tooltips(input: pipe[0])
      // Waits of no time that time out: a busy program's, never an end.
      for _ in 0..<200 {
        _ = tips.inputTimeout(atMost: 0)
        _ = tips.handle(ERR)
      }
      #expect(tips.inputEnd == nil)
      // Waits with no limit that come back at once, with no signal: the input is broken.
      for _ in 0..<200 where tips.inputEnd == nil {
        _ = tips.inputTimeout(atMost: -1)
        _ = tips.handle(ERR)
      }
      #expect(tips.inputEnd?.status == 129)
    }
  }
}

extension CursesScreenTests {
  @Test func motionFeedsHoverAndStaysTheProgramsToo() throws {
    try headless(size: Size(width: 50, height: 14)) {
      let scene = Scene(
        anchors: [
          Anchor(
            id: "hover", position: Point(x: 8, y: 0), placement: .bottom, headline: "On hover",
            boxSize: Size(width: 6, height: 1), opensOnHover: true)
        ], hoverDelay: .zero)
      let tips = CursesTooltips(
        scene: scene, overlay: TooltipOverlay(colors: CursesColors(pairs: 100..<120, noColor: nil)))
      // ncurses' REPORT_MOUSE_POSITION (mouse version 2): the pointer moved, no button held.
      let moved: mmask_t = 0x1000_0000
      #expect(!tips.handle(KEY_MOUSE, mouse: mouse(9, 0, moved)))
      _ = tips.handle(ERR)
      #expect(tips.state.openID == "hover")
    }
  }
}

extension CursesScreenTests {
  /// Options that change only the look keep the layout and the open bubble: a theme toggle
  /// lays nothing out. New glyphs do lay the scene out again.
  @Test func aLookOnlyOptionsChangeKeepsTheLayout() throws {
    let size = Size(width: 50, height: 14)
    try headless(size: size) {
      let tips = tooltips(size)
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(9, 0, MouseReport.pressed)))
      #expect(tips.handle(KEY_MOUSE, mouse: mouse(9, 0, MouseReport.released)))
      #expect(tips.state.openID == "open")
      let before = tips.layout
      let bubble = tips.state.openBubble(tips.layout)
      tips.options.theme = .dark
      tips.options.tokens = ThemeTokens(theme: .light, fidelity: .file)
      tips.options.highlightsSelection = false
      tips.options.placesCursor = false
      tips.options.colors = false
      tips.draw()
      let kept = tips.layout.hasPlacement(of: before)
      #expect(kept)
      #expect(tips.layout.options == tips.options)
      #expect(tips.state.openBubble(tips.layout) == bubble)
      // An input after the change reads the same bubble: laid out once, when it opened.
      #expect(tips.handle(9))
      #expect(tips.state.selectedID == "open" && tips.state.openID == "open")
      #expect(tips.state.bubbleLayouts == 1)
      tips.options.glyphs = .ascii
      let laidOutAgain = !tips.layout.hasPlacement(of: before)
      #expect(laidOutAgain)
      #expect(tips.layout.options.glyphs == .ascii)
      #expect(tips.state.openID == "open")
      #expect(tips.state.bubbleLayouts == 2)
    }
  }
}
