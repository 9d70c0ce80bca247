import Testing
import TooltipKit

// Shared builders and assertions for the core's tests. Every builder starts from the design's
// defaults and changes only what a test names, so a case states its difference and nothing else.

/// Render options with the design's defaults (light, hug, Unicode, colour, selection shown).
func renderOptions(
  theme: Theme = .light,
  fidelity: Fidelity = .hug,
  glyphs: GlyphSet = .unicode,
  colors: Bool = true,
  highlightsSelection: Bool = true
) -> RenderOptions {
  RenderOptions(
    theme: theme,
    fidelity: fidelity,
    glyphs: glyphs,
    colors: colors,
    highlightsSelection: highlightsSelection
  )
}

/// The copy most tests use: "Save" (4 columns) over "Saved to disk" (13 columns), so the body
/// is 15 x 4 under `hug`.
enum Copy {
  static let headline = "Save"
  static let supporting = "Saved to disk"
}

/// An anchor with the tests' default copy; pass `label` for a labelled control.
func anchor(
  _ id: String,
  x: Int,
  y: Int,
  size: AnchorSize = .md,
  placement: Placement = .bottom,
  headline: String = Copy.headline,
  supporting: String = Copy.supporting,
  showHeadline: Bool = true,
  showSupporting: Bool = true,
  trigger: Trigger = .tap,
  disabled: Bool = false,
  glyph: String? = nil,
  label: String? = nil
) -> Anchor {
  Anchor(
    id: id,
    position: Point(x: x, y: y),
    size: size,
    placement: placement,
    headline: headline,
    supporting: supporting,
    showHeadline: showHeadline,
    showSupporting: showSupporting,
    trigger: trigger,
    isDisabled: disabled,
    glyph: glyph,
    label: label
  )
}

/// A layout of `anchors` on a `width` x `height` screen (the scene fills it unless `area` is given).
func layout(
  _ anchors: [Anchor],
  width: Int = 60,
  height: Int = 24,
  area: Rect? = nil,
  maxTextWidth: Int? = Scene.defaultMaxTextWidth,
  options: RenderOptions = renderOptions()
) -> SceneLayout {
  SceneLayout(
    scene: Scene(anchors: anchors, maxTextWidth: maxTextWidth),
    screen: Size(width: width, height: height),
    area: area,
    options: options
  )
}

/// A state with the first anchor selected and `id` opened programmatically.
func opened(_ id: String, in layout: SceneLayout) -> TooltipState {
  var state = TooltipState(layout: layout)
  _ = state.send(.open(id), layout: layout)
  return state
}

func point(_ x: Int, _ y: Int) -> Point { Point(x: x, y: y) }

func rect(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Rect {
  Rect(x: x, y: y, width: width, height: height)
}

func rgb(_ hex: UInt32) -> RGB { RGB(hex: hex) }

/// A string of the given scalars (Swift literals refuse some of them, U+FFFE for one).
func scalars(_ values: UInt32...) -> String {
  var view = String.UnicodeScalarView()
  for value in values { view.append(Unicode.Scalar(value)!) }
  return String(view)
}

/// Compares a grid with a picture of it: one line per row, each ended by `|` so trailing
/// spaces stay visible and survive editors.
func expectScreen(
  _ grid: CellGrid,
  _ expected: String,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let actual = grid.lines.map { $0 + "|" }.joined(separator: "\n")
  #expect(actual == expected, "screen differs:\n\(actual)", sourceLocation: sourceLocation)
}

/// The on-screen cells of `rect`, with their positions.
func cells(of grid: CellGrid, in rect: Rect) -> [(Point, Cell)] {
  guard let visible = rect.intersection(grid.bounds) else { return [] }
  var result: [(Point, Cell)] = []
  for y in visible.minY..<visible.maxY {
    for x in visible.minX..<visible.maxX { result.append((Point(x: x, y: y), grid[x, y])) }
  }
  return result
}

/// Whether a scalar must never reach a terminal: C0, DEL, C1, bidi formatting, line and
/// paragraph separators.
func isControlScalar(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00..<0x20, 0x7F..<0xA0: true
  case 0x200E, 0x200F, 0x061C, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
  default: false
  }
}
