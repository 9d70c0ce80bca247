import TooltipKit

/// The properties every frame and every state must have, each checked from the spec's own
/// formulas rather than by asking the code under test; each returns what it found violated.
enum Invariants {
  // MARK: - State

  /// At most one open (the state holds one id), and an open tooltip names an anchor that is
  /// placed and has a bubble; the selection names a placed anchor, or nothing when none is.
  static func state(_ state: TooltipState, layout: SceneLayout) -> [String] {
    var violations: [String] = []
    if let open = state.openID {
      if let placed = layout.anchor(id: open) {
        if !placed.anchor.hasVisibleLine { violations.append("open \(open) has no visible line") }
        if layout.bubble(for: open) == nil {
          violations.append("open \(open) has no bubble to draw")
        }
      } else {
        violations.append("open \(open) is not a placed anchor")
      }
    }
    if let selected = state.selectedID {
      if layout.anchor(id: selected) == nil {
        violations.append("selected \(selected) is not a placed anchor")
      }
    } else if !layout.anchors.isEmpty {
      violations.append("nothing selected among \(layout.anchors.count) placed anchors")
    }
    if let deadline = state.deadline, !state.isPressing {
      violations.append("a long-press deadline \(deadline) with no press")
    }
    return violations
  }

  /// One Esc closes; one tap anywhere closes (and under `consume` does nothing else).
  static func closing(
    _ state: TooltipState, layout: SceneLayout, policy: DismissPolicy, tapAt point: Point
  )
    -> [String]
  {
    guard let open = state.openID else { return [] }
    var violations: [String] = []
    var escaped = state
    let escapeEvents = escaped.send(.escape, layout: layout, policy: policy)
    if escaped.openID != nil || escapeEvents != [.closed(open, .escape)] {
      violations.append(
        "Esc on open \(open) gave \(escapeEvents), left \(escaped.openID ?? "closed")")
    }
    var tapped = state
    let tapEvents = tapped.send(.click(point), layout: layout, policy: policy)
    if tapEvents.first != .closed(open, .tap) {
      violations.append("a tap at (\(point.x),\(point.y)) on open \(open) gave \(tapEvents)")
    }
    if policy == .consume && (tapped.openID != nil || tapEvents.count != 1) {
      violations.append(
        "a consumed tap on open \(open) gave \(tapEvents), left \(tapped.openID ?? "closed")")
    }
    return violations
  }

  // MARK: - Layout

  /// The box SPEC 3 gives `anchor` in `area`, or nil when it cannot be placed anywhere (its
  /// coordinates overflow): an icon is 3 or 1 columns; a label is its width plus one padding
  /// column each side at md, its width alone at sm (at least one column); negative x and y
  /// count from the area's right and bottom edges.
  static func expectedBox(_ anchor: Anchor, area: Rect) -> Rect? {
    let width: Int
    if let label = anchor.label {
      let labelWidth = Text.units(Text.sanitize(label)).reduce(0) { $0 + $1.width }
      width = max(1, labelWidth + (anchor.size == .md ? 2 : 0))
    } else {
      width = anchor.size == .md ? 3 : 1
    }
    let p = anchor.position
    let x: (partialValue: Int, overflow: Bool)
    if p.x >= 0 {
      x = area.minX.addingReportingOverflow(p.x)
    } else {
      let fromRight = area.maxX.addingReportingOverflow(p.x + 1)
      let left = fromRight.partialValue.subtractingReportingOverflow(width)
      x = (left.partialValue, fromRight.overflow || left.overflow)
    }
    let y =
      p.y >= 0 ? area.minY.addingReportingOverflow(p.y) : area.maxY.addingReportingOverflow(p.y)
    guard !x.overflow, !y.overflow, !x.partialValue.addingReportingOverflow(width).overflow,
      !y.partialValue.addingReportingOverflow(1).overflow
    else { return nil }
    return Rect(x: x.partialValue, y: y.partialValue, width: width, height: 1)
  }

  /// Exactly the anchors whose box meets the scene area are placed, each at its SPEC 3 box, in
  /// reading order (row, column, file order).
  static func placement(_ layout: SceneLayout) -> [String] {
    var violations: [String] = []
    var expected: [(box: Rect, index: Int)] = []
    for (i, anchor) in layout.scene.anchors.enumerated() {
      guard let box = expectedBox(anchor, area: layout.area), box.intersection(layout.area) != nil
      else { continue }
      expected.append((box, i))
    }
    expected.sort { ($0.box.minY, $0.box.minX, $0.index) < ($1.box.minY, $1.box.minX, $1.index) }
    let placed = layout.anchors.map { ($0.box, $0.fileIndex) }
    if placed.count != expected.count
      || zip(placed, expected).contains(where: { $0.0 != $1.box || $0.1 != $1.index })
    {
      violations.append("placed \(placed) but SPEC 3 places \(expected.map { ($0.box, $0.index) })")
    }
    return violations
  }

