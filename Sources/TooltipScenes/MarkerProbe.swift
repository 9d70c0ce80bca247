import FoundationEssentials
import TooltipKit

// The JSON documents a scene file decodes through: every read names its JSON path on error.

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
