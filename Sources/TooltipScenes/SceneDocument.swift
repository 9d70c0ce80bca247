import FoundationEssentials
import TooltipKit

// The JSON documents a scene file decodes through: every read names its JSON path on error.

/// A problem inside the document: the JSON path (`anchors[2].placement`) and what was expected.
struct FieldError: Error {
  var path: String
  var message: String
}

/// Walks any JSON value and throws the path of the first string holding
/// ``SceneFile/invalidMarker`` (the key's path when the marker is in a key).
struct MarkerProbe: Decodable {
  init(from decoder: any Decoder) throws {
    if let work = decoder.userInfo[ProbeWork.key] as? ProbeWork { work.add(decoder.codingPath.count + 1) }
    let marker = SceneFile.invalidMarker
    if let object = try? decoder.container(keyedBy: FieldKey.self) {
      for key in object.allKeys {
        if key.stringValue.contains(marker) {
          let shown = key.stringValue.replacing(marker, with: "\u{FFFD}")
          throw FieldError(path: jsonPath(decoder.codingPath, shown), message: "")
        }
        _ = try object.decode(MarkerProbe.self, forKey: key)
      }
    } else if var list = try? decoder.unkeyedContainer() {
      while !list.isAtEnd { _ = try list.decode(MarkerProbe.self) }
    } else if let text = try? decoder.singleValueContainer().decode(String.self), text.contains(marker) {
      throw FieldError(path: jsonPath(decoder.codingPath), message: "")
    }
  }
}

/// Counts what a ``MarkerProbe`` walk costs: each value visited adds its depth plus one (the
/// decoder builds its coding path for it). Tests check with it that the walk stays linear.
///
/// Unchecked: one decode, on one thread, adds to it; the caller reads it after.
final class ProbeWork: @unchecked Sendable {
  /// The key a decoder's `userInfo` holds it under.
  static let key = CodingUserInfoKey(rawValue: "TooltipScenes.ProbeWork")!

  /// The work counted so far.
  private(set) var units = 0

  /// Adds `units` of work.
  func add(_ units: Int) { self.units += units }
}

/// Any object key, so unknown keys can be found and reported.
struct FieldKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ name: String) { stringValue = name }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

/// `Duration.seconds(seconds)` for 0 through 60 seconds, to the attosecond: the whole seconds
/// times 10^18 plus the fraction's attoseconds, rounded, as the standard library computes it,
/// but in `Int128` arithmetic the compiler inlines. The library's own conversion goes through
/// its generic floating-point-to-integer code (`FixedWidthInteger` from `BinaryFloatingPoint`,
/// 128-bit multiplication), code nothing else at start runs: 2 windows of 64 KiB resident for a
/// scene file with one `holdSeconds`.
func duration(seconds: Double) -> Duration {
  let whole = seconds.rounded(.towardZero)
  let attoseconds = ((seconds - whole) * 1e18).rounded()
  return Duration(attoseconds: Int128(Int64(whole)) * 1_000_000_000_000_000_000 + Int128(Int64(attoseconds)))
}

/// The most columns a key quoted in an error takes: 80 and the `…` that ends a longer one.
let quotedColumns = 81

/// `anchors[2].placement` from a decoder's coding path and an optional last key (each key
/// sanitized and cut: a file's keys are anyone's text).
func jsonPath(_ keys: [any CodingKey], _ last: String? = nil) -> String {
  var path = ""
  for key in keys {
    if let index = key.intValue {
      path += "[\(index)]"
    } else {
      path += (path.isEmpty ? "" : ".") + Text.truncate(key.stringValue, to: quotedColumns)
    }
  }
  if let last { path += (path.isEmpty ? "" : ".") + Text.truncate(last, to: quotedColumns) }
  return path
}

/// One object of the document with strict field access: every read names its path on error.
struct FieldReader {
  let container: KeyedDecodingContainer<FieldKey>
  /// The object's keys, all of them among the allowed ones: asking this short list is much
  /// cheaper than asking the decoder's container, which every optional key of every object does.
  let keys: [String]

