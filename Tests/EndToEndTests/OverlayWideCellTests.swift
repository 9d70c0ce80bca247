import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// The into-window overlay of a program that owns ncurses, read back from the terminal: once
  /// a bubble closes or moves, every cell shows what the program drew, wide characters cut by
  /// the bubble's edges included (`tooltip-misuse overlay-wide-cells`, whose rows are wide
  /// characters only, every other row one column to the right).
  @Suite struct OverlayWideCells {
    /// The program's row `y`, `width` columns wide: the same rows as the program's `wideRow`.
    static func wideRow(_ y: Int, width: Int) -> String {
      let words = Array("日本語のジョブ名プロジェクト計画書")
      var row = y % 2 == 1 ? " " : ""
      var column = row.count
      var index = y
      while column + 2 <= width {
        row.append(words[index % words.count])
        index += 1
        column += 2
      }
      return row
    }

    /// A row as cells by column: a wide character in its first cell, nil in its second.
    static func cells(_ row: String) -> [Character?] {
      var cells: [Character?] = []
      for character in row {
        cells.append(character)
        if let scalar = character.unicodeScalars.first, scalar.value >= 0x3000 { cells.append(nil) }
      }
      return cells
    }

    /// The rects (`x,y,width,height`) the program's last row says the overlay drew.
    static func rects(_ status: String) -> [(x: Int, y: Int, width: Int, height: Int)] {
      status.split(separator: " ").dropFirst(2).compactMap { word in
        let numbers = word.split(separator: ",").compactMap { Int($0) }
        guard numbers.count == 4 else { return nil }
        return (numbers[0], numbers[1], numbers[2], numbers[3])
      }
    }

    /// One run: keys sent one at a time (each waits for the frame it causes), an optional
    /// resize after them, then the key that closes (`c`) or leaves the anchors (Esc).
    struct Case: CustomTestStringConvertible, Sendable {
      var name: String
      var keys: [String]
      var resize: (width: Int, height: Int)?
      var close = "c"
      var testDescription: String { name }
    }

    static let cases = [
      Case(name: "below its anchor, edges on odd columns", keys: ["1"]),
      Case(name: "above its anchor, edges on even columns", keys: ["2"]),
      Case(name: "right of its anchor", keys: ["3"]),
      Case(name: "left of its anchor", keys: ["4"]),
      Case(name: "moved from one anchor to another", keys: ["1", "4", "3", "2"]),
      Case(name: "open across a resize", keys: ["2"], resize: (37, 11)),
      Case(
        name: "the selection highlight moved among the anchors", keys: ["Tab", "Tab", "Tab", "Tab"], close: "Escape"),
    ]

    /// Starts the program, shows each bubble (or selection highlight) of `run` in turn
    /// (checking, while each shows, that every cell outside it and outside the wide characters
    /// its edges cut is the program's), closes the last and checks that the whole screen is the
    /// program's again.
    @Test(arguments: cases)
    func everyCellIsTheProgramsAfterTheBubbleGoes(_ run: Case) throws {
      var width = 40
      var height = 12
      let pane = try TmuxPane(
        program: Binary.sibling("tooltip-misuse"), width: width, height: height, arguments: ["overlay-wide-cells"])
      defer { pane.kill() }
      var frame = 1
      // Waits for frame `frame` or a later one (a resize may cost two), and returns the status.
      func waitForFrame(_ comment: String) -> String {
        var status = ""
        let came = pane.wait {
          status = pane.capture().last ?? ""
          let number = status.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
          guard status.hasPrefix("frame "), number >= frame else { return false }
          frame = number
          return true
        }
        #expect(came, "no frame \(frame) after \(comment): \(pane.capture().joined(separator: "\n"))")
        return status
      }
      _ = waitForFrame("the start")
      for key in run.keys {
        pane.send(key)
        frame += 1
        let status = waitForFrame("key \(key)")
        let open = Self.rects(status)
        #expect(!open.isEmpty, "key \(key) opened no bubble: \(status)")
        // While it is open: every cell outside the bubble and the wide characters it cuts.
        let screen = pane.capture()
        for y in 0..<(height - 1) {
          let expected = Self.cells(Self.wideRow(y, width: width))
          let shown = Self.cells(y < screen.count ? screen[y] : "")
          let wrong = (0..<expected.count).filter { x in
            let first = expected[x] == nil ? x - 1 : x
            let covered = open.contains { rect in
              y >= rect.y && y < rect.y + rect.height && first + 1 >= rect.x && first < rect.x + rect.width
            }
            let got: Character?? = x < shown.count ? shown[x] : " "
            return !covered && got != expected[x]
          }
          #expect(
            wrong.isEmpty,
            "row \(y), columns \(wrong), the bubble of \(key) open:\n\(screen.joined(separator: "\n"))")
        }
      }
      if let size = run.resize {
        pane.tmux(["resize-window", "-t", "S", "-x", "\(size.width)", "-y", "\(size.height)"])
        (width, height) = (size.width, size.height)
        frame += 1
        _ = waitForFrame("the resize")
      }
      pane.send(run.close)
      frame += 1
      let closed = waitForFrame(run.close)
      #expect(Self.rects(closed).isEmpty, "\(run.close) left something drawn: \(closed)")
      let expected = (0..<(height - 1)).map { Self.wideRow($0, width: width) } + ["frame \(frame)"]
      pane.expectScreen(expected, "after the bubble closed")
      pane.send("q")
      #expect(pane.exitStatus() == 0)
    }
  }
}
