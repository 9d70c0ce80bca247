import Testing

@testable import TooltipKit

/// The one "input is gone" policy both front ends follow: what the descriptor says wins at
/// once; readable-yet-empty reads end input at the second in a row; waits that end early end it
/// at the hundredth in a row; any input starts the counts over.
@Suite struct InputLossTests {
  @Test func whatTheDescriptorSaysEndsInputAtOnce() {
    var loss = InputLoss()
    #expect(
      loss.nothingRead(found: "the terminal hung up", readable: false, endedEarly: false) == "the terminal hung up")
  }

  @Test func twoReadableYetEmptyReadsInARowEndInput() {
    var loss = InputLoss()
    #expect(loss.nothingRead(found: nil, readable: true, endedEarly: false) == nil)
    #expect(loss.nothingRead(found: nil, readable: false, endedEarly: false) == nil, "a timeout between starts over")
    #expect(loss.nothingRead(found: nil, readable: true, endedEarly: false) == nil)
    loss.inputCame()
    #expect(loss.nothingRead(found: nil, readable: true, endedEarly: false) == nil, "input between starts over")
    #expect(loss.nothingRead(found: nil, readable: true, endedEarly: false) == InputLoss.ended)
  }

  @Test func aHundredEarlyEndsInARowEndInput() {
    var loss = InputLoss()
    for _ in 1..<InputLoss.earlyEndLimit {
      #expect(loss.nothingRead(found: nil, readable: false, endedEarly: true) == nil)
    }
    loss.inputCame()
    for _ in 1..<InputLoss.earlyEndLimit {
      #expect(loss.nothingRead(found: nil, readable: false, endedEarly: true) == nil)
    }
    #expect(loss.nothingRead(found: nil, readable: false, endedEarly: true) == InputLoss.failing)
    #expect(InputLoss.earlyEndLimit == 100 && InputLoss.emptyReadLimit == 2)
  }
}
