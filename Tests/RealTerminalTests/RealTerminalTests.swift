import Foundation
import TestSupport
import Testing

/// The demo in a real terminal emulator: xterm under Xvfb, real X key and pointer events, the
/// screen read back as pixels, cell by cell. One X server for the suite; one test at a time, and
/// none beside the tests that keep the cores busy (a real hold is timed).
@Suite(.serialized, .timed, .xServer) struct RealTerminalTests {
  static let background = XTermWindow.background

  /// The light theme's body fill, #0E121B: in 256 colours the palette entry 233 (#121212 in
  /// xterm's palette), exact under a direct-colour TERM.
  static let fill256: RGB = 0x121212
  static let fillDirect: RGB = 0x0E121B

  // Cells on an 80 x 24 screen with chrome (the scene area starts on row 1).
  /// gallery's top-sm: an sm icon, box (18, 6).
  static let topSM = (x: 18, y: 6)
  /// gallery's top-md: an md icon, box columns 58 to 60 of row 6.
  static let topMD = (x: 58, y: 6, width: 3)
  /// form's Publish: an md label, box columns 16 to 24 of row 13.
  static let publish = (x: 16, y: 13, width: 9)
  /// form's Delete (disabled): box columns 30 to 37 of row 13.
  static let delete = (x: 30, y: 13, width: 8)

  /// The frame is on screen: the status row (the last) shows something.
  static func started(_ shot: Screenshot) -> Bool {
    (0..<shot.columns).contains { shot.cellHasInk($0, shot.rows - 1) }
  }

  /// Where BEHAVIOUR 3 puts a `top` bubble: anchor box at (ax, ay) with width aw, body `w` x `h`.
  static func topBubble(ax: Int, ay: Int, aw: Int, w: Int, h: Int) -> (
    columns: ClosedRange<Int>, rows: ClosedRange<Int>, pointer: (x: Int, y: Int)
  ) {
    let cx = ax + (aw - 1) / 2
    let x = cx - (w - 1) / 2
    return (x...x + w - 1, ay - 1 - h...ay - 2, (cx, ay - 1))
  }

