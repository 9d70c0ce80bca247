import CNcurses
import Testing
import TooltipKit

@testable import TooltipCurses

@Suite struct InputDecoderTests {
  let screen = Size(width: 80, height: 24)
  let t0 = Duration.seconds(100)

  func mouse(
    _ action: TerminalMouse.Action, _ x: Int, _ y: Int, _ time: Duration? = nil, _ modifiers: KeyModifiers = []
  ) -> TerminalInput {
    .mouse(TerminalMouse(action, at: Point(x: x, y: y), modifiers: modifiers, time: time ?? t0))
  }

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
    CharacterCase(value: 0x03, key: TerminalKey(.character("c"), modifiers: .control)),
    CharacterCase(value: 0x0C, key: TerminalKey(.character("l"), modifiers: .control)),
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
    #expect(decoder.decode(.character(0xD800), screen: screen, time: t0) == .key(TerminalKey(.other(0xD800))))
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
    KeyCodeCase(code: KEY_HOME, key: .home),
    KeyCodeCase(code: KEY_END, key: .end),
    KeyCodeCase(code: KEY_PPAGE, key: .pageUp),
    KeyCodeCase(code: KEY_NPAGE, key: .pageDown),
    KeyCodeCase(code: KEY_IC, key: .insert),
    KeyCodeCase(code: KEY_DC, key: .delete),
    KeyCodeCase(code: KEY_SLEFT, key: TerminalKey(.left, modifiers: .shift)),
    KeyCodeCase(code: KEY_SNEXT, key: TerminalKey(.pageDown, modifiers: .shift)),
    KeyCodeCase(code: KEY_F0 + 1, key: .function(1)),
    KeyCodeCase(code: KEY_F0 + 12, key: .function(12)),
    KeyCodeCase(code: KEY_MAX, key: TerminalKey(.other(KEY_MAX))),
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
        == mouse(.press(.primary), 240, 3, t0))
    #expect(
      decoder.decode(.keyCode(KEY_MOUSE), mouse: release, screen: screen, time: later)
        == mouse(.release(.primary), 241, 3, later))
  }

  @Test func aReleaseWithNoPressBeforeItIsAClick() {
    // ncurses with mouseinterval(0) reports a press and release read together as the release.
    var decoder = InputDecoder()
    let release = MouseReport(x: 5, y: 6, buttons: MouseReport.released)
    #expect(
      decoder.decode(.keyCode(KEY_MOUSE), mouse: release, screen: screen, time: t0) == mouse(.click(.primary), 5, 6))
    // The next press and release are a press and a release again.
    let press = MouseReport(x: 5, y: 6, buttons: MouseReport.pressed)
    #expect(
      decoder.decode(.keyCode(KEY_MOUSE), mouse: press, screen: screen, time: t0) == mouse(.press(.primary), 5, 6))
    #expect(
      decoder.decode(.keyCode(KEY_MOUSE), mouse: release, screen: screen, time: t0)
        == mouse(.release(.primary), 5, 6))
  }

  @Test(arguments: [TK_BUTTON1_CLICKED, TK_BUTTON1_DOUBLE_CLICKED, TK_BUTTON1_TRIPLE_CLICKED])
  func clickedBitsAreAClick(_ bits: mmask_t) {
    var decoder = InputDecoder()
    let report = MouseReport(x: 7, y: 2, buttons: bits)
    #expect(
      decoder.decode(.keyCode(KEY_MOUSE), mouse: report, screen: screen, time: t0) == mouse(.click(.primary), 7, 2))
  }

  @Test func otherButtonsTheWheelMotionAndModifiersDecode() {
    var decoder = InputDecoder()
    func decode(_ bits: mmask_t) -> TerminalInput? {
      decoder.decode(.keyCode(KEY_MOUSE), mouse: MouseReport(x: 7, y: 2, buttons: bits), screen: screen, time: t0)
    }
    #expect(decode(TK_BUTTON2_PRESSED) == mouse(.press(.middle), 7, 2))
    #expect(decode(TK_BUTTON2_RELEASED) == mouse(.release(.middle), 7, 2))
    #expect(decode(TK_BUTTON3_PRESSED) == mouse(.press(.secondary), 7, 2))
    #expect(decode(TK_BUTTON3_PRESSED | MouseReport.mask(6, 8)) == mouse(.press(.secondary), 7, 2))
    #expect(decode(MouseReport.mask(6, 8)) == mouse(.drag(.secondary), 7, 2))
    #expect(decode(TK_BUTTON3_RELEASED) == mouse(.release(.secondary), 7, 2))
    #expect(decode(MouseReport.mask(6, 8)) == mouse(.move, 7, 2))
    #expect(decode(TK_BUTTON4_PRESSED) == mouse(.wheelUp, 7, 2))
    #expect(decode(TK_BUTTON5_PRESSED) == mouse(.wheelDown, 7, 2))
    #expect(
      decode(TK_BUTTON1_PRESSED | MouseReport.mask(6, 1 | 2)) == mouse(.press(.primary), 7, 2, t0, [.control, .shift]))
    #expect(decode(0) == nil)
  }

  @Test func theMasksAreNcursesOwn() {
    #expect(MouseReport.mask(1, 2) == TK_BUTTON1_PRESSED)
    #expect(MouseReport.mask(3, 1) == TK_BUTTON3_RELEASED)
    #expect(MouseReport.mask(5, 2) == TK_BUTTON5_PRESSED)
    #expect(MouseReport.requested & TK_BUTTON1_PRESSED != 0)
  }

  @Test func terminfosExtendedNamesAreModifiedKeys() {
    #expect(InputDecoder.extendedKey("kUP5") == TerminalKey(.up, modifiers: .control))
    #expect(InputDecoder.extendedKey("kDC3") == TerminalKey(.delete, modifiers: .alt))
    #expect(InputDecoder.extendedKey("kNXT6") == TerminalKey(.pageDown, modifiers: [.shift, .control]))
    #expect(InputDecoder.extendedKey("kxIN") == nil)
    #expect(InputDecoder.extendedKey("kUP9") == nil)
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
    #expect(TerminalReader.milliseconds(duration) == millis)
  }
}
