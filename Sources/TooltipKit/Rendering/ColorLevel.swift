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
}
