import Testing
import TooltipKit

/// Anchors the program draws (``Anchor/isDrawnByProgram``, ``Anchor/drawsOwnFocus``) and
/// ``CellGrid/drawTooltips(_:state:)``: the library never writes the program's cells.
@Suite struct ProgramDrawnAnchorTests {
  /// A program's button "[Save]" at (10, 1), its anchor the button's six cells.
  static func button(drawn: Bool, ownFocus: Bool = false) -> Anchor {
    var a = anchor("save", x: 10, y: 1, label: "Save")
    a.boxSize = Size(width: 6, height: 1)
    a.isDrawnByProgram = drawn
    a.drawsOwnFocus = ownFocus
    return a
  }

  /// The program's frame: its button in bold, then the tooltips drawn over it.
  static func frame(_ anchor: Anchor, selected: Bool, tooltipsOnly: Bool = false) -> CellGrid {
    let l = layout([anchor], width: 30, height: 8)
    var state = TooltipState(layout: l, keepsSelection: selected)
    _ = state.send(.open("save"), layout: l)
    var grid = CellGrid(size: Size(width: 30, height: 8))
    grid.write("[Save]", at: point(10, 1), style: Style(attributes: .bold))
    if tooltipsOnly { grid.drawTooltips(l, state: state) } else { grid.draw(l, state: state) }
    return grid
  }

  @Test func theProgramsCellsKeepTheirTextAndStyle() {
    let grid = Self.frame(Self.button(drawn: true), selected: false)
    #expect(grid.lines[1].hasPrefix("          [Save]"))
    #expect(grid.style(at: point(10, 1))?.attributes == .bold)
    // The bubble is drawn below it all the same.
    #expect(grid.lines.joined().contains("Saved to disk"))
    // An anchor the library draws writes its label over the program's cells.
    let library = Self.frame(Self.button(drawn: false), selected: false)
    #expect(!library.lines[1].contains("[Save]"))
  }

  @Test func theSelectionIsHighlightedUnlessTheProgramDrawsItsOwnFocus() {
    let highlighted = Self.frame(Self.button(drawn: true), selected: true)
    #expect(highlighted.style(at: point(11, 1))?.attributes.contains(.reverse) == true)
    #expect(highlighted.lines[1].hasPrefix("          [Save]"))
    let own = Self.frame(Self.button(drawn: true, ownFocus: true), selected: true)
    #expect(own.style(at: point(11, 1))?.attributes == .bold)
  }

  @Test func drawTooltipsDrawsNoAnchorsCells() {
    // Even an anchor the library would draw keeps the program's cells under drawTooltips.
    let grid = Self.frame(Self.button(drawn: false), selected: false, tooltipsOnly: true)
    #expect(grid.lines[1].hasPrefix("          [Save]"))
    #expect(grid.style(at: point(10, 1))?.attributes == .bold)
    #expect(grid.lines.joined().contains("Saved to disk"))
  }
}
