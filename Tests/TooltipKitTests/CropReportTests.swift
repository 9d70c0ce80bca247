import Testing
import TooltipKit

/// `CropReport`: what the screen's edges cut off each tooltip, from BEHAVIOUR 3's rects worked by
/// hand. Every case is one anchor with the headline "Hi" alone on a 20 x 10 screen: body
/// W = 4, H = 3 (12 cells), plus the pointer.
@Suite struct CropReportTests {
  struct Case: CustomTestStringConvertible, Sendable {
    var name: String
    var position: Point
    var size: AnchorSize = .md
    var placement: Placement
    var boxSize: Size?
    var fidelity: Fidelity = .hug
    var edges: [Placement]
    var lost: Int
    var offScreen = false
    /// The placement that would lose the fewest cells, and how many, worked by hand (nil: the
    /// tooltip's own).
    var least: (Placement, Int)? = nil
    var testDescription: String { name }
  }

  static let screen = Size(width: 20, height: 10)

  static let cases: [Case] = [
    // Box (8, 4) md, cx 9: pointer (9, 3), body columns 8 ..< 12, rows 0 ..< 3.
    Case(name: "inside", position: Point(x: 8, y: 4), placement: .top, edges: [], lost: 0),
    // Pointer (9, 0) stays; body rows -3 ..< 0 all lost.
    Case(
      name: "off the top", position: Point(x: 8, y: 1), placement: .top, edges: [.top], lost: 12,
      least: (.bottom, 0)),
    // Box (0, 5) sm: pointer (-1, 5), body columns -5 ..< -1.
    Case(
      name: "off the left", position: Point(x: 0, y: 5), size: .sm, placement: .left, edges: [.left], lost: 13,
      least: (.right, 0)),
    // Box 17 ..< 20: pointer (20, 5), body columns 21 ..< 25.
    Case(
      name: "off the right", position: Point(x: 17, y: 5), placement: .right, edges: [.right], lost: 13,
      least: (.left, 0)),
    // Box (5, 8) sm: pointer (5, 9) on the last row, body rows 10 ..< 13.
    Case(
      name: "off the bottom", position: Point(x: 5, y: 8), size: .sm, placement: .bottom, edges: [.bottom], lost: 12,
      least: (.top, 0)),
    // Box 17 ..< 20 on row 8, cx 18: pointer (18, 9), body columns 17 ..< 21, rows 10 ..< 13.
    Case(
      name: "a corner", position: Point(x: 17, y: 8), placement: .bottom, edges: [.right, .bottom], lost: 12,
      least: (.left, 0)),
    // (-1, -1) sm is box (19, 9): pointer (20, 9), body columns 21 ..< 25, rows 8 ..< 11.
    Case(
      name: "counted from the far corner", position: Point(x: -1, y: -1), size: .sm, placement: .right,
      edges: [.right, .bottom], lost: 13, least: (.left, 4)),
    // Box (5, 15), below the screen: pointer (5, 14) and body rows 11 ..< 14, all lost.
    Case(
      name: "anchor below the screen", position: Point(x: 5, y: 15), size: .sm, placement: .top, edges: [.bottom],
      lost: 13, offScreen: true),
    // (5, -11) sm is box (5, -1), one row above the screen: its bubble (pointer (5, 0), body
    // rows 1 ..< 4) would fit, but an anchor off screen is not placed and never opens.
    Case(
      name: "anchor just above the screen", position: Point(x: 5, y: -11), size: .sm, placement: .bottom,
      edges: [.top], lost: 13, offScreen: true),
    // Box 12 ..< 15: pointer (15, 4), body 16 ..< 20 under hug (fits), 16 ..< 21 under file.
    Case(name: "hug fits", position: Point(x: 12, y: 4), placement: .right, edges: [], lost: 0),
    Case(
      name: "file widens past the edge", position: Point(x: 12, y: 4), placement: .right, fidelity: .file,
      edges: [.right], lost: 3, least: (.top, 0)),
    // A 5 x 3 box at (0, 5): cx 2, pointer (2, 8) below its last row, body rows 9 ..< 12.
    Case(
      name: "a given tall box", position: Point(x: 0, y: 5), placement: .bottom, boxSize: Size(width: 5, height: 3),
      edges: [.bottom], lost: 8, least: (.top, 0)),
  ]

  @Test(arguments: cases)
  func oneTooltip(_ c: Case) {
    let anchor = Anchor(
      id: "a", position: c.position, size: c.size, placement: c.placement, headline: "Hi", boxSize: c.boxSize)
    let report = CropReport(
      scene: Scene(anchors: [anchor]), screen: Self.screen, options: renderOptions(fidelity: c.fidelity))
    #expect(
      report.tooltips == [
        CropReport.Tooltip(
          id: "a", placement: c.placement, edges: c.edges, cellsLost: c.lost, anchorIsOffScreen: c.offScreen,
          leastCroppedPlacement: c.least?.0, leastCellsLost: c.least?.1)
      ])
    #expect(report.cropped.count == (c.lost > 0 ? 1 : 0))
    #expect(report.screen == Self.screen)
  }

  /// Tooltips come in reading order (row, column, then file order), off-screen ones among
  /// them, and the on-screen ones in exactly the layout's order: one rule for both.
  @Test func readingOrder() {
    let scene = Scene(anchors: [
      anchor("c", x: 5, y: 5), anchor("a", x: 1, y: 2), anchor("below", x: 0, y: 30),
      anchor("b", x: 9, y: 2), anchor("d", x: 5, y: 5), anchor("above", x: 3, y: -30),
    ])
    let report = CropReport(scene: scene, screen: Self.screen)
    #expect(report.tooltips.map(\.id) == ["above", "a", "b", "c", "d", "below"])
    let onScreen = report.tooltips.filter { !$0.anchorIsOffScreen }.map(\.id)
    #expect(onScreen == SceneLayout(scene: scene, screen: Self.screen).anchors.map(\.id))
  }

  /// An anchor with no visible line has no tooltip: not listed, not counted. A headline
  /// switched off leaves the supporting line, which is.
  @Test func onlyAnchorsWithAVisibleLineAreTooltips() {
    let scene = Scene(anchors: [
      anchor("blank", x: 0, y: 0, headline: "  ", supporting: ""),
      anchor("off", x: 0, y: 0, showHeadline: false, showSupporting: false),
      anchor("muted", x: 4, y: 4, placement: .top, showHeadline: false),
    ])
    let report = CropReport(scene: scene, screen: Self.screen)
    #expect(report.tooltips.map(\.id) == ["muted"])
  }

  /// The ASCII glyph set measures the same bubbles: the pointer is one cell either way.
  @Test func glyphSetDoesNotChangeTheReport() {
    let scene = Scene(
      anchors: Self.cases.enumerated().map { i, c in
        Anchor(id: "a\(i)", position: c.position, size: c.size, placement: c.placement, headline: "Hi")
      })
    let unicode = CropReport(scene: scene, screen: Self.screen)
    let ascii = CropReport(scene: scene, screen: Self.screen, options: renderOptions(glyphs: .ascii))
    #expect(ascii.tooltips == unicode.tooltips)
    #expect(unicode.cropped.count == 8)
  }
}