  init(_ decoder: any Decoder, allowed: [String], expected: String) throws(FieldError) {
    do {
      container = try decoder.container(keyedBy: FieldKey.self)
    } catch {
      throw FieldError(path: jsonPath(decoder.codingPath), message: expected)
    }
    // The decoder gives keys in no fixed order: report the first unknown one by name.
    var keys: [String] = []
    var unknown: String?
    for key in container.allKeys {
      let name = key.stringValue
      if allowed.contains(name) {
        keys.append(name)
      } else if unknown.map({ name < $0 }) ?? true {
        unknown = name
      }
    }
    if let unknown {
      throw FieldError(path: jsonPath(container.codingPath, unknown), message: "unknown key")
    }
    self.keys = keys
  }

  /// The error at `key` of this object; its path is only made then.
  func error(_ key: String, _ message: String) -> FieldError {
    FieldError(path: jsonPath(container.codingPath, key), message: message)
  }

  func has(_ key: String) -> Bool { keys.contains(key) }

  func require(_ keys: [String]) throws(FieldError) {
    for key in keys where !has(key) {
      throw error(key, "missing required key")
    }
  }

  func isNull(_ key: String) -> Bool {
    (try? container.decodeNil(forKey: FieldKey(key))) ?? false
  }

  /// The value at `key` as `T`, nil when absent; any other value fails with `message`, which
  /// is only built then (an error line's numbers cost the integer printing code otherwise).
  func value<T: Decodable>(
    _ type: T.Type, _ key: String, _ message: @autoclosure () -> String
  ) throws(FieldError) -> T? {
    guard has(key) else { return nil }
    do {
      return try decode(T.self, FieldKey(key))
    } catch is DecodingError {
      throw self.error(key, message())
    } catch {
      // The decoder's own syntax errors inside a value: a bad escape in a string, say.
      throw self.error(key, T.self == String.self ? "not a valid JSON string" : message())
    }
  }

  /// The value at `key` as `T`: a string, an integer, a Boolean or a number through the
  /// container's own method for that type, which the decoder answers at once, where the
  /// generic one goes through the type's `init(from:)` and a single-value container.
  private func decode<T: Decodable>(_ type: T.Type, _ key: FieldKey) throws -> T {
    // Each comparison is decided at compile time in the specialized copies.
    if T.self == String.self { return try container.decode(String.self, forKey: key) as! T }
    if T.self == Int.self { return try container.decode(Int.self, forKey: key) as! T }
    if T.self == Bool.self { return try container.decode(Bool.self, forKey: key) as! T }
    if T.self == Double.self { return try container.decode(Double.self, forKey: key) as! T }
    return try container.decode(T.self, forKey: key)
  }

  /// The integer at `key`, nil when absent; any other value fails with `message`.
  ///
  /// Read as a `Double` and kept when exact: the decoder's integer path runs the standard
  /// library's generic integer code (`FixedWidthInteger` witnesses of `Int` and `UInt64`), a
  /// window of code no other part of a valid scene file runs, where its `Double` path is the one
  /// `holdSeconds` and the delays take. The integer path is still asked when the value is not
  /// read as a `Double` (the decoder reads `0e5` only as an integer), so a value is accepted
  /// exactly when `decode(Int.self)` accepts it within the ranges a scene file allows.
  func integer(_ key: String, _ message: @autoclosure () -> String) throws(FieldError) -> Int? {
    guard has(key) else { return nil }
    if let number = try? decode(Double.self, FieldKey(key)) {
      guard let value = Int(exactly: number) else { throw error(key, message()) }
      return value
    }
    return try value(Int.self, key, message())
  }

  func int(_ key: String, in range: ClosedRange<Int>) throws(FieldError) -> Int? {
    func message() -> String { "expected an integer from \(range.lowerBound) to \(range.upperBound)" }
    guard let value = try integer(key, message()) else { return nil }
    guard range.contains(value) else { throw error(key, message()) }
    return value
  }

  func bool(_ key: String) throws(FieldError) -> Bool? {
    try value(Bool.self, key, "expected true or false")
  }

  func string(_ key: String) throws(FieldError) -> String? {
    try value(String.self, key, "expected a string")
  }

  /// One of `choices` (raw strings); anything else fails with the SPEC's wording.
  func choice<T: RawRepresentable>(_ key: String, _ expected: String) throws(FieldError) -> T?
  where T.RawValue == String {
    guard let raw = try value(String.self, key, "expected " + expected) else { return nil }
    guard let value = T(rawValue: raw) else { throw error(key, "expected " + expected) }
    return value
  }
}

