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
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return NamedScene(name: name, scene: try SceneFile.load(path: path))
  }
}
