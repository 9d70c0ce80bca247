import CCursesSupport
import CNcurses
import Testing
import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// A program that owns ncurses: its own colour pairs and rows, the component's bubble drawn
/// over them with ``TooltipOverlay``. In the serialized curses suite (ncurses is not
/// thread-safe).
extension CursesScreenTests {
  /// The program's own screen: pairs 1 and 2 (yellow on blue, white on red), a title row in
  /// pair 1, a status row in pair 2, and rows of dots between.
  struct HostScreen {
    let size: Size
    let window: UnsafeMutablePointer<WINDOW>

    init(size: Size) {
      self.size = size
      window = tk_stdscr()
      start_color()
      _ = use_default_colors()
      init_extended_pair(1, 3, 4)
      init_extended_pair(2, 7, 1)
      for y in 0..<size.height { redraw(Rect(x: 0, y: y, width: size.width, height: 1)) }
    }

    /// The program's cells of `rect`, as it draws them.
    func redraw(_ rect: Rect) {
      for y in rect.minY..<rect.maxY {
        let pair: Int32 = y == 0 ? 1 : (y == size.height - 1 ? 2 : 0)
        _ = tk_attr_set(window, TK_A_NORMAL, pair)
        for x in rect.minX..<rect.maxX {
          _ = tk_put(window, Int32(y), Int32(x), y == 0 ? "T" : (y == size.height - 1 ? "S" : "."))
        }
      }
      _ = tk_attr_set(window, TK_A_NORMAL, 0)
    }
  }

  /// A toolbar scene: a 6-cell button at screen (8, 2) whose bubble opens below, and an sm icon
  /// at screen (20, 4) whose bubble opens upwards over the title row; the scene area is rows 1
  /// to height - 2.
  func toolbar(_ overlay: TooltipOverlay, options: RenderOptions = RenderOptions()) -> SceneLayout {
    let scene = Scene(anchors: [
      Anchor(
        id: "open", position: Point(x: 8, y: 1), placement: .bottom, headline: "Open",
        supporting: "Open a file.", label: "Open", boxSize: Size(width: 6, height: 1), action: true),
      Anchor(id: "up", position: Point(x: 20, y: 3), size: .sm, placement: .top, headline: "Over the title"),
    ])
    let size = overlay.windowSize
    return overlay.layout(
      scene: scene, area: Rect(x: 0, y: 1, width: size.width, height: size.height - 2), options: options)
  }

  /// The program's screen of `size` with an overlay on it using `pairs`, and the toolbar laid
  /// out with `options`.
  func hosted(
    _ size: Size, pairs: Range<Int32> = 100..<120, options: RenderOptions = RenderOptions()
  ) -> (host: HostScreen, overlay: TooltipOverlay, layout: SceneLayout) {
    let host = HostScreen(size: size)
    let overlay = TooltipOverlay(window: host.window, colors: CursesColors(pairs: pairs, noColor: nil))
    return (host, overlay, toolbar(overlay, options: options))
  }

