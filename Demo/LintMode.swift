import TooltipKit

/// `--lint`: the component's usage rules applied to a scene's copy.
///
/// The design page asks for a label and a line, no action inside, and text that reads on the
/// fill; these rules catch the copy that breaks them before anyone opens the tooltip.
enum LintMode {
  /// One finding: `ID: RULE: detail`.
  struct Finding: Equatable {
    /// The anchor's id, or `light theme` / `dark theme` for a finding about the theme.
    var subject: String
    /// The rule's name: empty, sanitized, wraps, long-headline, action, duplicate, contrast.
    var rule: String
    /// What was found, in words.
    var detail: String

    /// The report line.
    var line: String { "\(subject): \(rule): \(detail)" }
  }

  /// A headline of more words than this is more than a label.
  static let maxHeadlineWords = 4
  /// Words that ask the user to act, matched whole and in any case.
  static let actionWords: Set<String> = ["click", "tap", "press", "open", "link"]

  /// The findings for `scene`, anchors in file order, then the theme's contrast.
  static func findings(scene: Scene, fidelity: Fidelity) -> [Finding] {
    var findings: [Finding] = []
    var firstWithText: [[String]: String] = [:]
    for anchor in scene.anchors {
      let id = Text.sanitize(anchor.id)
      func add(_ rule: String, _ detail: String) {
        findings.append(Finding(subject: id, rule: rule, detail: detail))
      }
      if !anchor.hasVisibleLine { add("empty", "no visible line, so nothing opens") }

      let copy: [(String, String?)] = [
        ("headline", anchor.headline), ("supporting line", anchor.supporting),
        ("label", anchor.label),
        ("glyph", anchor.glyph),
      ]
      for case (let name, let text?) in copy {
        let replaced = text.unicodeScalars.filter(Text.isUnsafe).count
        if replaced > 0 {
          let noun = replaced == 1 ? "character" : "characters"
          add(
            "sanitized",
            "the \(name) has \(replaced) \(noun) shown as U+FFFD (control, bidi or unmeasurable)")
        }
      }

      let lines: [(String, String)] = [
        ("headline", anchor.showHeadline ? Text.visible(anchor.headline) : nil),
        ("supporting line", anchor.showSupporting ? Text.visible(anchor.supporting) : nil),
      ].compactMap { name, text in text.map { (name, $0) } }

      for (name, text) in lines {
        let rows = Text.wrap(text, width: scene.maxTextWidth).count
        if rows > 1, let width = scene.maxTextWidth {
          add("wraps", "the \(name) wraps onto \(rows) rows at \(width) columns; keep it to one")
        }
      }
      if let headline = lines.first(where: { $0.0 == "headline" })?.1 {
        // Any space separates words: a no-break or em space joins no words together.
        let words = headline.split(whereSeparator: \.isWhitespace).count
        if words > maxHeadlineWords {
          add(
            "long-headline",
            "the headline has \(words) words; a label has at most \(maxHeadlineWords)")
        }
      }
      for (name, text) in lines {
        let found = actions(in: text)
        let links = found.filter { $0.contains(".") || $0.contains(":") }
        let words = found.filter { !links.contains($0) }
        if !words.isEmpty {
          let quoted = words.map { "'\($0)'" }.joined(separator: ", ")
          add("action", "the \(name) asks for an action (\(quoted)); a tooltip holds no action")
        }
        if !links.isEmpty {
          add(
            "action",
            "the \(name) holds a link (\(links.joined(separator: ", "))); a tooltip holds no action"
          )
        }
      }
      let text = lines.map(\.1)
      if !text.isEmpty {
        if let first = firstWithText[text] {
          add("duplicate", "same text as \(first)")
        } else {
          firstWithText[text] = id
        }
      }
    }
    findings += contrast(scene: scene, fidelity: fidelity)
    return findings
  }

  /// The action words and links in `text`, in order, as written.
  ///
  /// Words are split at any space; a link is found inside the punctuation around it
  /// (`(www.example.org).` holds `www.example.org`) and reported without it.
  static func actions(in text: String) -> [String] {
    var found: [String] = []
    for token in text.split(whereSeparator: \.isWhitespace) {
      let link = token.drop { !$0.isLetter && !$0.isNumber }
        .reversed().drop { !$0.isLetter && !$0.isNumber && $0 != "/" }.reversed()
      let lower = String(link).lowercased()
      if lower.contains("://") || lower.hasPrefix("www.") {
        found.append(String(link))
        continue
      }
      var word = ""
      func flush() {
        if actionWords.contains(word.lowercased()) { found.append(word) }
        word = ""
      }
      for character in token {
        if character.isLetter || character.isNumber {
          word.append(character)
        } else {
          flush()
        }
      }
      flush()
    }
    return found
  }

  /// Text on fill under 4.5:1 in either theme, for each role some anchor shows.
  static func contrast(scene: Scene, fidelity: Fidelity) -> [Finding] {
    let showsHeadline = scene.anchors.contains {
      $0.showHeadline && Text.visible($0.headline) != nil
    }
    let showsSupporting = scene.anchors.contains {
      $0.showSupporting && Text.visible($0.supporting) != nil
    }
    var findings: [Finding] = []
    for theme in Theme.allCases {
      let tokens = ThemeTokens(theme: theme, fidelity: fidelity)
      for shortfall in tokens.contrastShortfalls() {
        let (name, shown) =
          shortfall.role == .headline ? ("headline", showsHeadline) : ("supporting line", showsSupporting)
        guard shown else { continue }
        findings.append(
          Finding(
            subject: "\(theme.rawValue) theme", rule: "contrast",
            detail:
              "the \(name) \(hex(shortfall.text)) on the fill \(hex(shortfall.fill)) is \(oneDecimal(shortfall.ratio)):1, under 4.5:1 (fidelity \(fidelity.rawValue))"
          ))
      }
    }
    return findings
  }

  /// The report: one line per finding, then a summary; exit status 1 on findings.
  ///
  /// The summary counts the findings, then the anchors with at least one of them out of all
  /// the scene's anchors (`9 findings; 6 of 7 anchors flagged`): a contrast finding is about a
  /// theme, not an anchor, so it adds to the first count only.
  static func report(scene: Scene, fidelity: Fidelity) -> (text: String, status: Int32) {
    let findings = findings(scene: scene, fidelity: fidelity)
    var text = findings.map { $0.line + "\n" }.joined()
    let anchors = scene.anchors.count == 1 ? "1 anchor" : "\(scene.anchors.count) anchors"
    let flagged = Set(findings.map(\.subject)).intersection(scene.anchors.map { Text.sanitize($0.id) }).count
    switch findings.count {
    case 0: text += "no findings in \(anchors)\n"
    case 1: text += "1 finding; \(flagged) of \(anchors) flagged\n"
    default: text += "\(findings.count) findings; \(flagged) of \(anchors) flagged\n"
    }
    return (text, findings.isEmpty ? 0 : 1)
  }

  /// `#RRGGBB`.
  static func hex(_ color: RGB) -> String {
    let digits = Array("0123456789ABCDEF")
    return "#"
      + [color.red, color.green, color.blue].map {
        "\(digits[Int($0 >> 4)])\(digits[Int($0 & 0xF)])"
      }.joined()
  }

  /// `value` cut (not rounded) to one decimal, so 4.47 never reads as 4.5.
  static func oneDecimal(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded(.down))
    return "\(tenths / 10).\(tenths % 10)"
  }
}
