import CNcurses
import CTerminalGuard
import CTerminalOutput
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// The one writer to the terminal: each frame's changes (the core's diff, ``CellGrid``'s
/// changed runs, written directly with the terminal's terminfo capabilities), the cursor,
/// graphemes whose width terminals disagree on, and every mode switch of both front ends, each
/// frame as one `write(2)`. Curses keeps the set-up (the terminal's modes, its colour pairs,
/// the alternate screen) and the capabilities; it draws nothing. The C guard's signal-time
/// restore is the only other writer, with bytes from ``TerminalModes`` handed to it at run time.
///
/// A frame: only the runs that changed since the last frame, or, when it must be drawn whole
/// (the first, Ctrl-L, a resume, a new size), the screen cleared and every cell that is not
/// blank. Style changes are curses' own attribute sequences (`vid_puts`, with the colour pairs
/// ``CursesColors`` set up); the cursor is moved by absolute addressing only where the next
/// cell is not where the last left it. Inside one synchronized-output pair when the terminal
/// said it knows mode 2026 (``synchronized``).
///
/// A grapheme whose width terminals disagree on (`Text.hasDisputedWidth`: ZWJ sequences,
/// emoji with a variation selector), or one the C library measures otherwise than the core's
/// table (``CellGrid/cursesCannotPlace(_:)``), is written over blanks of its width, at an
/// explicit cursor position, and so is the cell after it: the terminal may draw it narrower
/// (the blanks show) or wider (the next cell, drawn again, cuts it); nothing after it on its row
/// moves. When such a grapheme changes, its row is sent whole, so no fragment of it stays.
package final class TerminalOutput {
  private let styles: TerminalStyles
  /// The descriptor frames go to (standard output for a session).
  private let output: Int32
  /// Whether `cup` can be formatted safely; when not, ECMA-48's CUP is written instead.
  private let addressable: Bool
  /// Whether writing the screen's last cell may scroll the screen (it is then left alone).
  private let lastCellScrolls: Bool
  /// Whether erasing (`ech`, `el`) fills with the current background colour, so a run of
  /// coloured blanks can be erased rather than written.
  private let erasesInColour: Bool
  /// The last frame drawn, when ``hasPrevious``. Not an optional: copying, comparing or
  /// destroying an optional grid asks the runtime for `Optional`'s metadata, which registers
  /// all of its prespecializations first (some 27,000 instructions of the first frame).
  private var previous = CellGrid(size: Size(width: 0, height: 0))
  /// Whether ``previous`` is what the terminal shows.
  private var hasPrevious = false
  /// Whether the terminal shows its cursor (nil: not known yet).
  private var cursorShown: Bool?
  /// Where the terminal's cursor is while a frame is formatted (nil: not known).
  private var cursor: Point?
  /// Whether each frame is sent inside one synchronized-output pair (the terminal answered the
  /// DECRQM query for mode 2026): it then shows the frame at once, never half drawn.
  package var synchronized = false
  /// Set when the screen it draws on has ended (``TerminalSession/end()``): nothing is drawn
  /// after that.
  private var closed = false

  /// An output drawing on the terminal whose terminfo entry is loaded (`tout_load_terminal`), to
  /// `output`.
  ///
  /// - Parameters:
  ///   - styles: what turns each cell's style into the terminal's sequences.
  ///   - output: the terminal's descriptor (standard output for a session).
  package init(styles: TerminalStyles, output: Int32 = 1) {
    self.styles = styles
    self.output = output
    addressable = tout_cursor_address_is_safe() != 0
    lastCellScrolls = tout_last_cell_scrolls() != 0
    erasesInColour = tout_has_bce() != 0
  }

  /// Forgets what the terminal shows: the next ``present(_:full:)`` clears the screen and
  /// draws the whole frame. For when the terminal's picture may have been lost (a resume after
  /// a stop, a resize, Ctrl-L); ``TerminalSession`` calls it for the first two itself.
  package func invalidate() {
    hasPrevious = false
    styles.forget()
  }

  /// Stops drawing for good: the screen it draws on has ended.
  func close() {
    closed = true
  }

  /// Draws `grid`: only what changed since the last frame, or, when `full` (Ctrl-L, a resume,
  /// a new size), the screen cleared and everything that is not blank, with the cursor on
  /// `grid.cursor` (hidden when nil), as one terminal write.
  ///
  /// The write may block (a terminal that stopped reading): a quit signal arriving while it is
  /// formatted or sent restores the terminal and ends the program from the signal handler
  /// (`tg_blocking_begin`). With a quit signal already pending, nothing is drawn: the program
  /// is about to end; after the session ended, nothing is drawn either.
  package func present(_ grid: CellGrid, full: Bool = false) {
    draw(grid, full: full)
  }

  /// ``present(_:full:)``, returning the runs that were drawn.
  @discardableResult
  package func draw(_ grid: CellGrid, full: Bool = false) -> [ChangedRun] {
    guard !closed else { return [] }
    defer { tg_blocking_end() }
    guard tg_blocking_begin() == 0 else { return [] }
    let runs = format(grid, full: full)
    flush()
    return runs
  }

  /// Formats `grid` into the output buffer (``frameBytes()`` reads it); the runs drawn.
  @discardableResult
  package func format(_ grid: CellGrid, full: Bool = false) -> [ChangedRun] {
    tout_buffer().pointee.count = 0
    let pair = TerminalModes.synchronized(synchronized)
    append(pair.begin)
    let repaint = full || !hasPrevious || previous.size != grid.size
    var runs: [ChangedRun]
    var wholeRows: [Int] = []
    if repaint {
      styles.appendPlain()
      _ = tout_cap("clear")
      cursor = nil
      // After a clear the screen is blank: a full repaint only has to draw what is not blank.
      runs = CellGrid.runs(of: grid, against: nil)
    } else {
      runs = CellGrid.changedRuns(from: previous, to: grid)
      // The terminal drew the last frame's disputed graphemes its own way: where one changes,
      // its row is sent whole to leave nothing of it.
      wholeRows = Self.rowsReplacingDisputed(old: previous, runs: runs)
    }
    if !wholeRows.isEmpty {
      runs = runs.filter { !wholeRows.contains($0.row) }
      runs += wholeRows.map { ChangedRun(row: $0, start: 0, end: grid.size.width) }
      runs.sort { ($0.row, $0.start) < ($1.row, $1.start) }
    }
    var style: UInt32?
    var lastRow = -1
    var explicit: [Point] = []
    var shiftedRow = -1
    for run in runs where run.row != shiftedRow {
      if run.row != lastRow {
        lastRow = run.row
        explicit = Self.handDrawnCells(grid, rows: [run.row])
      }
      // Text that moved left on its row (a shorter word before it): characters deleted rather
      // than the rest of the row written again, as curses did. It keeps a Tab within budget:
      // 110 bytes (1.05x the minimal encoding) with it, 140 (1.33x) without (BENCHMARKS.md,
      // "Plain code"; BenchmarkDriverSmokeTests checks the budget).
      if !repaint, explicit.isEmpty, !wholeRows.contains(run.row),
        let shift = Self.leftShift(old: previous, new: grid, row: run.row, from: run.start, to: run.end),
        shift.at < run.end
      {
        put(grid, run: ChangedRun(row: run.row, start: run.start, end: shift.at), explicit: [], style: &style)
        if style != 0 {
          styles.appendPlain()
          style = 0
        }
        let here = Point(x: shift.at, y: run.row)
        if cursor != here { move(to: here) }
        if tout_delete(Int32(shift.count)) != 0 {
          shiftedRow = run.row
          continue
        }
        put(grid, run: ChangedRun(row: run.row, start: shift.at, end: run.end), explicit: [], style: &style)
        continue
      }
      put(grid, run: run, explicit: explicit, style: &style)
    }
    if style != nil { styles.appendPlain() }
    placeCursor(grid.cursor.flatMap { Rect(size: grid.size).contains($0) ? $0 : nil })
    // A frame that changes nothing writes nothing, not even an empty synchronized pair.
    if tout_buffer().pointee.count == pair.begin.utf8.count {
      tout_buffer().pointee.count = 0
    } else {
      append(pair.end)
    }
    previous = grid
    hasPrevious = true
    return runs
  }

  /// The bytes formatted for the last frame (tests read them).
  package func frameBytes() -> [UInt8] {
    let out = tout_buffer().pointee
    guard let bytes = out.bytes else { return [] }
    return Array(UnsafeBufferPointer(start: bytes, count: out.count))
  }

  /// Writes the formatted frame in one `write(2)` (more only when the terminal takes it in
  /// parts, or while it is not taking output: ``writeAll(_:to:)`` waits for it). A frame the
  /// terminal did not take whole (it hung up) is not taken as shown: the next one is drawn
  /// whole.
  private func flush() {
    let out = tout_buffer().pointee
    guard let bytes = out.bytes, out.count > 0 else { return }
    if writeAll(UnsafeRawBufferPointer(start: bytes, count: out.count), to: output) != nil {
      hasPrevious = false
      cursorShown = nil
    }
  }

  /// Writes the cells of `run`, moving the cursor only where it is not already.
  private func put(_ grid: CellGrid, run: ChangedRun, explicit: [Point], style: inout UInt32?) {
    let width = grid.size.width
    let lastRow = grid.size.height - 1
    let cells = grid.packedCells
    let base = run.row * width
    var x = run.start
    var end = run.end
    while x < end {
      let cell = cells[base + x]
      let step = max(1, cell.width)
      defer { x += step }
      if cell.isContinuation { continue }
      // The screen's last cell may scroll the screen when written: left alone.
      if lastCellScrolls && run.row == lastRow && x + step >= width { break }
      if cell.styleNumber != style {
        styles.append(grid.style(of: cell))
        style = cell.styleNumber
      }
      let here = Point(x: x, y: run.row)
      // A run of blanks of one style erased (`ech`) when that is shorter than writing it: it
      // keeps the first open within budget, 244 bytes (0.99x the minimal encoding) with it,
      // 301 (1.22x) without (BENCHMARKS.md, "Plain code"). An erase leaves blanks in the background
      // colour alone: never a run whose blanks show an attribute, reverse video or an underline.
      if cell.code == 0x20 && cell.width == 1 && (erasesInColour || cell.isBlank)
        && grid.style(of: cell).attributes.isDisjoint(with: [.reverse, .underline])
      {
        var count = 1
        while x + count < end && cells[base + x + count] == cell { count += 1 }
        if count >= Self.eraseAtLeast {
          if cursor != here { move(to: here) }
          if tout_erase(Int32(count)) != 0 {
            x += count - 1
            continue
          }
        }
      }
      let disputed = grid.cursesCannotPlace(cell)
      if cursor != here { move(to: here) }
      guard disputed else {
        grid.withCString(of: cell) { tout_bytes($0, strlen($0)) }
        // Past the last column the cursor waits to wrap, where terminals differ: not known.
        cursor = x + step < width ? Point(x: x + step, y: run.row) : nil
        continue
      }
      // Blanks of its width first, then the grapheme over them at its own position.
      append(String(repeating: " ", count: step))
      if explicit.contains(here) {
        move(to: here)
        grid.withCString(of: cell) { tout_bytes($0, strlen($0)) }
        // The cell after it is drawn again at its own position, even past the run.
        if explicit.contains(Point(x: x + step, y: run.row)) { end = max(end, x + step + 1) }
      }
      cursor = nil
    }
  }

  /// Where the cells of row `row` of `new`, from some column at or after `start` (a run of
  /// changes from `start` to `end`) to the row's end, are those of `old` moved `count` columns left with blanks brought in at the end: what
  /// deleting `count` characters there does. Nil when there is no such shift (up to 8 columns)
  /// that saves writing more than 8 cells, or when a cell it moves is wide or of disputed width.
  static func leftShift(old: CellGrid, new: CellGrid, row: Int, from start: Int, to end: Int) -> (at: Int, count: Int)?
  {
    let width = new.size.width
    guard old.size == new.size, start < width - 1, end <= width else { return nil }
    let base = row * width
    let was = old.packedCells
    let now = new.packedCells
    // Asked of every run of every frame: the cheap tests first. A run of more than 8 cells, and
    // its last cell and the 9th from its end already the old cells `count` columns to their
    // right (a shift that saves more than 8 cells moves those two).
    let last = base + end - 1
    guard end - start > 8 else { return nil }
    for count in 1...min(8, width - start - 1) {
      guard last + count < base + width, now[last] == was[last + count], now[last - 8] == was[last - 8 + count]
      else { continue }
      guard (width - count..<width).allSatisfy({ now[base + $0].isBlank }) else { continue }
      var at = width - count
      while at > start && now[base + at - 1] == was[base + at - 1 + count] { at -= 1 }
      let moved = at..<width - count
      let saved = moved.count(where: { now[base + $0] != was[base + $0] })
      guard saved > 8 else { continue }
      let plain = (at..<width).allSatisfy { was[base + $0].width == 1 && !old.cursesCannotPlace(was[base + $0]) }
      if plain { return (at, count) }
    }
    return nil
  }

  /// The shortest run of blanks erased (`CSI n X`, 4 or 5 bytes) rather than written.
  static let eraseAtLeast = 6

  /// Moves the cursor to `point` by absolute addressing.
  private func move(to point: Point) {
    if addressable {
      tout_move(Int32(point.y), Int32(point.x))
    } else {
      append("\u{1B}[\(point.y + 1);\(point.x + 1)H")
    }
    cursor = point
  }

  /// Shows the cursor at `point`, or hides it (at the top-left, out of the way) when nil.
  private func placeCursor(_ point: Point?) {
    let shown = point != nil
    if shown != cursorShown {
      // A terminal that cannot hide its cursor has no `civis`: nothing else to do.
      _ = tout_cap(shown ? "cnorm" : "civis")
      cursorShown = shown
    }
    let target = point ?? Point(x: 0, y: 0)
    if cursor != target { move(to: target) }
  }

  private func append(_ text: String) {
    guard !text.isEmpty else { return }
    var text = text
    text.withUTF8 { tout_bytes($0.baseAddress, $0.count) }
  }

  /// The rows of `old` holding a grapheme whose width terminals disagree on that one of `runs`
  /// overwrites: the terminal drew it its own way, so the row is sent whole.
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

  /// The cells written at their own explicit position on `rows` (in order, no row twice):
  /// every disputed grapheme, and the cell after each, when it is neither disputed itself nor
  /// the right half of a wide grapheme.
  ///
  /// A disputed grapheme one column wide in the last column is left blank: a terminal that
  /// draws it two columns wide would wrap it to the next row. The cell after a disputed
  /// grapheme that ends the screen's last row is left as the row's run writes it.
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
        if row == grid.size.height - 1 && next + max(1, cells[base + next].width) >= width { continue }
        hand.append(Point(x: next, y: row))
      }
    }
    return hand
  }

  /// What gives the cursor back when the session leaves the terminal (at its end, and before
  /// a stop): the cursor shown again when a frame hid it. The next frame sets it again.
  package func endSequence() -> String {
    defer { cursorShown = nil }
    guard cursorShown == false else { return "" }
    return Self.capability("cnorm")
  }

  /// The bytes of a string capability of the loaded terminfo entry that takes no parameter,
  /// or nothing when the terminal has none. (Formatted here: the frame buffer is this file's.)
  package static func capability(_ name: String) -> String {
    tout_buffer().pointee.count = 0
    defer { tout_buffer().pointee.count = 0 }
    guard tout_cap(name) != 0, let start = tout_buffer().pointee.bytes else { return "" }
    return String(decoding: UnsafeBufferPointer(start: start, count: tout_buffer().pointee.count), as: UTF8.self)
  }

  /// Writes `sequence`, mode switches, to the terminal at once: the one writer of modes both
  /// front ends use, to the output the guard saved (standard output for a session; the
  /// screen's own output for a program that owns ncurses). The write may block (a terminal
  /// that stopped reading): a quit signal during it restores the terminal from the handler and
  /// ends the program. With a quit signal already pending nothing is written, unless
  /// `whilePending` (the end of a session, whose caller saw that the terminal takes output).
  package static func send(_ sequence: String, whilePending: Bool = false) {
    guard !sequence.isEmpty else { return }
    let saved = tg_output_fd()
    defer { tg_blocking_end() }
    guard tg_blocking_begin() == 0 || whilePending else { return }
    var sequence = sequence
    sequence.withUTF8 { _ = writeAll(UnsafeRawBufferPointer($0), to: saved >= 0 ? saved : 1) }
  }
}

