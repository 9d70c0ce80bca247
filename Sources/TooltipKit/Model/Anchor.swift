/// A control a tooltip explains, with its own copy: an icon button, or a labelled control.
///
/// A program makes one per control that has a hint. Anchors carry every string they show (no
/// text is global), and their position in scene coordinates, where a negative `x` or `y` counts
/// from the scene area's right or bottom edge, unless the anchor has a ``viewport``: then
/// coordinates are plain scene coordinates, and a row scrolled above the viewport is hidden.
public struct Anchor: Hashable, Sendable, Identifiable {
  /// The unique name of the anchor within its scene.
  public var id: String
  /// The box's top-left cell in the scene area; without a ``viewport``, negative values count
  /// from the far edge (x = -1: the box ends on the last column; y = -1: the last row).
  ///
  /// With a viewport (a row of a scrolling list), a negative value is before the area's first
  /// cell, as written: the natural `y = top + i - scroll` of a row scrolled off the top hides it,
  /// never moves it to the bottom.
  public var position: Point
  /// The size axis: the box and tap target of an icon, the padding of a label.
  public var size: AnchorSize
  /// The side of the anchor the bubble sits on.
  public var placement: Placement
  /// The bubble's first line, the only one drawn bold.
  public var headline: String
  /// The bubble's second line, drawn muted.
  public var supporting: String
  /// Whether the headline is shown.
  public var showHeadline: Bool
  /// Whether the supporting line is shown.
  public var showSupporting: Bool
  /// The gesture that opens the tooltip.
  public var trigger: Trigger
  /// Whether the control's own action is switched off; its tooltip still opens.
  public var isDisabled: Bool
  /// The icon drawn in the box, or nil for the glyph set's default (ⅈ or i).
  public var glyph: String?
  /// The visible text of a labelled control; nil for an icon anchor.
  public var label: String?
  /// The box's size in cells when the program gives it (a button of its own drawing), or nil
  /// for the size the design derives from the glyph or label.
  ///
  /// A program that draws its own widgets makes its widget's cells the anchor, whatever their
  /// width and height; widths and heights below 1 count as 1.
  public var boxSize: Size?
  /// Whether a tap runs the control's own action, or nil for the design's rule (a labelled
  /// control has one, an icon has not).
  ///
  /// An icon button that does something (a toolbar's Save) sets it; a disabled anchor never
  /// runs its action whatever this says.
  public var action: Bool?
  /// Whether the tooltip also opens when the mouse pointer rests on the anchor's tap target, or
  /// nil for the scene's choice (``Scene/opensOnHover``).
  ///
  /// Off by default: the design is for phones, which have no hover; a desktop program turns it
  /// on per anchor or for the whole scene (BEHAVIOUR 4, "Hover and focus").
  public var opensOnHover: Bool?
  /// Whether the tooltip also opens when the keyboard moves the selection onto the anchor and
  /// it stays there, or nil for the scene's choice (``Scene/opensOnFocus``).
  ///
  /// Off by default, as hover is: the keyboard's way to the same hint without the `i` key.
  public var opensOnFocus: Bool?

