import CNcurses
import CTerminalGuard
import TooltipKit

/// A run of cells on one row that differ between two frames: the columns `start ..< end` of
/// row `row`.
///
/// Runs never start on the right half of a wide grapheme nor end inside one, so each can be
/// drawn grapheme by grapheme.
public struct ChangedRun: Hashable, Sendable {
  /// The row, 0-based.
  public var row: Int
  /// The first column of the run.
  public var start: Int
  /// The column after the last one of the run.
  public var end: Int

  /// Makes a run of columns `start ..< end` on `row`.
  public init(row: Int, start: Int, end: Int) {
    self.row = row
    self.start = start
    self.end = end
  }
}

/// Draws core cell grids on the current curses screen, sending only the cells that changed
/// since the last frame, then one refresh.
///
/// Each grapheme is drawn as a UTF-8 string at its column (so emoji sequences reach ncurses
/// whole), the right halves of wide graphemes are never written, and the terminal cursor is
/// put where the grid says, or hidden.
public final class Presenter {
  private let colors: CursesColors
  private var previous: CellGrid?
  private var cursorVisible: Int32 = -1

  /// A presenter drawing with `colors` on the current curses screen's `stdscr`.
  public init(colors: CursesColors) {
    self.colors = colors
  }

  /// The runs of cells of `new` that differ from `old`, row by row, left to right; every cell
  /// when there is no old frame or its size differs.
  ///
  /// A run that would start on the right half of a wide grapheme starts at its left half, and
  /// one that would end inside a wide grapheme takes in the rest of it.
  public static func changedRuns(old: CellGrid?, new: CellGrid) -> [ChangedRun] {
    let width = new.size.width
    let height = new.size.height
    guard width > 0, height > 0 else { return [] }
    guard let old, old.size == new.size else {
      return (0..<height).map { ChangedRun(row: $0, start: 0, end: width) }
    }
    var runs: [ChangedRun] = []
    let oldCells = old.cells
    let newCells = new.cells
    for row in 0..<height {
      let base = row * width
      var x = 0
      while x < width {
        guard oldCells[base + x] != newCells[base + x] else {
          x += 1
          continue
        }
        var start = x
        while start > 0 && newCells[base + start].isContinuation { start -= 1 }
        var end = x + 1
        while end < width && oldCells[base + end] != newCells[base + end] { end += 1 }
        while end < width && newCells[base + end].isContinuation { end += 1 }
        if let last = runs.last, last.row == row, last.end >= start {
          runs[runs.count - 1].end = max(last.end, end)
        } else {
          runs.append(ChangedRun(row: row, start: start, end: end))
        }
        x = end
      }
    }
    return runs
  }

  /// Draws `grid`: only what changed since the last frame, or, when `full` (Ctrl-L, a resume,
  /// a new size), the screen erased and everything that is not blank, then one refresh with the
  /// cursor on `grid.cursor` (hidden when nil).
  ///
  /// The frame is one terminal write (`tg_output_begin`): a quit signal arriving while it is
  /// drawn or sent (a terminal that stopped reading blocks the write) restores the terminal and
  /// ends the program from the signal handler. With a quit signal already pending, nothing is
  /// drawn: the program is about to end.
  ///
  /// Returns the runs that were drawn.
  @discardableResult
  public func present(_ grid: CellGrid, full: Bool = false) -> [ChangedRun] {
    defer { tg_output_end() }
    guard tg_output_begin() == 0 else { return [] }
    let window = tk_stdscr()
    let repaint = full || previous?.size != grid.size
    if repaint {
      werase(window)
      clearok(tk_curscr(), true)
    }
    // After werase the screen is blank: a full repaint only has to draw what is not blank.
    let runs = Self.changedRuns(old: repaint ? CellGrid(size: grid.size) : previous, new: grid)
    var current: Style?
    for run in runs {
      for x in run.start..<run.end {
        let cell = grid[x, run.row]
        if cell.isContinuation { continue }
        if cell.style != current {
          let resolved = colors.resolve(cell.style)
          _ = tk_attr_set(window, resolved.attrs, resolved.pair)
          current = cell.style
        }
        // The last cell of the screen may answer ERR (the cursor cannot advance past it):
        // the cell is drawn all the same.
        _ = cell.text.withCString { tk_put(window, Int32(run.row), Int32(x), $0) }
      }
    }
    _ = tk_attr_set(window, TK_A_NORMAL, 0)
    previous = grid
    placeCursor(grid.cursor)
    wrefresh(window)
    return runs
  }

  /// Forgets the last frame, so the next one is drawn whole.
  public func invalidate() {
    previous = nil
  }

  private func placeCursor(_ cursor: Point?) {
    let window = tk_stdscr()
    let wanted: Int32 = cursor == nil ? 0 : 1
    if let cursor {
      wmove(window, Int32(cursor.y), Int32(cursor.x))
    }
    if wanted != cursorVisible {
      // curs_set answers ERR on terminals that cannot hide the cursor: nothing else to do.
      _ = curs_set(wanted)
      cursorVisible = wanted
    }
    // A hidden cursor still rests somewhere: leave it at the top-left, out of the way.
    if cursor == nil { wmove(window, 0, 0) }
  }
}
