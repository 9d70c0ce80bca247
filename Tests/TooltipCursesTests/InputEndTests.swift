import Testing

@testable import TooltipCurses

#if canImport(Glibc)
  import Glibc
#endif

/// ``TerminalGuard/inputEnd(input:)`` tells a read that found nothing (a timeout: read again)
/// from input that has ended, and says which end in one line.
@Suite struct InputEndTests {
  @Test func aTimeoutIsNotAnEndAndEachEndSaysWhatItIs() throws {
    var master: Int32 = -1
    var slave: Int32 = -1
    try #require(openpty(&master, &slave, nil, nil, nil) == 0)
    defer { close(slave) }
    #expect(TerminalGuard.inputEnd(input: slave) == nil)

    let name = String(cString: ttyname(slave))
    let writeOnly = open(name, O_WRONLY | O_NOCTTY)
    try #require(writeOnly >= 0)
    #expect(TerminalGuard.inputEnd(input: writeOnly) == "standard input is a terminal open for writing only")
    close(writeOnly)

    let nonBlocking = open(name, O_RDWR | O_NOCTTY | O_NONBLOCK)
    try #require(nonBlocking >= 0)
    #expect(TerminalGuard.inputEnd(input: nonBlocking) == "standard input was made non-blocking by another program")
    close(nonBlocking)

    close(master)
    #expect(TerminalGuard.inputEnd(input: slave) == "the terminal hung up (end of input)")
    #expect(TerminalGuard.inputEnd(input: 999) == "standard input is closed")
  }
}
