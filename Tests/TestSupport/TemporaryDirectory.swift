import Foundation

/// A directory of its own under the system's temporary directory, removed with everything in
/// it when released: every file a test makes lives in one, so none is left behind.
public final class TemporaryDirectory: @unchecked Sendable {
  /// The directory.
  public let url: URL

  /// Creates a fresh, empty directory.
  public init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("tooltip-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `name` inside the directory (the file need not exist).
  public func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }

  /// The text (UTF-8) of `name` inside the directory, or nil when it cannot be read.
  public func read(_ name: String) -> String? {
    try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8)
  }

  /// Writes `bytes` to `name` inside the directory and returns its path.
  @discardableResult
  public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(bytes).write(to: file)
    return file.path
  }

  /// Writes `text` (UTF-8) to `name` inside the directory and returns its path.
  @discardableResult
  public func write(_ name: String, _ text: String) throws -> String {
    try write(name, Array(text.utf8))
  }
}
