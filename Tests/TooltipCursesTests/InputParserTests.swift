import TestSupport
import Testing
import TooltipCurses
import TooltipKit

@Suite struct InputParserTests {
  let t0 = Duration.seconds(100)

  /// Everything `bytes` parse to, one byte at a time, with the trailing wait timed out.
  func parse(_ bytes: [UInt8], parser: InputParser = InputParser()) -> [TerminalInput] {
    var parser = parser
    var inputs: [TerminalInput] = []
    for byte in bytes {
      if let input = parser.add(byte, time: t0) { inputs.append(input) }
    }
    if let input = parser.timeOut() { inputs.append(input) }
    #expect(!parser.isPending)
    return inputs
  }

  func parse(_ text: String, parser: InputParser = InputParser()) -> [TerminalInput] {
    parse(Array(text.utf8), parser: parser)
  }

  // MARK: - The sequences that mean something

  struct Case: CustomTestStringConvertible, Sendable {
    var bytes: String
    var inputs: [TerminalInput]
    var testDescription: String { bytes.unicodeScalars.map { $0.value < 0x20 ? "^\($0.value)" : "\($0)" }.joined() }
  }

  @Test(arguments: [
    Case(bytes: "\u{1B}[A", inputs: [.key(.up)]),
    Case(bytes: "\u{1B}[B", inputs: [.key(.down)]),
    Case(bytes: "\u{1B}[C", inputs: [.key(.right)]),
    Case(bytes: "\u{1B}[D", inputs: [.key(.left)]),
    Case(bytes: "\u{1B}OA", inputs: [.key(.up)]),
    Case(bytes: "\u{1B}OB", inputs: [.key(.down)]),
    Case(bytes: "\u{1B}OC", inputs: [.key(.right)]),
    Case(bytes: "\u{1B}OD", inputs: [.key(.left)]),
    Case(bytes: "\u{1B}[Z", inputs: [.key(.backTab)]),
    Case(bytes: "\r", inputs: [.key(.enter)]),
    Case(bytes: "\n", inputs: [.key(.enter)]),
    Case(bytes: "\t", inputs: [.key(.tab)]),
    Case(bytes: "\u{7F}", inputs: [.key(.backspace)]),
    Case(bytes: "\u{1B}", inputs: [.key(.escape)]),
    Case(bytes: "q", inputs: [.key(.character("q"))]),
    Case(bytes: "é中😀", inputs: [.key(.character("é")), .key(.character("中")), .key(.character("😀"))]),
    // The keypad in application mode: what the same key means on the main keyboard.
    Case(bytes: "\u{1B}OM", inputs: [.key(.enter)]),
    Case(
      bytes: "\u{1B}Op\u{1B}Oq\u{1B}Oy", inputs: [.key(.character("0")), .key(.character("1")), .key(.character("9"))]),
    Case(bytes: "\u{1B}Oj\u{1B}Ok\u{1B}Ol\u{1B}Om", inputs: "*+,-".map { .key(.character($0)) }),
    Case(bytes: "\u{1B}On\u{1B}Oo\u{1B}OX", inputs: "./=".map { .key(.character($0)) }),
    // Keys the program does not list: consumed whole.
    Case(bytes: "\u{1B}[1~j", inputs: [.key(.character("j"))]),  // Home
    Case(bytes: "\u{1B}[Hj\u{1B}OHj\u{1B}[Fj", inputs: Array(repeating: .key(.character("j")), count: 3)),
    Case(bytes: "\u{1B}[1;5A\u{1B}[1;2Bj", inputs: [.key(.character("j"))]),  // Ctrl-Up, Shift-Down
    Case(bytes: "\u{1B}OP\u{1B}[15~\u{1B}[24~j", inputs: [.key(.character("j"))]),  // F1, F5, F12
    Case(bytes: "\u{1B}[200~\u{1B}[201~j", inputs: [.key(.character("j"))]),  // paste marks
    Case(bytes: "\u{1B}[Ij\u{1B}[Oj", inputs: Array(repeating: .key(.character("j")), count: 2)),  // focus
    // Alt-q, Alt-1, Alt-Up, Alt-é
    Case(bytes: "\u{1B}q\u{1B}1\u{1B}\u{1B}[A\u{1B}éj", inputs: [.key(.character("j"))]),
    Case(bytes: "\u{1B}\r\u{1B}\u{7F}j", inputs: [.key(.character("j"))]),  // Alt-Enter, Alt-Backspace
    Case(
      bytes: "\u{1B}]0;title\u{07}j\u{1B}]11;rgb:0/0/0\u{1B}\\j",
      inputs: Array(repeating: .key(.character("j")), count: 2)),
    Case(
      bytes: "\u{1B}P1$r0m\u{1B}\\\u{1B}_q\u{1B}\\\u{1B}^q\u{1B}\\\u{1B}Xq\u{1B}\\j", inputs: [.key(.character("j"))]),
    Case(bytes: "\u{1B}(B\u{1B} F\u{1B}#8j", inputs: [.key(.character("j"))]),  // nF sequences
    // C1 controls as UTF-8: CSI, SS3, OSC with ST.
    Case(bytes: "\u{9B}1~\u{8F}P\u{9D}0;x\u{9C}j\u{9B}A", inputs: [.key(.character("j")), .key(.up)]),
    // ESC inside a sequence starts a new one; CAN cancels; a control ends it and is a key.
    Case(bytes: "\u{1B}[12\u{1B}[A", inputs: [.key(.up)]),
    Case(bytes: "\u{1B}[12\u{18}j", inputs: [.key(.character("j"))]),
    Case(bytes: "\u{1B}[12\r", inputs: [.key(.enter)]),
    Case(bytes: "\u{1B}]0;title\u{1B}[A", inputs: [.key(.up)]),
    // A sequence cut short by the wait is dropped.
    Case(bytes: "\u{1B}[", inputs: []),
    Case(bytes: "\u{1B}[<0;5", inputs: []),
    Case(bytes: "\u{1B}O", inputs: []),
    Case(bytes: "\u{1B}]0;tit", inputs: []),
    Case(bytes: "\u{1B}\u{1B}", inputs: []),
  ])
  func sequencesParse(_ c: Case) {
    #expect(parse(c.bytes) == c.inputs)
  }

