import TestSupport
import Testing

@testable import TooltipKit

/// The keys of xterm's terminfo entry (`infocmp xterm`), as the terminal layer reads them:
/// `TerminalKeysTests` checks that this is what the entry holds.
let xtermKeys: [[UInt8]: TerminalKey] = {
  var keys: [String: TerminalKey] = [
    "\u{1B}OA": .up, "\u{1B}OB": .down, "\u{1B}OD": .left, "\u{1B}OC": .right, "\u{1B}OH": .home, "\u{1B}OF": .end,
    "\u{1B}[5~": .pageUp, "\u{1B}[6~": .pageDown, "\u{1B}[2~": .insert, "\u{1B}[3~": .delete, "\u{1B}[Z": .backTab,
    "\u{1B}OM": .enter, "\u{1B}OP": .function(1), "\u{1B}OQ": .function(2), "\u{1B}OR": .function(3),
    "\u{1B}OS": .function(4),
  ]
  for (n, code) in [(5, 15), (6, 17), (7, 18), (8, 19), (9, 20), (10, 21), (11, 23), (12, 24)] {
    keys["\u{1B}[\(code)~"] = .function(n)
  }
  return Dictionary(uniqueKeysWithValues: keys.map { (Array($0.key.utf8), $0.value) })
}()

/// The input of key `code` with `modifiers`.
func keyInput(_ code: TerminalKey.Code, _ modifiers: KeyModifiers = []) -> TerminalInput {
  .key(TerminalKey(code, modifiers: modifiers))
}

@Suite struct InputParserTests {
  let t0 = Duration.seconds(100)

  /// Everything `bytes` parse to, one byte at a time, with the trailing wait timed out.
  func parse(_ bytes: [UInt8], parser: InputParser = InputParser(keys: xtermKeys)) -> [TerminalInput] {
    var parser = parser
    var inputs: [TerminalInput] = []
    for byte in bytes { parser.add(byte, time: t0, into: &inputs) }
    parser.timeOut(into: &inputs)
    #expect(!parser.isPending)
    return inputs
  }

  func parse(_ text: String, parser: InputParser = InputParser(keys: xtermKeys)) -> [TerminalInput] {
    parse(Array(text.utf8), parser: parser)
  }

  func press(_ x: Int, _ y: Int, _ button: TerminalMouse.Button = .primary, _ modifiers: KeyModifiers = [])
    -> TerminalInput
  {
    .mouse(TerminalMouse(.press(button), at: Point(x: x, y: y), modifiers: modifiers, time: t0))
  }

  func release(_ x: Int, _ y: Int, _ button: TerminalMouse.Button = .primary) -> TerminalInput {
    .mouse(TerminalMouse(.release(button), at: Point(x: x, y: y), time: t0))
  }

