import FoundationEssentials
import TooltipKit

// The JSON documents a scene file decodes through: every read names its JSON path on error.

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
