import TooltipKit

/// `--check`: the core's ``CropReport`` for the scene at `--size`, written as text.
///
/// The scene fills the screen, as `--bare` shows it, and bubbles follow the scene's edge rule
/// (`--edges` overrides it). Nothing flips at an edge, so a crop is a design problem to fix
/// before shipping: this is the seed's advice to check each tooltip's side, done for every
/// anchor at once.
///
/// Stdout keeps BEHAVIOUR 8's format (`ID PLACEMENT EDGES N` lines, then the summary), so scripts
/// reading it never meet anything else; the placement that would lose the fewest cells goes to
/// stderr when stderr is a terminal, one note per cropped tooltip, for the person reading.
enum CheckMode {
  /// One report line: `ID PLACEMENT EDGES N`, edges comma-separated.
  static func line(_ tooltip: CropReport.Tooltip) -> String {
    "\(Text.sanitize(tooltip.id)) \(tooltip.placement.rawValue) "
      + "\(tooltip.edges.map(\.rawValue).joined(separator: ",")) \(tooltip.cellsLost)"
  }

  /// One note for a cropped tooltip: the placement that would lose the fewest cells, or that
  /// none loses fewer than its own.
  static func note(_ tooltip: CropReport.Tooltip) -> String {
    let id = Text.sanitize(tooltip.id)
    guard tooltip.leastCroppedPlacement != tooltip.placement else {
      return "\(id): no placement loses fewer cells than \(tooltip.placement.rawValue)"
    }
    let cells = tooltip.leastCellsLost == 1 ? "cell" : "cells"
    return "\(id): \(tooltip.leastCroppedPlacement.rawValue) would lose \(tooltip.leastCellsLost) \(cells)"
  }

  /// The report: one line per cropped tooltip in reading order, then a summary line (for
  /// stdout); one note per cropped tooltip (for stderr); exit status 1 when any tooltip is
  /// cropped.
  static func report(scene: Scene, screen: Size, options: RenderOptions) -> (text: String, notes: String, status: Int32)
  {
    let report = CropReport(scene: scene, screen: screen, options: options)
    let cropped = report.cropped
    var text = cropped.map { line($0) + "\n" }.joined()
    let noun = report.tooltips.count == 1 ? "tooltip" : "tooltips"
    text += "\(cropped.count) of \(report.tooltips.count) \(noun) cropped at \(screen.width)x\(screen.height)\n"
    let notes = cropped.map { note($0) + "\n" }.joined()
    return (text, notes, cropped.isEmpty ? 0 : 1)
  }
}
