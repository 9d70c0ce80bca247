import CCursesSupport
import CNcurses
import TooltipKit

/// Writes cells of a core grid into a curses window: one attribute change per style change, each
/// run of one style handed to curses as one string, right halves of wide graphemes skipped.
///
/// Curses places a string's characters one after another by their `wcwidth`, the measure the
/// grid's cells have, so a run of graphemes of one scalar each (nearly every cell) is one call
/// instead of one per grapheme, and the window ends up holding the same cells. A grapheme of
/// several scalars, a disputed one, one that would start outside the window or end past its
/// right edge is written at its own column, as the grapheme after it is.
///
/// The overlay of a program that owns ncurses draws with it (a session's frames go to
/// ``TerminalOutput``, which resolves styles the same way). A writer draws the cells of one
/// grid: the style it remembers is a number in that grid's palette.
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
        // A disputed grapheme is blanks to curses (an overlay leaves it blank).
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
  /// (`cs_curses_width`), measures it otherwise than the core's table did. ``TerminalOutput``
  /// writes such a cell over blanks at an explicit position; an overlay leaves it blank.
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
      let width = cs_curses_width(cell.code)
      return width < 0 || Int(width) != cell.width
    }
    var total = 0
    for scalar in text(of: cell).unicodeScalars {
      let width = cs_curses_width(scalar.value)
      if width < 0 { return true }
      total += Int(width)
    }
    return total != cell.width
  }
}
