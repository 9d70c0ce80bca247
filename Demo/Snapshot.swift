import TooltipKit

/// `--snapshot`: the frame the interactive program would show at `--size`, as text.
enum SnapshotMode {
  /// Renders the frame for `options` and returns it as ROWS lines of COLS columns, each ended
  /// by a newline.
  static func text(scenes: [(name: String, scene: Scene)], options: Options) -> String {
    var model = DemoModel(scenes: scenes, options: options, screen: options.size ?? Size(width: 80, height: 24))
    if let id = options.openID { model.open(id) }
    return model.frame().lines.map { $0 + "\n" }.joined()
  }
}
