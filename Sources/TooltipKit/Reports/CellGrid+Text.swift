/// A cell grid written out as lines of text, plain or with SGR colours and attributes: what
/// `tooltip-tui --snapshot` writes, and what a program's own golden tests can compare.
///
/// Each row gives exactly its width in display columns (a wide grapheme's continuation cell
/// adds nothing) and ends with a newline; in SGR output every row also ends with a reset, so
/// rows can be read, cut or diffed one by one. Both are built in one byte buffer: a
/// 10000 x 1000 grid is ten million cells.
extension CellGrid {
  /// The grid as UTF-8 text, one line a row: graphemes only, styles ignored.
  public func plainText() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(size.area + size.height)
    let width = size.width
    packedCells.withUnsafeBufferPointer { cells in
      for row in 0..<size.height {
        let start = row * width
        for index in start..<start + width where cells[index].width != 0 {
          Self.append(text(of: cells[index]), to: &out)
        }
        out.append(0x0A)
      }
    }
    return out
  }

  /// The grid as UTF-8 text with SGR sequences: a full `0;…m` set before each change of
  /// style, 24-bit colours (`38;2;r;g;b`, `48;2;r;g;b`) where a style has them, `ESC [ 0 m` at
  /// each row's end.
  public func ansiText() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(size.area + size.height * 8)
    let width = size.width
    packedCells.withUnsafeBufferPointer { cells in
      for row in 0..<size.height {
        let start = row * width
        var current = Self.sgrKey(.plain)
        var currentNumber: UInt32 = 0
        for index in start..<start + width where cells[index].width != 0 {
          // A style is looked up only where the cell's differs from the one before.
          if cells[index].styleNumber != currentNumber {
            currentNumber = cells[index].styleNumber
            let style = palette.style(currentNumber)
            let key = Self.sgrKey(style)
            if key != current {
              current = key
              Self.appendSGR(style, to: &out)
            }
          }
          Self.append(text(of: cells[index]), to: &out)
        }
        out.append(contentsOf: Self.reset)
        out.append(0x0A)
      }
    }
    return out
  }

  private static let reset: [UInt8] = Array("\u{1B}[0m".utf8)

  @inline(__always)
  private static func append(_ text: String, to out: inout [UInt8]) {
    let bytes = text.utf8
    if bytes.count == 1, let byte = bytes.first {
      out.append(byte)
    } else {
      out.append(contentsOf: bytes)
    }
  }

  /// What the SGR sequence of `style` depends on, packed in one integer: attributes, then
  /// each colour's presence and RGB (the basic index is not written). Comparing these is far
  /// cheaper per cell than comparing styles.
  @inline(__always)
  private static func sgrKey(_ style: Style) -> UInt64 {
    var key = UInt64(style.attributes.rawValue)
    if let color = style.foreground?.rgb {
      key |= 1 << 8 | UInt64(color.red) << 9 | UInt64(color.green) << 17 | UInt64(color.blue) << 25
    }
    if let color = style.background?.rgb {
      key |=
        1 << 33 | UInt64(color.red) << 34 | UInt64(color.green) << 42 | UInt64(color.blue) << 50
    }
    return key
  }

  /// `ESC [ 0 ; attributes ; colours m`: the reset first, so each sequence stands alone.
  private static func appendSGR(_ style: Style, to out: inout [UInt8]) {
    var sgr = "\u{1B}[0"
    if style.attributes.contains(.bold) { sgr += ";1" }
    if style.attributes.contains(.dim) { sgr += ";2" }
    if style.attributes.contains(.underline) { sgr += ";4" }
    if style.attributes.contains(.reverse) { sgr += ";7" }
    if let color = style.foreground?.rgb {
      sgr += ";38;2;\(color.red);\(color.green);\(color.blue)"
    }
    if let color = style.background?.rgb {
      sgr += ";48;2;\(color.red);\(color.green);\(color.blue)"
    }
    sgr += "m"
    out.append(contentsOf: sgr.utf8)
  }
}
