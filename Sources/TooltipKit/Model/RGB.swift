/// A 24-bit colour, as the design tokens give it.
///
/// The terminal layer maps it down its colour ladder; the core keeps the exact value.
public struct RGB: Hashable, Sendable {
  /// The red channel.
  public var red: UInt8
  /// The green channel.
  public var green: UInt8
  /// The blue channel.
  public var blue: UInt8

  /// Makes a colour from its three channels.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Whether two colours are the same; inlinable for a presenter comparing whole frames.
  @inlinable public static func == (a: RGB, b: RGB) -> Bool {
    a.red == b.red && a.green == b.green && a.blue == b.blue
  }

  /// Makes a colour from 0xRRGGBB.
  public init(hex: UInt32) {
    self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
  }

  /// The background colour a `COLORFGBG` value names (`"15;0"`, or `"15;default;0"` as rxvt
  /// writes it: the last field is the background, an index into xterm's first 16 colours), or
  /// nil when it names none of them.
  ///
  /// Terminals that say their colours in the environment (rxvt, Konsole) tell a program their
  /// background this way before any answer to the background query could come.
  public init?(colorFGBG value: String) {
    guard let last = value.split(separator: ";").last, let index = Int(last),
      ColorLadder.basicPalette.indices.contains(index)
    else { return nil }
    self = ColorLadder.basicPalette[index]
  }

  /// The WCAG 2.1 relative luminance, 0 (black) to 1 (white): how light the colour looks.
  ///
  /// A program compares colours with it (``contrast(with:)``) to pick what stands out on a
  /// background it did not choose, as ``Theme/init(background:)`` does.
  public var luminance: Double {
    func channel(_ value: UInt8) -> Double {
      let c = Double(value) / 255
      return c <= 0.039_28 ? c / 12.92 : pow24((c + 0.055) / 1.055)
    }
    return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
  }

  /// The WCAG 2.1 contrast ratio between two colours, 1 (the same) to 21 (black and white).
  ///
  /// The measure the library keeps its colours to: 4.5:1 for text on the bubble's fill, 3:1 for
  /// the fill and the pointer on the terminal's background (SC 1.4.11), so a program checks its
  /// own colours the same way.
  public func contrast(with other: RGB) -> Double {
    let a = luminance
    let b = other.luminance
    return (max(a, b) + 0.05) / (min(a, b) + 0.05)
  }
}

/// x^2.4 for x in (0, 1] without a maths library: x^2 times x^0.4, where x^0.4 is the fifth
/// root of x^2, found by Newton's method from 1 (above the root, so it descends to it).
private func pow24(_ x: Double) -> Double {
  guard x > 0 else { return 0 }
  let square = x * x
  var root = 1.0
  for _ in 0..<60 {
    let r4 = root * root * root * root
    let next = root - (r4 * root - square) / (5 * r4)
    if abs(next - root) < 1e-15 { break }
    root = next
  }
  return square * root
}
