import Foundation

/// The package's own files, found from this source file's place in the tree, so a test reads
/// the README, the example scenes or a script wherever the package was checked out.
public enum Repository {
  /// The package's root directory (this file is Tests/TestSupport/Paths.swift).
  public static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The absolute path of `relative`, a path inside the package such as `Benchmarks/driver.py`.
  public static func path(_ relative: String) -> String {
    root.appendingPathComponent(relative).path
  }

  /// A shipped example scene, such as `gallery.json`, by its file name under `Examples`.
  public static func example(_ name: String) -> String {
    path("Examples/\(name)")
  }
}

/// The executables the tests run: `tooltip-tui` and the example programs `swift test` builds
/// beside the test bundle.
public enum Binary {
  /// `$TOOLTIP_TUI` when set; else the `tooltip-tui` beside the test bundle (`swift test`
  /// builds both into one directory); else the package's `.build/debug/tooltip-tui`.
  public static let path: String = {
    if let path = ProcessInfo.processInfo.environment["TOOLTIP_TUI"] { return path }
    let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent("tooltip-tui").path
    if FileManager.default.isExecutableFile(atPath: beside) { return beside }
    return Repository.path(".build/debug/tooltip-tui")
  }()

  /// An executable of the package built beside `tooltip-tui`: the example programs.
  public static func sibling(_ name: String) -> String {
    URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name).path
  }

  /// The first executable named `name` on `PATH`, or nil.
  public static func onPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for directory in path.split(separator: ":") {
      let candidate = "\(directory)/\(name)"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }
}