  /// Checks that `bubble`'s body is on screen in `fill`: its edge cells wholly fill, every
  /// body cell mostly fill, no fill in the cells around it but the pointer, which is a glyph
  /// drawn in fill.
  static func expectBubble(
    _ shot: Screenshot, _ bubble: (columns: ClosedRange<Int>, rows: ClosedRange<Int>, pointer: (x: Int, y: Int)),
    fill: RGB, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let columns = bubble.columns
    let rows = bubble.rows
    for y in rows {
      for x in columns {
        let edge = y == rows.lowerBound || y == rows.upperBound || x == columns.lowerBound || x == columns.upperBound
        if edge {
          #expect(shot.cell(x, y, isSolid: fill), "body edge cell (\(x), \(y))", sourceLocation: sourceLocation)
        } else {
          #expect(shot.dominantColour(x, y) == fill, "body cell (\(x), \(y))", sourceLocation: sourceLocation)
        }
      }
      for x in [columns.lowerBound - 1, columns.upperBound + 1] where x >= 0 && x < shot.columns {
        #expect(shot.count(of: fill, inCell: x, y) == 0, "beside the body (\(x), \(y))", sourceLocation: sourceLocation)
      }
    }
    for x in columns where x != bubble.pointer.x {
      #expect(
        shot.count(of: fill, inCell: x, rows.upperBound + 1) == 0, "below the body (\(x))",
        sourceLocation: sourceLocation)
    }
    let (px, py) = bubble.pointer
    #expect(shot.count(of: fill, inCell: px, py) > 0, "pointer drawn in the fill", sourceLocation: sourceLocation)
    #expect(shot.count(of: background, inCell: px, py) > 0, "pointer is a glyph", sourceLocation: sourceLocation)
  }

  /// The pixels of the cells of `bubble`'s body and pointer.
  static func bubbleCells(
    _ shot: Screenshot, _ bubble: (columns: ClosedRange<Int>, rows: ClosedRange<Int>, pointer: (x: Int, y: Int))
  ) -> [[RGB]] {
    shot.cells(columns: bubble.columns, rows: bubble.rows) + [shot.cell(bubble.pointer.x, bubble.pointer.y)]
  }

  // MARK: - Selection under a block cursor

  /// Issue 43: the cursor rests on the highlight's first cell, so xterm's block cursor (which
  /// inverts its cell) takes one end of the reversed highlight and the rest reads as one piece;
  /// on the centre it split it (`█ⅈ█`, `F█le`).
  @Test func theSelectionIsVisibleUnderTheBlockCursorOnSmAndMdIcons() throws {
    let term = try XTermWindow()
    let sm = Self.topSM
    let md = Self.topMD
    term.focus()
    // top-sm is selected at start; top-md is not.
    let first = try #require(
      term.waitForScreen("the gallery") { shot in
        Self.started(shot) && shot.cellHasInk(md.x + 1, md.y) && shot.cell(md.x, md.y, isSolid: Self.background)
      })
    term.key("Tab")
    let second = try #require(
      term.waitForScreen("top-md selected") { shot in
        shot.cell(md.x + md.width - 1, md.y, isSolidOtherThan: Self.background)
          && shot.dominantColour(md.x + 1, md.y) != Self.background
      })
    // The block cursor is on and focused, on the highlight's first cell (the one before the
    // sm icon, the md box's first): it shows that cell as the background; the icon's cell and
    // the rest of the highlight stay reversed.
    #expect(first.cell(sm.x - 1, sm.y, isSolid: Self.background))
    #expect(first.dominantColour(sm.x, sm.y) != Self.background)
    #expect(first.cell(sm.x + 1, sm.y, isSolidOtherThan: Self.background))
    #expect(second.cell(md.x, md.y, isSolid: Self.background))
    #expect(second.dominantColour(md.x + 1, md.y) != Self.background)

    let smTarget = (sm.x - 1)...(sm.x + 1)
    let mdBox = md.x...(md.x + md.width - 1)
    #expect(
      first.cells(columns: smTarget, rows: sm.y...sm.y) != second.cells(columns: smTarget, rows: sm.y...sm.y),
      "top-sm looks the same selected and unselected")
    #expect(
      first.cells(columns: mdBox, rows: md.y...md.y) != second.cells(columns: mdBox, rows: md.y...md.y),
      "top-md looks the same selected and unselected")
  }

  @Test func theSelectionIsVisibleUnderTheBlockCursorOnALabel() throws {
    let term = try XTermWindow(arguments: ["--scene", "form"])
    let publish = Self.publish
    let delete = Self.delete
    term.focus()
    #expect(term.waitForScreen("the form", Self.started) != nil)
    term.key("Tab")
    let selected = try #require(
      term.waitForScreen("Publish selected") { shot in
        shot.cell(publish.x + publish.width - 1, publish.y, isSolidOtherThan: Self.background)
          && shot.dominantColour(publish.x + 1, publish.y) != Self.background
      })
    // One piece: the cursor's cell (the box's first) shows the background, every other cell of
    // the box is reversed, the label whole.
    #expect(selected.cell(publish.x, publish.y, isSolid: Self.background))
    for x in (publish.x + 1)..<(publish.x + publish.width) {
      #expect(selected.dominantColour(x, publish.y) != Self.background, "column \(x)")
    }
    term.key("Tab")
    let unselected = try #require(
      term.waitForScreen("Delete selected") { shot in
        shot.cell(delete.x + delete.width - 1, delete.y, isSolidOtherThan: Self.background)
          && shot.cell(publish.x, publish.y, isSolid: Self.background)
          && shot.cell(publish.x + publish.width - 1, publish.y, isSolid: Self.background)
      })
    let box = publish.x...(publish.x + publish.width - 1)
    #expect(
      selected.cells(columns: box, rows: publish.y...publish.y)
        != unselected.cells(columns: box, rows: publish.y...publish.y))
  }

  // MARK: - The mouse

  @Test(arguments: [("xterm-256color", fill256), ("xterm-direct", fillDirect)])
  func aClickOpensTheBubbleWhereSpecPutsItAndTheNextClickClosesIt(term name: String, fill: RGB) throws {
    let term = try XTermWindow(term: name)
    let md = Self.topMD
    // "Top · md" over "Sits above a 3-cell icon.": 25 columns of text, two lines.
    let bubble = Self.topBubble(ax: md.x, ay: md.y, aw: md.width, w: 25 + 2, h: 2 + 2)
    let before = try #require(term.waitForScreen("the gallery", Self.started))
    #expect(Self.bubbleCells(before, bubble).allSatisfy { !$0.contains(fill) })

    term.click(md.x + 1, md.y)
    let open = try #require(
      term.waitForScreen("top-md's bubble") { shot in
        shot.cell(bubble.columns.lowerBound, bubble.rows.lowerBound, isSolid: fill)
          && shot.cell(bubble.columns.upperBound, bubble.rows.upperBound, isSolid: fill)
      })
    Self.expectBubble(open, bubble, fill: fill)

    term.click(0, 20)
    let closed = term.waitForScreen("the cells behind the bubble") { shot in
      Self.bubbleCells(shot, bubble) == Self.bubbleCells(before, bubble)
    }
    #expect(closed != nil)
  }

  @Test func aRealHoldOnPublishOpensItsBubble() throws {
    let term = try XTermWindow(arguments: ["--scene", "form"])
    let publish = Self.publish
    // "Publish" over "Makes your app visible on the" / "App Store. This cannot be" / "undone.".
    let bubble = Self.topBubble(ax: publish.x, ay: publish.y, aw: publish.width, w: 29 + 2, h: 4 + 2)
    #expect(term.waitForScreen("the form", Self.started) != nil)
    term.hold(publish.x + 4, publish.y, seconds: 0.8)
    let open = try #require(
      term.waitForScreen("Publish's bubble") { shot in
        shot.cell(bubble.columns.lowerBound, bubble.rows.lowerBound, isSolid: Self.fill256)
          && shot.cell(bubble.columns.upperBound, bubble.rows.upperBound, isSolid: Self.fill256)
      })
    Self.expectBubble(open, bubble, fill: Self.fill256)
  }

  // MARK: - Resize and quit

  @Test func resizingTheWindowLaysTheScreenOutAgain() throws {
    let term = try XTermWindow(arguments: ["--scene", "edges"])
    // bottom-right is an sm icon at (-1, -1): the scene area's last column and row.
    #expect(term.waitForScreen("the edges scene") { Self.started($0) && $0.cellHasInk(79, 22) } != nil)
    term.resize(columns: 100, rows: 30)
    let resized = try #require(
      term.waitForScreen("the corner anchor at (99, 28)") { shot in
        shot.columns == 100 && shot.rows == 30 && shot.cellHasInk(99, 28) && Self.started(shot)
      })
    #expect(!resized.cellHasInk(79, 22))
    #expect(!(0..<100).contains { resized.cellHasInk($0, 23) })
  }

  @Test func qLeavesTheTerminalAsItWas() throws {
    let term = try XTermWindow(gated: true)
    term.focus()
    // The shell shows the command line; the cursor waits at the start of the next row.
    let before = try #require(term.waitForScreen("the shell's screen") { $0.cellHasInk(0, 0) && !Self.started($0) })
    #expect(before.cell(0, 1, isSolid: XTermWindow.foreground), "the block cursor at (0, 1)")
    try term.start()
    #expect(term.waitForScreen("the gallery", Self.started) != nil)
    term.key("q")
    #expect(term.exitStatus() == 0)
    #expect(term.files.read("after") == term.files.read("before"), "stty -g differs after q")
    #expect(term.waitForScreen("the shell's screen as it was") { $0 == before } != nil)

    // Mouse reporting is off and the terminal echoes again: a click sends nothing, a key shows
    // at the cursor.
    term.click(40, 12)
    term.key("x")
    let typed = try #require(term.waitForScreen("the x typed") { $0.cellHasInk(0, 1) })
    #expect(typed.cell(1, 1, isSolid: XTermWindow.foreground), "the cursor after the x")
    #expect(!(2..<typed.columns).contains { typed.cellHasInk($0, 1) }, "the click was echoed as text")
    #expect(typed.cells(columns: 0...79, rows: 0...0) == before.cells(columns: 0...79, rows: 0...0))
  }

  // MARK: - Colours as the terminal shows them

  /// The WCAG contrast of two colours, 1 to 21.
  static func contrast(_ a: RGB, _ b: RGB) -> Double {
    func luminance(_ rgb: RGB) -> Double {
      func channel(_ shift: RGB) -> Double {
        let c = Double((rgb >> shift) & 0xFF) / 255
        return c <= 0.039_28 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
      }
      return 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0)
    }
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  /// Debian's xterm is `TERM=xterm`, 8 colours, and draws bold black as grey: the dark theme's
  /// headline and supporting line, read from the screen's pixels, reach AA (4.5:1) on the fill.
  @Test func eightColourTextReadsAtAAOnTheDarkThemesFill() throws {
    let term = try XTermWindow(term: "xterm", arguments: ["--theme", "dark", "--open", "top-md"])
    let md = Self.topMD
    let bubble = Self.topBubble(ax: md.x, ay: md.y, aw: md.width, w: 25 + 2, h: 2 + 2)
    // Colour 7 in xterm's palette.
    let fill: RGB = 0xE5E5E5
    let open = try #require(
      term.waitForScreen("top-md's bubble") { shot in
        shot.cell(bubble.columns.lowerBound, bubble.rows.lowerBound, isSolid: fill)
          && shot.cell(bubble.columns.upperBound, bubble.rows.upperBound, isSolid: fill)
          && shot.cellHasInk(bubble.columns.lowerBound + 1, bubble.rows.lowerBound + 1)
      })
    let text = (bubble.columns.lowerBound + 1)...(bubble.columns.upperBound - 1)
    for (row, role) in [(bubble.rows.lowerBound + 1, "headline"), (bubble.rows.lowerBound + 2, "supporting line")] {
      let ink = Set(open.cells(columns: text, rows: row...row).joined()).subtracting([fill])
      let best = ink.map { Self.contrast($0, fill) }.max() ?? 1
      #expect(best >= 4.5, "\(role): its darkest pixel reads \(best):1 on #E5E5E5")
    }
  }
}
