import FoundationEssentials
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// A scene file that cannot be used: unreadable, not JSON, or not a valid scene.
///
/// `message` is the whole one-line error, starting with the file's name and, for content
/// errors, the JSON path (`scene.json: anchors[2].placement: expected top, bottom, left or
/// right`), so a program prints it as is: every way of reading a scene reports the same line.
/// From ``SceneFile/read(_:)``, which has bytes to return and no name to show, it is what went
/// wrong alone (`cannot open: No such file or directory`).
public struct SceneFileError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The one-line error.
  public var message: String
  /// The same line.
  public var description: String { message }

  /// Makes an error from its whole line.
  public init(message: String) { self.message = message }
}
