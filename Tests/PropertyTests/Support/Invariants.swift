import TooltipKit

/// The properties every frame and every state must have, each checked from the spec's own
/// rules rather than by asking the code under test; each returns what it found violated.
///
/// Bubble geometry is checked by relations (one cell between body and box, the pointer in it on
/// the box's centre line, the body centred on it, padding round the text), never by computing
/// where the bubble goes the way `BubbleLayout` does: a mistake made in both would stay hidden.
/// `SpecGeometryTableTests` anchors the relations to numbers worked by hand.
enum Invariants {
  // MARK: - Layout

  /// The box BEHAVIOUR 3 gives `anchor` in `area`, or nil when it cannot be placed anywhere (its
  /// coordinates overflow): an icon is 3 or 1 columns; a label is its width plus one padding
  /// column each side at md, its width alone at sm (at least one column); a box the anchor
  /// gives (`boxSize`, sides below 1 counting as 1) replaces either; negative x and y count the
  /// box's right column and bottom row from the area's right and bottom edges, unless
  /// `fromFarEdge` is false (an anchor with a viewport: coordinates as written).
  static func expectedBox(_ anchor: Anchor, area: Rect, fromFarEdge: Bool = true) -> Rect? {
    var width: Int
    var height = 1
    if let label = anchor.label {
      let labelWidth = Text.units(Text.sanitize(label)).reduce(0) { $0 + $1.width }
      width = max(1, labelWidth + (anchor.size == .md ? 2 : 0))
    } else {
      width = anchor.size == .md ? 3 : 1
    }
    if let given = anchor.boxSize {
      width = max(1, given.width)
      height = max(1, given.height)
    }
    func start(_ p: Int, low: Int, high: Int, length: Int) -> (partialValue: Int, overflow: Bool) {
      if p >= 0 || !fromFarEdge { return low.addingReportingOverflow(p) }
      let end = high.addingReportingOverflow(p + 1)
      let first = end.partialValue.subtractingReportingOverflow(length)
      return (first.partialValue, end.overflow || first.overflow)
    }
    let x = start(anchor.position.x, low: area.minX, high: area.maxX, length: width)
    let y = start(anchor.position.y, low: area.minY, high: area.maxY, length: height)
    guard !x.overflow, !y.overflow, !x.partialValue.addingReportingOverflow(width).overflow,
      !y.partialValue.addingReportingOverflow(height).overflow
    else { return nil }
    return Rect(x: x.partialValue, y: y.partialValue, width: width, height: height)
  }

  /// Exactly the anchors whose box meets the scene area (and their viewport's part of it, when
  /// they have one) are placed, each at its BEHAVIOUR 3 box, in reading order (row, column, file order).
  static func placement(_ layout: SceneLayout) -> [String] {
    var violations: [String] = []
    var expected: [(box: Rect, index: Int)] = []
    for (i, anchor) in layout.scene.anchors.enumerated() {
      var shown: Rect? = layout.area
      if let viewport = anchor.viewport {
        // A viewport is a region in scene coordinates, resolved as a box is, as written.
        var region = anchor
        region.position = viewport.origin
        region.boxSize = viewport.size
        region.label = nil
        shown =
          viewport.size.width < 1 || viewport.size.height < 1
          ? nil : expectedBox(region, area: layout.area, fromFarEdge: false)?.intersection(layout.area)
      }
      // An anchor with a viewport resolves its position as written, never from the far edge.
      guard let shown, let box = expectedBox(anchor, area: layout.area, fromFarEdge: anchor.viewport == nil),
        box.intersection(shown) != nil
      else { continue }
      expected.append((box, i))
    }
    expected.sort { ($0.box.minY, $0.box.minX, $0.index) < ($1.box.minY, $1.box.minX, $1.index) }
    let placed = layout.anchors.map { ($0.box, $0.fileIndex) }
    if placed.count != expected.count
      || zip(placed, expected).contains(where: { $0.0 != $1.box || $0.1 != $1.index })
    {
      violations.append("placed \(placed) but BEHAVIOUR 3 places \(expected.map { ($0.box, $0.index) })")
    }
    return violations
  }

