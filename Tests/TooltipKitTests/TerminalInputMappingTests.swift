import Testing
import TooltipKit

/// Terminal input sent straight to the state does what its mapped state input does; keys and
/// mouse events read through their convenience properties, styles and colours without
/// attributes or RGB, and drawing as a grid's own method. (This target sees the package's
/// `package` symbols too, so it checks behaviour, not what is public: the public API is held by
/// `api/` and `scripts/api.py --check`.)
@Suite struct TerminalInputMappingTests {
  /// a and b on one row, c below a: Tab, arrows and taps have somewhere to go.
  static let board = layout([
    anchor("a", x: 8, y: 2, headline: "Alpha", supporting: "First"),
    anchor("b", x: 24, y: 2, headline: "Bravo", supporting: "Second"),
    anchor("c", x: 8, y: 12, headline: "Charlie", supporting: "Third"),
  ])

  /// Each terminal input does what its mapped state input does, in the same state.
  @Test(arguments: [
    (TerminalInput.key(.tab), [TooltipInput.selectNext]),
    (.key(.backTab), [.selectPrevious]),
    (.key(.down), [.move(.bottom)]),
    (.key(.character("k")), [.move(.top)]),
    (.key(.right), [.move(.right)]),
    (.key(.enter), [.activate]),
    (.key(.character(" ")), [.activate]),
    (.key(.character("i")), [.toggleHint]),
    (.key(.escape), [.escape]),
    // An Alt key is the Esc a multiplexer merged with the key after it.
    (.key(TerminalKey.tab.with(.alt)), [.escape, .selectNext]),
  ])
  func aTerminalKeyDoesWhatItsStateInputDoes(_ input: TerminalInput, _ mapped: [TooltipInput]) {
    let l = Self.board
    var direct = TooltipState(layout: l)
    var sent = TooltipState(layout: l)
    _ = direct.send(.open("a"), layout: l)
    _ = sent.send(.open("a"), layout: l)
    var expected: [TooltipEvent] = []
    for input in mapped { expected += direct.send(input, layout: l) }
    #expect(sent.send(input, layout: l) == expected)
    #expect(sent == direct)
  }

  @Test func arrowsMoveTheSelectionThePlacementWay() {
    let l = Self.board
    var state = TooltipState(layout: l)
    #expect(state.selectedID == "a")
    _ = state.send(.move(.bottom), layout: l)
    #expect(state.selectedID == "c")
    _ = state.send(.key(.up), layout: l)
    #expect(state.selectedID == "a")
    _ = state.send(.key(.right), layout: l)
    #expect(state.selectedID == "b")
    _ = state.send(.move(.left), layout: l)
    #expect(state.selectedID == "a")
  }

  @Test func thePrimaryButtonTapsAndTheRestIsTheProgramsOwn() {
    let l = Self.board
    var state = TooltipState(layout: l)
    let before = state
    for input in [
      TerminalInput.paste("i"), .resize(Size(width: 10, height: 5)), .key(.character("q")), .key(.function(1)),
      .key(TerminalKey.character("c").with(.control)),
    ] {
      #expect(state.send(input, layout: l) == [])
    }
    #expect(state == before)
    var letters = TooltipState(layout: l)
    #expect(letters.send(.key(.character("i")), layout: l, letters: false) == [])
    #expect(letters.send(.key(.character("i")), layout: l) == [.opened("a")])
  }

  @Test func keysReadWithoutTheirCode() {
    let ctrlC = TerminalKey.character("c").with(.control)
    #expect(ctrlC.code == .character("c"))
    #expect(ctrlC.modifiers == .control)
    #expect(ctrlC != .character("c"))
    #expect(ctrlC.unmodified == .character("c"))
    #expect(TerminalKey.up.with([.shift, .alt]).unmodified == .up)
    #expect(TerminalKey.function(5).with(.shift).code == .function(5))
    #expect(TerminalKey(.character("s"), modifiers: .control) == .character("s").with(.control))
    #expect(TerminalKey.backTab == TerminalKey.tab.with(.shift))
    // Static members still read as patterns, through ==.
    let matched: Bool
    switch TerminalInput.key(.character("q")) {
    case .key(.character("q")): matched = true
    default: matched = false
    }
    #expect(matched)
  }

  @Test func stylesSayTheirAttributesAsBools() {
    let style = Style(bold: true, underline: true)
    #expect(style.bold && style.underline && !style.dim && !style.reverse)
    var changed = style
    changed.bold = false
    changed.reverse = true
    #expect(!changed.bold && changed.reverse && changed.underline)
    #expect(changed != style)
    changed.reverse = false
    changed.bold = true
    #expect(changed == style)
    #expect(Style() == .plain)
    #expect(!Style.plain.bold && !Style.plain.dim && !Style.plain.reverse && !Style.plain.underline)
  }

  @Test func coloursFromChannelsOrHexAreTheSame() {
    let hex = TerminalColor(hex: 0x0E_121B, basic: 0)
    let channels = TerminalColor(red: 0x0E, green: 0x12, blue: 0x1B, basic: 0)
    #expect(hex == channels)
    #expect((hex.red, hex.green, hex.blue, hex.basic) == (0x0E, 0x12, 0x1B, 0))
    #expect(hex != TerminalColor(hex: 0x0E_121B, basic: 8))
  }

