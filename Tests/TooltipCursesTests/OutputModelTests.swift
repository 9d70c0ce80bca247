import CNcurses
import Testing
import TooltipKit

@testable import TooltipCurses

/// The writer's bytes checked against a small model of the terminal (as ratatui's `TestBackend`
/// holds the screen its backend's commands make): for random pairs of frames, the model's screen
/// after the first frame drawn whole and the second drawn as changes is the second frame, cell
/// for cell, text and colours. An off-by-one in an erase, a delete or a cursor move fails here
/// in seconds.
extension CursesScreenTests {
  /// What the model shows in one cell: its text ("" for the right half of a wide character)
  /// and what it is drawn with.
  struct ModelCell: Equatable, CustomStringConvertible {
    var text = " "
    var pen = Pen()
    var description: String { "\(text.debugDescription)\(pen)" }
  }

  /// The graphic rendition the model draws with: attributes and colour numbers (nil: the
  /// terminal's own).
  struct Pen: Equatable, CustomStringConvertible {
    var bold = false
    var dim = false
    var reverse = false
    var underline = false
    var foreground: Int32?
    var background: Int32?
    var description: String {
      "[\(bold ? "b" : "")\(dim ? "d" : "")\(reverse ? "r" : "")\(underline ? "u" : "") \(foreground.map(String.init) ?? "-")/\(background.map(String.init) ?? "-")]"
    }
  }

  /// A terminal of ECMA-48 and xterm's ways, as far as `xterm-256color`'s capabilities that
  /// the writer uses go: CUP, HPA, VPA, CR, BS, ED 2, EL, ECH, DCH, SGR; erasures in the
  /// current background; writing past the last column wraps (auto margins).
  struct TerminalModel {
    let width: Int
    let height: Int
    var cells: [[ModelCell]]
    var x = 0
    var y = 0
    var pen = Pen()

    init(width: Int, height: Int) {
      self.width = width
      self.height = height
      cells = Array(repeating: Array(repeating: ModelCell(), count: width), count: height)
    }

    /// A blank in the current background, as an erase leaves it.
    var erased: ModelCell { ModelCell(text: " ", pen: Pen(background: pen.background)) }

    mutating func feed(_ bytes: [UInt8]) {
      let scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
      var i = 0
      while i < scalars.count {
        let scalar = scalars[i]
        i += 1
        switch scalar.value {
        case 0x1B:
          guard i < scalars.count else { return }
          let kind = scalars[i]
          i += 1
          if kind == "(" || kind == ")" {
            i += 1  // a character set: nothing the model draws
          } else if kind == "[" {
            var parameters = ""
            while i < scalars.count, !(0x40...0x7E).contains(scalars[i].value) {
              parameters.unicodeScalars.append(scalars[i])
              i += 1
            }
            guard i < scalars.count else { return }
            control(final: scalars[i], parameters)
            i += 1
          }
        case 0x0D: x = 0
        case 0x08: x = max(0, min(x, width - 1) - 1)
        case 0x07, 0x0A: break
        default: put(scalar)
        }
      }
    }

    mutating func put(_ scalar: Unicode.Scalar) {
      let columns = Int(WidthTable.width(scalar.value))
      if columns == 0 {
        if x > 0 { cells[y][x - 1].text.unicodeScalars.append(scalar) }
        return
      }
      if x + columns > width {
        x = 0
        y = min(y + 1, height - 1)
      }
      cells[y][x] = ModelCell(text: String(scalar), pen: pen)
      if columns == 2, x + 1 < width { cells[y][x + 1] = ModelCell(text: "", pen: pen) }
      x += columns
    }

    mutating func control(final: Unicode.Scalar, _ parameters: String) {
      if parameters.hasPrefix("?") { return }  // modes: nothing the model draws
      let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
      func number(_ index: Int, _ fallback: Int) -> Int {
        index < numbers.count ? (numbers[index] ?? fallback) : fallback
      }
      switch final {
      case "H":
        y = min(height - 1, number(0, 1) - 1)
        x = min(width - 1, number(1, 1) - 1)
      case "G": x = min(width - 1, number(0, 1) - 1)
      case "d": y = min(height - 1, number(0, 1) - 1)
      case "J" where number(0, 0) == 2:
        cells = Array(repeating: Array(repeating: erased, count: width), count: height)
      case "K":
        for column in min(x, width)..<width { cells[y][column] = erased }
      case "X":
        for column in min(x, width)..<min(width, x + number(0, 1)) { cells[y][column] = erased }
      case "P":
        let count = min(number(0, 1), width - x)
        cells[y].removeSubrange(x..<x + count)
        cells[y] += Array(repeating: erased, count: count)
      case "m": rendition(numbers.map { $0 ?? 0 })
      default: Issue.record("the model does not know CSI \(parameters) \(final)")
      }
    }

    mutating func rendition(_ numbers: [Int]) {
      var index = 0
      let numbers = numbers.isEmpty ? [0] : numbers
      while index < numbers.count {
        let value = numbers[index]
        switch value {
        case 0: pen = Pen()
        case 1: pen.bold = true
        case 2: pen.dim = true
        case 4: pen.underline = true
        case 7: pen.reverse = true
        case 30...37: pen.foreground = Int32(value - 30)
        case 90...97: pen.foreground = Int32(value - 90 + 8)
        case 40...47: pen.background = Int32(value - 40)
        case 100...107: pen.background = Int32(value - 100 + 8)
        case 39: pen.foreground = nil
        case 49: pen.background = nil
        case 38, 48:
          let color = index + 2 < numbers.count ? Int32(numbers[index + 2]) : 0
          if value == 38 { pen.foreground = color } else { pen.background = color }
          index += 2
        default: break
        }
        index += 1
      }
    }
  }