  /// The anchor a tap at `point` reaches, found by brute force: targets (md: the box; sm: the
  /// box plus a column each side) on screen holding the point; artwork beats padding, then the
  /// nearer centre column, then reading order.
  static func hitTest(_ layout: SceneLayout, at point: Point) -> [String] {
    let screen = Rect(x: 0, y: 0, width: layout.screen.width, height: layout.screen.height)
    var best: (rank: (Int, Int, Int), id: String)?
    if screen.contains(point) {
      for (i, placed) in layout.anchors.enumerated() {
        let box = placed.box
        let target =
          placed.anchor.size == .sm
          ? Rect(x: box.minX - 1, y: box.minY, width: box.size.width + 2, height: 1) : box
        guard target.contains(point) else { continue }
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

  /// Where SPEC 3 puts an open bubble: body, pointer and text rows, before cropping.
  struct ExpectedBubble {
    var body: Rect
    var pointer: Point
    var rows: [(line: TextLine, headline: Bool)]
  }

  /// The bubble of `anchor` with box `box`, from SPEC 3's formulas; nil without a text row.
  /// `SpecGeometryTableTests` holds it, and `BubbleLayout`, to cases worked by hand.
  static func expectedBubble(_ anchor: Anchor, box: Rect, maxTextWidth: Int?, fidelity: Fidelity)
    -> ExpectedBubble?
  {
    var rows: [(line: TextLine, headline: Bool)] = []
    if anchor.showHeadline {
      rows += Text.wrap(Text.sanitize(anchor.headline), width: maxTextWidth).map { ($0, true) }
    }
    if anchor.showSupporting {
      rows += Text.wrap(Text.sanitize(anchor.supporting), width: maxTextWidth).map { ($0, false) }
    }
    guard !rows.isEmpty else { return nil }
    let widest = rows.map(\.line.width).max()!
    let w = widest + 2 + (fidelity == .file && anchor.placement != .top ? 1 : 0)
    let h = rows.count + 2
    let (ax, ay, aw) = (box.minX, box.minY, box.size.width)
    let cx = ax + (aw - 1) / 2
    let pointer: Point
    let origin: Point
    switch anchor.placement {
    case .top:
      pointer = Point(x: cx, y: ay - 1)
      origin = Point(x: cx - (w - 1) / 2, y: ay - 1 - h)
    case .bottom:
      pointer = Point(x: cx, y: ay + 1)
      origin = Point(x: cx - (w - 1) / 2, y: ay + 2)
    case .left:
      pointer = Point(x: ax - 1, y: ay)
      origin = Point(x: ax - 1 - w, y: ay - (h - 1) / 2)
    case .right:
      pointer = Point(x: ax + aw, y: ay)
      origin = Point(x: ax + aw + 1, y: ay - (h - 1) / 2)
    }
    return ExpectedBubble(
      body: Rect(origin: origin, size: Size(width: w, height: h)), pointer: pointer, rows: rows)
  }

  /// Which bubble role a cell is drawn in.
  enum Role { case fill, headline, supporting, pointer }

  /// The frame of `layout` in `state`, checked: the grid is exactly the screen, no wide
  /// character is split, no cell holds a control or bidi scalar, the cursor is on the selected
  /// anchor's centre (or hidden off screen), and an open bubble is drawn exactly where SPEC 3
  /// puts it, cropped at the screen, without moving anything else. Returns the violations and
  /// the number of cells looked at.
  static func frame(layout: SceneLayout, state: TooltipState) -> ([String], Int) {
    var grid = CellGrid(size: layout.screen)
    Renderer.draw(layout, state: state, into: &grid)
    var violations = structure(grid, size: layout.screen)

    let bounds = Rect(x: 0, y: 0, width: layout.screen.width, height: layout.screen.height)
    let selectedCentre = state.selectedID.flatMap { layout.anchor(id: $0) }.map {
      Point(x: $0.box.minX + ($0.box.size.width - 1) / 2, y: $0.box.minY)
    }
    let expectedCursor = selectedCentre.flatMap { bounds.contains($0) ? $0 : nil }
    if grid.cursor != expectedCursor {
      violations.append(
        "cursor at \(String(describing: grid.cursor)), expected \(String(describing: expectedCursor))"
      )
    }

    guard let open = state.openID, let placed = layout.anchor(id: open) else {
      return (violations, grid.cells.count)
    }
    guard
      let bubble = expectedBubble(
        placed.anchor, box: placed.box, maxTextWidth: layout.scene.maxTextWidth,
        fidelity: layout.options.fidelity)
    else {
      violations.append("open \(open) has no bubble by SPEC 3")
      return (violations, grid.cells.count)
    }

    // The same frame with nothing open: everything outside the bubble must match it.
    var closedState = state
    _ = closedState.send(.close, layout: layout)
    var closed = CellGrid(size: layout.screen)
    Renderer.draw(layout, state: closedState, into: &closed)
    if closed.cursor != grid.cursor { violations.append("opening \(open) moved the cursor") }

    // What the bubble's cells must be: fill, text units (or fill in their style where an
    // edge cuts one), and the pointer glyph.
    var expected: [Point: (text: String, width: Int, role: Role)] = [:]
    let clip = bubble.body.intersection(bounds)
    if let clip {
      for y in clip.minY..<clip.maxY {
        for x in clip.minX..<clip.maxX { expected[Point(x: x, y: y)] = (" ", 1, .fill) }
      }
      for (i, row) in bubble.rows.enumerated() {
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
    let pointerGlyph = layout.options.glyphs.pointer(for: placed.anchor.placement)
    if bounds.contains(bubble.pointer) { expected[bubble.pointer] = (pointerGlyph, 1, .pointer) }

    let styles = layout.options.bubbleStyles
    for (point, want) in expected {
      let cell = grid[point.x, point.y]
      let style: Style
      switch want.role {
      case .fill: style = styles.fill
      case .headline: style = styles.headline
      case .supporting: style = styles.supporting
      case .pointer: style = styles.pointer
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
  /// paragraph separators, noncharacters (SPEC 5's list, written out here on its own).
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
