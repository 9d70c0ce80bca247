import TooltipKit
import TooltipScenes

/// `--snapshot`: the frame the interactive program would show at `--size`, as text.
///
/// The frame comes from ``DemoModel/frame()``, the same call the interactive loop draws, so a
/// snapshot is exactly what a user sees. Output is built in one byte buffer and written once:
/// a 10000 x 1000 frame is ten million cells.
enum SnapshotMode {
  /// The model for `options` at `--size` with `--open` applied (``Options/loadScenes()``
  /// checked that it names an anchor of the first scene).
  static func model(scenes: [NamedScene], options: Options, colors: Bool) -> DemoModel {
    var model = DemoModel(
      scenes: scenes, options: options, screen: options.size ?? Size(width: 80, height: 24),
      colors: colors)
    // Wholly outside the screen or without a visible line: nothing opens (not an error).
    if let id = options.openID { model.open(id) }
    return model
  }

  /// The snapshot's bytes: plain text, or with SGR sequences when `ansi` is set.
  static func bytes(of grid: CellGrid, ansi: Bool) -> [UInt8] {
    ansi ? FrameText.ansi(grid) : FrameText.plain(grid)
  }
}

/// A cell grid written out as lines of text, plain or with SGR colours and attributes.
///
/// Each row gives exactly its width in display columns (a wide grapheme's continuation cell
/// adds nothing) and ends with a newline; in SGR output every row also ends with a reset, so
/// rows can be read, cut or diffed one by one.
enum FrameText {
  /// The grid as plain text: graphemes only, styles ignored.
  static func plain(_ grid: CellGrid) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(grid.size.area + grid.size.height)
    let width = grid.size.width
    grid.cells.withUnsafeBufferPointer { cells in
      for row in 0..<grid.size.height {
        let start = row * width
        for index in start..<start + width where cells[index].width != 0 {
          append(cells[index].text, to: &out)
        }
        out.append(0x0A)
      }
    }
    return out
  }

  /// The grid with SGR sequences: a full `0;…m` set before each change of style, 24-bit
  /// colours (`38;2;r;g;b`, `48;2;r;g;b`) where a style has them, `ESC [ 0 m` at each row's end.
  static func ansi(_ grid: CellGrid) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(grid.size.area + grid.size.height * 8)
    let width = grid.size.width
    grid.cells.withUnsafeBufferPointer { cells in
      for row in 0..<grid.size.height {
        let start = row * width
        var current = sgrKey(.plain)
        for index in start..<start + width where cells[index].width != 0 {
          let key = sgrKey(cells[index].style)
          if key != current {
            current = key
            appendSGR(cells[index].style, to: &out)
          }
          append(cells[index].text, to: &out)
        }
        out.append(contentsOf: reset)
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