  @Test func theIssuesTwoExamplesDoNothingThatQuitsOrToggles() {
    // Keypad 1 in application mode is `1`, never Esc then `q`.
    #expect(parse("\u{1B}Oq") == [.key(.character("1"))])
    // Home is nothing at all, never Esc then `1`.
    #expect(parse("\u{1B}[1~") == [])
  }

  @Test func rawC1BytesStartSequencesWhereTheyCannotBeUTF8() {
    #expect(parse([0x9B, 0x31, 0x7E, 0x6A]) == [.key(.character("j"))])
    #expect(parse([0x8F, 0x41]) == [.key(.up)])
    #expect(parse([0x9D, 0x30, 0x3B, 0x78, 0x9C, 0x6A]) == [.key(.character("j"))])
    // The same byte inside a UTF-8 character is part of it.
    #expect(parse(Array("✜".utf8)) == [.key(.character("✜"))])
  }

  @Test func aStringEndsAtTheUTF8FormOfSTButNotInsideACharacter() {
    // "✜" is E2 9C 9C: its bytes 0x9C do not end the string.
    #expect(parse("\u{1B}]2;✜✜\u{07}j") == [.key(.character("j"))])
    #expect(parse("\u{1B}]2;✜\u{9C}j") == [.key(.character("j"))])
  }

  // MARK: - Mouse reports

