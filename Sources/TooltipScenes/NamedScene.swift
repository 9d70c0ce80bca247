import TooltipKit

/// A scene and the name a program shows for it: a built-in scene's name, or a scene file's
/// name without its directories.
///
/// The name is for people (a title row, an error line); the scene is what is laid out.
public struct NamedScene: Hashable, Sendable {
  /// The name shown for the scene (`gallery`, `toolbar.json`).
  public var name: String
  /// The scene.
  public var scene: Scene

  /// Pairs a scene with its name.
  public init(name: String, scene: Scene) {
    self.name = name
    self.scene = scene
  }

  /// The scene file at `path`, named by its last path component; errors are
  /// ``SceneFile/load(path:)``'s.
  public static func file(_ path: String) throws(SceneFileError) -> NamedScene {
    try file(pathBytes: Array(path.utf8))
  }

  /// The scene file whose path is the bytes `pathBytes`, opened as the user named it (a name
  /// that is not UTF-8 included), and named by its last path component, decoded (each invalid
  /// byte shown as U+FFFD); errors are ``SceneFile/load(pathBytes:)``'s.
  public static func file(pathBytes: [UInt8]) throws(SceneFileError) -> NamedScene {
    let last = pathBytes.split(separator: UInt8(ascii: "/")).last.map(Array.init) ?? pathBytes
    return NamedScene(name: String(decoding: last, as: UTF8.self), scene: try SceneFile.load(pathBytes: pathBytes))
  }
}
