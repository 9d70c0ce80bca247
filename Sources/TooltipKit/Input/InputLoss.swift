/// The one policy for "the input is gone", both front ends' (the session's read and an
/// own-ncurses program's `wgetch` returning nothing): what reads that return nothing mean.
///
/// A terminal that hung up with no SIGHUP reaching the program, a descriptor open for writing
/// only or closed make every read fail at once, forever; a loop that took each failure for a
/// timeout would spin at full CPU and never end. The front end looks at the descriptor (the
/// core does no I/O) and hands what it saw here; the decision, its thresholds and its words are
/// the same for both.
package struct InputLoss: Sendable {
  /// Reads in a row that find the input readable yet read nothing: the input is at its end.
  package static let emptyReadLimit = 2
  /// Waits in a row that end before their time with no input, signal or wake: reads fail at
  /// once.
  package static let earlyEndLimit = 100
  /// Why input ended when reads were readable yet empty.
  package static let ended = "standard input ended"
  /// Why input ended when waits kept ending early.
  package static let failing = "standard input fails without waiting (the terminal is gone)"

  private var emptyReads = 0
  private var earlyEnds = 0

  /// No read has returned nothing yet.
  package init() {}

  /// A read returned input: the counts start over.
  package mutating func inputCame() {
    emptyReads = 0
    earlyEnds = 0
  }

  /// A read returned nothing: why the input is gone, in one line for the user, or nil when it is
  /// not (a timeout, a signal) and reading again is right.
  ///
  /// - Parameters:
  ///   - found: what the descriptor itself says is wrong (a hang-up, write-only, closed), if
  ///     anything: the input is gone at once.
  ///   - readable: whether the descriptor polls readable though nothing was read.
  ///   - endedEarly: whether the wait ended before its time with no signal or wake.
  package mutating func nothingRead(found: String?, readable: Bool, endedEarly: Bool) -> String? {
    if let found { return found }
    emptyReads = readable ? emptyReads + 1 : 0
    if emptyReads >= Self.emptyReadLimit { return Self.ended }
    earlyEnds = endedEarly ? earlyEnds + 1 : 0
    if earlyEnds >= Self.earlyEndLimit { return Self.failing }
    return nil
  }
}
