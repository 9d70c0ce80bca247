import CCursesSupport
import CNcurses
import Testing
import TooltipCurses
import TooltipKit

/// Which cells the presenter writes by hand at explicit positions, and which rows it sends whole,
/// around graphemes whose width terminals disagree on.
@Suite struct DisputedWidthTests {
  static let family = "👩\u{200D}👩\u{200D}👧"  // 6 columns in the layout
  static let heart = "❤\u{FE0F}"  // 1 column in the layout

  /// A grid of plain text rows, `width` columns wide.
  func grid(_ rows: [String], width: Int) -> CellGrid {
    var grid = CellGrid(size: Size(width: width, height: rows.count))
    for (y, row) in rows.enumerated() { grid.write(row, at: Point(x: 0, y: y), style: .plain) }
    return grid
  }

  @Test func eachDisputedGraphemeAndTheCellAfterItAreDrawnByHand() {
    let g = grid(["a\(Self.family)b\(Self.heart)c", "plain text"], width: 12)
    #expect(
      TerminalOutput.handDrawnCells(g, rows: [0, 1]) == [
        Point(x: 1, y: 0), Point(x: 7, y: 0), Point(x: 8, y: 0), Point(x: 9, y: 0),
      ])
  }

  @Test func aDisputedGraphemeAfterAnotherIsDrawnInItsOwnTurn() {
    let g = grid(["\(Self.family)\(Self.heart)x"], width: 10)
    #expect(TerminalOutput.handDrawnCells(g, rows: [0]) == [Point(x: 0, y: 0), Point(x: 6, y: 0), Point(x: 7, y: 0)])
  }

  @Test func theCellAfterIsNotTheRightHalfOfAWideGrapheme() {
    let g = grid(["\(Self.heart)中x"], width: 5)
    #expect(TerminalOutput.handDrawnCells(g, rows: [0]) == [Point(x: 0, y: 0), Point(x: 1, y: 0)])
  }

  @Test func aOneColumnDisputedGraphemeInTheLastColumnIsLeftBlank() {
    let g = grid(["ab\(Self.heart)"], width: 3)
    #expect(TerminalOutput.handDrawnCells(g, rows: [0]).isEmpty)
  }

  @Test func theScreensLastCellIsLeftToCurses() {
    let g = grid(["\(Self.heart)x", "\(Self.heart)y"], width: 2)
    #expect(
      TerminalOutput.handDrawnCells(g, rows: [0, 1]) == [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1)])
  }

  @Test func onlyTheRowsAskedForAreLookedAt() {
    let g = grid(["\(Self.heart)x", "\(Self.heart)y"], width: 3)
    #expect(TerminalOutput.handDrawnCells(g, rows: [1]) == [Point(x: 0, y: 1), Point(x: 1, y: 1)])
  }

  /// The core measures U+1FAE8 SHAKING FACE (new in Unicode 15.0) two columns from its table;
  /// glibc 2.36's `wcwidth`, which curses advances by, cannot measure it. Curses is not left to
  /// place it: it and the cell after it are drawn by hand, as a disputed grapheme is, and a
  /// change over it sends its row whole. Scalars both measure alike stay curses' to draw.
  @Test func aScalarCursesMeasuresOtherwiseIsDrawnByHand() throws {
    try #require(cs_curses_width(0x1FAE8) != 2, "this C library measures U+1FAE8 as the table does")
    #expect(cs_curses_width(0x4E2D) == 2 && cs_curses_width(0x2500) == 1)
    let g = grid(["a\u{1FAE8}b─中c"], width: 8)
    #expect(Text.width("\u{1FAE8}") == 2)
    #expect(TerminalOutput.handDrawnCells(g, rows: [0]) == [Point(x: 1, y: 0), Point(x: 3, y: 0)])
    let new = grid(["a  b─中c"], width: 8)
    let runs = CellGrid.changedRuns(old: g, new: new)
    #expect(TerminalOutput.rowsReplacingDisputed(old: g, runs: runs) == [0])
  }

  @Test func aRowIsSentWholeWhenAChangeOverwritesADisputedGrapheme() {
    let old = grid(["ab\(Self.family)cd", "ab\(Self.family)cd"], width: 12)
    let new = grid(["ab      cd", "ab\(Self.family)cX"], width: 12)
    let runs = CellGrid.changedRuns(old: old, new: new)
    #expect(runs == [ChangedRun(row: 0, start: 2, end: 8), ChangedRun(row: 1, start: 9, end: 10)])
    #expect(TerminalOutput.rowsReplacingDisputed(old: old, runs: runs) == [0])
  }
}
