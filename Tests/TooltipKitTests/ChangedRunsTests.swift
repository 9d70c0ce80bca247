import Testing
import TooltipKit

@Suite struct ChangedRunsTests {
  /// A grid of plain text rows.
  func grid(_ rows: [String]) -> CellGrid {
    let width = rows.map { TextLine($0).width }.max() ?? 0
    var grid = CellGrid(size: Size(width: width, height: rows.count))
    for (y, row) in rows.enumerated() { grid.write(row, at: Point(x: 0, y: y), style: .plain) }
    return grid
  }

  @Test func identicalFramesChangeNothing() {
    let a = grid(["hello", "world"])
    #expect(CellGrid.changedRuns(old: a, new: a).isEmpty)
  }

  @Test func noOldFrameRedrawsEveryRow() {
    let a = grid(["ab", "cd", "ef"])
    #expect(
      CellGrid.changedRuns(old: nil, new: a) == [
        ChangedRun(row: 0, start: 0, end: 2), ChangedRun(row: 1, start: 0, end: 2),
        ChangedRun(row: 2, start: 0, end: 2),
      ])
  }

  @Test func aNewSizeRedrawsEveryRow() {
    let old = grid(["ab", "cd"])
    let new = grid(["abc", "cde"])
    #expect(CellGrid.changedRuns(old: old, new: new).count == 2)
    #expect(CellGrid.changedRuns(old: old, new: new).allSatisfy { $0.start == 0 && $0.end == 3 })
  }

  @Test func separateChangesMakeSeparateRuns() {
    let old = grid(["abcdefgh", "abcdefgh"])
    let new = grid(["aXcdeYZh", "abcdefgh"])
    #expect(
      CellGrid.changedRuns(old: old, new: new) == [
        ChangedRun(row: 0, start: 1, end: 2), ChangedRun(row: 0, start: 5, end: 7),
      ])
  }

  @Test func aStyleChangeAloneIsAChange() {
    let old = grid(["abc"])
    var new = old
    new.restyle(Rect(x: 2, y: 0, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
    #expect(CellGrid.changedRuns(old: old, new: new) == [ChangedRun(row: 0, start: 2, end: 3)])
  }

  @Test func aChangeOnTheRightHalfOfAWideCharacterStartsAtItsLeftHalf() {
    let old = grid(["a中b"])
    var new = old
    new.restyle(Rect(x: 2, y: 0, width: 1, height: 1)) { $0.attributes.insert(.bold) }
    #expect(CellGrid.changedRuns(old: old, new: new) == [ChangedRun(row: 0, start: 1, end: 3)])
  }

  @Test func aChangeOnTheLeftHalfOfAWideCharacterTakesInItsRightHalf() {
    let old = grid(["a中b"])
    var new = old
    new.restyle(Rect(x: 1, y: 0, width: 1, height: 1)) { $0.attributes.insert(.bold) }
    #expect(CellGrid.changedRuns(old: old, new: new) == [ChangedRun(row: 0, start: 1, end: 3)])
  }

  @Test func aWideCharacterReplacingTwoNarrowOnesIsOneRun() {
    let old = grid(["abcd"])
    let new = grid(["a中d"])
    #expect(CellGrid.changedRuns(old: old, new: new) == [ChangedRun(row: 0, start: 1, end: 3)])
  }

  @Test func aNarrowCharacterOverTheRightHalfOfAWideOneRedrawsBoth() {
    let old = grid(["a中d"])
    let new = grid(["a Xd"])
    #expect(CellGrid.changedRuns(old: old, new: new) == [ChangedRun(row: 0, start: 1, end: 3)])
  }

  @Test func anEmptyGridHasNoRuns() {
    #expect(CellGrid.changedRuns(old: nil, new: CellGrid(size: Size(width: 0, height: 5))).isEmpty)
  }
}