  func mouse(_ action: TerminalMouse.Action, _ x: Int, _ y: Int, _ modifiers: KeyModifiers = []) -> TerminalInput {
    .mouse(TerminalMouse(action, at: Point(x: x, y: y), modifiers: modifiers, time: t0))
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
    // Control characters are their letters with Ctrl.
    Case(
      bytes: "\u{03}\u{0C}\u{00}\u{1D}",
      inputs: [
        keyInput(.character("c"), .control), keyInput(.character("l"), .control),
        keyInput(.character(" "), .control), keyInput(.character("]"), .control),
      ]),
    // The keypad in application mode: what the same key means on the main keyboard.
    Case(bytes: "\u{1B}OM", inputs: [.key(.enter)]),
    Case(
      bytes: "\u{1B}Op\u{1B}Oq\u{1B}Oy", inputs: [.key(.character("0")), .key(.character("1")), .key(.character("9"))]),
    Case(bytes: "\u{1B}Oj\u{1B}Ok\u{1B}Ol\u{1B}Om", inputs: "*+,-".map { .key(.character($0)) }),
    Case(bytes: "\u{1B}On\u{1B}Oo\u{1B}OX", inputs: "./=".map { .key(.character($0)) }),
    // The terminal's own keys (terminfo), in either cursor mode.
    Case(bytes: "\u{1B}OH\u{1B}[H\u{1B}OF\u{1B}[F", inputs: [.key(.home), .key(.home), .key(.end), .key(.end)]),
    Case(
      bytes: "\u{1B}[5~\u{1B}[6~\u{1B}[2~\u{1B}[3~",
      inputs: [.key(.pageUp), .key(.pageDown), .key(.insert), .key(.delete)]),
    Case(bytes: "\u{1B}OP\u{1B}OS\u{1B}[15~\u{1B}[24~", inputs: [1, 4, 5, 12].map { .key(.function($0)) }),
    // xterm's modifier parameter on any of them.
    Case(bytes: "\u{1B}[1;5A", inputs: [keyInput(.up, .control)]),
    Case(bytes: "\u{1B}[1;2B", inputs: [keyInput(.down, .shift)]),
    Case(bytes: "\u{1B}[1;3D", inputs: [keyInput(.left, .alt)]),
    Case(bytes: "\u{1B}[1;8C", inputs: [keyInput(.right, [.shift, .alt, .control])]),
    Case(bytes: "\u{1B}[5;3~", inputs: [keyInput(.pageUp, .alt)]),
    Case(bytes: "\u{1B}[3;5~", inputs: [keyInput(.delete, .control)]),
    Case(bytes: "\u{1B}[1;5H\u{1B}[1;2F", inputs: [keyInput(.home, .control), keyInput(.end, .shift)]),
    Case(
      bytes: "\u{1B}[1;2P\u{1B}[24;5~", inputs: [keyInput(.function(1), .shift), keyInput(.function(12), .control)]),
    Case(bytes: "\u{1B}O5A", inputs: [keyInput(.up, .control)]),
    // modifyOtherKeys and the `u` form.
    Case(
      bytes: "\u{1B}[27;5;105~\u{1B}[27;2;9~", inputs: [keyInput(.character("i"), .control), keyInput(.tab, .shift)]),
    Case(bytes: "\u{1B}[105;5u\u{1B}[13u", inputs: [keyInput(.character("i"), .control), .key(.enter)]),
    // Alt: ESC before a key.
    Case(
      bytes: "\u{1B}q\u{1B}1\u{1B}é",
      inputs: [
        keyInput(.character("q"), .alt), keyInput(.character("1"), .alt),
        keyInput(.character("é"), .alt),
      ]),
    Case(bytes: "\u{1B}\u{1B}[A\u{1B}\u{1B}OP", inputs: [keyInput(.up, .alt), keyInput(.function(1), .alt)]),
    Case(
      bytes: "\u{1B}\r\u{1B}\u{7F}\u{1B}\t",
      inputs: [keyInput(.enter, .alt), keyInput(.backspace, .alt), keyInput(.tab, .alt)]),
    Case(bytes: "\u{1B}\u{03}", inputs: [keyInput(.character("c"), [.alt, .control])]),
    Case(bytes: "\u{1B} ", inputs: [keyInput(.character(" "), .alt)]),
    // Two ESCs with nothing after them are Esc twice; three, three times.
    Case(bytes: "\u{1B}\u{1B}", inputs: [.key(.escape), .key(.escape)]),
    Case(bytes: "\u{1B}\u{1B}\u{1B}", inputs: [.key(.escape), .key(.escape), .key(.escape)]),
    // The opener of a sequence with nothing after it: Alt with that character.
    Case(bytes: "\u{1B}[", inputs: [keyInput(.character("["), .alt)]),
    Case(bytes: "\u{1B}O", inputs: [keyInput(.character("O"), .alt)]),
    Case(bytes: "\u{1B}P", inputs: [keyInput(.character("P"), .alt)]),
    // ESC before what is not a key (a mouse report, a paste, an unknown sequence) is Esc.
    Case(
      bytes: "\u{1B}\u{1B}[<0;3;4M",
      inputs: [.key(.escape), .mouse(TerminalMouse(.press(.primary), at: Point(x: 2, y: 3), time: .seconds(100)))]),
    Case(bytes: "\u{1B}\u{1B}[200~x\u{1B}[201~", inputs: [.key(.escape), .paste("x")]),
    Case(bytes: "\u{1B}\u{1B}[9~j", inputs: [.key(.escape), .key(.character("j"))]),
    // Keys the terminal does not have, and sequences that are not keys: consumed whole.
    Case(bytes: "\u{1B}[9~j", inputs: [.key(.character("j"))]),
    Case(bytes: "\u{1B}[1;5Xj\u{1B}[99;5~j", inputs: Array(repeating: .key(.character("j")), count: 2)),
    Case(bytes: "\u{1B}[Ij\u{1B}[Oj", inputs: Array(repeating: .key(.character("j")), count: 2)),  // focus
    Case(
      bytes: "\u{1B}]0;title\u{07}j\u{1B}]10;rgb:0/0/0\u{1B}\\j",
      inputs: Array(repeating: .key(.character("j")), count: 2)),
    // The background colour is an input, never keys (TerminalReplyTests has every form).
    Case(
      bytes: "j\u{1B}]11;rgb:0/0/0\u{1B}\\j",
      inputs: [.key(.character("j")), .terminalBackground(RGB(hex: 0)), .key(.character("j"))]),
    Case(
      bytes: "\u{1B}P1$r0m\u{1B}\\\u{1B}_q\u{1B}\\\u{1B}^q\u{1B}\\\u{1B}Xq\u{1B}\\j", inputs: [.key(.character("j"))]),
    Case(bytes: "\u{1B}(B\u{1B} F\u{1B}#8j", inputs: [.key(.character("j"))]),  // nF sequences
    // C1 controls as UTF-8: CSI, SS3, OSC with ST.
    Case(
      bytes: "\u{9B}9~\u{8F}P\u{9D}0;x\u{9C}j\u{9B}A", inputs: [.key(.function(1)), .key(.character("j")), .key(.up)]),
    // ESC inside a sequence starts a new one; CAN cancels; a control ends it and is a key.
    Case(bytes: "\u{1B}[12\u{1B}[A", inputs: [.key(.up)]),
    Case(bytes: "\u{1B}[12\u{18}j", inputs: [.key(.character("j"))]),
    Case(bytes: "\u{1B}[12\r", inputs: [.key(.enter)]),
    Case(bytes: "\u{1B}]0;title\u{1B}[A", inputs: [.key(.up)]),
    // A sequence cut short by the wait is dropped.
    Case(bytes: "\u{1B}[<0;5", inputs: []),
    Case(bytes: "\u{1B}]0;tit", inputs: []),
    Case(bytes: "\u{1B}[5", inputs: []),
  ])
  func sequencesParse(_ c: Case) {
    #expect(parse(c.bytes) == c.inputs)
  }

  @Test func theIssuesTwoExamplesDoNothingThatQuitsOrToggles() {
    // Keypad 1 in application mode is `1`, never Esc then `q`.
    #expect(parse("\u{1B}Oq") == [.key(.character("1"))])
    // A key xterm does not have (`CSI 9 ~`, no key of any terminal) is nothing at all, never
    // Esc then `9`.
    #expect(parse("\u{1B}[9~") == [])
  }

  @Test func withoutTerminfoArrowsAndShiftTabStillArriveAndOtherKeysAreIgnored() {
    let bare = InputParser()
    #expect(
      parse("\u{1B}[A\u{1B}[1;5B\u{1B}[Z\u{1B}[15~\u{1B}OHj", parser: bare) == [
        .key(.up), keyInput(.down, .control), .key(.backTab), .key(.character("j")),
      ])
  }

  /// Only cursor keys come in both forms: `SS3 Z` is not Shift-Tab, `CSI P` is not F1.
  @Test func onlyCursorKeysAreKnownInTheOtherForm() {
    #expect(parse("\u{1B}OZ\u{1B}[P\u{1B}[Sj") == [.key(.character("j"))])
    #expect(parse("\u{1B}[H\u{1B}OF") == [.key(.home), .key(.end)])
  }

  /// Home and End as tmux, rxvt and the Linux console send them (`CSI 1~`, `CSI 4~`, `CSI 7~`,
  /// `CSI 8~`), with and without modifiers, under xterm's entry, which names only `SS3 H` and
  /// `SS3 F`. Before, each gave no event at all.
  @Test func homeAndEndInEveryTildeFormArriveWhateverTerminfoSays() {
    #expect(parse("\u{1B}[1~\u{1B}[7~") == [keyInput(.home), keyInput(.home)])
    #expect(parse("\u{1B}[4~\u{1B}[8~") == [keyInput(.end), keyInput(.end)])
    #expect(parse("\u{1B}[1;5~\u{1B}[4;2~") == [keyInput(.home, .control), keyInput(.end, .shift)])
    #expect(parse("\u{1B}[5~\u{1B}[6~", parser: InputParser(keys: [:])) == [keyInput(.pageUp), keyInput(.pageDown)])
    #expect(parse("\u{1B}[9~\u{1B}[99~") == [])
  }

  @Test func theLinuxConsolesFunctionKeysAreOneSequence() {
    let linux = InputParser(keys: [Array("\u{1B}[[A".utf8): .function(1)])
    #expect(parse("\u{1B}[[A\u{1B}[[Bj", parser: linux) == [.key(.function(1)), .key(.character("j"))])
  }

  /// terminfo's list, in its order: the first name for a sequence wins, and entries too short or
  /// not starting with ESC are ignored.
  @Test func theFirstOfTwoKeysWithOneSequenceWins() {
    let list: [([UInt8], TerminalKey)] = [
      (Array("\u{1B}OP".utf8), .function(1)), (Array("\u{1B}[1~".utf8), .home),
      (Array("\u{1B}OP".utf8), .function(13)), (Array("\u{1B}[1~".utf8), .function(2)),
      (Array("\u{1B}O".utf8), .end), (Array("xOQ".utf8), .function(3)),
    ]
    let parser = InputParser(keyList: list)
    #expect(parse("\u{1B}OP\u{1B}[1~", parser: parser) == [.key(.function(1)), .key(.home)])
    #expect(parse("xOQ", parser: parser) == [.key(.character("x")), .key(.character("O")), .key(.character("Q"))])
  }

  @Test func rawC1BytesStartSequencesWhereTheyCannotBeUTF8() {
    #expect(parse([0x9B, 0x39, 0x7E, 0x6A]) == [.key(.character("j"))])
    #expect(parse([0x8F, 0x41]) == [.key(.up)])
    #expect(parse([0x9D, 0x30, 0x3B, 0x78, 0x9C, 0x6A]) == [.key(.character("j"))])
    // The same byte inside a UTF-8 character is part of it.
    #expect(parse(Array("✜".utf8)) == [.key(.character("✜"))])
    // A C1 opener alone is no Alt key: it has no ESC.
    #expect(parse([0x9B]) == [])
  }

  @Test func aStringEndsAtTheUTF8FormOfSTButNotInsideACharacter() {
    // "✜" is E2 9C 9C: its bytes 0x9C do not end the string.
    #expect(parse("\u{1B}]2;✜✜\u{07}j") == [.key(.character("j"))])
    #expect(parse("\u{1B}]2;✜\u{9C}j") == [.key(.character("j"))])
  }

  @Test func unmergedSplitsAnAltKeyIntoEscAndTheKey() {
    #expect(TerminalKey(.tab, modifiers: .alt).unmerged == [.escape, .tab])
    #expect(
      TerminalKey(.up, modifiers: [.alt, .control]).unmerged == [.escape, TerminalKey(.up, modifiers: .control)])
    #expect(TerminalKey.tab.unmerged == [.tab])
  }

  // MARK: - Bracketed paste

  @Test func aPasteIsOneEventNeverKeys() {
    #expect(parse("\u{1B}[200~q\u{1B}[A\tx\u{1B}[201~j") == [.paste("q\u{1B}[A\tx"), .key(.character("j"))])
    // Lines end in \n; invalid UTF-8 is replaced; a stray ESC [ 2 that is not the end is text.
    #expect(
      parse(Array("\u{1B}[200~a\r\nb\rc".utf8) + [0xFF] + Array("\u{1B}[20x\u{1B}[201~".utf8)) == [
        .paste("a\nb\nc\u{FFFD}\u{1B}[20x")
      ])
    // An empty paste, and ESC ESC [ 201 ~ (the first ESC is text).
    #expect(parse("\u{1B}[200~\u{1B}[201~\u{1B}[200~\u{1B}\u{1B}[201~") == [.paste(""), .paste("\u{1B}")])
  }

  /// A string with a character cut short still ends at the ESC that cut it: the paste after
  /// it is a paste (found by the stream fuzzer: the pasted `q` quit).
  @Test func anESCThatCutsACharacterInAStringStillEndsIt() {
    #expect(parse([0x9F, 0xC4] + Array("\u{1B}[200~q\u{1B}[201~".utf8)) == [.paste("q")])
  }

  @Test func aPasteCutShortArrivesWithWhatItHad() {
    #expect(parse("\u{1B}[200~half") == [.paste("half")])
  }

  @Test func aPasteOfAMegabyteIsOneEvent() {
    let text = String(repeating: "q", count: 1 << 20)
    #expect(parse("\u{1B}[200~" + text + "\u{1B}[201~") == [.paste(text)])
  }

  // MARK: - Slow links

  @Test func aLoneEscWaitsBrieflyAndASequenceBegunWaitsLong() {
    var parser = InputParser(keys: xtermKeys)
    var out: [TerminalInput] = []
    #expect(parser.pendingWait == nil)
    parser.add(0x1B, time: t0, into: &out)
    #expect(parser.pendingWait == InputParser.sequenceWait)
    #expect(InputParser.sequenceWait == .milliseconds(25))
    for (text, wait) in [("[", InputParser.slowSequenceWait), ("1", InputParser.slowSequenceWait)] {
      for byte in text.utf8 { parser.add(byte, time: t0, into: &out) }
      #expect(parser.pendingWait == wait)
    }
    #expect(InputParser.slowSequenceWait == .seconds(1))
    for byte in ";5A".utf8 { parser.add(byte, time: t0, into: &out) }
    #expect(out == [keyInput(.up, .control)])
    // Inside a mouse report, a paste, an OSC, a UTF-8 character: long.
    for start in ["\u{1B}[<0;1", "\u{1B}[M ", "\u{1B}[200~ab", "\u{1B}]0", "\u{1B}]"] {
      var parser = InputParser()
      for byte in start.utf8 { parser.add(byte, time: t0, into: &out) }
      #expect(parser.pendingWait == InputParser.slowSequenceWait, "\(Array(start.utf8))")
    }
    var utf8 = InputParser()
    utf8.add(0xE4, time: t0, into: &out)
    #expect(utf8.pendingWait == InputParser.slowSequenceWait)
  }

  // MARK: - Mouse reports

  @Test func sgrPressAndReleaseKeepTheirCellsAndTimes() {
    var parser = InputParser()
    var inputs: [TerminalInput] = []
    for (byte, time) in Array("\u{1B}[<0;251;5M".utf8).map({ ($0, t0) })
      + Array("\u{1B}[<0;251;5m".utf8).map({ ($0, t0 + .milliseconds(80)) })
    {
      parser.add(byte, time: time, into: &inputs)
    }
    #expect(
      inputs == [
        .mouse(TerminalMouse(.press(.primary), at: Point(x: 250, y: 4), time: t0)),
        .mouse(TerminalMouse(.release(.primary), at: Point(x: 250, y: 4), time: t0 + .milliseconds(80))),
      ])
  }

  @Test func everyButtonTheWheelDragsAndMotionArriveWithModifiers() {
    #expect(parse("\u{1B}[<2;10;5M\u{1B}[<2;10;5m") == [press(9, 4, .secondary), release(9, 4, .secondary)])
    #expect(parse("\u{1B}[<1;10;5M") == [press(9, 4, .middle)])
    #expect(
      parse("\u{1B}[<64;10;5M\u{1B}[<65;10;5M\u{1B}[<66;1;1M\u{1B}[<67;1;1M") == [
        mouse(.wheelUp, 9, 4), mouse(.wheelDown, 9, 4), mouse(.wheelLeft, 0, 0), mouse(.wheelRight, 0, 0),
      ])
    #expect(
      parse("\u{1B}[<0;11;5M\u{1B}[<2;11;5M\u{1B}[<32;11;5M\u{1B}[<34;12;5M\u{1B}[<35;13;6M") == [
        press(10, 4, .primary), press(10, 4, .secondary), mouse(.drag(.primary), 10, 4),
        mouse(.drag(.secondary), 11, 4), mouse(.move, 12, 5),
      ])
    #expect(parse("\u{1B}[<128;1;1M\u{1B}[<129;1;1M") == [press(0, 0, .extra(8)), press(0, 0, .extra(9))])
    #expect(
      parse("\u{1B}[<4;3;4M\u{1B}[<8;3;4M\u{1B}[<16;3;4M\u{1B}[<80;3;4M") == [
        press(2, 3, .primary, .shift), press(2, 3, .primary, .alt), press(2, 3, .primary, .control),
        mouse(.wheelUp, 2, 3, .control),
      ])
  }

  /// rxvt-unicode reports a pointer moving with no button under 1003 and 1006 as button 3 with
  /// every modifier bit set, in a press report: motion, with no modifiers held.
  @Test func rxvtUnicodesMotionReportIsMotion() {
    #expect(parse("\u{1B}[<31;15;8M\u{1B}[<3;2;2M") == [mouse(.move, 14, 7), mouse(.move, 1, 1)])
    // A release of button 3's code ends in `m` and is still nothing.
    #expect(parse("\u{1B}[<3;2;2m") == [])
    // After a click it reports the same motion as a drag of the button that came up.
    #expect(
      parse("\u{1B}[<0;5;5M\u{1B}[<0;5;5m\u{1B}[<32;6;5M") == [
        press(4, 4, .primary), release(4, 4, .primary), mouse(.move, 5, 4),
      ])
  }

  @Test(arguments: [
    "\u{1B}[<0;0;5M", "\u{1B}[<0;5;0M", "\u{1B}[<0;;5M", "\u{1B}[<0;5M", "\u{1B}[<0;1;2;3M", "\u{1B}[<0;99999999;5M",
    "\u{1B}[<0:1;2;3M", "\u{1B}[<64;10;5m", "\u{1B}[<999;10;5M", "\u{1B}[<0;1;1x",
  ])
  func malformedReportsAreIgnored(_ report: String) {
    #expect(parse(report + "j") == [.key(.character("j"))])
  }

  @Test func x10PressReleaseWheelAndMotion() {
    let press: [UInt8] = [0x1B, 0x5B, 0x4D, 32, 32 + 200, 32 + 5]
    let release: [UInt8] = [0x1B, 0x5B, 0x4D, 35, 32 + 200, 32 + 5]
    #expect(parse(press + release) == [self.press(199, 4), self.release(199, 4)])
    // X10 does not say which button came up: the one that was down.
    #expect(
      parse([0x1B, 0x5B, 0x4D, 34, 40, 40] + release) == [
        self.press(7, 7, .secondary), self.release(199, 4, .secondary),
      ])
    // A release with no press before it: nothing.
    #expect(parse(release + [0x6A]) == [.key(.character("j"))])
    #expect(
      parse([0x1B, 0x5B, 0x4D, 32 + 64, 40, 40, 0x1B, 0x5B, 0x4D, 32 + 32 + 3, 40, 40]) == [
        mouse(.wheelUp, 7, 7), mouse(.move, 7, 7),
      ])
  }

  @Test func utf8MouseCoordinatesUnder1005() {
    let parser = InputParser(utf8MouseCoordinates: true)
    // Column 250 is the value 32 + 250 = 282, U+011A, two bytes in UTF-8.
    let x = Array(String(Unicode.Scalar(UInt32(32 + 250))!).utf8)
    let bytes: [UInt8] = [0x1B, 0x5B, 0x4D, 32] + x + [32 + 5] + [0x1B, 0x5B, 0x4D, 35] + x + [32 + 5]
    #expect(parse(bytes, parser: parser) == [press(249, 4), release(249, 4)])
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
    switch Int.random(in: 0..<7, using: &rng) {
    case 0, 1:
      // CSI: parameters, intermediates, final; never a known one.
      while true {
        let parameters = (0..<Int.random(in: 0...8, using: &rng)).map { _ in byte(0x30...0x3F, &rng) }
        let intermediates = (0..<Int.random(in: 0...2, using: &rng)).map { _ in byte(0x20...0x2F, &rng) }
        let final = byte(0x40...0x7E, &rng)
        // Never a key's final (arrows, Home, End, F1-F4, Shift-Tab, `~`, `u`), a mouse
        // report's, the Linux console's `[`, nor a DA1 answer (`CSI ? ... c`, an input).
        let known =
          Array("ABCDHFPQRSZMm~u[".utf8).contains(final)
          || (final == 0x63 && parameters.first == 0x3F && intermediates.isEmpty)  // a DA1 answer
        if !known { return [esc, 0x5B] + parameters + intermediates + [final] }
      }
    case 2:
      // SS3 with a final the program does not list.
      let listed = Set<UInt8>(Array("ABCDHFPQRSMX".utf8) + Array(0x6A...0x79))
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
    default:
      // A mouse report with the mouse off.
      return Array("\u{1B}[<0;3;3M".utf8)
    }
  }

  @Test func generatedUnknownSequencesOfEveryKindAreIgnoredWhole() {
    var rng = SplitMix64(seed: 20_261_129)
    for round in 0..<5000 {
      let sequences = (0..<Int.random(in: 1...4, using: &rng)).map { _ in Self.unknownSequence(&rng) }
      let bytes = sequences.flatMap { $0 } + Array("j".utf8)
      let inputs = parse(bytes, parser: InputParser(mouse: false, keys: xtermKeys))
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
      let inputs = parse(bytes + Array("j".utf8), parser: InputParser(mouse: false, keys: xtermKeys))
      #expect(inputs == [.key(.character("j"))], "round \(round): \(bytes.map { String($0, radix: 16) })")
      if inputs != [.key(.character("j"))] { return }
    }
  }

  @Test func generatedMouseReportsLandOnTheirCells() {
    var rng = SplitMix64(seed: 42)
    for _ in 0..<2000 {
      let x = Int.random(in: 1...2000, using: &rng)
      let y = Int.random(in: 1...500, using: &rng)
      let bits = [0, 4, 8, 16].randomElement(using: &rng)!
      let mods: KeyModifiers = [0: [], 4: .shift, 8: .alt, 16: .control][bits]!
      let point = Point(x: x - 1, y: y - 1)
      #expect(
        parse("\u{1B}[<\(bits);\(x);\(y)M\u{1B}[<\(bits);\(x);\(y)m")
          == [press(x - 1, y - 1, .primary, mods), mouse(.release(.primary), x - 1, y - 1, mods)], "SGR \(x),\(y)")
      let (x10, y10) = (min(x, 223), min(y, 223))
      #expect(
        parse([
          0x1B, 0x5B, 0x4D, 32, UInt8(32 + x10), UInt8(32 + y10), 0x1B, 0x5B, 0x4D, 35, UInt8(32 + x10),
          UInt8(32 + y10),
        ])
          == [press(x10 - 1, y10 - 1), release(x10 - 1, y10 - 1)], "X10 \(x10),\(y10)")
      let utf8 = InputParser(utf8MouseCoordinates: true)
      let encoded = [32, 32 + x, 32 + y].flatMap { Array(String(Unicode.Scalar(UInt32($0))!).utf8) }
      #expect(parse([0x1B, 0x5B, 0x4D] + encoded, parser: utf8) == [press(point.x, point.y)], "1005 \(x),\(y)")
    }
  }

  @Test func generatedKnownKeysAmongUnknownSequencesArriveInOrder() {
    var rng = SplitMix64(seed: 99)
    let known: [(String, TerminalInput)] = [
      ("\u{1B}[A", .key(.up)), ("\u{1B}OB", .key(.down)), ("\u{1B}[C", .key(.right)), ("\u{1B}OD", .key(.left)),
      ("\u{1B}[Z", .key(.backTab)), ("\r", .key(.enter)), ("\u{1B}OM", .key(.enter)), ("\t", .key(.tab)),
      ("\u{1B}Oq", .key(.character("1"))), ("i", .key(.character("i"))), ("中", .key(.character("中"))),
      ("\u{1B}[1;5A", keyInput(.up, .control)), ("\u{1B}[6;2~", keyInput(.pageDown, .shift)),
      ("\u{1B}[15~", .key(.function(5))),
      ("\u{1B}q", keyInput(.character("q"), .alt)), ("\u{1B}[200~q\u{1B}[201~", .paste("q")),
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
      let inputs = parse(bytes, parser: InputParser(mouse: false, keys: xtermKeys))
      #expect(inputs == expected, "round \(round): \(bytes.map { String($0, radix: 16) })")
      if inputs != expected { return }
    }
  }
}

