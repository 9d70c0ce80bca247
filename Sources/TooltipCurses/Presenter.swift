import CNcurses
import CTerminalGuard
import TooltipKit

/// Draws core cell grids on the current curses screen, sending only the cells that changed
/// since the last frame, then one refresh.
///
/// Each grapheme is drawn as a UTF-8 string at its column (so emoji sequences reach ncurses
/// whole), the right halves of wide graphemes are never written, and the terminal cursor is
/// put where the grid says, or hidden.
///
/// A grapheme whose width terminals disagree on (`Text.hasDisputedWidth`: ZWJ sequences,
/// emoji with a variation selector) is not left to curses, which would draw what follows it
/// where its own count of columns says the terminal's cursor is. Curses draws blanks over its
/// columns; after the frame the grapheme is written over them at an explicit cursor position,
/// and so is the cell after it. The terminal may draw it narrower (the blanks show) or wider
/// (the next cell, drawn again, cuts it): nothing after it on its row moves. When such a
/// grapheme changes, its row is sent whole, so no fragment of it stays.
///
/// The same goes for a cell curses would measure differently from the grid: the core measures
/// with its own Unicode table, curses with the C library's `wcwidth`, and where the C library's
/// Unicode data is older (glibc 2.36 cannot measure the scalars new in Unicode 15.0) or newer,
/// the two can disagree (``CellGrid/cursesCannotPlace(_:)``).
package final class Presenter {
  private let colors: any StyleResolver
  private let handDraws: Bool
  /// The last frame drawn, when ``hasPrevious``. Not an optional: copying, comparing or
  /// destroying an optional grid asks the runtime for `Optional`'s metadata, which registers
  /// all of its prespecializations first (some 27,000 instructions of the first frame).
  private var previous = CellGrid(size: Size(width: 0, height: 0))
  /// Whether ``previous`` is what the terminal shows.
  private var hasPrevious = false
  private var cursorVisible: Int32 = -1
  /// Whether each frame is sent inside one synchronized-output pair (the terminal answered the
  /// DECRQM query for mode 2026): it then shows the frame at once, never half drawn.
  package var synchronized = false
  /// Set when the screen it draws on has ended (``TerminalSession/end()``): nothing is drawn
  /// after that.
  private var closed = false

  /// A presenter drawing with `colors` on the current curses screen's `stdscr`.
  ///
  /// - Parameters:
  ///   - colors: what turns each cell's style into a curses colour pair and attributes.
  ///   - screenOnStandardOutput: whether the screen was started on standard output
  ///     (`newterm`'s output stream is `stdout`, as a ``TerminalSession``'s is). The graphemes
  ///     whose width terminals disagree on are then written there by hand after each frame;
  ///     otherwise (a screen on another stream, or a terminal whose `cup` cannot be formatted
  ///     safely) they are left blank.
  package init(colors: any StyleResolver, screenOnStandardOutput: Bool = false) {
    self.colors = colors
    // A terminal whose cursor addressing cannot be formatted safely (a crafted `cup` that
    // reads a parameter as a string) gets no hand-drawn cells: those graphemes stay blank.
    self.handDraws = screenOnStandardOutput && tk_cursor_address_is_safe() != 0
  }

  /// Forgets what the terminal shows: the next ``present(_:full:)`` erases the screen and
  /// draws the whole frame. For when the terminal's picture may have been lost (a resume
  /// after a stop, a resize, Ctrl-L); ``TerminalSession`` calls it for the first two itself.
  package func invalidate() {
    hasPrevious = false
  }

  /// Stops drawing for good: the screen it draws on has ended.
  func close() {
    closed = true
  }

  /// Draws `grid`: only what changed since the last frame, or, when `full` (Ctrl-L, a resume,
  /// a new size), the screen erased and everything that is not blank, then one refresh with the
  /// cursor on `grid.cursor` (hidden when nil).
  ///
  /// The frame is one terminal write (`tg_blocking_begin`): a quit signal arriving while it is
  /// drawn or sent (a terminal that stopped reading blocks the write) restores the terminal and
  /// ends the program from the signal handler. With a quit signal already pending, nothing is
  /// drawn: the program is about to end; after the session ended, nothing is drawn either.
  package func present(_ grid: CellGrid, full: Bool = false) {
    draw(grid, full: full)
  }

  /// ``present(_:full:)``, returning the runs that were drawn.
  @discardableResult
  package func draw(_ grid: CellGrid, full: Bool = false) -> [ChangedRun] {
    guard !closed else { return [] }
    defer { tg_blocking_end() }
    guard tg_blocking_begin() == 0, let window = tk_stdscr() else { return [] }
    let pair = TerminalModes.synchronized(synchronized)
    TerminalModes.send(pair.begin)
    defer { TerminalModes.send(pair.end, whilePending: true) }
    let repaint = full || !hasPrevious || previous.size != grid.size
    if repaint {
      werase(window)
      clearok(tk_curscr(), true)
    }
    // After werase the screen is blank: a full repaint only has to draw what is not blank.
    let runs =
      repaint ? CellGrid.runs(of: grid, against: nil) : CellGrid.changedRuns(from: previous, to: grid)
    if !repaint {
      // The terminal drew the last frame's disputed graphemes its own way, unknown to curses:
      // where one changes, curses must send its whole row again to leave nothing of it.
      for row in Self.rowsReplacingDisputed(old: previous, runs: runs) { wredrawln(window, Int32(row), 1) }
    }
    var writer = CellWriter(window: window, colors: colors)
    for run in runs {
      writer.put(grid, row: run.row, columns: run.start..<run.end, at: Point(x: run.start, y: run.row))
    }
    writer.finish()
    previous = grid
    hasPrevious = true
    // A cursor off the grid (a caller may set any point) is hidden, never handed to curses.
    placeCursor(grid.cursor.flatMap { Rect(size: grid.size).contains($0) ? $0 : nil })
    wrefresh(window)
    let rows = repaint ? Array(0..<grid.size.height) : runs.map(\.row)
    drawDisputed(grid, rows: rows)
    return runs
  }

  /// The rows of `old` holding a grapheme whose width terminals disagree on that one of `runs`
  /// overwrites: the terminal drew it its own way, unknown to curses, so the row is sent whole.
  package static func rowsReplacingDisputed(old: CellGrid, runs: [ChangedRun]) -> [Int] {
    var rows: [Int] = []
    for run in runs where rows.last != run.row {
      let base = run.row * old.size.width
      let cells = old.packedCells
      if (run.start..<run.end).contains(where: { old.cursesCannotPlace(cells[base + $0]) }) {
        rows.append(run.row)
      }
    }
    return rows
  }

  /// The cells drawn by hand after the frame on `rows` (in order, no row twice): every
  /// disputed grapheme, and the cell after each, when it is neither disputed itself nor the
  /// right half of a wide grapheme. Each is drawn at its own explicit position.
  ///
  /// A disputed grapheme one column wide in the last column is left blank: a terminal that
  /// draws it two columns wide would wrap it to the next row. The screen's last cell is left to
  /// curses, which writes it without scrolling.
  package static func handDrawnCells(_ grid: CellGrid, rows: [Int]) -> [Point] {
    let width = grid.size.width
    let cells = grid.packedCells
    // Most cells hold one scalar, which is answered from its value without a string.
    func disputed(_ index: Int) -> Bool { grid.cursesCannotPlace(cells[index]) }
    var hand: [Point] = []
    var last = -1
    for row in rows where row != last && row >= 0 && row < grid.size.height {
      last = row
      let base = row * width
      // A row whose every cell holds a scalar below U+0300 (or none) has nothing disputed: one
      // comparison a cell finds the rows worth the walk below, most rows of most frames none.
      let mayDispute = cells.withUnsafeBufferPointer { buffer in
        buffer[base..<base + width].contains { $0.code >= 0x300 && $0.code != PackedCell.emptyCode }
      }
      guard mayDispute else { continue }
      var x = 0
      while x < width {
        let cellWidth = cells[base + x].width
        let step = max(1, cellWidth)
        defer { x += step }
        guard disputed(base + x), !(cellWidth == 1 && x == width - 1) else { continue }
        hand.append(Point(x: x, y: row))
        let next = x + step
        guard next < width, !cells[base + next].isContinuation, !disputed(base + next) else { continue }
        // Curses draws the screen's last cell its own careful way (writing it may scroll).
        if row == grid.size.height - 1 && next + max(1, cells[base + next].width) >= width { continue }
        hand.append(Point(x: next, y: row))
      }
    }
    return hand
  }

  /// Writes the disputed graphemes of `grid` on `rows` and the cells after them, each at an
  /// explicit cursor position, then puts the cursor back where curses left it.
  private func drawDisputed(_ grid: CellGrid, rows: [Int]) {
    guard handDraws else { return }
    let screen = Size(width: Int(tk_cols()), height: Int(tk_lines()))
    let cells = Self.handDrawnCells(grid, rows: rows).filter { $0.x < screen.width && $0.y < screen.height }
    guard !cells.isEmpty else { return }
    for point in cells {
      let cell = grid.packedCells[point.y * grid.size.width + point.x]
      let resolved = colors.resolve(grid.style(of: cell))
      grid.withCString(of: cell) { tk_put_direct(Int32(point.y), Int32(point.x), $0, resolved.attrs, resolved.pair) }
    }
    let window = tk_stdscr()
    tk_end_direct(getcury(window), getcurx(window))
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

/// Writes cells of a core grid into a curses window: one attribute change per style change, each
/// run of one style handed to curses as one string, right halves of wide graphemes skipped.
///
/// Curses places a string's characters one after another by their `wcwidth`, the measure the
/// grid's cells have, so a run of graphemes of one scalar each (nearly every cell) is one call
/// instead of one per grapheme, and the window ends up holding the same cells. A grapheme of
/// several scalars, a disputed one, one that would start outside the window or end past its
/// right edge is written at its own column, as the grapheme after it is.
///
/// The presenter and the overlay share it, so a cell looks the same on either path. A writer
/// draws the cells of one grid: the style it remembers is a number in that grid's palette.
struct CellWriter {
  let window: UnsafeMutablePointer<WINDOW>
  let colors: any StyleResolver
  /// The number of the style curses was last given (``PackedCell/styleNumber``), or none yet.
  private var current: UInt32?

  init(window: UnsafeMutablePointer<WINDOW>, colors: any StyleResolver) {
    self.window = window
    self.colors = colors
  }

  /// Draws the cells `columns` of `row` of `grid` with the first at window cell `origin`.
  mutating func put(_ grid: CellGrid, row: Int, columns: Range<Int>, at origin: Point) {
    guard !columns.isEmpty else { return }
    let window = window
    let y = Int32(origin.y)
    let shift = origin.x - columns.lowerBound
    let windowWidth = Int(getmaxx(window))
    // Four UTF-8 bytes per cell at most, and the NUL.
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: columns.count * 4 + 1) { text in
      // The run not yet written: its bytes, its first window column, the window column after it.
      var length = 0
      var start = 0
      var next = 0
      func flush() {
        guard length > 0 else { return }
        text[length] = 0
        // The last cell of the screen may answer ERR (the cursor cannot advance past it): the
        // cell is drawn all the same.
        _ = tk_put(window, y, Int32(start), text.baseAddress!)
        length = 0
      }
      let cells = grid.packedCells
      let base = row * grid.size.width
      for x in columns {
        let cell = cells[base + x]
        if cell.isContinuation { continue }
        if cell.styleNumber != current {
          flush()
          let resolved = colors.resolve(grid.style(of: cell))
          _ = tk_attr_set(window, resolved.attrs, resolved.pair)
          current = cell.styleNumber
        }
        let column = x + shift
        let disputed = grid.cursesCannotPlace(cell)
        if !disputed, let scalar = cell.scalar, column >= 0, column + cell.width <= windowWidth {
          if length > 0 && column != next { flush() }
          if length == 0 { start = column }
          UTF8.encode(scalar) { byte in
            text[length] = CChar(bitPattern: byte)
            length += 1
          }
          next = column + cell.width
          continue
        }
        flush()
        // A disputed grapheme is blanks to curses (the presenter writes it over them after the
        // frame).
        if disputed {
          _ = String(repeating: " ", count: cell.width).withCString { tk_put(window, y, Int32(column), $0) }
        } else {
          grid.withCString(of: cell) { _ = tk_put(window, y, Int32(column), $0) }
        }
      }
      flush()
    }
  }

  /// Puts the window's attributes back to normal.
  mutating func finish() {
    _ = tk_attr_set(window, TK_A_NORMAL, 0)
    current = nil
  }
}

extension CellGrid {
  /// Whether curses cannot be left to place `cell`: terminals disagree on its grapheme's width
  /// (``hasDisputedWidth(_:)``), or curses, which advances by the C library's `wcwidth`
  /// (`tk_curses_width`), measures it otherwise than the core's table did. The presenter draws
  /// such a cell as blanks and writes it by hand after the frame; an overlay leaves it blank.
  ///
  /// Asked of every cell a frame sends, so it is inlined, and a cell below U+0300 (ASCII,
  /// Latin-1 and the Latin Extended letters: one column to every Unicode version and every C
  /// library) is answered without a call.
  @inline(__always) func cursesCannotPlace(_ cell: PackedCell) -> Bool {
    cell.code >= 0x300 && cell.code != PackedCell.emptyCode && (hasDisputedWidth(cell) || cursesMeasuresApart(cell))
  }

  /// Whether the C library's `wcwidth` sums `cell`'s scalars to another width than the grid's,
  /// or cannot measure one of them.
  func cursesMeasuresApart(_ cell: PackedCell) -> Bool {
    guard cell.isCluster else {
      let width = tk_curses_width(cell.code)
      return width < 0 || Int(width) != cell.width
    }
    var total = 0
    for scalar in text(of: cell).unicodeScalars {
      let width = tk_curses_width(scalar.value)
      if width < 0 { return true }
      total += Int(width)
    }
    return total != cell.width
  }
}
