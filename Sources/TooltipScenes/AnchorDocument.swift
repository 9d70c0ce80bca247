import FoundationEssentials
import TooltipKit

// The JSON documents a scene file decodes through: every read names its JSON path on error.

/// One anchor of a scene file, with BEHAVIOUR 7's defaults.
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
