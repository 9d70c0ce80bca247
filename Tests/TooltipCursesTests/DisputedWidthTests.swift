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
      Presenter.handDrawnCells(g, rows: [0, 1]) == [
        Point(x: 1, y: 0), Point(x: 7, y: 0), Point(x: 8, y: 0), Point(x: 9, y: 0),
      ])
  }

  @Test func aDisputedGraphemeAfterAnotherIsDrawnInItsOwnTurn() {
    let g = grid(["\(Self.family)\(Self.heart)x"], width: 10)
    #expect(Presenter.handDrawnCells(g, rows: [0]) == [Point(x: 0, y: 0), Point(x: 6, y: 0), Point(x: 7, y: 0)])
  }

  @Test func theCellAfterIsNotTheRightHalfOfAWideGrapheme() {
    let g = grid(["\(Self.heart)中x"], width: 5)
    #expect(Presenter.handDrawnCells(g, rows: [0]) == [Point(x: 0, y: 0), Point(x: 1, y: 0)])
  }

  @Test func aOneColumnDisputedGraphemeInTheLastColumnIsLeftBlank() {
    let g = grid(["ab\(Self.heart)"], width: 3)
    #expect(Presenter.handDrawnCells(g, rows: [0]).isEmpty)
  }

  @Test func theScreensLastCellIsLeftToCurses() {
    let g = grid(["\(Self.heart)x", "\(Self.heart)y"], width: 2)
    #expect(Presenter.handDrawnCells(g, rows: [0, 1]) == [Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 0, y: 1)])
  }

  @Test func onlyTheRowsAskedForAreLookedAt() {
    let g = grid(["\(Self.heart)x", "\(Self.heart)y"], width: 3)
    #expect(Presenter.handDrawnCells(g, rows: [1]) == [Point(x: 0, y: 1), Point(x: 1, y: 1)])
  }

  @Test func aRowIsSentWholeWhenAChangeOverwritesADisputedGrapheme() {
    let old = grid(["ab\(Self.family)cd", "ab\(Self.family)cd"], width: 12)
    let new = grid(["ab      cd", "ab\(Self.family)cX"], width: 12)
    let runs = CellGrid.changedRuns(old: old, new: new)
    #expect(runs == [ChangedRun(row: 0, start: 2, end: 8), ChangedRun(row: 1, start: 9, end: 10)])
    #expect(Presenter.rowsReplacingDisputed(old: old, runs: runs) == [0])
  }
}
