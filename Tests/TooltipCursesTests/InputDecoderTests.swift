import CNcurses
import Testing
import TooltipCurses
import TooltipKit

@Suite struct InputDecoderTests {
  let screen = Size(width: 80, height: 24)
  let t0 = Duration.seconds(100)

  struct CharacterCase: CustomTestStringConvertible, Sendable {
    var value: UInt32
    var key: TerminalKey
    var testDescription: String { "U+\(String(value, radix: 16)) -> \(key)" }
  }

  @Test(arguments: [
    CharacterCase(value: 0x0D, key: .enter),
    CharacterCase(value: 0x0A, key: .enter),
    CharacterCase(value: 0x09, key: .tab),
    CharacterCase(value: 0x1B, key: .escape),
    CharacterCase(value: 0x7F, key: .backspace),
    CharacterCase(value: 0x08, key: .backspace),
    CharacterCase(value: 0x03, key: .character("\u{03}")),
    CharacterCase(value: 0x0C, key: .character("\u{0C}")),
    CharacterCase(value: 0x20, key: .character(" ")),
    CharacterCase(value: 0x71, key: .character("q")),
    CharacterCase(value: 0x3F, key: .character("?")),
    CharacterCase(value: 0xE9, key: .character("é")),
    CharacterCase(value: 0x4E2D, key: .character("中")),
  ])
  func charactersDecodeToKeys(_ c: CharacterCase) {
    var decoder = InputDecoder()
    #expect(decoder.decode(.character(c.value), screen: screen, time: t0) == .key(c.key))
  }

  @Test func aSurrogateValueIsNotACharacter() {
    var decoder = InputDecoder()
    #expect(decoder.decode(.character(0xD800), screen: screen, time: t0) == .key(.other(0xD800)))
  }

  struct KeyCodeCase: CustomTestStringConvertible, Sendable {
    var code: Int32
    var key: TerminalKey
    var testDescription: String { "key code \(code) -> \(key)" }
  }

  @Test(arguments: [
    KeyCodeCase(code: KEY_UP, key: .up),
    KeyCodeCase(code: KEY_DOWN, key: .down),
    KeyCodeCase(code: KEY_LEFT, key: .left),
    KeyCodeCase(code: KEY_RIGHT, key: .right),
    KeyCodeCase(code: KEY_BTAB, key: .backTab),
    KeyCodeCase(code: KEY_ENTER, key: .enter),
    KeyCodeCase(code: KEY_BACKSPACE, key: .backspace),
    KeyCodeCase(code: KEY_F0 + 1, key: .other(KEY_F0 + 1)),
  ])
  func keyCodesDecodeToKeys(_ c: KeyCodeCase) {
    var decoder = InputDecoder()
    #expect(decoder.decode(.keyCode(c.code), screen: screen, time: t0) == .key(c.key))
  }

  @Test func resizeCarriesTheNewScreenSize() {
    var decoder = InputDecoder()
    let size = Size(width: 1, height: 1)
    #expect(decoder.decode(.keyCode(KEY_RESIZE), screen: size, time: t0) == .resize(size))
  }

