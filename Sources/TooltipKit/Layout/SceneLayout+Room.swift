extension SceneLayout {
  /// The first of `placements` whose bubble for the anchor `id` fits whole on the screen at
  /// this size, nothing cropped; nil when none does, or the anchor is not placed or opens
  /// nothing.
  ///
  /// For a program whose anchors move (a row of a scrolling list, a word in a text pane): it
  /// asks, sets the anchor's placement to the answer, and lays the scene out again. The program
  /// chooses and the order is its own: nothing flips by itself (BEHAVIOUR 3), and a bubble still
  /// crops when no side has room.
  ///
  /// - Parameters:
  ///   - id: the anchor's id.
  ///   - placements: the sides to try, in the program's order of preference.
  public func placementWithRoom(for id: String, among placements: [Placement] = Placement.allCases) -> Placement? {
    guard let placed = anchor(id: id) else { return nil }
    for placement in placements {
      var moved = placed.anchor
      moved.placement = placement
      guard
        let bubble = BubbleLayout(
          anchor: moved, box: placed.box, maxTextWidth: scene.maxTextWidth, fidelity: options.fidelity,
          glyphs: options.glyphs)
      else { return nil }
      if bubble.cellsLost(on: screen) == 0 { return placement }
    }
    return nil
  }
}