  @Test func sgrPressAndReleaseKeepTheirCellsAndTimes() {
    var parser = InputParser()
    var inputs: [TerminalInput] = []
    for (byte, time) in Array("\u{1B}[<0;251;5M".utf8).map({ ($0, t0) })
      + Array("\u{1B}[<0;251;5m".utf8).map({ ($0, t0 + .milliseconds(80)) })
    {
      if let input = parser.add(byte, time: time) { inputs.append(input) }
    }
    #expect(
      inputs == [.press(Point(x: 250, y: 4), time: t0), .release(Point(x: 250, y: 4), time: t0 + .milliseconds(80))])
  }

  @Test(arguments: [
    "\u{1B}[<64;10;5M", "\u{1B}[<65;10;5M", "\u{1B}[<1;10;5M", "\u{1B}[<2;10;5M", "\u{1B}[<32;10;5M",
    "\u{1B}[<0;0;5M", "\u{1B}[<0;5;0M", "\u{1B}[<0;;5M", "\u{1B}[<0;5M", "\u{1B}[<0;1;2;3M", "\u{1B}[<0;99999999;5M",
    "\u{1B}[<0:1;2;3M", "\u{1B}[<128;10;5M",
  ])
  func otherButtonsTheWheelMotionAndMalformedReportsAreIgnored(_ report: String) {
    #expect(parse(report + "j") == [.key(.character("j"))])
  }

  @Test func modifierBitsOnThePrimaryButtonStillPress() {
    #expect(parse("\u{1B}[<8;3;4M") == [.press(Point(x: 2, y: 3), time: t0)])
  }

  @Test func x10PressAndRelease() {
    let press: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 32 + 200, 32 + 5]
    let release: [UInt8] = [0x1B, 0x5B, 0x4D, 35, 32 + 200, 32 + 5]
    #expect(parse(press + release) == [.press(Point(x: 199, y: 4), time: t0), .release(Point(x: 199, y: 4), time: t0)])
    // A release with no primary press before it is another button's: nothing.
    #expect(parse(release + [0x6A]) == [.key(.character("j"))])
    // The wheel and motion.
    #expect(parse([0x1B, 0x5B, 0x4D, 32 + 64, 40, 40, 0x1B, 0x5B, 0x4D, 32 + 32, 40, 40]) == [])
  }

  @Test func utf8MouseCoordinatesUnder1005() {
    let parser = InputParser(utf8MouseCoordinates: true)
    // Column 250 is the value 32 + 250 = 282, U+011A, two bytes in UTF-8.
    let x = Array(String(Unicode.Scalar(UInt32(32 + 250))!).utf8)
    let bytes: [UInt8] = [0x1B, 0x5B, 0x4D, 32] + x + [32 + 5] + [0x1B, 0x5B, 0x4D, 35] + x + [32 + 5]
    #expect(
      parse(bytes, parser: parser) == [.press(Point(x: 249, y: 4), time: t0), .release(Point(x: 249, y: 4), time: t0)])
  }

  @Test func withoutTheMouseReportsAreConsumedAndIgnored() {
    let parser = InputParser(mouse: false)
    #expect(parse("\u{1B}[<0;5;5M\u{1B}[<0;5;5mj", parser: parser) == [.key(.character("j"))])
    #expect(parse([0x1B, 0x5B, 0x4D, 32, 40, 40, 0x6A], parser: parser) == [.key(.character("j"))])
  }

  // MARK: - Generated sequences

  /// A random byte from `range`.
  static func byte(_ range: ClosedRange<UInt8>, _ rng: inout SplitMix64) -> UInt8 {
    UInt8.random(in: range, using: &rng)
  }

  /// Random text for a command string: printable ASCII and UTF-8, never a terminator.
  static func stringBody(_ rng: inout SplitMix64) -> [UInt8] {
    let pieces = ["a", "0", ";", " ", "rgb:ff/00/00", "é", "中", "😀", "✜", "?", "[", "\\", "O", "q"]
    return (0..<Int.random(in: 0...12, using: &rng)).flatMap { _ in Array(pieces.randomElement(using: &rng)!.utf8) }
  }

  /// One grammar-valid sequence the program does not know, of a random kind.
  static func unknownSequence(_ rng: inout SplitMix64) -> [UInt8] {
    let esc: UInt8 = 0x1B
    switch Int.random(in: 0..<8, using: &rng) {
    case 0, 1:
      // CSI: parameters, intermediates, final; never a known one.
      while true {
        let parameters = (0..<Int.random(in: 0...8, using: &rng)).map { _ in byte(0x30...0x3F, &rng) }
        let intermediates = (0..<Int.random(in: 0...2, using: &rng)).map { _ in byte(0x20...0x2F, &rng) }
        let final = byte(0x40...0x7E, &rng)
        let known =
          intermediates.isEmpty
          && (parameters.isEmpty
            ? [0x41, 0x42, 0x43, 0x44, 0x5A, 0x4D].contains(final)
            : parameters.first == 0x3C && (final == 0x4D || final == 0x6D))
        if !known { return [esc, 0x5B] + parameters + intermediates + [final] }
      }
    case 2:
      // SS3 with a final the program does not list.
      let listed = Set<UInt8>([0x41, 0x42, 0x43, 0x44, 0x4D, 0x58] + Array(0x6A...0x79))
      let finals = (0x40...0x7E as ClosedRange<UInt8>).filter { !listed.contains($0) }
      return [esc, 0x4F, finals.randomElement(using: &rng)!]
    case 3, 4:
      // OSC, DCS, APC, PM, SOS, ended by ST, BEL, or ST in UTF-8.
      let opener = [0x5D, 0x50, 0x5F, 0x5E, 0x58].randomElement(using: &rng)!
      let terminator: [UInt8] = [[esc, 0x5C], [0x07], [0xC2, 0x9C]].randomElement(using: &rng)!
      return [esc, UInt8(opener)] + stringBody(&rng) + terminator
    case 5:
      // nF: intermediates then a final.
      return [esc] + (1...Int.random(in: 1...2, using: &rng)).map { _ in byte(0x20...0x2F, &rng) }
        + [byte(0x30...0x7E, &rng)]
    case 6:
      // Two bytes: Fp, Fe, Fs, other than the ones that open a sequence.
      let openers = Set<UInt8>([0x5B, 0x4F, 0x50, 0x5D, 0x5F, 0x5E, 0x58])
      return [esc, (0x30...0x7E as ClosedRange<UInt8>).filter { !openers.contains($0) }.randomElement(using: &rng)!]
    default:
      // Alt with a key or a known sequence.
      let keys = ["q", "1", "\r", "\t", "é", "\u{1B}[A", "\u{1B}OA", "\u{1B}[Z", "\u{1B}[<0;3;3M"]
      return [esc] + Array(keys.randomElement(using: &rng)!.utf8)
    }
  }

  @Test func generatedUnknownSequencesOfEveryKindAreIgnoredWhole() {
    var rng = SplitMix64(seed: 20_261_129)
    for round in 0..<5000 {
      let sequences = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Self.unknownSequence(&rng) }
      let bytes = sequences.flatMap { $0 } + Array("j".utf8)
      let inputs = parse(bytes)
      #expect(inputs == [.key(.character("j"))], "round \(round): \(bytes.map { String($0, radix: 16) })")
      if inputs != [.key(.character("j"))] { return }
    }
  }

  @Test func generatedSequencesInC1FormAreIgnoredWhole() {
    var rng = SplitMix64(seed: 7)
    for round in 0..<2000 {
      var bytes = Self.unknownSequence(&rng)
      // ESC [ / ESC O / ESC ] ... as the single C1 control, as UTF-8 or as the raw byte.
      guard bytes.count >= 2, let c1 = [0x5B: 0x9B, 0x4F: 0x8F, 0x5D: 0x9D, 0x50: 0x90][Int(bytes[1])] else { continue }
      let raw = Bool.random(using: &rng)
      bytes = (raw ? [UInt8(c1)] : Array(String(Unicode.Scalar(UInt8(c1))).utf8)) + bytes.dropFirst(2)
      let inputs = parse(bytes + Array("j".utf8))
      #expect(inputs == [.key(.character("j"))], "round \(round): \(bytes.map { String($0, radix: 16) })")
      if inputs != [.key(.character("j"))] { return }
    }
  }

  @Test func generatedMouseReportsLandOnTheirCells() {
    var rng = SplitMix64(seed: 42)
    for _ in 0..<2000 {
      let x = Int.random(in: 1...2000, using: &rng)
      let y = Int.random(in: 1...500, using: &rng)
      let modifiers = [0, 4, 8, 16].randomElement(using: &rng)!
      let point = Point(x: x - 1, y: y - 1)
      #expect(
        parse("\u{1B}[<\(modifiers);\(x);\(y)M\u{1B}[<\(modifiers);\(x);\(y)m")
          == [.press(point, time: t0), .release(point, time: t0)], "SGR \(x),\(y)")
      let (x10, y10) = (min(x, 223), min(y, 223))
      let small = Point(x: x10 - 1, y: y10 - 1)
      #expect(
        parse([
          0x1B, 0x5B, 0x4D, 32, UInt8(32 + x10), UInt8(32 + y10), 0x1B, 0x5B, 0x4D, 35, UInt8(32 + x10),
          UInt8(32 + y10),
        ])
          == [.press(small, time: t0), .release(small, time: t0)], "X10 \(x10),\(y10)")
      let utf8 = InputParser(utf8MouseCoordinates: true)
      let encoded = [32, 32 + x, 32 + y].flatMap { Array(String(Unicode.Scalar(UInt32($0))!).utf8) }
      #expect(parse([0x1B, 0x5B, 0x4D] + encoded, parser: utf8) == [.press(point, time: t0)], "1005 \(x),\(y)")
    }
  }

  @Test func generatedKnownKeysAmongUnknownSequencesArriveInOrder() {
    var rng = SplitMix64(seed: 99)
    let known: [(String, TerminalInput)] = [
      ("\u{1B}[A", .key(.up)), ("\u{1B}OB", .key(.down)), ("\u{1B}[C", .key(.right)), ("\u{1B}OD", .key(.left)),
      ("\u{1B}[Z", .key(.backTab)), ("\r", .key(.enter)), ("\u{1B}OM", .key(.enter)), ("\t", .key(.tab)),
      ("\u{1B}Oq", .key(.character("1"))), ("i", .key(.character("i"))), ("中", .key(.character("中"))),
    ]
    for round in 0..<2000 {
      var bytes: [UInt8] = []
      var expected: [TerminalInput] = []
      for _ in 0..<Int.random(in: 1...8, using: &rng) {
        if Bool.random(using: &rng) {
          bytes += Self.unknownSequence(&rng)
        } else {
          let (text, input) = known.randomElement(using: &rng)!
          bytes += Array(text.utf8)
          expected.append(input)
        }
      }
      let inputs = parse(bytes)
      #expect(inputs == expected, "round \(round): \(bytes.map { String($0, radix: 16) })")
      if inputs != expected { return }
    }
  }
}