  /// The anchor a tap at `point` reaches, found by brute force: targets (md: the box; sm: the
  /// box plus a column each side, on each of its rows) on screen holding the point; artwork beats padding, then the
  /// nearer centre column, then reading order.
  static func hitTest(_ layout: SceneLayout, at point: Point) -> [String] {
    let screen = Rect(x: 0, y: 0, width: layout.screen.width, height: layout.screen.height)
    var best: (rank: (Int, Int, Int), id: String)?
    if screen.contains(point) {
      for (i, placed) in layout.anchors.enumerated() {
        let box = placed.box
        let target =
          placed.anchor.size == .sm
          ? Rect(x: box.minX - 1, y: box.minY, width: box.size.width + 2, height: box.size.height) : box
        guard target.contains(point), placed.viewport?.contains(point) ?? true else { continue }
        let centre = box.minX + (box.size.width - 1) / 2
        let rank = (box.contains(point) ? 0 : 1, abs(point.x - centre), i)
        if best == nil || rank < best!.rank { best = (rank, placed.id) }
      }
    }
    let found = layout.anchor(at: point)?.id
    guard found != best?.id else { return [] }
    return [
      "a tap at (\(point.x),\(point.y)) reaches \(found ?? "nothing"), expected \(best?.id ?? "nothing")"
    ]
  }

  // MARK: - Frames

  /// The wrapped rows BEHAVIOUR 3 gives `anchor`'s bubble, each visible line wrapped at
  /// `maxTextWidth`: headline rows first, then supporting rows.
  static func wrappedRows(_ anchor: Anchor, maxTextWidth: Int?) -> [(line: TextLine, headline: Bool)] {
    var rows: [(line: TextLine, headline: Bool)] = []
    if anchor.showHeadline {
      rows += Text.wrap(anchor.headline, width: maxTextWidth).map { (TextLine($0), true) }
    }
    if anchor.showSupporting {
      rows += Text.wrap(anchor.supporting, width: maxTextWidth).map { (TextLine($0), false) }
    }
    return rows
  }

  /// How many cells of the span `start ..< end` lie before `cell` and after it, with the
  /// difference, after minus before: 0 or 1 when `cell` is the span's centre with an odd
  /// leftover cell after it.
  static func split(_ cell: Int, in span: (start: Int, end: Int)) -> (before: Int, after: Int, lean: Int) {
    let before = cell - span.start
    let after = span.end - 1 - cell
    return (before, after, after - before)
  }

  /// BEHAVIOUR 3's bubble geometry as relations a bubble must satisfy whatever its numbers, rather
  /// than the formulas that compute it: `BubbleLayout` computes, this only compares. Returns
  /// what was violated.
  ///
  /// - the body holds the text with one padding cell on every side (two columns on the right for
  ///   bottom, left and right under `file`): `widest` and `rowCount` are the wrapped rows';
  /// - exactly one cell separates body and box on the placement axis, and the pointer is in it;
  /// - the pointer is on the box's centre line: its centre column for top and bottom, its centre
  ///   row for left and right (a box a program gave may be taller than one row), an odd
  ///   leftover cell after it;
  /// - the body is centred on the pointer on the other axis: the cells before the pointer and
  ///   after it differ by at most one, the odd one right or down.
  ///
  /// Together these pin body and pointer to one place for a given box, placement and text, so
  /// any other place breaks at least one; none of them looks at the screen.
  static func bubbleShape(
    body: Rect, pointer: Point, placement: Placement, box: Rect, widest: Int, rowCount: Int,
    fidelity: Fidelity
  ) -> [String] {
    var violations: [String] = []
    let trailing = fidelity == .file && placement != .top ? 2 : 1
    if body.size.width != 1 + widest + trailing {
      violations.append(
        "body \(body) is \(body.size.width) wide for a widest row of \(widest): padding 1 left, \(trailing) right"
      )
    }
    if body.size.height != 1 + rowCount + 1 {
      violations.append("body \(body) is \(body.size.height) high for \(rowCount) rows: padding 1 above, 1 below")
    }

    // The gap: the rows (or columns) from `gap.start` up to `gap.end` lie strictly between body
    // and box; `across` is the pointer's place on that axis.
    let gap: (start: Int, end: Int)
    let across: Int
    switch placement {
    case .top: (gap, across) = ((body.maxY, box.minY), pointer.y)
    case .bottom: (gap, across) = ((box.maxY, body.minY), pointer.y)
    case .left: (gap, across) = ((body.maxX, box.minX), pointer.x)
    case .right: (gap, across) = ((box.maxX, body.minX), pointer.x)
    }
    if gap.end - gap.start != 1 {
      violations.append("\(placement): \(gap.end - gap.start) cells between body \(body) and box \(box), not 1")
    } else if across != gap.start {
      violations.append("\(placement): pointer \(pointer) is not in the gap between body \(body) and box \(box)")
    }

    // The centre line, and the body centred on it.
    let vertical = placement == .top || placement == .bottom
    let along = vertical ? pointer.x : pointer.y
    let boxSpan = vertical ? (box.minX, box.maxX) : (box.minY, box.maxY)
    let bodySpan = vertical ? (body.minX, body.maxX) : (body.minY, body.maxY)
    let onBox = split(along, in: boxSpan)
    if !(0...1).contains(onBox.lean) {
      violations.append(
        "\(placement): pointer \(pointer) is off box \(box)'s centre line (\(onBox.before) cells before it, \(onBox.after) after)"
      )
    }
    let onBody = split(along, in: bodySpan)
    if !(0...1).contains(onBody.lean) {
      violations.append(
        "\(placement): body \(body) is not centred on pointer \(pointer) (\(onBody.before) cells before it, \(onBody.after) after)"
      )
    }
    return violations
  }

