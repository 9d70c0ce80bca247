/// How many colours a terminal can show, best first: the rungs of the colour ladder.
///
/// The presenter maps the core's exact colours down to the rung the terminal offers.
package enum ColorLevel: Int, Comparable, Sendable {
  /// No colour: monochrome attributes only.
  case none = 0
  /// 8 basic colours.
  case basic8
  /// 16 colours (8 basic plus bright).
  case basic16
  /// The xterm 256-colour palette.
  case palette256
  /// 24-bit direct colour.
  case direct

  /// Orders rungs from none to direct.
  package static func < (a: ColorLevel, b: ColorLevel) -> Bool { a.rawValue < b.rawValue }

  /// Whether two rungs are the same; inlinable, so that `level == .none` in another module
  /// compares two bytes instead of calling `Equatable.==` through a witness table the runtime
  /// instantiates on first use (its cache drags this module's zero-initialized data into the start).
  @inlinable package static func == (a: ColorLevel, b: ColorLevel) -> Bool { a.rawValue == b.rawValue }

  /// Whether two rungs differ; inlinable for the same reason as `==` (the standard library's
  /// `!=` is generic, and calls `==` through the witness table).
  @inlinable package static func != (a: ColorLevel, b: ColorLevel) -> Bool { a.rawValue != b.rawValue }
}
