import Foundation
import TestSupport
import Testing

/// The job monitor (four windows on panels, tooltips in panels of their own) in xterm, driven
/// with real X pointer, wheel and key events and read back as pixels.
extension RealTerminalTests {
  /// The `%CPU` column header: its bubble opens below, its pointer on the table's first row
  /// (row 3) and its body from row 4, over the table window.
  static let cpuHeader = (x: 20, y: 2)
  /// The rows the bubble can cover, and the clock's row.
  static let jobBubbleRows = 3...9
  static let clockRow = 23

  /// The pixels of rows `rows`.
  static func pixels(_ shot: Screenshot, rows: ClosedRange<Int>) -> [[RGB]] {
    shot.cells(columns: 0...(shot.columns - 1), rows: rows)
  }

  /// Whether the `%CPU` header's bubble is on screen: its body's top row is the light fill.
  static func cpuBubbleOpen(_ shot: Screenshot) -> Bool {
    shot.dominantColour(Self.cpuHeader.x, 4) == Self.fill256
      && shot.dominantColour(Self.cpuHeader.x + 4, 5) == Self.fill256
  }

  @Test func theJobMonitorsWindowsKeepTheirPixelsUnderAndAfterABubbleInXterm() throws {
    let term = try XTermWindow(program: Binary.sibling("job-monitor"))
    term.focus()
    #expect(term.waitForScreen("the job monitor", Self.started) != nil)
    let closed = try #require(term.waitForScreen("no bubble") { !Self.cpuBubbleOpen($0) })

    term.click(Self.cpuHeader.x, Self.cpuHeader.y)
    let open = try #require(term.waitForScreen("the %CPU header's bubble again", Self.cpuBubbleOpen))
    // Every window's rows outside the bubble keep their pixels, colours included.
    #expect(Self.pixels(open, rows: 0...2) == Self.pixels(closed, rows: 0...2))
    #expect(Self.pixels(open, rows: 10...22) == Self.pixels(closed, rows: 10...22))
    // The pointer on the selected job's row keeps that row's background (not a white hole).
    let pointer = (x: 19, y: 3)  // below the middle of the header's box, columns 17 to 22
    #expect(open.dominantColour(pointer.x, pointer.y) == closed.dominantColour(pointer.x - 1, pointer.y))
    #expect(open.count(of: Self.fill256, inCell: pointer.x, pointer.y) > 0, "the pointer in the bubble's colour")

    term.key("Escape")
    // Closed: the panels give back every pixel; the program drew nothing again.
    let after = try #require(term.waitForScreen("the bubble closed again") { !Self.cpuBubbleOpen($0) })
    #expect(Self.pixels(after, rows: 0...22) == Self.pixels(closed, rows: 0...22))
    term.key("q")
    #expect(term.exitStatus() == 0)
  }

  @Test func theJobMonitorsClockTicksAndPgDnAndTheWheelScrollUnderABubbleInXterm() throws {
    let term = try XTermWindow(program: Binary.sibling("job-monitor"))
    term.focus()
    #expect(term.waitForScreen("the job monitor", Self.started) != nil)
    term.click(Self.cpuHeader.x, Self.cpuHeader.y)
    let open = try #require(term.waitForScreen("the %CPU header's bubble", Self.cpuBubbleOpen))
    let clock = Self.pixels(open, rows: Self.clockRow...Self.clockRow)
    #expect(
      term.waitForScreen("the clock's next second", timeout: .seconds(3)) {
        Self.cpuBubbleOpen($0) && Self.pixels($0, rows: Self.clockRow...Self.clockRow) != clock
      } != nil)

    // Row 12 lies below the bubble: its job changes as the table scrolls.
    let row = 12
    term.key("Next")
    let paged = try #require(
      term.waitForScreen("PgDn under the bubble") {
        Self.cpuBubbleOpen($0) && Self.pixels($0, rows: row...row) != Self.pixels(open, rows: row...row)
      })
    term.wheel(down: true, 40, 15)
    #expect(
      term.waitForScreen("the wheel under the bubble") {
        Self.cpuBubbleOpen($0) && Self.pixels($0, rows: row...row) != Self.pixels(paged, rows: row...row)
      } != nil)
    term.key("q")
    #expect(term.exitStatus() == 0)
  }
}
