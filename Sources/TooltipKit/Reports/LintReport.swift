/// The component's usage rules applied to a scene's copy: what `tooltip-tui --lint` prints.
///
/// The design page asks for a label and a line, no action inside, and text that reads on the
/// fill; these rules catch the copy that breaks them before anyone opens the tooltip, so a
/// program can run them over its own copy (in its tests, or when it loads a scene).
public struct LintReport: Hashable, Sendable {
  /// One finding, written as the line `SUBJECT: RULE: DETAIL`.
  public struct Finding: Hashable, Sendable {
    /// The anchor's id (sanitized), or `light theme` / `dark theme` for a finding about the
    /// theme.
    public var subject: String
    /// The rule's name: empty, sanitized, wraps, long-headline, action, duplicate, contrast.
    public var rule: String
    /// What was found, in words.
    public var detail: String

    /// The report line, without its newline.
    public var line: String { "\(subject): \(rule): \(detail)" }
  }

  /// A headline of more words than this is more than a label.
  public static let maxHeadlineWords = 4
  /// Words that ask the user to act, matched whole and in any case.
  static let actionWords: Set<String> = ["click", "tap", "press", "open", "link"]

  /// The findings: anchors in file order, then the themes' contrast.
  public let findings: [Finding]
  /// How many anchors the scene has.
  public let anchorCount: Int
  /// How many of them have at least one finding (a contrast finding is about a theme, not an
  /// anchor).
  public let flaggedAnchorCount: Int

  /// Applies every rule to `scene`'s copy; `fidelity` picks the theme tokens whose contrast is
  /// checked.
  public init(scene: Scene, fidelity: Fidelity = .hug) {
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
        if words > Self.maxHeadlineWords {
          add(
            "long-headline",
            "the headline has \(words) words; a label has at most \(Self.maxHeadlineWords)")
        }
      }
      for (name, text) in lines {
        let found = Self.actions(in: text)
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
    findings += Self.contrast(scene: scene, fidelity: fidelity)
    self.findings = findings
    anchorCount = scene.anchors.count
    flaggedAnchorCount = Set(findings.map(\.subject)).intersection(scene.anchors.map { Text.sanitize($0.id) }).count
  }

  /// The report: one line per finding, then a summary that counts the findings, then the
  /// anchors flagged out of all the scene's anchors (`9 findings; 6 of 7 anchors flagged`).
  public var text: String {
    let anchors = anchorCount == 1 ? "1 anchor" : "\(anchorCount) anchors"
    let summary =
      switch findings.count {
      case 0: "no findings in \(anchors)"
      case 1: "1 finding; \(flaggedAnchorCount) of \(anchors) flagged"
      default: "\(findings.count) findings; \(flaggedAnchorCount) of \(anchors) flagged"
      }
    return (findings.map(\.line) + [summary]).map { $0 + "\n" }.joined()
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
              "the \(name) \(shortfall.text.hex) on the fill \(shortfall.fill.hex) is \(oneDecimal(shortfall.ratio)):1, under 4.5:1 (fidelity \(fidelity.rawValue))"
          ))
      }
    }
    return findings
  }

  /// `value` cut (not rounded) to one decimal, so 4.47 never reads as 4.5. A ratio is positive:
  /// the conversion's cut toward zero is the cut down (and asks nothing of the C maths library,
  /// which the core does not link).
  static func oneDecimal(_ value: Double) -> String {
    let tenths = Int(max(0, value) * 10)
    return "\(tenths / 10).\(tenths % 10)"
  }
}

extension RGB {
  /// The colour as `#RRGGBB`, as design tools and SVG write it.
  var hex: String {
    let digits = Array("0123456789ABCDEF")
    return "#" + [red, green, blue].map { "\(digits[Int($0 >> 4)])\(digits[Int($0 & 0xF)])" }.joined()
  }
}
