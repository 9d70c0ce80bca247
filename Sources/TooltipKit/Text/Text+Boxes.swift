extension Text {
  /// The cells `phrase` covers in `paragraph` word-wrapped at `width` columns (``wrap(_:width:)``),
  /// one rect a row, first to last, in columns and rows from the paragraph's first cell; empty
  /// when the wrapped paragraph does not hold it.
  ///
  /// A program that writes the rows ``wrap(_:width:)`` gives puts an anchor on a term of them
  /// with these as its ``Anchor/segments``, wide characters counted, however the term wraps.
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
    guard words.count <= characters.count,
      let start = (0...(characters.count - words.count)).first(where: {
        characters[$0..<$0 + words.count].elementsEqual(words)
      })
    else { return [] }
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
}