  /// The pointer glyph BEHAVIOUR 3 names for a pointer at `pointer` next to `box`: an arrow pointing
  /// from the pointer at the box (▼ ▲ ▶ ◀, ASCII v ^ > <).
  static func pointerGlyph(at pointer: Point, box: Rect, glyphs: GlyphSet) -> String {
    let ascii = glyphs == .ascii
    if pointer.y < box.minY { return ascii ? "v" : "▼" }
    if pointer.y >= box.maxY { return ascii ? "^" : "▲" }
    if pointer.x < box.minX { return ascii ? ">" : "▶" }
    return ascii ? "<" : "◀"
  }

  /// `bubble`, laid out for `anchor` with box `box`, checked against BEHAVIOUR 3: its shape
  /// (``bubbleShape(body:pointer:placement:box:widest:rowCount:fidelity:)``), its rows (the
  /// wrapped lines, headline rows first, each starting at body x + 1 from the body's second
  /// row down) and its pointer glyph.
  static func bubble(
    _ bubble: BubbleLayout, anchor: Anchor, box: Rect, maxTextWidth: Int?, fidelity: Fidelity,
    glyphs: GlyphSet
  ) -> [String] {
    let rows = wrappedRows(anchor, maxTextWidth: maxTextWidth)
    let widest = rows.reduce(0) { max($0, $1.line.width) }
    var violations = bubbleShape(
      body: bubble.body, pointer: bubble.pointer, placement: anchor.placement, box: box, widest: widest,
      rowCount: rows.count, fidelity: fidelity)
    if bubble.placement != anchor.placement {
      violations.append("bubble placed \(bubble.placement) for a \(anchor.placement) anchor")
    }
    if bubble.rows.count != rows.count {
      violations.append("bubble has \(bubble.rows.count) rows, the copy wraps to \(rows.count)")
    } else {
      for (i, (row, want)) in zip(bubble.rows, rows).enumerated() {
        let origin = Point(x: bubble.body.minX + 1, y: bubble.body.minY + 1 + i)
        if row.origin != origin || row.width != want.line.width || (row.role == .headline) != want.headline {
          violations.append(
            "row \(i) at \(row.origin), \(row.width) wide, \(row.role): expected \(origin), \(want.line.width), \(want.headline ? "headline" : "supporting")"
          )
          break
        }
      }
    }
    let glyph = pointerGlyph(at: bubble.pointer, box: box, glyphs: glyphs)
    if bubble.pointerGlyph != glyph {
      violations.append("pointer \(debug(bubble.pointerGlyph)) at \(bubble.pointer) should be \(debug(glyph))")
    }
    return violations
  }