  @Test func theBubbleIsDrawnOverTheProgramsCellsAndItsPairsKeepTheirColours() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      let (host, overlay, layout) = hosted(size)
      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.open("open"), layout: layout)
      wmove(host.window, 5, 7)
      let drawn = overlay.draw(layout, state: state)
      #expect(cs_getcury(host.window) == 5, "the cursor row")
      #expect(cs_getcurx(host.window) == 7, "the cursor column")
      let bubble = try #require(layout.bubble(for: "open"))
      #expect(drawn == [bubble.body, Rect(origin: bubble.pointer, size: Size(width: 1, height: 1))])
      // The bubble: body row 1 holds the headline on the light theme's fill (palette 233).
      #expect(row(bubble.body.minY + 1).hasPrefix(String(repeating: ".", count: bubble.body.minX) + " Open "))
      let fill = cell(bubble.body.minX, bubble.body.minY)
      #expect((100..<120).contains(fill.pair))
      #expect(fill.background == 233)
      // The program's own pairs, rows and cursor are as it left them.
      var foreground: Int32 = 0
      var background: Int32 = 0
      extended_pair_content(1, &foreground, &background)
      #expect((foreground, background) == (3, 4))
      #expect(cell(0, 0).pair == 1)
      #expect(cell(0, size.height - 1).pair == 2)
    }
  }

  @Test func whatTheBubbleCoveredComesBackAndNoBubbleCellIsLeft() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      let (host, overlay, layout) = hosted(size)
      let before = screenLines()
      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.open("up"), layout: layout)
      overlay.draw(layout, state: state) { host.redraw($0) }
      #expect(screenLines() != before)
      // The bubble may cover the program's title row: its body is rows 0 to 2.
      #expect(!row(0).hasPrefix("TTTTTTTTTTTTTTTTTTTT"))
      #expect(row(1).contains("Over the title"))
      _ = state.send(.escape, layout: layout)
      var asked: [Rect] = []
      overlay.draw(layout, state: state) {
        asked.append($0)
        host.redraw($0)
      }
      #expect(asked.count == 2)
      #expect(screenLines() == before)
      #expect(cell(0, 0).pair == 1)
      #expect(overlay.covered.isEmpty)
    }
  }

  @Test func theHighlightKeepsTheProgramsCharactersAndColoursAndGoesAwayWithTheSelection() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      let (host, overlay, layout) = hosted(size)
      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.select("up"), layout: layout)
      overlay.draw(layout, state: state) { host.redraw($0) }
      // The sm anchor's one-cell box is highlighted with a cell each side, over the program's dots.
      for x in 19...21 {
        #expect(cell(x, 4).attributes & TK_A_REVERSE != 0)
        #expect(cell(x, 4).pair == 0)
      }
      #expect(cell(18, 4).attributes & TK_A_REVERSE == 0)
      #expect(row(4) == String(repeating: ".", count: 40))
      _ = state.send(.deselect, layout: layout)
      overlay.draw(layout, state: state) { host.redraw($0) }
      #expect(cell(20, 4).attributes & TK_A_REVERSE == 0)

      var quiet = layout.options
      quiet.highlightsSelection = false
      let plain = toolbar(overlay, options: quiet)
      _ = state.send(.select("up"), layout: plain)
      overlay.draw(plain, state: state) { host.redraw($0) }
      #expect(cell(20, 4).attributes & TK_A_REVERSE == 0)
      #expect(overlay.cursor(plain, state: state) == Point(x: 20, y: 4))
    }
  }

  @Test func pairsBeyondTheRangeFallBackToReverseVideo() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      // One pair: the fill takes it, the headline and supporting rows find none left.
      let (_, overlay, layout) = hosted(size, pairs: 50..<51)
      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.open("open"), layout: layout)
      overlay.draw(layout, state: state)
      let bubble = try #require(layout.bubble(for: "open"))
      let fill = cell(bubble.body.minX, bubble.body.minY)
      #expect(fill.pair == 50)
      let headline = cell(bubble.rows[0].origin.x, bubble.rows[0].origin.y)
      #expect(headline.pair == 0)
      #expect(headline.attributes & TK_A_REVERSE != 0)
      #expect(headline.attributes & TK_A_BOLD != 0)
      #expect(cell(0, 0).pair == 1)
    }
  }

  @Test func pairsPast255ComeFromTheProgramsRange() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      let (_, overlay, layout) = hosted(size, pairs: 1000..<1010, options: RenderOptions(theme: .dark))
      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.open("open"), layout: layout)
      overlay.draw(layout, state: state)
      let bubble = try #require(layout.bubble(for: "open"))
      let fill = cell(bubble.body.minX, bubble.body.minY)
      #expect(fill.pair >= 1000 && fill.pair < 1010)
      #expect(fill.background == 231)
    }
  }

  @Test func pairsPastTheFirstThirtyTwoAreMadeOnceEachAndKeptApart() throws {
    try headless(size: Size(width: 40, height: 12)) {
      _ = HostScreen(size: Size(width: 40, height: 12))
      let colors = CursesColors(pairs: 100..<200, noColor: nil)
      // Forty backgrounds of xterm's colour cube, each its own palette entry: past the 32 pairs
      // searched in turn.
      let levels: [UInt32] = [0x00, 0x5F, 0x87, 0xAF, 0xD7, 0xFF]
      let styles = (0..<40).map { i in
        Style(background: TerminalColor(hex: levels[i % 6] << 16 | levels[i / 6 % 6] << 8 | levels[i / 36], basic: 0))
      }
      let first = styles.map { colors.resolve($0).pair }
      #expect(first == Array(100..<140))
      #expect(styles.map { colors.resolve($0).pair } == first)
      // Bold over the same colours: new styles, the same pairs found again.
      #expect(styles.map { colors.resolve(Style(background: $0.background, bold: true)).pair } == first)
      var backgrounds: Set<Int32> = []
      for pair in first {
        var foreground: Int32 = 0
        var background: Int32 = 0
        #expect(extended_pair_content(pair, &foreground, &background) == OK)
        backgrounds.insert(background)
      }
      #expect(backgrounds.count == 40)
    }
  }

  @Test func withoutColoursStartedByTheProgramTheBubbleIsMonochrome() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      let colors = CursesColors(pairs: 1..<100, noColor: nil)
      #expect(colors.level == .none)
      #expect(colors.resolve(Style(background: ThemeTokens(theme: .light, fidelity: .hug).fill)).pair == 0)
      #expect(has_colors())
    }
  }

  @Test func aWindowSmallerThanTheSceneAreaCropsTheBubble() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      let host = HostScreen(size: size)
      let small = try #require(newwin(4, 12, 2, 3))
      defer { delwin(small) }
      let overlay = TooltipOverlay(window: small, colors: CursesColors(pairs: 100..<120, noColor: nil))
      #expect(overlay.windowSize == Size(width: 12, height: 4))
      let scene = Scene(anchors: [
        Anchor(id: "in", position: Point(x: 1, y: 1), placement: .bottom, headline: "A bubble far wider than it"),
        Anchor(id: "out", position: Point(x: 30, y: 1), placement: .bottom, headline: "Outside"),
      ])
      let layout = overlay.layout(scene: scene, area: Rect(x: 0, y: 0, width: 60, height: 30))
      #expect(layout.anchor(id: "out") == nil)
      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.open("in"), layout: layout)
      let drawn = overlay.draw(layout, state: state)
      for rect in drawn {
        #expect(rect.maxX <= 12 && rect.maxY <= 4 && rect.minX >= 0 && rect.minY >= 0)
      }
      _ = state.send(.open("out"), layout: layout)
      #expect(state.openID == "in")
      _ = host
    }
  }

  @Test func aMouseEventIsTakenInTheWindowsCellsAndOneOutsideIsABackgroundTap() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      let window = try #require(newwin(6, 20, 3, 10))
      defer { delwin(window) }
      var event = MEVENT()
      event.x = 12
      event.y = 4
      event.bstate = MouseReport.released
      let inside = MouseReport(event, relativeTo: window)
      #expect(inside.x == 2 && inside.y == 1)
      event.x = 2
      event.y = 0
      let outside = MouseReport(event, relativeTo: window)
      #expect(outside.x == -8 && outside.y == -3)

      let overlay = TooltipOverlay(window: window, colors: CursesColors(pairs: 100..<120, noColor: nil))
      let layout = overlay.layout(
        scene: Scene(anchors: [
          Anchor(id: "a", position: Point(x: 1, y: 1), placement: .bottom, headline: "Hi")
        ]))
      var state = TooltipState(layout: layout, keepsSelection: false)
      var decoder = InputDecoder()
      let tap = decoder.decode(.keyCode(KEY_MOUSE), mouse: inside, screen: size, time: .zero)
      #expect(state.send(try #require(tap.flatMap { TooltipKeymap.input(for: $0) }), layout: layout) == [.opened("a")])
      let away = decoder.decode(.keyCode(KEY_MOUSE), mouse: outside, screen: size, time: .zero)
      #expect(
        state.send(try #require(away.flatMap { TooltipKeymap.input(for: $0) }), layout: layout) == [
          .closed("a", .tap)
        ])
    }
  }
}

extension CursesScreenTests {
  @Test func aGraphemeOfDisputedWidthIsLeftBlankInTheProgramsWindow() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      let host = HostScreen(size: size)
      let overlay = TooltipOverlay(window: host.window, colors: CursesColors(pairs: 100..<120, noColor: nil))
      let scene = Scene(anchors: [
        Anchor(id: "a", position: Point(x: 10, y: 2), placement: .bottom, headline: "👩‍👩‍👧 family", supporting: "")
      ])
      let layout = overlay.layout(scene: scene)
      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.open("a"), layout: layout)
      overlay.draw(layout, state: state)
      let bubble = try #require(layout.bubble(for: "a"))
      let text = row(bubble.rows[0].origin.y)
      // The family's columns are blanks; the rest of the row is where the layout put it.
      #expect(!text.contains("👩"))
      let start = text.index(text.startIndex, offsetBy: bubble.rows[0].origin.x)
      #expect(text[start...].hasPrefix(String(repeating: " ", count: 6) + " family"))
    }
  }
}
