import Testing
import TooltipKit

@Suite struct RendererTests {
  // MARK: - The 16 variants as text

  struct SnapshotCase: Sendable, CustomTestStringConvertible {
    var placement: Placement
    var size: AnchorSize
    var open: Bool
    var screen: String
    var testDescription: String { "\(placement) \(size) \(open ? "open" : "closed")" }

    init(_ placement: Placement, _ size: AnchorSize, open: Bool, _ screen: String) {
      self.placement = placement
      self.size = size
      self.open = open
      self.screen = screen
    }
  }

  /// One anchor "a" whose centre cell is (11, 5) at both sizes (md box 10...12, sm box 11), on
  /// a 23 x 11 screen, with "Save" over "To disk": a 9 x 4 body.
  static func variant(_ placement: Placement, _ size: AnchorSize) -> SceneLayout {
    layout(
      [
        anchor(
          "a", x: size == .md ? 10 : 11, y: 5, size: size, placement: placement, headline: "Save",
          supporting: "To disk")
      ], width: 23, height: 11)
  }

  // BEHAVIOUR 2's 16 variants: placement x size x open. Text is left-aligned at body x + 1; the
  // body's padding is spaces (its colour is checked separately).
  @Test(arguments: [
    SnapshotCase(
      .top, .md, open: false,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ           |
                             |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .top, .md, open: true,
      """
                             |
              Save           |
              To disk        |
                             |
                 ▼           |
                 ⅈ           |
                             |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .top, .sm, open: false,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ           |
                             |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .top, .sm, open: true,
      """
                             |
              Save           |
              To disk        |
                             |
                 ▼           |
                 ⅈ           |
                             |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .bottom, .md, open: false,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ           |
                             |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .bottom, .md, open: true,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ           |
                 ▲           |
                             |
              Save           |
              To disk        |
                             |
      """),
    SnapshotCase(
      .bottom, .sm, open: false,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ           |
                             |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .bottom, .sm, open: true,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ           |
                 ▲           |
                             |
              Save           |
              To disk        |
                             |
      """),
    SnapshotCase(
      .left, .md, open: false,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ           |
                             |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .left, .md, open: true,
      """
                             |
                             |
                             |
                             |
                             |
       Save    ▶ ⅈ           |
       To disk               |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .left, .sm, open: false,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ           |
                             |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .left, .sm, open: true,
      """
                             |
                             |
                             |
                             |
                             |
        Save    ▶ⅈ           |
        To disk              |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .right, .md, open: false,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ           |
                             |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .right, .md, open: true,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ ◀ Save    |
                     To disk |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .right, .sm, open: false,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ           |
                             |
                             |
                             |
                             |
                             |
      """),
    SnapshotCase(
      .right, .sm, open: true,
      """
                             |
                             |
                             |
                             |
                             |
                 ⅈ◀ Save     |
                    To disk  |
                             |
                             |
                             |
                             |
      """),
  ])
  func variantSnapshot(_ c: SnapshotCase) {
    let l = Self.variant(c.placement, c.size)
    let state = c.open ? opened("a", in: l) : TooltipState(layout: l)
    #expect(state.openID == (c.open ? "a" : nil))
    expectScreen(render(scene: l.scene, state: state, size: l.screen), c.screen)
  }

  // MARK: - Anchors

  @Test func selectedAnchorIsReverseDisabledIsDim() {
    let l = layout(
      [
        anchor("sel", x: 1, y: 1),
        anchor("off", x: 6, y: 1, disabled: true),
        anchor("plain", x: 11, y: 1, size: .sm),
        anchor("label", x: 14, y: 1, label: "Go"),
      ], width: 20, height: 3)
    let grid = render(scene: l.scene, state: TooltipState(layout: l), size: l.screen)
    expectScreen(
      grid,
      """
                          |
        ⅈ    ⅈ   ⅈ   Go   |
                          |
      """)
    for x in 1...3 { #expect(grid[x, 1].style == Style(attributes: .reverse), "sel \(x)") }
    for x in 6...8 { #expect(grid[x, 1].style == Style(attributes: .dim), "off \(x)") }
    #expect(grid[11, 1].style == .plain)
    for x in 14...17 { #expect(grid[x, 1].style == .plain, "label \(x)") }
    // Only the boxes are styled: the cells beside them are not.
    #expect(grid[0, 1].style == .plain)
    #expect(grid[4, 1].style == .plain)
    #expect(grid[10, 1].style == .plain)
    #expect(grid[12, 1].style == .plain)
  }

  @Test func selectedDisabledAnchorIsReverseAndDim() {
    let l = layout([anchor("a", x: 0, y: 0, disabled: true, label: "Delete")], width: 10, height: 1)
    let grid = render(scene: l.scene, state: TooltipState(layout: l), size: l.screen)
    expectScreen(grid, " Delete   |")
    for x in 0..<8 { #expect(grid[x, 0].style.attributes == [.reverse, .dim]) }
  }

  /// The reversed columns of row `y`, as a string of `#` (reverse) and `.` (not).
  static func reversedColumns(_ grid: CellGrid, row y: Int) -> String {
    String((0..<grid.size.width).map { grid[$0, y].style.attributes.contains(.reverse) ? "#" : "." })
  }

  // BEHAVIOUR 8: a block cursor inverts the one cell of a one-cell box back, so the highlight of a
  // box one cell wide covers one more cell each side (its sm tap target).
  @Test(arguments: [
    (anchor("icon", x: 3, y: 0, size: .sm), "..###......"),
    (anchor("letter", x: 3, y: 0, size: .sm, label: "K"), "..###......"),
    (anchor("md", x: 3, y: 0), "...###....."),
    (anchor("word", x: 3, y: 0, size: .sm, label: "Go"), "...##......"),
  ])
  func aOneCellBoxIsHighlightedWithOneCellEachSide(selected: Anchor, expected: String) {
    let l = layout([selected], width: 11, height: 1)
    let grid = render(scene: l.scene, state: TooltipState(layout: l), size: l.screen)
    #expect(Self.reversedColumns(grid, row: 0) == expected)
    // The cursor takes the highlight's first cell: a block cursor inverts its end, never its middle.
    #expect(grid.cursor == point(expected.firstIndex(of: "#")!.utf16Offset(in: expected), 0))
  }

  // BEHAVIOUR 3: the open bubble, pointer included, is drawn over everything. A one-cell anchor's
  // left or right pointer lies on its highlight's padding cell; that cell stays unreversed (a
  // reversed pointer was a solid block at 8 colours), the padding on the other side does not.
  @Test(arguments: [(Placement.left, 2, "...##......"), (Placement.right, 4, "..##.......")])
  func theOpenPointerIsNotReversedOnTheHighlightsPadding(placement: Placement, pointerX: Int, expected: String) {
    let l = layout([anchor("icon", x: 3, y: 0, size: .sm, placement: placement)], width: 11, height: 1)
    let grid = render(scene: l.scene, state: opened("icon", in: l), size: l.screen)
    #expect(Self.reversedColumns(grid, row: 0) == expected)
    #expect(grid[pointerX, 0].text == (placement == .left ? "▶" : "◀"))
    let state = opened("icon", in: l)
    #expect(!Renderer.highlight(l, state: state).contains { $0.contains(point(pointerX, 0)) })
  }

  @Test func oneCellHighlightIsCroppedAtTheSceneAreaAndSparesOtherBoxes() {
    // Scene area: columns 0...6 of row 1 (row 0 is chrome). "a" sits on the area's first
    // column, so only its right padding shows (the title row stays as it is); "b" (selected next) touches "c"'s box on its
    // right and keeps "Title"'s decoration text under its left padding.
    let scene = Scene(
      anchors: [
        anchor("a", x: 0, y: 0, size: .sm),
        anchor("b", x: 4, y: 0, size: .sm, disabled: true),
        anchor("c", x: 5, y: 0, size: .sm, label: "Z"),
      ],
      decorations: [Decoration(position: Point(x: 3, y: 0), text: "-")])
    let l = SceneLayout(scene: scene, screen: Size(width: 8, height: 2), area: rect(1, 1, 7, 1))
    var grid = CellGrid(size: l.screen)
    grid.write("Title", at: point(0, 0), style: .plain)
    var state = TooltipState(layout: l)
    Renderer.draw(l, state: state, into: &grid)
    #expect(Self.reversedColumns(grid, row: 1) == ".##.....")
    #expect(Self.reversedColumns(grid, row: 0) == "........")

    _ = state.send(.selectNext, layout: l)
    grid = CellGrid(size: l.screen)
    Renderer.draw(l, state: state, into: &grid)
    expectScreen(grid, "        |\n ⅈ  -ⅈZ |")
    #expect(Self.reversedColumns(grid, row: 1) == "....##..")
    #expect(grid[4, 1].style.attributes == [.dim, .reverse])
    #expect(grid[4, 1].text == "-")
    #expect(grid[6, 1].style == .plain)
  }

  @Test func selectionHighlightCanBeSwitchedOff() {
    let options = renderOptions(highlightsSelection: false)
    let l = layout([anchor("a", x: 0, y: 0)], width: 5, height: 1, options: options)
    let grid = render(
      scene: l.scene, state: TooltipState(layout: l), size: l.screen, options: options)
    #expect(grid.cells.allSatisfy { $0.style == .plain })
    #expect(grid.cursor == point(0, 0))
  }

  /// Issue 43: a block cursor inverts the cell it is on, so on the highlight's middle it split
  /// it (`Pub█ish`); at the start the highlight reads as one piece, and a screen reader still
  /// finds the focus there.
  @Test func cursorRestsOnTheStartOfTheSelectedAnchor() throws {
    let l = layout(
      [anchor("a", x: 3, y: 2), anchor("b", x: 10, y: 4, label: "Publish"), anchor("c", x: 20, y: 6, size: .sm)],
      width: 30, height: 8)
    var state = TooltipState(layout: l)
    #expect(render(scene: l.scene, state: state, size: l.screen).cursor == l.anchor(id: "a")?.box.origin)
    _ = state.send(.selectNext, layout: l)
    let grid = render(scene: l.scene, state: state, size: l.screen)
    let box = try #require(l.anchor(id: "b")?.box)
    #expect(grid.cursor == box.origin)
    // Every cell after the cursor on its row is highlighted to the box's end: one piece.
    #expect((box.minX..<box.maxX).allSatisfy { grid[$0, 4].style.attributes.contains(.reverse) })
    #expect(!grid[box.minX - 1, 4].style.attributes.contains(.reverse))
    // A one-cell icon: the padding cell before it, not the icon between two reversed cells.
    _ = state.send(.selectNext, layout: l)
    #expect(render(scene: l.scene, state: state, size: l.screen).cursor == point(19, 6))
    #expect(render(scene: l.scene, state: TooltipState(), size: l.screen).cursor == nil)
  }

  @Test func cursorIsOnTheFirstCellOnScreenOrHidden() {
    // md box 19...21 on a 20-column screen: placed (one column shows), the cursor on it.
    let l = layout([anchor("a", x: 19, y: 0)], width: 20, height: 2)
    let state = TooltipState(layout: l)
    #expect(state.selectedID == "a")
    let grid = render(scene: l.scene, state: state, size: l.screen)
    #expect(grid.cursor == point(19, 0))
    #expect(grid[19, 0].style == Style(attributes: .reverse))
  }

  @Test func anchorsAreCroppedAtTheSceneAreaAndTheCursorFollowsTheArea() {
    // Chrome rows 0 and 4 of a 12 x 5 screen; the scene area is rows 1...3, columns 0...9.
    // a: "Wide label" md, 12 wide, x = -1 ends on column 9: its box is -2...9, its "W" at -1.
    // c: "Clipped" sm at 5, box 5...11: the area, not the screen, cuts it after column 9.
    let l = layout(
      [
        anchor("a", x: -1, y: -1, label: "Wide label"), anchor("b", x: 0, y: 0),
        anchor("c", x: 5, y: 1, size: .sm, label: "Clipped"),
      ],
      width: 12, height: 5, area: rect(0, 1, 10, 3))
    var grid = CellGrid(size: l.screen)
    grid.write("title", at: point(0, 0), style: Style(attributes: .bold))
    grid.write("status", at: point(0, 4), style: .plain)
    Renderer.draw(l, state: TooltipState(layout: l), into: &grid)
    expectScreen(
      grid,
      """
      title       |
       ⅈ          |
           Clipp  |
      ide label   |
      status      |
      """)
    #expect(l.anchor(id: "a")?.box == rect(-2, 3, 12, 1))
    #expect(grid.cursor == point(0, 1))
  }

  // MARK: - Wide characters at the screen's edges

  @Test func wideCharacterCutByTheLeftEdgeIsDroppedWhole() {
    // md box at 5: left body x = 5 - 1 - 6 = -2, text from -1: 中 on -1...0 is cut.
    let l = layout(
      [anchor("a", x: 5, y: 1, placement: .left, headline: "中文", supporting: "")], width: 12,
      height: 3)
    let grid = render(scene: l.scene, state: opened("a", in: l), size: l.screen)
    expectScreen(
      grid,
      """
                  |
       文 ▶ ⅈ     |
                  |
      """)
    let fill = ThemeTokens(theme: .light, fidelity: .hug).fill
    #expect(grid[0, 1].text == " ")
    #expect(grid[0, 1].width == 1)
    #expect(grid[0, 1].style.background == fill)  // its visible half is drawn as fill
    #expect(grid[1, 1].text == "文")
    #expect(grid[2, 1].isContinuation)
  }

  @Test func wideCharacterCutByTheRightEdgeIsDroppedWhole() {
    // md box at 14 on 20 columns: right body x = 18, text from 19: 中 on 19...20 is cut.
    let l = layout(
      [anchor("a", x: 14, y: 1, placement: .right, headline: "中文", supporting: "")], width: 20,
      height: 3)
    let grid = render(scene: l.scene, state: opened("a", in: l), size: l.screen)
    expectScreen(
      grid,
      """
                          |
                     ⅈ ◀  |
                          |
      """)
    #expect(grid[19, 1].text == " ")
    #expect(grid[19, 1].style.background == ThemeTokens(theme: .light, fidelity: .hug).fill)
    #expect(!grid.cells.contains { $0.text == "中" || $0.text == "文" })
  }

  @Test func wideLabelPartlyUnderTheBubbleLeavesNoHalf() {
    // a's bubble (bottom) has its body on columns 4...18, rows 4...7. The label "中文字" of w
    // (md box 17...24) puts 中 on 18...19: the body covers 18, so 19 must not keep half of it.
    let l = layout(
      [anchor("a", x: 10, y: 2, placement: .bottom), anchor("w", x: 17, y: 5, label: "中文字")],
      width: 30, height: 10)
    let closed = render(scene: l.scene, state: TooltipState(layout: l), size: l.screen)
    #expect(closed.lines[5] == "                  中文字      ")
    let grid = render(scene: l.scene, state: opened("a", in: l), size: l.screen)
    #expect(grid[18, 5].style.background != nil)  // fill
    #expect(grid[19, 5].text == " ")
    #expect(!grid[19, 5].isContinuation)
    #expect(grid[20, 5].text == "文")
    #expect(grid.lines[5] == "     Save           文字      ")  // row 5 is the headline row
  }

  // MARK: - Hostile copy

  @Test func hostileCopyRendersAsReplacementCharacters() throws {
    let hostile = [
      "\u{1B}[2J\u{1B}]0;pwned\u{7}", "a\u{9B}31mb", "c\u{7F}d", "\u{202E}evil\u{2066}",
      "x\u{2028}y", scalars(0x65, 0xFFFE, 0x66, 0xFDD0, 0x67, 0x378),
    ]
    let expected = [
      "\u{FFFD}[2J\u{FFFD}]0;pwned\u{FFFD}", "a\u{FFFD}31mb", "c\u{FFFD}d", "\u{FFFD}evil\u{FFFD}",
      "x\u{FFFD}y", "e\u{FFFD}f\u{FFFD}g\u{FFFD}",
    ]
    for (copy, clean) in zip(hostile, expected) {
      let l = layout(
        [
          anchor(
            "a", x: 15, y: 0, placement: .bottom, headline: copy, supporting: copy, glyph: copy),
          anchor("b", x: 0, y: 6, label: copy),
        ], width: 40, height: 8, maxTextWidth: nil)
      var scene = l.scene
      scene.decorations = [Decoration(position: point(20, 6), text: copy)]
      let grid = render(scene: scene, state: opened("a", in: l), size: l.screen)
      for cell in grid.cells {
        #expect(
          !cell.text.unicodeScalars.contains(where: isControlScalar),
          "\(cell.text.unicodeScalars.map(\.value))")
      }
      #expect(grid.lines[3].contains(clean))  // headline
      #expect(grid.lines[4].contains(clean))  // supporting
      #expect(grid.lines[6].contains(clean))  // label and decoration
      #expect(grid.lines[6].ranges(of: clean).count == 2)
      #expect(grid.lines.allSatisfy { Text.width($0) == 40 })
    }
  }

  // MARK: - Layering

  @Test(arguments: Placement.allCases)
  func openingChangesOnlyTheBubblesCells(placement: Placement) throws {
    let anchors = [
      anchor("a", x: 20, y: 6, placement: placement),
      anchor("n", x: 14, y: 2, size: .sm), anchor("s", x: 26, y: 10, label: "Below"),
      anchor("w", x: 4, y: 6), anchor("e", x: 36, y: 7, size: .sm),
    ]
    for options in [
      renderOptions(), renderOptions(theme: .dark, fidelity: .file), renderOptions(colors: false),
    ] {
      let l = layout(anchors, width: 44, height: 13, options: options)
      let bubble = try #require(l.bubble(for: "a"))
      let state = TooltipState(layout: l)
      let closed = render(scene: l.scene, state: state, size: l.screen, options: options)
      let open = render(scene: l.scene, state: opened("a", in: l), size: l.screen, options: options)
      var covered = 0
      for y in 0..<13 {
        for x in 0..<44 where !bubble.contains(point(x, y)) {
          #expect(open[x, y] == closed[x, y], "(\(x), \(y)) changed")
        }
        for x in 0..<44 where bubble.contains(point(x, y)) { covered += 1 }
      }
      #expect(covered == bubble.body.area + 1)
      #expect(open.cursor == closed.cursor)
      // The layout the frame was drawn from does not move when the bubble opens or closes.
      #expect(SceneLayout(scene: l.scene, screen: l.screen, options: options).anchors == l.anchors)
    }
  }

  @Test func bubbleCoversAnchors() {
    // c (sm at 26, 6) lies under a's bottom bubble (body 24...38, rows 4...7).
    let l = layout(
      [
        anchor("a", x: 30, y: 2, placement: .bottom),
        anchor("c", x: 26, y: 6, size: .sm, glyph: "C"),
      ],
      width: 60, height: 10)
    let closed = render(scene: l.scene, state: TooltipState(layout: l), size: l.screen)
    #expect(closed[26, 6].text == "C")
    let open = render(scene: l.scene, state: opened("a", in: l), size: l.screen)
    #expect(open[26, 6].text == "a")  // "Saved to disk" starts at 25: column 26 is its "a"
    #expect(open[26, 6].style.background == ThemeTokens(theme: .light, fidelity: .hug).fill)
    #expect(!open.cells.contains { $0.text == "C" })
  }

  @Test func bubbleCoversChromeButAnchorsStayInTheArea() {
    // Scene area rows 1...3 of a 20 x 6 screen; a's top bubble climbs over the title row.
    let l = layout(
      [anchor("a", x: 8, y: 2, placement: .top, headline: "Up", supporting: "")], width: 20,
      height: 6,
      area: rect(0, 1, 20, 3))
    var grid = CellGrid(size: l.screen)
    grid.write("Title row here", at: point(0, 0), style: .plain)
    Renderer.draw(l, state: opened("a", in: l), into: &grid)
    expectScreen(
      grid,
      """
      Title ro Up re      |
                          |
               ▼          |
               ⅈ          |
                          |
                          |
      """)
  }

  @Test func croppedCornerSnapshot() {
    // An sm anchor in the bottom-right corner with its bubble to the right: only the pointer
    // would fit, and it is off screen too; a left bubble in the top-left corner is cut.
    let l = layout(
      [
        anchor(
          "tl", x: 4, y: 0, size: .sm, placement: .left, headline: "Left side", supporting: "Cut"),
        anchor("br", x: -1, y: -1, size: .sm, placement: .right),
      ], width: 12, height: 4)
    let tl = render(scene: l.scene, state: opened("tl", in: l), size: l.screen)
    expectScreen(
      tl,
      """
      de ▶ⅈ       |
                  |
                  |
                 ⅈ|
      """)
    let br = render(scene: l.scene, state: opened("br", in: l), size: l.screen)
    #expect(
      br.lines == render(scene: l.scene, state: TooltipState(layout: l), size: l.screen).lines)
    #expect(opened("br", in: l).openID == "br")
  }

  @Test(arguments: [
    Size(width: 1, height: 1), Size(width: 2, height: 1), Size(width: 1, height: 3),
    Size(width: 0, height: 5), Size(width: 5, height: 0), Size(width: 7, height: 2),
  ])
  func tinyScreensDrawWholeRows(size: Size) {
    let scene = Scene(
      anchors: Board.anchors().map { a in
        var a = a
        a.position = point(0, 0)
        return a
      })
    let l = SceneLayout(scene: scene, screen: size)
    for placed in l.anchors {
      let grid = render(scene: scene, state: opened(placed.id, in: l), size: size)
      #expect(grid.lines.count == size.height)
      #expect(grid.lines.allSatisfy { Text.width($0) == size.width })
    }
    #expect(l.anchors.count == (size.area > 0 ? Board.anchors().count : 0))
  }

  // MARK: - Decorations

  @Test func extremePositionsAreWhollyOutside() {
    var scene = Scene(anchors: [
      anchor("a", x: Int.max, y: Int.min), anchor("b", x: Int.min, y: Int.max, label: "Go"),
    ])
    scene.decorations = [
      Decoration(position: point(Int.min, Int.min), text: "x"),
      Decoration(position: point(Int.max, Int.max), text: "y"),
    ]
    for size in [Size(width: 1, height: 1), Size(width: 3, height: 2), Size(width: 0, height: 0)] {
      let grid = render(scene: scene, state: TooltipState(), size: size)
      #expect(grid.cells.allSatisfy { $0 == .blank })
      #expect(SceneLayout(scene: scene, screen: size).anchors.isEmpty)
    }
  }

  @Test func decorationsSitBeneathAnchorsAndResolveNegativePositions() {
    var scene = Scene(anchors: [anchor("a", x: 2, y: 0, glyph: "?")])
    scene.decorations = [
      Decoration(position: point(0, 0), text: "[_______]", isDim: true),
      Decoration(position: point(-1, -1), text: "end"),
    ]
    let grid = render(scene: scene, state: TooltipState(), size: Size(width: 10, height: 2))
    expectScreen(
      grid,
      """
      [_ ? ___] |
             end|
      """)
    #expect(grid[0, 0].style == Style(attributes: .dim))
    #expect(grid[3, 0].style == .plain)  // the anchor draws over the decoration
    #expect(grid[9, 1].text == "d")
  }
}
