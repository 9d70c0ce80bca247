import Testing
import TooltipKit

/// `Text.boxes(of:in:width:)` costs the phrase plus the paragraph, not their product: the
/// search reads the paragraph once.
@Suite struct BoxesLinearTests {
  /// The search's worst case for a naive scan: a phrase of `n` words "a" then "b" in a
  /// paragraph of `2n` words "a" then "b" (each start matches almost the whole phrase).
  static func worst(_ n: Int) -> (phrase: [Character], paragraph: [Character]) {
    (Array(String(repeating: "a ", count: n) + "b"), Array(String(repeating: "a ", count: 2 * n) + "b"))
  }

  @Test(arguments: [10, 100, 1000, 10_000])
  func theSearchComparesFewerThanTwiceTheCharacters(n: Int) {
    let (phrase, paragraph) = Self.worst(n)
    var comparisons = 0
    let found = Text.firstIndex(of: phrase, in: paragraph, comparisons: &comparisons)
    #expect(found == paragraph.count - phrase.count)
    // A scan that starts again at every column compares about n x 2n characters here.
    #expect(comparisons < 2 * (phrase.count + paragraph.count))
  }

  @Test func aLongPhraseInALongParagraphIsFound() {
    // 40,000 words: the naive scan compared some 3 x 10^9 characters here.
    let phrase = String(repeating: "a ", count: 20_000) + "b"
    let paragraph = String(repeating: "a ", count: 40_000) + "b"
    let boxes = Text.boxes(of: phrase, in: paragraph, width: 40)
    // Twenty words a row: the phrase is the paragraph's second half, rows 1,000 to 2,000.
    #expect(boxes.count == 1_001)
    #expect(boxes.first == Rect(x: 0, y: 1_000, width: 39, height: 1))
    #expect(boxes.last == Rect(x: 0, y: 2_000, width: 1, height: 1))
  }

  @Test(arguments: [Int.min, -1, 0, 1, 2, Int.max])
  func anyWidthIsAnswered(width: Int) {
    let boxes = Text.boxes(of: "force majeure", in: "notice of force majeure within ten days", width: width)
    #expect(boxes.allSatisfy { $0.size.width >= 1 && $0.size.height == 1 })
  }

  @Test func theFirstOccurrenceIsTheOneFound() {
    var comparisons = 0
    #expect(Text.firstIndex(of: Array("aab"), in: Array("aaaabaab"), comparisons: &comparisons) == 2)
    #expect(Text.firstIndex(of: Array("abc"), in: Array("ababab"), comparisons: &comparisons) == nil)
    #expect(Text.firstIndex(of: [], in: Array("a"), comparisons: &comparisons) == nil)
    #expect(Text.firstIndex(of: Array("abc"), in: Array("ab"), comparisons: &comparisons) == nil)
  }
}