/// A session's colours: the rung of the colour ladder that the terminal's terminfo entry and
/// `NO_COLOR` allow, and each core `Style` as the terminfo sequences that draw it (`sgr` or
/// `sgr0` and the single attributes, `op`, `setaf`, `setab`), appended to the frame being
/// formatted: only what differs from what the terminal has, as curses' `vid_puts` did.
///
/// No curses screen and no colour pair is involved: colours unset by the core are the
/// terminal's own (what `sgr0` and `op` leave), so the user's background shows through wherever
/// the core asks for none. Valid while the session's terminfo entry is loaded
/// (`tout_load_terminal`).
package final class TerminalStyles {
  /// The rung in use: `none` under `NO_COLOR`, without colours, or for an entry whose numbers
  /// are absurd (``CursesColors/saneCounts(colors:pairs:)``).
  package let level: ColorLevel
  private let ladder: ColorLadder

  /// What the terminal draws with: attributes and colour numbers (nil: the terminal's own).
  fileprivate struct Drawn: Equatable {
    var attributes: Attributes
    var foreground: Int32?
    var background: Int32?
  }
  private static let plain = Drawn(attributes: [], foreground: nil, background: nil)
  /// What the terminal draws with now; nil when not known (at the start, after a stop).
  private var current: Drawn?
  /// Each style as the ladder maps it, worked out once.
  private var mapped: [Style: Drawn] = [:]

  /// The styles of the loaded terminfo entry, in monochrome when `noColor` (the value of
  /// `NO_COLOR`) is non-empty.
  package init(noColor: String?) {
    let colors = Int(tout_number("colors"))
    let sane = CursesColors.saneCounts(colors: Int32(clamping: colors), pairs: Int32(tout_number("pairs")))
    level = ColorLadder.level(
      noColor: noColor, hasColors: sane && colors > 0, colors: colors, directFlag: tout_flag("RGB") != 0)
    ladder = ColorLadder(level: level)
  }

  /// Appends what changes the terminal's attributes and colours to those of `style`.
  package func append(_ style: Style) {
    let target = mapped[style] ?? map(style)
    var now = current ?? Drawn(attributes: [.bold, .dim, .reverse, .underline])
    if now.attributes != target.attributes {
      setAttributes(target.attributes)
      now = Drawn(attributes: target.attributes)
    }
    if (now.foreground != nil && target.foreground == nil) || (now.background != nil && target.background == nil) {
      if tout_cap("op") == 0 { tout_bytes("\u{1B}[39;49m", 8) }
      now.foreground = nil
      now.background = nil
    }
    if let foreground = target.foreground, foreground != now.foreground { _ = tout_cap1("setaf", foreground) }
    if let background = target.background, background != now.background { _ = tout_cap1("setab", background) }
    current = target
  }

  /// Appends what puts every attribute and colour back to the terminal's own.
  package func appendPlain() {
    guard current != Self.plain else { return }
    setAttributes([])
    current = Self.plain
  }

  /// Forgets what the terminal draws with: the next style is set whole.
  package func forget() {
    current = nil
  }

  /// `attributes` alone, every other attribute and the colours off.
  private func setAttributes(_ attributes: Attributes) {
    let set: (Attributes) -> Int32 = { attributes.contains($0) ? 1 : 0 }
    if tout_sgr(set(.underline), set(.reverse), set(.dim), set(.bold)) != 0 { return }
    if tout_cap("sgr0") == 0 { tout_bytes("\u{1B}[0m", 4) }
    if attributes.contains(.bold) { _ = tout_cap("bold") }
    if attributes.contains(.dim) { _ = tout_cap("dim") }
    if attributes.contains(.reverse) { _ = tout_cap("rev") }
    if attributes.contains(.underline) { _ = tout_cap("smul") }
  }

  private func map(_ style: Style) -> Drawn {
    let colours = ladder.map(style)
    let drawn = Drawn(
      attributes: colours.attributes, foreground: level == .none ? nil : colours.foreground,
      background: level == .none ? nil : colours.background)
    mapped[style] = drawn
    return drawn
  }
}

extension TerminalStyles.Drawn {
  fileprivate init(attributes: Attributes) {
    self.init(attributes: attributes, foreground: nil, background: nil)
  }
}