  /// BEHAVIOUR 3's opt-in shift as relations between the bubble drawn (`shifted`) and the same one
  /// under crop: the pointer, placement and glyph are kept (nothing flips), the body keeps its
  /// size and its place on the placement axis (so the one-cell gap to the box, `box`, holds),
  /// the text moves with it, the pointer stays within its span on the cross axis, and it moved
  /// the fewest cells that bring it wholly on screen (where the pointer allows any), else as far
  /// towards the screen as the pointer allows; a body longer than the screen keeps its first
  /// cell on the screen's first, where the pointer allows.
  static func shifted(_ shifted: BubbleLayout, from cropped: BubbleLayout, box: Rect, screen: Size) -> [String] {
    var violations: [String] = []
    if shifted.pointer != cropped.pointer {
      violations.append("pointer moved from \(cropped.pointer) to \(shifted.pointer)")
    }
    if shifted.placement != cropped.placement || shifted.pointerGlyph != cropped.pointerGlyph {
      violations.append("flipped from \(cropped.placement) to \(shifted.placement)")
    }
    if shifted.body.size != cropped.body.size {
      violations.append("body resized from \(cropped.body) to \(shifted.body)")
    }
    let vertical = shifted.placement == .top || shifted.placement == .bottom
    if (vertical ? shifted.body.minY != cropped.body.minY : shifted.body.minX != cropped.body.minX) {
      violations.append("body moved along the placement axis: \(cropped.body) to \(shifted.body)")
    }
    let gap: Int
    switch shifted.placement {
    case .top: gap = box.minY - shifted.body.maxY
    case .bottom: gap = shifted.body.minY - box.maxY
    case .left: gap = box.minX - shifted.body.maxX
    case .right: gap = shifted.body.minX - box.maxX
    }
    if gap != 1 { violations.append("\(gap) cells between body \(shifted.body) and box \(box), not 1") }
    if let row = shifted.rows.first, row.origin != Point(x: shifted.body.minX + 1, y: shifted.body.minY + 1) {
      violations.append("text starts at \(row.origin), not inside body \(shifted.body)")
    }
    guard violations.isEmpty else { return violations }

    let from = vertical ? cropped.body.minX : cropped.body.minY
    let to = vertical ? shifted.body.minX : shifted.body.minY
    let length = vertical ? shifted.body.size.width : shifted.body.size.height
    let extent = vertical ? screen.width : screen.height
    let pointer = vertical ? shifted.pointer.x : shifted.pointer.y
    func keepsPointer(_ start: Int) -> Bool { start <= pointer && pointer < start + length }
    func step(_ start: Int, towards target: Int) -> Int { start + (target > start ? 1 : target < start ? -1 : 0) }
    if !keepsPointer(to) {
      return ["the pointer \(shifted.pointer) left body \(shifted.body)'s span"]
    }
    if length <= extent {
      func whole(_ start: Int) -> Bool { start >= 0 && start + length <= extent }
      // Some start shows the body whole with the pointer in its span: the nearest one.
      if max(pointer - length + 1, 0) <= min(pointer, extent - length) {
        if !whole(to) { return ["body \(shifted.body) is not wholly on a \(screen) screen, though it can be"] }
        let nearer = step(to, towards: from)
        if to != from && whole(nearer) && keepsPointer(nearer) {
          return ["body moved \(abs(to - from)) cells from \(cropped.body) to \(shifted.body): fewer would do"]
        }
        return []
      }
      // None does: as far towards the screen as the pointer allows.
      let screenSide = from < 0 ? 0 : extent - length
      if keepsPointer(step(to, towards: screenSide)) || (to - from) * (screenSide - from) < 0 {
        return ["body \(shifted.body) could come nearer the screen (from \(cropped.body))"]
      }
      return []
    }
    // Longer than the screen: its first cell on the screen's first, as near as the pointer allows.
    if to != 0 && keepsPointer(step(to, towards: 0)) {
      return ["body \(shifted.body), longer than the screen, does not start on its first cell"]
    }
    return []
  }

