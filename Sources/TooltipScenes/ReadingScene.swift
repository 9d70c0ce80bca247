import TooltipKit

extension BuiltinScene {
  /// The column the reading scene's text starts at, and the width its paragraphs wrap at.
  static let readingMargin = 4
  static let readingWidth = 44

  /// Legal terms in two wrapped paragraphs (one term wraps onto the next row: one anchor, two
  /// segments), then a list of clauses cut to a column (the cut ones show their full text),
  /// taller than a 24-row screen: PgUp, PgDn and the wheel scroll it. The program's text is the
  /// decorations; every anchor is drawn by the program (only the highlight is the library's).
  static let readingScene: Scene = {
    let paragraphs = [
      "The Licensee shall indemnify the Licensor against every claim arising from a breach of"
        + " warranty, save where force majeure prevents performance; all sublicensees remain"
        + " jointly and severally liable for the fees.",
      "Either party may terminate for convenience on ninety days' notice. Clauses on"
        + " confidentiality and the limitation of liability survive termination.",
    ]
    let terms: [(phrase: String, headline: String, supporting: String)] = [
      ("indemnify", "Indemnify", "Make good the other party's loss from a claim."),
      ("breach of warranty", "Breach of warranty", "A promise about the goods turned out false."),
      ("force majeure", "Force majeure", "Events beyond control: war, flood, epidemic."),
      ("jointly and severally liable", "Jointly and severally", "Each one owes the whole sum, not a share."),
      ("for convenience", "For convenience", "Without having to give a reason."),
      ("limitation of liability", "Limitation of liability", "A cap on what either side can be made to pay."),
    ]
    let clauses = [
      "1. Definitions", "2. Grant of licence and the territories it covers, listed in schedule A",
      "3. Fees", "4. Payment terms, interest on late payment and the currency of account",
      "5. Warranties", "6. Indemnities given by the licensee to the licensor and its affiliates",
      "7. Term", "8. Termination for breach, insolvency or a change of control of either party",
      "9. Notices", "10. Governing law and the exclusive jurisdiction of the courts of England",
      "11. Entire agreement", "12. Counterparts, signatures and execution by electronic means",
    ]
    var decorations: [Decoration] = []
    var anchors: [Anchor] = []
    var row = 1
    for paragraph in paragraphs {
      let lines = Text.wrap(paragraph, width: readingWidth)
      for (i, line) in lines.enumerated() {
        decorations.append(Decoration(position: Point(x: readingMargin, y: row + i), text: line))
      }
      for term in terms {
        let boxes = Text.boxes(of: term.phrase, in: paragraph, width: readingWidth).map {
          Rect(x: $0.minX + readingMargin, y: $0.minY + row, width: $0.size.width, height: 1)
        }
        guard let first = boxes.first else { continue }
        // Below the term, or the first side with room: a term near the margin would crop there.
        anchors.append(
          Anchor(
            id: term.phrase.split(separator: " ").joined(separator: "-"), position: first.origin,
            placement: .bottom, headline: term.headline, supporting: term.supporting, boxSize: first.size,
            isDrawnByProgram: true, segments: boxes.count > 1 ? boxes : [], fallbackPlacements: [.right, .top, .left]))
      }
      row += lines.count + 1
    }
    decorations.append(Decoration(position: Point(x: readingMargin, y: row), text: "Clauses", isDim: true))
    row += 1
    let column = 32
    for (i, clause) in clauses.enumerated() {
      let at = Point(x: readingMargin, y: row + 2 * i)
      decorations.append(Decoration(position: at, text: Text.truncate(clause, to: column)))
      if var anchor = Anchor(id: "clause-\(i + 1)", truncated: clause, width: column, at: at, placement: .right) {
        anchor.opensOnHover = true
        anchors.append(anchor)
      }
    }
    return Scene(anchors: anchors, maxTextWidth: 30, decorations: decorations)
  }()
}