  @Test func pressThenReleaseKeepTheirCellsAndTimes() {
    var decoder = InputDecoder()
    let press = MouseReport(x: 240, y: 3, buttons: MouseReport.pressed)
    let release = MouseReport(x: 241, y: 3, buttons: MouseReport.released)
    let later = t0 + .milliseconds(600)
    #expect(
      decoder.decode(.keyCode(KEY_MOUSE), mouse: press, screen: screen, time: t0)
        == .press(Point(x: 240, y: 3), time: t0))
    #expect(
      decoder.decode(.keyCode(KEY_MOUSE), mouse: release, screen: screen, time: later)
        == .release(Point(x: 241, y: 3), time: later))
  }

  @Test func aReleaseWithNoPressBeforeItIsAClick() {
    // ncurses with mouseinterval(0) reports a press and release read together as the release.
    var decoder = InputDecoder()
    let release = MouseReport(x: 5, y: 6, buttons: MouseReport.released)
    #expect(decoder.decode(.keyCode(KEY_MOUSE), mouse: release, screen: screen, time: t0) == .click(Point(x: 5, y: 6)))
    // The next press and release are a press and a release again.
    let press = MouseReport(x: 5, y: 6, buttons: MouseReport.pressed)
    #expect(
      decoder.decode(.keyCode(KEY_MOUSE), mouse: press, screen: screen, time: t0) == .press(Point(x: 5, y: 6), time: t0)
    )
    #expect(
      decoder.decode(.keyCode(KEY_MOUSE), mouse: release, screen: screen, time: t0)
        == .release(Point(x: 5, y: 6), time: t0))
  }

  @Test(arguments: [TK_BUTTON1_CLICKED, TK_BUTTON1_DOUBLE_CLICKED, TK_BUTTON1_TRIPLE_CLICKED])
  func clickedBitsAreAClick(_ bits: mmask_t) {
    var decoder = InputDecoder()
    let report = MouseReport(x: 7, y: 2, buttons: bits)
    #expect(decoder.decode(.keyCode(KEY_MOUSE), mouse: report, screen: screen, time: t0) == .click(Point(x: 7, y: 2)))
  }

  @Test(arguments: [
    TK_BUTTON2_PRESSED, TK_BUTTON2_RELEASED, TK_BUTTON3_PRESSED, TK_BUTTON3_RELEASED, TK_BUTTON4_PRESSED,
    TK_BUTTON5_PRESSED, 0,
  ])
  func otherButtonsAndTheWheelAreIgnored(_ bits: mmask_t) {
    var decoder = InputDecoder()
    let report = MouseReport(x: 7, y: 2, buttons: bits)
    #expect(decoder.decode(.keyCode(KEY_MOUSE), mouse: report, screen: screen, time: t0) == nil)
  }

  @Test func aMouseKeyWithoutAnEventIsIgnored() {
    var decoder = InputDecoder()
    #expect(decoder.decode(.keyCode(KEY_MOUSE), mouse: nil, screen: screen, time: t0) == nil)
  }

  @Test(arguments: [
    (Duration.zero, Int32(0)),
    (.milliseconds(1), 1),
    (.microseconds(1), 1),
    (.microseconds(1500), 2),
    (.seconds(2), 2000),
    (.seconds(-1), 0),
  ])
  func timeoutsRoundUpToWholeMilliseconds(_ duration: Duration, _ millis: Int32) {
    #expect(CursesInput.milliseconds(duration) == millis)
  }
}

@Suite struct UTF8AssemblerTests {
  func steps(_ bytes: [UInt8]) -> [UTF8Assembler.Step] {
    var assembler = UTF8Assembler()
    return bytes.map { assembler.add($0) }
  }

  @Test func asciiIsOneStep() {
    #expect(steps([0x6A, 0x00, 0x7F]) == [.scalar(0x6A), .scalar(0), .scalar(0x7F)])
  }

  @Test func multiByteCharactersComeWhole() {
    #expect(steps(Array("é".utf8)) == [.pending, .scalar(0xE9)])
    #expect(steps(Array("中".utf8)) == [.pending, .pending, .scalar(0x4E2D)])
    #expect(steps(Array("😀".utf8)) == [.pending, .pending, .pending, .scalar(0x1F600)])
  }

  @Test(arguments: [0x80, 0xBF, 0xC0, 0xC1, 0xF5, 0xFF] as [UInt8])
  func aByteThatCannotStartACharacterIsDropped(_ byte: UInt8) {
    #expect(steps([byte, 0x6A]) == [.invalid(retry: nil), .scalar(0x6A)])
  }

  @Test func aCharacterCutShortGivesBackTheByteThatCutIt() {
    #expect(steps([0xE2, 0x82, 0x6A]) == [.pending, .pending, .invalid(retry: 0x6A)])
    #expect(steps([0xC3, 0xC3]) == [.pending, .invalid(retry: 0xC3)])
  }

  @Test(arguments: [[0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]] as [[UInt8]])
  func overlongsSurrogatesAndValuesPastTheLastAreRefused(_ bytes: [UInt8]) {
    #expect(steps(bytes).last == .invalid(retry: nil))
  }

  @Test func resetDropsAPartialCharacter() {
    var assembler = UTF8Assembler()
    #expect(assembler.add(0xE2) == .pending)
    #expect(assembler.isPending)
    assembler.reset()
    #expect(!assembler.isPending)
    #expect(assembler.add(0x6A) == .scalar(0x6A))
  }
}