  /// What is wrong with the pointer's `style` drawn over a cell in `under`, or nil: it shows the
  /// cell's background (reverse video kept), and its glyph is the pointer's colour, or, where
  /// that is known to contrast less than 3:1 with that background, a colour of the bubble's
  /// (the headline's) that contrasts more; in monochrome, the terminal's own.
  static func pointerStyle(_ style: Style, over under: Style, styles: BubbleStyles) -> String? {
    let reversed = under.attributes.contains(.reverse)
    if style.attributes.contains(.reverse) != reversed { return "reverse video not kept from the cell under it" }
    let shown = reversed ? style.foreground : style.background
    let behind = reversed ? under.foreground : under.background
    if shown != behind {
      return "shows \(String(describing: shown)) behind it, the cell showed \(String(describing: behind))"
    }
    let ink = reversed ? style.background : style.foreground
    guard let colour = styles.pointer.foreground else {
      return ink == nil ? nil : "a colour in monochrome"
    }
    guard let ink else { return "no colour of its own" }
    if ink == colour { return nil }
    guard let known = behind?.rgb ?? (reversed ? nil : styles.terminalBackground),
      colour.rgb.contrast(with: known) < 3, ink == styles.headline.foreground,
      ink.rgb.contrast(with: known) > colour.rgb.contrast(with: known)
    else { return "drawn in \(ink.rgb), not the pointer's colour \(colour.rgb)" }
    return nil
  }

  /// Which bubble role a cell is drawn in.
  enum Role { case fill, headline, supporting, pointer }

