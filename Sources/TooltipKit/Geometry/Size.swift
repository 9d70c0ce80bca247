/// A size in cells: columns wide and rows high.
///
/// A program names one for its screen or window when it lays a scene out, or for a widget an
/// anchor covers (``Anchor/boxSize``): screens, boxes and bubbles are all measured in whole cells.
public struct Size: Hashable, Sendable {
  /// The number of columns.
  public var width: Int
  /// The number of rows.
  public var height: Int

  /// Makes a size of `width` columns and `height` rows.
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The number of cells, zero when either side is zero or negative.
  public var area: Int {
    guard width > 0, height > 0 else { return 0 }
    let (product, overflow) = width.multipliedReportingOverflow(by: height)
    return overflow ? .max : product
  }
}
