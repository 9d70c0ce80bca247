import Testing
import TooltipKit

@testable import TooltipScenes

/// Rejecting a scene file for invalid UTF-8 costs work linear in the file's size, however
/// deep its arrays nest. The search for the JSON path of the bad byte walked every value
/// with its coding path, depth times the number of values: a 64 KiB file of arrays 500 deep
/// took 13 s in a debug build, 16 MiB about an hour.
@Suite struct InvalidUTF8CostTests {
  /// `blocks` arrays nested `depth` deep under `anchors`, then a string holding 0xFF.
  static func nested(depth: Int, blocks: Int) -> [UInt8] {
    let block = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
    let body = Array(repeating: block, count: blocks).joined(separator: ",")
    return Array(#"{"anchors": [\#(body)], "z": ""#.utf8) + [0xFF, 0x22, 0x7D]
  }

  @Test(arguments: [(2, 8_000), (30, 500), (400, 40), (400, 80)])
  func theSearchForTheBadBytesPathIsLinear(depth: Int, blocks: Int) {
    let bytes = Self.nested(depth: depth, blocks: blocks)
    let work = ProbeWork()
    let path = SceneFile.pathOfInvalidUTF8(bytes, work: work)
    // At most a bounded amount of work per byte (values are at least two bytes each, and
    // each costs at most its depth, bounded by maxPathDepth, plus one).
    #expect(work.units <= (SceneFile.maxPathDepth + 1) * bytes.count / 2, "\(work.units) for \(bytes.count) bytes")
    if depth + 1 <= SceneFile.maxPathDepth {
      #expect(path == "z")
    } else {
      #expect(path == nil)
    }
  }

  /// The same rejection, as the user sees it: the offset, without a path, for a deep file.
  @Test func aDeepFileIsRejectedWithTheOffset() {
    let bytes = Self.nested(depth: 400, blocks: 80)
    #expect(throws: SceneFileError(message: "deep.json: invalid UTF-8 at byte \(bytes.count - 3)")) {
      try SceneFile.decode(bytes, name: "deep.json")
    }
  }

  @Test func theNestingDepthIsCountedOutsideStrings() {
    #expect(SceneFile.nestingDepth(Array(#"{"a": [[1], {"b": "[[[[\"{{"}]}"#.utf8), atMost: 32) == 3)
    #expect(SceneFile.nestingDepth(Array(String(repeating: "[", count: 1000).utf8), atMost: 32) == 33)
  }
}