  /// The frame of `layout` in `state`, checked: the grid is exactly the screen, no wide
  /// character is split, no cell holds a control or bidi scalar, the cursor is on the start of
  /// the selected anchor's highlight (the padding cell before a one-cell box, else the box's
  /// first cell on screen; hidden when none is), and an open bubble keeps BEHAVIOUR 3's relations
  /// (``bubble(_:anchor:box:maxTextWidth:fidelity:glyphs:)``), lies where it would on a larger
  /// screen, and is drawn exactly there, cropped at the screen, without moving anything else. Returns the violations and
  /// the number of cells looked at.
  static func frame(layout: SceneLayout, state: TooltipState) -> ([String], Int) {
    var grid = CellGrid(size: layout.screen)
    Renderer.draw(layout, state: state, into: &grid)
    var violations = structure(grid, size: layout.screen)

    let bounds = Rect(x: 0, y: 0, width: layout.screen.width, height: layout.screen.height)
    let expectedCursor = state.selectedID.flatMap { layout.anchor(id: $0) }.flatMap { placed -> Point? in
      guard let shown = placed.box.intersection(placed.viewport ?? layout.area)?.intersection(bounds) else {
        return nil
      }
      let before = Point(x: placed.box.minX - 1, y: shown.minY)
      let padded =
        layout.options.highlightsSelection && !placed.anchor.drawsOwnFocus && shown.minX == placed.box.minX
        && bounds.contains(before) && layout.highlightPadding(of: placed).contains(before)
      return padded ? before : shown.origin
    }
    if grid.cursor != expectedCursor {
      violations.append(
        "cursor at \(String(describing: grid.cursor)), expected \(String(describing: expectedCursor))"
      )
    }

    guard let open = state.openID, let placed = layout.anchor(id: open) else {
      return (violations, grid.cells.count)
    }
    let rows = wrappedRows(placed.anchor, maxTextWidth: layout.scene.maxTextWidth)
    guard let bubble = state.openBubble(layout), !rows.isEmpty else {
      violations.append("open \(open) has no bubble to draw, or its copy wraps to no row")
      return (violations, grid.cells.count)
    }
    // The bubble's geometry by BEHAVIOUR 3's relations, before any shift; the cells below are then
    // checked against the bubble drawn.
    var cropScene = layout.scene
    cropScene.edges = .crop
    let cropLayout = SceneLayout(scene: cropScene, screen: layout.screen, area: layout.area, options: layout.options)
    guard let cropped = cropLayout.bubble(for: open) else {
      violations.append("open \(open) has no bubble under crop")
      return (violations, grid.cells.count)
    }
    let shape = Invariants.bubble(
      cropped, anchor: placed.anchor, box: placed.box, maxTextWidth: layout.scene.maxTextWidth,
      fidelity: layout.options.fidelity, glyphs: layout.options.glyphs)
    if !shape.isEmpty {
      violations += shape.map { "bubble of \(open): \($0)" }
      return (violations, grid.cells.count)
    }
    if layout.scene.edges == .shift {
      let moved = shifted(bubble, from: cropped, box: placed.box, screen: layout.screen)
      if !moved.isEmpty {
        violations += moved.map { "shifted bubble of \(open): \($0)" }
        return (violations, grid.cells.count)
      }
    } else if bubble != cropped {
      violations.append("bubble of \(open) under crop is not the crop layout's")
    }
    // Nothing shifts at the screen's edges: the anchor alone on a screen that holds more of its
    // bubble (the same scene area) gets the same bubble as under crop.
    let bubbleBounds = cropped.bounds
    let larger = Size(
      width: min(max(layout.screen.width, bubbleBounds.maxX), layout.screen.width + 4096) + 3,
      height: min(max(layout.screen.height, bubbleBounds.maxY), layout.screen.height + 4096) + 2)
    let alone = SceneLayout(
      scene: Scene(anchors: [placed.anchor], maxTextWidth: layout.scene.maxTextWidth), screen: larger,
      area: layout.area, options: layout.options)
    let moved = alone.bubble(for: open)
    if moved?.body != cropped.body || moved?.pointer != cropped.pointer {
      violations.append(
        "bubble of \(open) is body \(cropped.body), pointer \(cropped.pointer) on \(layout.screen), on \(larger): \(moved.map { "\($0.body), \($0.pointer)" } ?? "none")"
      )
    }

    // The same frame with nothing open: everything outside the bubble must match it.
    var closedState = state
    _ = closedState.send(.close, layout: layout)
    var closed = CellGrid(size: layout.screen)
    Renderer.draw(layout, state: closedState, into: &closed)
    if closed.cursor != grid.cursor { violations.append("opening \(open) moved the cursor") }
    // What the pointer lies over: the closed frame's cell, but the selection highlight's (the
    // bubble, pointer included, lies over everything: a one-cell anchor's padding is where its
    // left or right pointer goes).
    var beneath = CellGrid(size: layout.screen)
    Renderer.drawScene(layout, into: &beneath)
    let highlighted = Renderer.highlight(layout, state: closedState)

    // What the bubble's cells must be: fill, text units (or fill in their style where an
    // edge cuts one), and the pointer glyph.
    var expected: [Point: (text: String, width: Int, role: Role)] = [:]
    let clip = bubble.body.intersection(bounds)
    if let clip {
      for y in clip.minY..<clip.maxY {
        for x in clip.minX..<clip.maxX { expected[Point(x: x, y: y)] = (" ", 1, .fill) }
      }
      for (i, row) in rows.enumerated() {
        let y = bubble.body.minY + 1 + i
        guard y >= clip.minY && y < clip.maxY else { continue }
        let role: Role = row.headline ? .headline : .supporting
        var x = bubble.body.minX + 1
        for unit in row.line.units {
          if x >= clip.maxX { break }
          let end = x + unit.width
          defer { x = end }
          if end <= clip.minX { continue }
          if x >= clip.minX && end <= clip.maxX {
            expected[Point(x: x, y: y)] = (unit.text, unit.width, role)
            for k in 1..<max(1, unit.width) { expected[Point(x: x + k, y: y)] = ("", 0, role) }
          } else {
            for column in max(x, clip.minX)..<min(end, clip.maxX) {
              expected[Point(x: column, y: y)] = (" ", 1, role)
            }
          }
        }
      }
    }
    let glyph = pointerGlyph(at: bubble.pointer, box: placed.box, glyphs: layout.options.glyphs)
    if bounds.contains(bubble.pointer) { expected[bubble.pointer] = (glyph, 1, .pointer) }

    let styles = layout.options.bubbleStyles
    for (point, want) in expected {
      let cell = grid[point.x, point.y]
      let style: Style
      switch want.role {
      case .fill: style = styles.fill
      case .headline: style = styles.headline
      case .supporting: style = styles.supporting
      case .pointer:
        let under = highlighted.contains { $0.contains(point) } ? beneath : closed
        if let wrong = pointerStyle(cell.style, over: under[point.x, point.y].style, styles: styles) {
          violations.append("pointer of \(open) at (\(point.x),\(point.y)): \(wrong)")
        }
        style = cell.style
      }
      if cell.text != want.text || cell.width != want.width || cell.style != style {
        violations.append(
          "bubble of \(open) at (\(point.x),\(point.y)): drew \(debug(cell.text))/\(cell.width), expected \(debug(want.text))/\(want.width) in \(want.role)"
        )
        break
      }
    }

    // Outside the bubble nothing changes, except the rest of a wide character the bubble cut
    // into, which is blanked in its own style.
    func touchesBubble(_ lead: Int, width: Int, y: Int) -> Bool {
      (lead..<lead + max(1, width)).contains { expected[Point(x: $0, y: y)] != nil }
    }
    let width = layout.screen.width
    let now = grid.cells
    let was = closed.cells
    for i in now.indices where now[i] != was[i] {
      let (x, y) = (i % width, i / width)
      if expected[Point(x: x, y: y)] != nil { continue }
      var lead = x
      while lead > 0 && was[y * width + lead].isContinuation { lead -= 1 }
      let span = max(1, was[y * width + lead].width)
      if span > 1 && touchesBubble(lead, width: span, y: y)
        && now[i] == Cell(text: " ", width: 1, style: was[i].style)
      {
        continue
      }
      violations.append(
        "opening \(open) changed (\(x),\(y)) outside its bubble: \(debug(was[i].text)) became \(debug(now[i].text))"
      )
      break
    }
    return (violations, grid.cells.count * 2)
  }

