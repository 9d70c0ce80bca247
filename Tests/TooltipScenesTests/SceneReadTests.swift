import Foundation
import TestSupport
import Testing
import TooltipKit
import TooltipScenes

/// Reading a scene file: the size cap, the file kinds refused, and errors that start with the
/// path as given.
@Suite struct SceneReadTests {
  static let emptyScene = Array(#"{"anchors": []}"#.utf8)

  @Test func aFileLoads() throws {
    let scratch = try TemporaryDirectory()
    let path = try scratch.write(
      "one.json", Array(#"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "top", "headline": "Hi"}]}"#.utf8))
    let scene = try SceneFile.load(path: path)
    #expect(scene.anchors.map(\.id) == ["a"])
    let named = try NamedScene.file(path)
    #expect(named.name == "one.json")
    #expect(named.scene == scene)
  }

  @Test func contentErrorsStartWithThePath() throws {
    let scratch = try TemporaryDirectory()
    let path = try scratch.write("mine.json", Array("{}".utf8))
    #expect(throws: SceneFileError(message: "\(path): anchors: missing required key")) {
      try SceneFile.load(path: path)
    }
  }

  @Test func missingFile() throws {
    let scratch = try TemporaryDirectory()
    let path = scratch.path("nothing-here.json")
    #expect(throws: SceneFileError(message: "\(path): cannot open: No such file or directory")) {
      try SceneFile.load(path: path)
    }
  }

  @Test func pathThroughAFile() throws {
    let scratch = try TemporaryDirectory()
    let file = try scratch.write("file", Array("{}".utf8))
    #expect(throws: SceneFileError(message: "\(file)/scene.json: cannot open: Not a directory")) {
      try SceneFile.load(path: file + "/scene.json")
    }
  }

  @Test func directory() throws {
    let scratch = try TemporaryDirectory()
    #expect(throws: SceneFileError(message: "\(scratch.url.path): is a directory, not a scene file")) {
      try SceneFile.load(path: scratch.url.path)
    }
  }

  /// A path is sanitized before it is shown: it cannot put a control sequence on the terminal.
  @Test func aPathWithAControlCharacterIsShownSanitized() {
    #expect(throws: SceneFileError(message: "/nowhere/a\u{FFFD}[2Jb.json: cannot open: No such file or directory")) {
      try SceneFile.load(path: "/nowhere/a\u{1B}[2Jb.json")
    }
  }

  @Test func fileOverSixteenMebibytes() throws {
    let scratch = try TemporaryDirectory()
    // Valid JSON padded with spaces to one byte past the cap: refused by size, not content.
    let path = try scratch.write(
      "huge.json", Self.emptyScene + [UInt8](repeating: 0x20, count: SceneFile.maxBytes + 1 - Self.emptyScene.count))
    #expect(throws: SceneFileError(message: "\(path): larger than 16 MiB, not read")) {
      try SceneFile.load(path: path)
    }
  }

  @Test func fileOfExactlySixteenMebibytesIsRead() throws {
    let scratch = try TemporaryDirectory()
    let path = try scratch.write(
      "big.json", Self.emptyScene + [UInt8](repeating: 0x20, count: SceneFile.maxBytes - Self.emptyScene.count))
    #expect(SceneFile.maxBytes == 16 * 1024 * 1024)
    #expect(try SceneFile.load(path: path).anchors.isEmpty)
  }

  /// A device that never ends is read up to the cap, not forever.
  @Test func endlessDeviceStopsAtTheCap() {
    #expect(throws: SceneFileError(message: "larger than 16 MiB, not read")) {
      try SceneFile.read("/dev/zero")
    }
  }

  /// A FIFO with no writer is opened without blocking and reads as empty.
  @Test func fifoWithoutAWriterDoesNotHang() throws {
    let scratch = try TemporaryDirectory()
    let path = scratch.path("pipe.json")
    #expect(mkfifo(path, 0o600) == 0)
    #expect(throws: SceneFileError(message: "\(path): empty file, expected a JSON object with \"anchors\"")) {
      try SceneFile.load(path: path)
    }
  }
}