extension InputParserTests {
  /// A DECRPM answer for mode 2026 (`CSI ? 2026 ; 1|2 $ y`) is noted as synchronized-output
  /// support and never becomes a key: the `y`, the `$` and the digits would otherwise act as
  /// keys (`q` ends a program). Answers that say the mode is unknown (0) or permanently off
  /// (4), and reports for other modes, note nothing.
  @Test func aSynchronizedOutputAnswerIsNotedAndNeverAKey() {
    for value in [1, 2] {
      var parser = InputParser(keys: xtermKeys)
      var inputs: [TerminalInput] = []
      for byte in "a\u{1B}[?2026;\(value)$yb".utf8 { parser.add(byte, time: t0, into: &inputs) }
      #expect(inputs == [.key(.character("a")), .key(.character("b"))])
      #expect(parser.synchronizedOutput, "answer \(value)")
    }
    for answer in ["\u{1B}[?2026;0$y", "\u{1B}[?2026;4$y", "\u{1B}[?2004;1$y", "\u{1B}[2026;1$y"] {
      var parser = InputParser(keys: xtermKeys)
      var inputs: [TerminalInput] = []
      for byte in answer.utf8 { parser.add(byte, time: t0, into: &inputs) }
      #expect(inputs.isEmpty, "\(answer.debugDescription)")
      #expect(!parser.synchronizedOutput, "\(answer.debugDescription)")
    }
  }
}