  /// The grid's own draw is the renderer's: over a program's cells, with the cursor placed.
  @Test func aGridDrawsTheTooltipsOverTheProgramsCells() {
    let l = Self.board
    var state = TooltipState(layout: l)
    _ = state.send(.key(.enter), layout: l)
    var grid = CellGrid(size: l.screen)
    grid.write("Files", at: Point(x: 0, y: 0), style: Style(bold: true))
    grid.draw(l, state: state)
    #expect(grid.lines[0].hasPrefix("Files"))
    #expect(grid.style(at: Point(x: 0, y: 0))?.bold == true)
    #expect(grid.lines.contains { $0.contains("Alpha") })
    #expect(grid.cursor == l.anchor(id: "a")?.box.origin)
    #expect(grid.style(at: Point(x: -1, y: 0)) == nil)
    #expect(render(scene: l.scene, state: state, size: l.screen).lines == CellGrid(size: l.screen).drawn(l, state))
  }

  @Test func asciiGlyphsSwitchTheGlyphSet() {
    var options = RenderOptions(asciiGlyphs: true)
    #expect(options.glyphs == .ascii)
    options.asciiGlyphs = false
    #expect(options.glyphs == .unicode)
    #expect(RenderOptions() == RenderOptions(theme: .light, fidelity: .hug))
  }
}

extension CellGrid {
  /// The lines of this grid with `layout` drawn over it.
  fileprivate func drawn(_ layout: SceneLayout, _ state: TooltipState) -> [String] {
    var grid = self
    grid.draw(layout, state: state)
    return grid.lines
  }
}

/// Every mouse event is one action a program switches over, a button in it where there is one.
@Suite struct TerminalMouseReadingTests {
  struct Case: Sendable, CustomTestStringConvertible {
    var mouse: TerminalMouse
    var button: TerminalMouse.Button?
    var kind: String
    var testDescription: String { "\(mouse.action)" }
  }

  static let cases: [Case] = [
    Case(mouse: TerminalMouse(.press(.primary), at: Point(x: 1, y: 2)), button: .primary, kind: "press"),
    Case(mouse: TerminalMouse(.release(.secondary), at: Point(x: 1, y: 2)), button: .secondary, kind: "release"),
    Case(mouse: TerminalMouse(.click(.middle), at: Point(x: 1, y: 2)), button: .middle, kind: "click"),
    Case(mouse: TerminalMouse(.drag(.primary), at: Point(x: 1, y: 2)), button: .primary, kind: "drag"),
    Case(mouse: TerminalMouse(.move, at: Point(x: 1, y: 2)), button: nil, kind: "move"),
    Case(mouse: TerminalMouse(.wheelUp, at: Point(x: 1, y: 2)), button: nil, kind: "wheel up"),
    Case(mouse: TerminalMouse(.wheelDown, at: Point(x: 1, y: 2)), button: nil, kind: "wheel down"),
    Case(mouse: TerminalMouse(.wheelLeft, at: Point(x: 1, y: 2)), button: nil, kind: "wheel left"),
    Case(mouse: TerminalMouse(.wheelRight, at: Point(x: 1, y: 2)), button: nil, kind: "wheel right"),
    Case(mouse: TerminalMouse(.press(.extra(9)), at: Point(x: 1, y: 2)), button: .extra(9), kind: "press"),
  ]

  /// What a program's own switch over the action reads.
  static func read(_ action: TerminalMouse.Action) -> (TerminalMouse.Button?, String) {
    switch action {
    case .press(let button): (button, "press")
    case .release(let button): (button, "release")
    case .click(let button): (button, "click")
    case .drag(let button): (button, "drag")
    case .move: (nil, "move")
    case .wheelUp: (nil, "wheel up")
    case .wheelDown: (nil, "wheel down")
    case .wheelLeft: (nil, "wheel left")
    case .wheelRight: (nil, "wheel right")
    }
  }

  @Test(arguments: cases)
  func buttonAndKind(_ c: Case) {
    let (button, kind) = Self.read(c.mouse.action)
    #expect(button == c.button)
    #expect(kind == c.kind)
  }

  /// The primary button's press and release through the state make a tap; the wheel makes none.
  @Test func aPrimaryPressAndReleaseTapThroughTheState() {
    let l = TerminalInputMappingTests.board
    var state = TooltipState(layout: l)
    let cell = l.anchor(id: "b")!.centre
    let wheel = TerminalMouse(.wheelUp, at: cell, time: .milliseconds(5))
    #expect(state.send(.mouse(wheel), layout: l) == [])
    let press = TerminalMouse(.press(.primary), at: cell, time: .milliseconds(10))
    let release = TerminalMouse(.release(.primary), at: cell, time: .milliseconds(60))
    #expect(state.send(.mouse(press), layout: l) == [])
    #expect(state.send(.mouse(release), layout: l) == [.opened("b")])
    let other = TerminalMouse(.click(.secondary), at: l.anchor(id: "a")!.centre)
    #expect(state.send(.mouse(other), layout: l) == [])
    #expect(state.openID == "b")
  }
}
