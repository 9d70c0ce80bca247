/// A rectangle of cells: an origin (top-left cell) and a size.
///
/// A program names one for the area of its screen a scene takes, or the cells it fills. Bubbles
/// are laid out as rects that may run past the screen; the only operation that reconciles them
/// with the screen is ``intersection(_:)``, a crop that keeps position. Nothing in TooltipKit
/// shifts or clamps a rect.
public struct Rect: Hashable, Sendable {
  /// The top-left cell.
  public var origin: Point
  /// The width and height in cells.
  public var size: Size

  /// Makes a rect from its top-left cell and size.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// Makes a rect of `size` at the origin (0, 0): a screen's or a window's own cells, what
  /// everything drawn on it is cropped to.
  public init(size: Size) {
    self.init(origin: Point(x: 0, y: 0), size: size)
  }

  /// Makes a rect from its left column, top row, width and height.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
  }

  /// The first column inside the rect.
  public var minX: Int { origin.x }
  /// The first row inside the rect.
  public var minY: Int { origin.y }
  /// The first column past the rect (exclusive), held to `Int.max` (or `Int.min`) where the sum
  /// would overflow, so a rect built from any two `Int`s answers without a trap.
  public var maxX: Int { origin.x.saturatingAdding(size.width) }
  /// The first row past the rect (exclusive), held to `Int.max` (or `Int.min`) where the sum
  /// would overflow.
  public var maxY: Int { origin.y.saturatingAdding(size.height) }
  /// Whether the rect holds no cell.
  public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
  /// The number of cells in the rect.
  public var area: Int { size.area }

  /// Whether `point` is one of the rect's cells.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The cells this rect shares with `other`, or nil when they share none.
  ///
  /// This is a crop: the result keeps its cells where they were, it never moves them.
  public func intersection(_ other: Rect) -> Rect? {
    let left = max(minX, other.minX)
    let right = min(maxX, other.maxX)
    let top = max(minY, other.minY)
    let bottom = min(maxY, other.maxY)
    guard left < right, top < bottom else { return nil }
    return Rect(x: left, y: top, width: right.saturatingSubtracting(left), height: bottom.saturatingSubtracting(top))
  }

  /// The box `width` columns wide and `height` rows high at scene position `position` in
  /// this scene area, or nil when it falls wholly outside: a negative `x` counts the box's right
  /// edge from the right (-1: it ends on the last column), a negative `y` its bottom row from
  /// the bottom (-1: it ends on the last row).
  ///
  /// The outside test comes first, so any `Int` position resolves without overflow.
  func sceneBox(at position: Point, width: Int, height: Int = 1) -> Rect? {
    guard width > 0, height > 0, position.x < size.width, position.x >= -size.width,
      position.y < size.height, position.y >= -size.height
    else { return nil }
    return unclippedSceneBox(at: position, width: width, height: height)
  }

  /// The box ``sceneBox(at:width:height:)`` resolves, even when it falls wholly outside this area (a
  /// crop report measures those too). Coordinates and sides past 2^40 cells are pulled in to
  /// 2^40, where the box and anything laid out from it are still wholly outside, so nothing
  /// overflows. Unless `fromFarEdge`, a negative coordinate is before the area's first cell, as
  /// it says, not counted from its far edge (an anchor in a viewport).
  func unclippedSceneBox(at position: Point, width: Int, height: Int = 1, fromFarEdge: Bool = true) -> Rect {
    let limit = 1 << 40
    let px = min(max(position.x, -limit), limit)
    let py = min(max(position.y, -limit), limit)
    let width = min(max(width, 0), limit)
    let height = min(max(height, 0), limit)
    let x = px >= 0 || !fromFarEdge ? minX + px : maxX + px + 1 - width
    let y = py >= 0 || !fromFarEdge ? minY + py : maxY + py + 1 - height
    return Rect(x: x, y: y, width: width, height: height)
  }
}

extension Int {
  /// `self + other`, held to `Int.max` or `Int.min` where the sum overflows.
  func saturatingAdding(_ other: Int) -> Int {
    let (sum, overflow) = addingReportingOverflow(other)
    return overflow ? (other > 0 ? .max : .min) : sum
  }

  /// `self - other`, held to `Int.max` or `Int.min` where the difference overflows.
  func saturatingSubtracting(_ other: Int) -> Int {
    let (difference, overflow) = subtractingReportingOverflow(other)
    return overflow ? (other < 0 ? .max : .min) : difference
  }
}