/// The top level of a scene file: `anchors` (required), `maxTextWidth`, `edges`, and hover and
/// focus: `hover` and `focus` (every anchor's default), `hoverDelay` and `skipDelay` (seconds).
struct SceneDocument: Decodable {
  var scene: Scene

  /// The hover and focus keys of the top level.
  static let hoverKeys = ["hover", "focus", "hoverDelay", "skipDelay"]
  /// `hoverDelay` and `skipDelay` run from 0 to this many seconds.
  static let maxDelaySeconds = 60.0

  init(from decoder: any Decoder) throws {
    let reader = try FieldReader(
      decoder, allowed: ["anchors", "maxTextWidth", "edges"] + Self.hoverKeys,
      expected: "expected a JSON object with \"anchors\"")
    try reader.require(["anchors"])

    var maxTextWidth: Int? = Scene.defaultMaxTextWidth
    if reader.has("maxTextWidth") {
      if reader.isNull("maxTextWidth") {
        maxTextWidth = nil
      } else {
        let range = SceneFile.maxTextWidthRange
        func message() -> String {
          "expected an integer from \(range.lowerBound) to \(range.upperBound), or null"
        }
        guard let width = try reader.integer("maxTextWidth", message()), range.contains(width)
        else {
          throw reader.error("maxTextWidth", message())
        }
        maxTextWidth = width
      }
    }

    let hover = try Self.readHover(reader)

    var list: any UnkeyedDecodingContainer
    do {
      list = try reader.container.nestedUnkeyedContainer(forKey: FieldKey("anchors"))
    } catch {
      throw reader.error("anchors", "expected an array of anchors")
    }
    var anchors: [Anchor] = []
    var firstIndex: [String: Int] = [:]
    while !list.isAtEnd {
      let index = list.currentIndex
      let anchor = try list.decode(AnchorDocument.self).anchor
      if let first = firstIndex[anchor.id] {
        throw FieldError(
          path: "anchors[\(index)].id",
          message: "duplicate id '\(anchor.id)' (also anchors[\(first)])")
      }
      firstIndex[anchor.id] = index
      anchors.append(anchor)
    }
    let edges: EdgePolicy = try reader.choice("edges", "crop or shift") ?? .crop
    scene = Scene(
      anchors: anchors, maxTextWidth: maxTextWidth, edges: edges, opensOnHover: hover.hover,
      opensOnFocus: hover.focus, hoverDelay: hover.hoverDelay, skipDelay: hover.skipDelay)
  }

  /// The top level's hover and focus keys, with the core's defaults.
  static func readHover(_ reader: FieldReader) throws(FieldError) -> (
    hover: Bool, focus: Bool, hoverDelay: Duration, skipDelay: Duration
  ) {
    // Built only for an error: printing the integer would run code no valid file needs.
    func message() -> String { "expected a number of seconds from 0 to \(Int(maxDelaySeconds))" }
    func delay(_ key: String, _ value: Duration) throws(FieldError) -> Duration {
      guard let seconds = try reader.value(Double.self, key, message()) else { return value }
      guard seconds >= 0, seconds <= maxDelaySeconds else { throw reader.error(key, message()) }
      return duration(seconds: seconds)
    }
    return (
      try reader.bool("hover") ?? false, try reader.bool("focus") ?? false,
      try delay("hoverDelay", Scene.defaultHoverDelay), try delay("skipDelay", Scene.defaultSkipDelay)
    )
  }
}

/// One anchor of a scene file, with SPEC 7's defaults.
struct AnchorDocument: Decodable {
  var anchor: Anchor

  static let keys = [
    "id", "x", "y", "size", "placement", "headline", "supporting", "showHeadline", "showSupporting",
    "trigger", "holdSeconds", "disabled", "glyph", "label", "width", "height", "action",
    "hover", "focus", "tabStop", "group",
  ]