  /// The grid's own rules: exactly `size` cells, every wide lead followed by exactly its
  /// continuations, no stray continuation, no control or bidi scalar, no zero-width lead.
  static func structure(_ grid: CellGrid, size: Size) -> [String] {
    let width = max(0, size.width)
    let height = max(0, size.height)
    guard grid.size == Size(width: width, height: height), grid.cells.count == width * height else {
      return [
        "grid is \(grid.size) with \(grid.cells.count) cells for a \(size.width)x\(size.height) screen"
      ]
    }
    if let cursor = grid.cursor, !grid.bounds.contains(cursor) {
      return ["cursor (\(cursor.x),\(cursor.y)) is off the grid"]
    }
    let cells = grid.cells
    for y in 0..<height {
      var x = 0
      while x < width {
        let cell = cells[y * width + x]
        if cell.width == 1 && cell.text == " " {
          x += 1
          continue
        }
        if cell.isContinuation { return ["stray continuation at (\(x),\(y))"] }
        if cell.text.isEmpty { return ["empty lead cell at (\(x),\(y))"] }
        if let bad = cell.text.unicodeScalars.first(where: isForbidden) {
          return [
            "forbidden scalar U+\(String(bad.value, radix: 16, uppercase: true)) in cell (\(x),\(y))"
          ]
        }
        if cell.width != Text.width(cell.text) {
          return [
            "cell (\(x),\(y)) \(debug(cell.text)) is stored \(cell.width) wide, measures \(Text.width(cell.text))"
          ]
        }
        if x + cell.width > width {
          return ["wide \(debug(cell.text)) at (\(x),\(y)) runs past the right edge"]
        }
        for k in 1..<max(1, cell.width) where !cells[y * width + x + k].isContinuation {
          return [
            "wide \(debug(cell.text)) at (\(x),\(y)) is split: (\(x + k),\(y)) is not its continuation"
          ]
        }
        x += max(1, cell.width)
      }
    }
    return []
  }

  /// Whether a scalar must never reach a cell: C0, DEL, C1, bidirectional formatting, line and
  /// paragraph separators, noncharacters (BEHAVIOUR 5's list, written out here on its own).
  static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069: true
    case 0x2028, 0x2029, 0xFDD0...0xFDEF: true
    case let v where v & 0xFFFE == 0xFFFE: true
    default: false
    }
  }

  /// Text with its scalars spelled out, for failure messages.
  static func debug(_ text: String) -> String {
    let scalars = text.unicodeScalars
    let shown = scalars.prefix(8).map { s in
      (0x21..<0x7F).contains(s.value)
        ? String(s) : "U+" + String(s.value, radix: 16, uppercase: true)
    }
    return "[" + shown.joined(separator: " ") + (scalars.count > 8 ? " …(\(scalars.count))" : "")
      + "]"
  }
}
