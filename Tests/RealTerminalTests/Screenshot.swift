import Foundation
import TestSupport

/// An RGB colour as 0xRRGGBB.
typealias RGB = UInt32

/// A window's pixels, read back with ImageMagick's `import` as an 8-bit PPM, cut into the
/// terminal's cells.
struct Screenshot: Equatable, CustomStringConvertible {
  /// The image's size in pixels.
  let width: Int
  let height: Int
  /// The pixels, row by row.
  let pixels: [RGB]
  /// One cell's size in pixels.
  let cellWidth: Int
  let cellHeight: Int

  /// A short name for failure messages (the pixels themselves would flood them).
  var description: String { "screenshot \(columns)x\(rows) cells of \(cellWidth)x\(cellHeight) pixels" }

  /// The terminal's size in cells that the image holds.
  var columns: Int { width / cellWidth }
  var rows: Int { height / cellHeight }

  /// Parses a binary PPM (`P6`, maxval 255) of a window whose cells are `cellWidth` x
  /// `cellHeight` pixels.
  init?(ppm data: Data, cellWidth: Int, cellHeight: Int) {
    let bytes = [UInt8](data)
    var index = 0
    /// The next whitespace-separated header field (comments skipped).
    func field() -> Int? {
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "#") {
          while index < bytes.count && bytes[index] != 10 { index += 1 }
        } else if bytes[index] == 32 || (9...13).contains(bytes[index]) {
          index += 1
        } else {
          break
        }
      }
      var value = 0
      var digits = 0
      while index < bytes.count, (48...57).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 48)
        index += 1
        digits += 1
      }
      return digits > 0 ? value : nil
    }
    guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") else { return nil }
    index = 2
    guard let width = field(), let height = field(), let maxValue = field(), maxValue == 255 else { return nil }
    index += 1  // the single whitespace byte before the raster
    guard bytes.count - index >= width * height * 3 else { return nil }
    var pixels = [RGB](repeating: 0, count: width * height)
    for i in 0..<width * height {
      let at = index + i * 3
      pixels[i] = RGB(bytes[at]) << 16 | RGB(bytes[at + 1]) << 8 | RGB(bytes[at + 2])
    }
    self.width = width
    self.height = height
    self.pixels = pixels
    self.cellWidth = cellWidth
    self.cellHeight = cellHeight
  }

  /// Every pixel of the cell at column `x`, row `y` (0-based), row by row.
  func cell(_ x: Int, _ y: Int) -> [RGB] {
    var out: [RGB] = []
    out.reserveCapacity(cellWidth * cellHeight)
    for row in y * cellHeight..<(y + 1) * cellHeight {
      let start = row * width + x * cellWidth
      out.append(contentsOf: pixels[start..<start + cellWidth])
    }
    return out
  }

  /// The pixels of every cell of columns `columns` on rows `rows`, cell by cell.
  func cells(columns: ClosedRange<Int>, rows: ClosedRange<Int>) -> [[RGB]] {
    rows.flatMap { y in columns.map { x in cell(x, y) } }
  }

  /// Whether every pixel of the cell is `colour`.
  func cell(_ x: Int, _ y: Int, isSolid colour: RGB) -> Bool {
    cell(x, y).allSatisfy { $0 == colour }
  }

  /// Whether the cell is one colour that is not `background` (a reversed blank, say).
  func cell(_ x: Int, _ y: Int, isSolidOtherThan background: RGB) -> Bool {
    let pixels = cell(x, y)
    return pixels.allSatisfy { $0 == pixels[0] } && pixels[0] != background
  }

  /// How many of the cell's pixels are `colour`.
  func count(of colour: RGB, inCell x: Int, _ y: Int) -> Int {
    cell(x, y).reduce(0) { $0 + ($1 == colour ? 1 : 0) }
  }

  /// Whether the cell shows something: more than one colour.
  func cellHasInk(_ x: Int, _ y: Int) -> Bool {
    let pixels = cell(x, y)
    return pixels.contains { $0 != pixels[0] }
  }

  /// The cell's most frequent colour.
  func dominantColour(_ x: Int, _ y: Int) -> RGB {
    var counts: [RGB: Int] = [:]
    for pixel in cell(x, y) { counts[pixel, default: 0] += 1 }
    return counts.max { $0.value < $1.value }!.key
  }
}
