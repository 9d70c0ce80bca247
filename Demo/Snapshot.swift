import TooltipKit
import TooltipScenes

/// `--snapshot`: the frame the interactive program would show at `--size`, as text.
///
/// The frame comes from ``DemoModel/frame()``, the same call the interactive loop draws, so a
/// snapshot is exactly what a user sees; the core writes it out (``CellGrid/plainText()``,
/// ``CellGrid/ansiText()``, ``CellGrid/svg(theme:)``) in one byte buffer, written once.
enum SnapshotMode {
  /// The model for `options` at `--size` with `--open` or `--select` applied (``Options/loadScenes()``
  /// checked that it names an anchor of the first scene).
  static func model(scenes: [NamedScene], options: Options, colors: Bool) -> DemoModel {
    var model = DemoModel(
      scenes: scenes, options: options, screen: options.size ?? Size(width: 80, height: 24),
      colors: colors)
    // Wholly outside the screen or without a visible line: nothing opens (not an error).
    if let id = options.openID { model.open(id) }
    if let id = options.selectID { model.select(id) }
    return model
  }
}
