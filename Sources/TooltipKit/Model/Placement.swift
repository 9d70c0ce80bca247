/// A side or a direction on the screen: the side of its anchor a bubble sits on, the way the
/// selection moves (``TooltipInput/move(_:)``), and the screen edge a bubble crosses.
///
/// One type for all three, so a program names each side one way: `.top` is above the anchor,
/// towards row 0, and the screen's first row. A placement is a promise: the bubble never flips
/// to another side at a screen edge.
public enum Placement: String, CaseIterable, Hashable, Sendable {
  /// Above the anchor (pointer ▼); towards row 0.
  case top
  /// Below the anchor (pointer ▲); towards the last row.
  case bottom
  /// Left of the anchor (pointer ▶); towards column 0.
  case left
  /// Right of the anchor (pointer ◀); towards the last column.
  case right
}

extension Direction {
  /// The way `side` points: `.top` is up.
  package init(_ side: Placement) {
    switch side {
    case .top: self = .up
    case .bottom: self = .down
    case .left: self = .left
    case .right: self = .right
    }
  }
}