  /// Whether Tab and Shift-Tab stop at it: false for an anchor the program reaches its own way
  /// (the arrows, a tap, ``TooltipInput/focus(_:)``), such as the error codes inside a list's
  /// lines, so Tab goes from the menu to the list's next control, not through every code.
  public var isTabStop: Bool
  /// The group it belongs to (a menu bar), or nil: a group is one Tab stop, entered at its first
  /// member in reading order and left past its last, with Left and Right moving among its
  /// members, wrapping.
  public var group: String?
  /// Whether the program draws the anchor's cells itself (a widget of its own): the library then
  /// never writes them, drawing only the selection highlight over them and the bubble.
  ///
  /// So a program's own button keeps its look; its box is ``position`` and ``boxSize``.
  public var isDrawnByProgram: Bool
  /// Whether the program also draws the anchor's focus (a program-drawn widget's own selected
  /// look): the library then draws no selection highlight on it either, only the bubble.
  public var drawsOwnFocus: Bool
  /// The boxes of a range that wraps onto further rows, in scene coordinates, first to last;
  /// empty for an anchor of one box (``position`` and ``boxSize``).
  ///
  /// One anchor, however many rows it spans (a term of a wrapped paragraph): every segment is
  /// highlighted and a tap on any opens it, its bubble on the segment tapped; from the keyboard
  /// on the first segment for top and left, the last for bottom and right. When given, they
  /// are the anchor's cells: its position and box size are ignored.
  public var segments: [Rect]
  /// The region of the scene its cells show in (a scrolling list), in scene coordinates, or nil
  /// for the scene area.
  ///
  /// With a viewport, the anchor's coordinates (``position``, ``segments``, the viewport's own)
  /// never count from the far edge: a cell outside the viewport is outside, whatever the sign
  /// of its position, so a program writes a row's position as it scrolls, with no clamp.
  ///
  /// An anchor with a viewport and no cell inside it is hidden, not removed: its open tooltip
  /// stays open, undrawn and untappable, and is drawn again when a cell is back in view; Esc
  /// still closes it, and leaving it closes one hover opened (BEHAVIOUR 4). Without a viewport, an
  /// anchor that leaves the scene area closes its tooltip (`anchorRemoved`).
  public var viewport: Rect?
  /// The sides to try, in order, when the bubble on ``placement`` would lose cells at the
  /// screen's edges: the first whose bubble fits whole is the one drawn; when none fits, the
  /// bubble stays on ``placement``, cropped. Empty (the default): always ``placement``.
  ///
  /// For an anchor that moves (a row of a scrolling list, a word of a text pane): the layout
  /// picks the side with room as it lays the bubble out, so the program lays its scene out
  /// once. The program names the sides and their order: nothing flips by itself (BEHAVIOUR 3).
  public var fallbackPlacements: [Placement]
  /// The keys that stay the program's while this anchor is selected (the arrows, Enter, Space,
  /// Tab); empty (the default): all of them are the component's.
  ///
  /// A list row the program focuses (``TooltipInput/focus(_:)``, to show its cut name) sets
  /// ``ProgramKeys/list``, so the list's cursor keeps moving and Enter keeps opening rows;
  /// routing then leaves those keys to the program, not consumed. Esc and `i` stay the
  /// component's.
  public var programKeys: ProgramKeys
  /// Whether a tap on it (a click, or Enter or Space while it is selected) is the program's:
  /// routing does not consume it, so the program selects the row beneath as a click on any
  /// row would, and the tooltip opens by hover, focus, a press held ``Trigger/defaultHold`` or
  /// `i` instead. False (the default) for an anchor whose tap opens its tooltip.
  ///
  /// A cut name (``init(id:truncated:width:at:placement:tapOpens:viewport:isTabStop:programKeys:)``)
  /// sets it unless told otherwise: a click on a row whose name is cut selects the row, as a
  /// click on one whose name fits does.
  public var leavesTapsToProgram: Bool

  /// Makes an anchor; every argument after `placement` has the design's default, so a program
  /// states only what differs, every property included, in one expression.
  public init(
    id: String,
    position: Point,
    size: AnchorSize = .md,
    placement: Placement,
    headline: String = "",
    supporting: String = "",
    showHeadline: Bool = true,
    showSupporting: Bool = true,
    trigger: Trigger = .tap,
    isDisabled: Bool = false,
    glyph: String? = nil,
    label: String? = nil,
    boxSize: Size? = nil,
    action: Bool? = nil,
    opensOnHover: Bool? = nil,
    opensOnFocus: Bool? = nil,
    isTabStop: Bool = true,
    group: String? = nil,
    isDrawnByProgram: Bool = false,
    drawsOwnFocus: Bool = false,
    segments: [Rect] = [],
    viewport: Rect? = nil,
    fallbackPlacements: [Placement] = [],
    programKeys: ProgramKeys = [],
    leavesTapsToProgram: Bool = false
  ) {
    self.id = id
    self.position = position
    self.size = size
    self.placement = placement
    self.headline = headline
    self.supporting = supporting
    self.showHeadline = showHeadline
    self.showSupporting = showSupporting
    self.trigger = trigger
    self.isDisabled = isDisabled
    self.glyph = glyph
    self.label = label
    self.boxSize = boxSize
    self.action = action
    self.opensOnHover = opensOnHover
    self.opensOnFocus = opensOnFocus
    self.isTabStop = isTabStop
    self.group = group
    self.isDrawnByProgram = isDrawnByProgram
    self.drawsOwnFocus = drawsOwnFocus
    self.segments = segments
    self.viewport = viewport
    self.fallbackPlacements = fallbackPlacements
    self.programKeys = programKeys
    self.leavesTapsToProgram = leavesTapsToProgram
  }

  /// Whether a tap runs the control's own action: ``action`` when given (else whether it has a
  /// label), and never while disabled.
  public var hasAction: Bool { !isDisabled && (action ?? (label != nil)) }

  /// The visible strings of the bubble, sanitized and trimmed, in drawing order.
  ///
  /// This is the hint a screen reader gets without a tap (a program may show it in a line of its own).
  public var visibleLines: [String] {
    var lines: [String] = []
    if showHeadline, let line = Text.visible(headline) { lines.append(line) }
    if showSupporting, let line = Text.visible(supporting) { lines.append(line) }
    return lines
  }

  /// Whether the bubble has any visible line; without one nothing is drawn and nothing opens.
  public var hasVisibleLine: Bool {
    (showHeadline && Text.isVisible(headline)) || (showSupporting && Text.isVisible(supporting))
  }
}
