import CNcurses
import Testing
import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// A program that draws wide characters into its window and, after a bubble goes, draws again
/// only the rects ``TooltipOverlay`` hands to `redraw`: the half of a wide character that the
/// bubble's edge cut (and the overlay blanked) must be among them. What the terminal shows is
/// checked end to end (`EndToEnd.OverlayWideCells`); this is the `redraw` contract, in the
/// serialized curses suite.
extension CursesScreenTests {
  /// Draws the wide characters of rows `rect` that reach into its columns, each whole: even
  /// rows start at column 0, odd rows at column 1, so every column is the right half of a wide
  /// character on every other row.
  static func drawWideCharacters(_ rect: Rect, width: Int) {
    let window = tk_stdscr()
    let words = Array("日本語のジョブ名プロジェクト計画書")
    for y in rect.minY..<rect.maxY {
      var column = y % 2
      var index = y
      while column + 2 <= width {
        if column + 2 > rect.minX && column < rect.maxX {
          _ = tk_put(window, Int32(y), Int32(column), String(words[index % words.count]))
        }
        index += 1
        column += 2
      }
    }
  }

  @Test func aWideCharacterCutByTheBubblesEdgesComesBackThroughRedraw() throws {
    let size = Size(width: 40, height: 12)
    try headless(size: size) {
      Self.drawWideCharacters(Rect(size: size), width: size.width)
      let before = screenLines()
      let overlay = TooltipOverlay(window: tk_stdscr(), colors: CursesColors(pairs: 100..<120, noColor: nil))
      // Its body is columns 1 to 13 of rows 3 to 6: row 4 has a wide character in columns
      // 0 and 1, row 3 one in columns 13 and 14; its pointer, at (7, 2), is the right half of
      // the one in columns 6 and 7.
      let scene = Scene(anchors: [
        Anchor(
          id: "tip", position: Point(x: 7, y: 1), placement: .bottom, headline: "First",
          supporting: "An odd edge", boxSize: Size(width: 1, height: 1))
      ])
      let layout = overlay.layout(scene: scene)
      let bubble = try #require(layout.bubble(for: "tip"))
      #expect(bubble.body == Rect(x: 1, y: 3, width: 13, height: 4))
      var state = TooltipState(layout: layout, keepsSelection: false)
      _ = state.send(.open("tip"), layout: layout)
      let drawn = overlay.draw(layout, state: state)
      // The halves outside the body and the pointer are blanks in the window, as on a terminal.
      #expect(row(4).hasPrefix(" "), "row 4: \(row(4))")
      #expect(drawn == [Rect(x: 0, y: 3, width: 15, height: 4), Rect(x: 6, y: 2, width: 2, height: 1)])
      _ = state.send(.close, layout: layout)
      var asked: [Rect] = []
      overlay.draw(layout, state: state) {
        asked.append($0)
        Self.drawWideCharacters($0, width: size.width)
      }
      #expect(asked == drawn)
      #expect(screenLines() == before)
    }
  }
}
