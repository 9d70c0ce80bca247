// The frame diff: which cells of a grid differ from the last frame's, as runs a presenter
// draws. Pure, so it is tested without a terminal, and the same for every front end.

/// A run of cells on one row that differ between two frames: the columns `start ..< end` of
/// row `row`.
///
/// Runs never start on the right half of a wide grapheme nor end inside one, so each can be
/// drawn grapheme by grapheme.
package struct ChangedRun: Hashable, Sendable {
  /// The row, 0-based.
  package var row: Int
  /// The first column of the run.
  package var start: Int
  /// The column after the last one of the run.
  package var end: Int

  /// Makes a run of columns `start ..< end` on `row`.
  package init(row: Int, start: Int, end: Int) {
    self.row = row
    self.start = start
    self.end = end
  }
}

extension CellGrid {
  /// The runs of cells of `new` that differ from `old`, row by row, left to right; every cell
  /// when there is no old frame or its size differs.
  ///
  /// A run that would start on the right half of a wide grapheme starts at its left half, and
  /// one that would end inside a wide grapheme takes in the rest of it.
  package static func changedRuns(old: CellGrid?, new: CellGrid) -> [ChangedRun] {
    let width = new.size.width
    let height = new.size.height
    guard width > 0, height > 0 else { return [] }
    guard let old else { return (0..<height).map { ChangedRun(row: $0, start: 0, end: width) } }
    return changedRuns(from: old, to: new)
  }

  /// ``changedRuns(old:new:)`` with an old frame.
  package static func changedRuns(from old: CellGrid, to new: CellGrid) -> [ChangedRun] {
    let width = new.size.width
    let height = new.size.height
    guard width > 0, height > 0 else { return [] }
    // The old frame's cells numbered as the new one numbers styles and graphemes (as they are
    // when both palettes agree, the usual case): then cells compare as plain words.
    guard old.size == new.size, let oldCells = new.cells(of: old) else {
      return (0..<height).map { ChangedRun(row: $0, start: 0, end: width) }
    }
    return runs(of: new, against: oldCells)
  }

  /// The runs of cells of `new` that differ from `oldCells` (the same size), or from blank
  /// cells when `oldCells` is nil: what a full repaint draws after erasing the screen, found
  /// without building a blank grid the size of the screen. Inlined into both callers, so each
  /// compares its cells without asking which of the two it is at every cell.
  @inline(__always)
  package static func runs(of new: CellGrid, against oldCells: [PackedCell]?) -> [ChangedRun] {
    let width = new.size.width
    let height = new.size.height
    precondition(oldCells.map { $0.count == new.packedCells.count } ?? true, "frames of different sizes")
    var runs: [ChangedRun] = []
    // The cells read in place, a frame's worth of them on every draw.
    new.packedCells.withUnsafeBufferPointer { newCells in
      (oldCells ?? []).withUnsafeBufferPointer { old in
        let compares = oldCells != nil
        // A cell is drawn when it differs from the old frame's, or is not blank.
        func differs(_ index: Int) -> Bool {
          compares ? old[index] != newCells[index] : !newCells[index].isBlank
        }
        for row in 0..<height {
          let base = row * width
          var x = 0
          while x < width {
            guard differs(base + x) else {
              x += 1
              continue
            }
            var start = x
            while start > 0 && newCells[base + start].isContinuation { start -= 1 }
            var end = x + 1
            while end < width && differs(base + end) { end += 1 }
            while end < width && newCells[base + end].isContinuation { end += 1 }
            if let last = runs.last, last.row == row, last.end >= start {
              runs[runs.count - 1].end = max(last.end, end)
            } else {
              runs.append(ChangedRun(row: row, start: start, end: end))
            }
            x = end
          }
        }
      }
    }
    return runs
  }
}
