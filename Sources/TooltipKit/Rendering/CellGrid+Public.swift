/// What a program composing its own frame does with a grid: draw the tooltips over its cells
/// and read a cell's look back.
extension CellGrid {
  /// Draws `layout`'s anchors and `state`'s selection and open bubble over what the grid holds
  /// (a program's own cells), and puts the cursor on the selected anchor.
  ///
  /// Anchors are cropped at the layout's scene area, the bubble only at the grid's edges, so it
  /// may cover the program's cells; the selected anchor is drawn in reverse video. A program
  /// writes its own cells first (``write(_:at:style:clip:)-(String,_,_,_)``, ``fill(_:style:)``), then calls
  /// this, then presents the grid.
  public mutating func draw(_ layout: SceneLayout, state: TooltipState) {
    Renderer.draw(layout, state: state, into: &self)
  }

  /// Draws only the tooltips over what the grid holds: the selected anchor's highlight, the
  /// cursor and the open bubble, never any anchor's cells.
  ///
  /// For a program that drew every anchor's widget itself (``Anchor/isDrawnByProgram``): its
  /// cells keep their look, and the same grid then takes the tooltips.
  public mutating func drawTooltips(_ layout: SceneLayout, state: TooltipState) {
    Renderer.drawState(layout, state: state, into: &self)
  }

  /// The style of the cell at `point`, or nil outside the grid: with ``lines``, how a test
  /// reads back what a frame shows.
  public func style(at point: Point) -> Style? {
    bounds.contains(point) ? style(of: packedCells[point.y * size.width + point.x]) : nil
  }
}