  /// A generator of numbers from a seed, the same on every machine.
  struct SplitMix {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
  }

  /// A frame of `size` with runs of text, wide characters and blanks in a few styles; `base`
  /// (when given) is mostly kept, so that the second frame of a pair changes only parts of
  /// rows, as frames do.
  static func randomFrame(_ size: Size, base: CellGrid?, random: inout SplitMix) -> CellGrid {
    let styles: [Style] = [
      .plain, Style(attributes: .bold), Style(attributes: .reverse),
      Style(foreground: TerminalColor(rgb: ColorLadder.paletteColor(231), basic: 15)),
      Style(
        foreground: TerminalColor(rgb: ColorLadder.paletteColor(231), basic: 15),
        background: TerminalColor(rgb: ColorLadder.paletteColor(233), basic: 0), attributes: .bold),
      Style(background: TerminalColor(rgb: ColorLadder.paletteColor(24), basic: 4)),
      Style(foreground: TerminalColor(rgb: ColorLadder.paletteColor(160), basic: 1), attributes: .underline),
    ]
    let words = ["a", "tooltip", "中文", "x", "  ", "ⅈ", "▲", "Share", "      ", "日本語のジョブ名", "-"]
    var grid = base ?? CellGrid(size: size)
    let edits = base == nil ? size.height * 3 : 1 + random.next(4)
    for _ in 0..<edits {
      let y = random.next(size.height)
      var x = random.next(size.width)
      let runs = 1 + random.next(4)
      for _ in 0..<runs where x < size.width {
        let word = words[random.next(words.count)]
        _ = grid.write(word, at: Point(x: x, y: y), style: styles[random.next(styles.count)])
        x += Text.width(word) + random.next(3)
      }
      // Text that moves left: a row cut at a column and written again a few columns left.
      if base != nil, random.next(3) == 0 {
        let from = random.next(size.width)
        let shift = 1 + random.next(8)
        let row = (0..<size.width).map { grid[$0, y] }
        for column in from..<size.width where !row[column].isContinuation && column - shift >= 0 {
          _ = grid.write(row[column].text, at: Point(x: column - shift, y: y), style: row[column].style)
        }
        _ = grid.write(
          String(repeating: " ", count: min(shift, size.width)), at: Point(x: max(0, size.width - shift), y: y),
          style: .plain)
      }
    }
    return grid
  }

  /// What the model should show for `grid`'s cell at (x, y).
  static func expected(_ grid: CellGrid, _ x: Int, _ y: Int) -> ModelCell {
    let cell = grid[x, y]
    if cell.isContinuation {
      return ModelCell(text: "", pen: expectedPen(grid[x - 1, y].style))
    }
    return ModelCell(text: cell.text, pen: expectedPen(cell.style))
  }

  /// Whether two cells look alike: the same text, and for a blank only what a blank shows
  /// (its background; its colours and reverse video when reversed; underline).
  static func looksAlike(_ shown: ModelCell, _ wanted: ModelCell) -> Bool {
    guard shown.text == wanted.text else { return false }
    guard wanted.text == " " else { return shown.pen == wanted.pen }
    func visible(_ pen: Pen) -> Pen {
      pen.reverse
        ? Pen(reverse: true, underline: pen.underline, foreground: pen.foreground, background: pen.background)
        : Pen(underline: pen.underline, background: pen.background)
    }
    return visible(shown.pen) == visible(wanted.pen)
  }

  static func expectedPen(_ style: Style) -> Pen {
    let mapped = ColorLadder(level: .palette256).map(style)
    return Pen(
      bold: mapped.attributes.contains(.bold), dim: mapped.attributes.contains(.dim),
      reverse: mapped.attributes.contains(.reverse), underline: mapped.attributes.contains(.underline),
      foreground: mapped.foreground, background: mapped.background)
  }

  @Test func randomFramePairsDrawnAsChangesLeaveTheTerminalShowingTheSecond() throws {
    try headless(size: Size(width: 40, height: 12)) {
      var random = SplitMix(state: 2026)
      var checked = 0
      for pair in 0..<300 {
        let size = Size(width: 2 + random.next(38), height: 1 + random.next(10))
        let first = Self.randomFrame(size, base: nil, random: &random)
        let second = Self.randomFrame(size, base: first, random: &random)
        let output = TerminalOutput(styles: TerminalStyles(noColor: nil))
        var model = TerminalModel(width: size.width, height: size.height)
        output.format(first)
        model.feed(output.frameBytes())
        output.format(second)
        model.feed(output.frameBytes())
        // The screen's last cell is left alone where writing it may scroll (not so in xterm).
        for y in 0..<size.height {
          for x in 0..<size.width where !Self.looksAlike(model.cells[y][x], Self.expected(second, x, y)) {
            Issue.record(
              "pair \(pair) \(size.width)x\(size.height), cell (\(x), \(y)): \(model.cells[y][x]) for \(Self.expected(second, x, y))\n\(first.lines.joined(separator: "\n"))\n--\n\(second.lines.joined(separator: "\n"))"
            )
            return
          }
        }
        checked += 1
      }
      #expect(checked == 300)
    }
  }
}
