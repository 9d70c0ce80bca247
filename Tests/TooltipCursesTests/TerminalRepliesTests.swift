import Testing
import TooltipKit

@testable import TooltipCurses

/// What a program that owns ncurses reads with its own `wgetch` (keypad on: a reply comes as
/// its bytes, ESC first): ``CursesTooltips`` consumes the terminal's replies and reads the
/// background colour from the answer to ``CursesTooltips/askTerminalBackground()``.
@Suite struct TerminalRepliesTests {
  let t0 = Duration.seconds(100)

  /// Which of `text`'s values `replies` consumes, read at `times` (one per value; t0 when none).
  func consumed(_ text: String, _ replies: inout TerminalReplies, at time: Duration? = nil) -> [Bool] {
    text.unicodeScalars.map { replies.take(Int32($0.value), at: time ?? t0) }
  }

  @Test(arguments: [
    ("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", RGB(hex: 0x000000)),
    ("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", RGB(hex: 0xFFFFFF)),
    ("\u{1B}]11;rgb:00/2b/36\u{07}", RGB(hex: 0x002B36)),
    ("\u{1B}]11;rgb:2/8/3\u{1B}\\", RGB(hex: 0x228833)),
  ])
  func theBackgroundAnswerIsReadAndConsumed(_ answer: String, _ colour: RGB) {
    var replies = TerminalReplies()
    let taken = consumed(answer + "j", &replies)
    // Unasked for, the ESC has gone to the program (as before); the rest is the reply's.
    #expect(taken == [false] + Array(repeating: true, count: answer.unicodeScalars.count - 1) + [false])
    #expect(replies.takeBackground() == colour)
    #expect(replies.takeBackground() == nil)
  }

  @Test func whileAwaitedTheESCIsConsumedAndASlowAnswerIsWhole() {
    var replies = TerminalReplies()
    replies.awaitAnswers(now: t0)
    let head = consumed("\u{1B}]11;rgb:28", &replies)
    let tail = consumed("28/2a2a/3636\u{1B}\\", &replies, at: t0 + .milliseconds(1500))
    #expect((head + tail).allSatisfy { $0 })
    #expect(replies.takeBackground() == RGB(hex: 0x282A36))
    // The DA1 fence ends the wait: an ESC after it is the program's Esc again.
    #expect(consumed("\u{1B}[?62;22c", &replies, at: t0 + .milliseconds(1600)).allSatisfy { $0 })
    #expect(consumed("\u{1B}", &replies, at: t0 + .seconds(3)) == [false])
  }

  @Test func theWaitEndsAtItsLimitWithoutAFence() {
    var replies = TerminalReplies()
    replies.awaitAnswers(now: t0)
    #expect(consumed("\u{1B}", &replies, at: t0 + TerminalReplies.awaitLimit) == [false])
  }

  @Test(arguments: ["\u{1B}]11;rgb:zz/0/0\u{07}", "\u{1B}]11;?\u{07}", "\u{1B}]10;rgb:0/0/0\u{07}", "\u{1B}[?1;2c"])
  func otherRepliesAndGarbageGiveNoColour(_ reply: String) {
    var replies = TerminalReplies()
    replies.awaitAnswers(now: t0)
    #expect(consumed(reply, &replies).allSatisfy { $0 })
    #expect(replies.takeBackground() == nil)
    #expect(consumed("j", &replies) == [false])
  }
}
