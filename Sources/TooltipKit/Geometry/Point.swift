/// A cell position on the terminal grid: x is the column and y the row, both 0-based.
///
/// A program names one for an anchor's position, a tap, or where it writes into a ``CellGrid``:
/// every coordinate in TooltipKit is a cell, so layout, drawing and hit testing share one unit.
public struct Point: Hashable, Sendable {
  /// The column, 0-based from the left edge.
  public var x: Int
  /// The row, 0-based from the top edge.
  public var y: Int

  /// Makes a point at column `x`, row `y`.
  public init(x: Int, y: Int) {
    self.x = x
    self.y = y
  }
}
