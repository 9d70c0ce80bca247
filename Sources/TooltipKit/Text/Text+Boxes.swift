extension Text {
  /// The cells `phrase` covers in `paragraph` word-wrapped at `width` columns (``wrap(_:width:)``),
  /// one rect a row, first to last, in columns and rows from the paragraph's first cell; empty
  /// when the wrapped paragraph does not hold it.
  ///
  /// A program that writes the rows ``wrap(_:width:)`` gives puts an anchor on a term of them
  /// with these as its ``Anchor/segments``, wide characters counted, however the term wraps.
  ///
  /// Its work is linear in the phrase and the paragraph together (the phrase is found by
  /// Knuth-Morris-Pratt), so a long phrase in a long paragraph costs their sum, not their product.
  public static func boxes(of phrase: String, in paragraph: String, width: Int) -> [Rect] {
    let rows = wrap(paragraph, width: width)
    let words = wrap(phrase, width: nil).first.map { Array($0) } ?? []
    guard !words.isEmpty else { return [] }
    // The rows joined by the spaces they broke at: the paragraph with its spaces collapsed.
    var characters: [Character] = []
    var rowOf: [Int] = []
    var columnOf: [Int] = []
    for (row, text) in rows.enumerated() {
      if row > 0 {
        characters.append(" ")
        rowOf.append(row - 1)
        columnOf.append(-1)
      }
      var column = 0
      for character in text {
        characters.append(character)
        rowOf.append(row)
        columnOf.append(column)
        column += Text.width(of: character)
      }
    }
    var comparisons = 0
    guard let start = firstIndex(of: words, in: characters, comparisons: &comparisons) else { return [] }
    var boxes: [Rect] = []
    for i in start..<start + words.count where columnOf[i] >= 0 {
      let cell = Rect(x: columnOf[i], y: rowOf[i], width: max(1, Text.width(of: characters[i])), height: 1)
      if let last = boxes.last, last.minY == cell.minY {
        boxes[boxes.count - 1] = Rect(x: last.minX, y: last.minY, width: cell.maxX - last.minX, height: 1)
      } else {
        boxes.append(cell)
      }
    }
    return boxes
  }

  /// The first index of `haystack` where `needle` starts, or nil; `comparisons` counts the
  /// characters compared, fewer than twice the two lengths together (Knuth-Morris-Pratt: the
  /// haystack is read once, never backed up over).
  package static func firstIndex(of needle: [Character], in haystack: [Character], comparisons: inout Int) -> Int? {
    guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
    // failure[i]: the length of the longest proper prefix of needle[0...i] that is also its suffix.
    var failure = [Int](repeating: 0, count: needle.count)
    var length = 0
    for i in needle.indices.dropFirst() {
      while true {
        comparisons += 1
        if needle[i] == needle[length] {
          length += 1
          break
        }
        if length == 0 { break }
        length = failure[length - 1]
      }
      failure[i] = length
    }
    var matched = 0
    for i in haystack.indices {
      while true {
        comparisons += 1
        if haystack[i] == needle[matched] {
          matched += 1
          break
        }
        if matched == 0 { break }
        matched = failure[matched - 1]
      }
      if matched == needle.count { return i - needle.count + 1 }
    }
    return nil
  }
}
