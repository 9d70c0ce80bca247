import TooltipKit

/// `--check`: the core's ``CropReport`` for the scene at `--size`, written as text.
///
/// The scene fills the screen, as `--bare` shows it. Nothing flips or shifts at an edge, so a
/// crop is a design problem to fix before shipping: this is the seed's advice to check each
/// tooltip's side, done for every anchor at once.
enum CheckMode {
  /// One report line: `ID PLACEMENT EDGES N`, edges comma-separated.
  static func line(_ tooltip: CropReport.Tooltip) -> String {
    "\(Text.sanitize(tooltip.id)) \(tooltip.placement.rawValue) "
      + "\(tooltip.edges.map(\.rawValue).joined(separator: ",")) \(tooltip.cellsLost)"
  }

  /// The report: one line per cropped tooltip in reading order, then a summary line; exit
  /// status 1 when any tooltip is cropped.
  static func report(scene: Scene, screen: Size, options: RenderOptions) -> (text: String, status: Int32) {
    let report = CropReport(scene: scene, screen: screen, options: options)
    let cropped = report.cropped
    var text = cropped.map { line($0) + "\n" }.joined()
    let noun = report.tooltips.count == 1 ? "tooltip" : "tooltips"
    text += "\(cropped.count) of \(report.tooltips.count) \(noun) cropped at \(screen.width)x\(screen.height)\n"
    return (text, cropped.isEmpty ? 0 : 1)
  }
}
