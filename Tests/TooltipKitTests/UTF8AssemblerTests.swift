import Testing

@testable import TooltipKit

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