  init(from decoder: any Decoder) throws {
    let reader = try FieldReader(decoder, allowed: Self.keys, expected: "expected an anchor object")
    try reader.require(["id", "x", "y", "placement"])

    let idMessage = "expected an id of 1 to 64 letters, digits, '-', '_' or '.'"
    let id = try reader.value(String.self, "id", idMessage) ?? ""
    guard Self.isValidID(id) else { throw reader.error("id", idMessage) }
    let x = try reader.int("x", in: SceneFile.coordinateRange) ?? 0
    let y = try reader.int("y", in: SceneFile.coordinateRange) ?? 0
    let size: AnchorSize = try reader.choice("size", "sm or md") ?? .md
    let placement: Placement = try reader.choice("placement", "top, bottom, left or right") ?? .top
    let headline = try reader.string("headline") ?? ""
    let supporting = try reader.string("supporting") ?? ""
    let showHeadline = try reader.bool("showHeadline") ?? true
    let showSupporting = try reader.bool("showSupporting") ?? true

    let triggerName = try reader.value(String.self, "trigger", "expected tap, longPress or menu") ?? "tap"
    var trigger = Trigger.tap
    switch triggerName {
    case "tap", "menu":
      if reader.has("holdSeconds") {
        throw reader.error("holdSeconds", "only with \"trigger\": \"longPress\"")
      }
      if triggerName == "menu" { trigger = .menu }
    case "longPress":
      func message() -> String {
        "expected a number of seconds above 0 and at most \(Int(SceneFile.maxHoldSeconds))"
      }
      if let seconds = try reader.value(Double.self, "holdSeconds", message()) {
        guard seconds > 0, seconds <= SceneFile.maxHoldSeconds else {
          throw reader.error("holdSeconds", message())
        }
        trigger = .longPress(hold: duration(seconds: seconds))
      } else {
        trigger = .longPress
      }
    default:
      throw reader.error("trigger", "expected tap, longPress or menu")
    }
    let disabled = try reader.bool("disabled") ?? false
    let action = try reader.bool("action")
    let width = try reader.int("width", in: SceneFile.boxSideRange)
    let height = try reader.int("height", in: SceneFile.boxSideRange)

    var glyph: String?
    if reader.has("glyph") {
      let box = width ?? (size == .sm ? 1 : 3)
      func message() -> String { "expected one character at most \(box) column\(box == 1 ? "" : "s") wide" }
      let raw = try reader.value(String.self, "glyph", message()) ?? ""
      let clean = Text.sanitize(raw)
      let width = Text.width(clean)
      guard clean.count == 1, width >= 1, width <= box else { throw reader.error("glyph", message()) }
      glyph = raw
    }
    var label: String?
    if reader.has("label") {
      let message = "expected a non-empty string"
      let raw = try reader.value(String.self, "label", message) ?? ""
      guard let visible = Text.visible(raw), Text.width(visible) > 0 else {
        throw reader.error("label", message)
      }
      if let width, TextLine(raw).width > width {
        throw reader.error("label", "\(TextLine(raw).width) columns wide, wider than its box (width \(width))")
      }
      label = raw
    }
    var boxSize: Size?
    if width != nil || height != nil {
      let derived = label.map { TextLine($0).width + (size == .md ? 2 : 0) } ?? (size == .sm ? 1 : 3)
      boxSize = Size(width: width ?? max(1, derived), height: height ?? 1)
    }

    anchor = Anchor(
      id: id, position: Point(x: x, y: y), size: size, placement: placement, headline: headline,
      supporting: supporting, showHeadline: showHeadline, showSupporting: showSupporting,
      trigger: trigger,
      isDisabled: disabled, glyph: glyph, label: label, boxSize: boxSize, action: action,
      opensOnHover: try reader.bool("hover"), opensOnFocus: try reader.bool("focus"))
    anchor.isTabStop = try reader.bool("tabStop") ?? true
    if reader.has("group") {
      let group = try reader.value(String.self, "group", "expected a group name (1 to 64 letters, digits, - _ .)")
      guard let group, Self.isValidID(group) else {
        throw reader.error("group", "expected a group name (1 to 64 letters, digits, - _ .)")
      }
      anchor.group = group
    }
  }

  /// 1 to 64 ASCII letters, digits, `-`, `_` and `.`.
  static func isValidID(_ id: String) -> Bool {
    let bytes = Array(id.utf8)
    guard (1...64).contains(bytes.count) else { return false }
    return bytes.allSatisfy { byte in
      (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
        || (byte >= 0x61 && byte <= 0x7A)
        || byte == 0x2D || byte == 0x5F || byte == 0x2E
    }
  }
}
