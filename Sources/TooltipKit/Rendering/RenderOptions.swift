/// How a scene is drawn: light or dark, in colour or monochrome, with Unicode or ASCII glyphs,
/// and whether the selection is highlighted and holds the cursor.
///
/// A program gives one to ``SceneLayout`` to match its terminal (no colours, no UTF-8) and its
/// focus (a program with a focus of its own keeps the cursor); the layout carries it to every
/// frame, so drawing and hit testing always agree.
public struct RenderOptions: Hashable, Sendable {
  /// Light or dark tokens.
  public var theme: Theme
  /// The clean bubble or the design file's as drawn.
  public var fidelity: Fidelity
  /// Unicode or ASCII pointers and default icon.
  package var glyphs: GlyphSet
  /// Colours when true; monochrome (body reverse, headline bold, supporting dim) when false.
  public var colors: Bool
  /// Whether the selected anchor is drawn in reverse video.
  public var highlightsSelection: Bool
  /// Whether the frame puts the terminal cursor on the selected anchor; a program whose focus
  /// is elsewhere (a text field) keeps the cursor for itself.
  public var placesCursor: Bool
  /// The program's own bubble colours, or nil for the design's tokens for ``theme`` and
  /// ``fidelity``.
  package var tokens: ThemeTokens?
  /// The terminal's own background colour when the program knows it (the terminal's answer to
  /// the background query, ``TerminalInput/terminalBackground(_:)``, or `COLORFGBG`), or nil:
  /// the pointer over that background then switches to a colour that shows on it, where the
  /// fill's would not (`BubbleStyles.pointer(over:)`); on a mid grey, where neither theme's fill
  /// would stand out, the bubble is drawn in reverse video, the terminal's own colours swapped.
  ///
  /// It does not pick the theme: a program that follows the terminal sets ``theme`` to
  /// ``Theme/init(background:)`` of the same colour.
  public var terminalBackground: RGB?

  /// Whether the pointers, the default icon and the ellipsis are drawn in ASCII (`^ v < >`,
  /// `i`, `.`) rather than Unicode (`▲ ▼ ◀ ▶`, `ⅈ`, `…`): for a terminal whose locale is not
  /// UTF-8 or whose font lacks them. The copy is never changed.
  public var asciiGlyphs: Bool {
    get { glyphs == .ascii }
    set { glyphs = newValue ? .ascii : .unicode }
  }

  /// Makes options; the defaults are the design's: light, colour, Unicode, the selection
  /// highlighted with the cursor on it.
  public init(
    theme: Theme = .light,
    colors: Bool = true,
    asciiGlyphs: Bool = false,
    highlightsSelection: Bool = true,
    placesCursor: Bool = true
  ) {
    self.init(
      theme: theme, fidelity: .hug, glyphs: asciiGlyphs ? .ascii : .unicode, colors: colors,
      highlightsSelection: highlightsSelection, placesCursor: placesCursor)
  }

  /// Makes options with the design-review and colour settings a program does not name: the
  /// fidelity, the program's own tokens and the terminal's background.
  package init(
    theme: Theme = .light,
    fidelity: Fidelity,
    glyphs: GlyphSet = .unicode,
    colors: Bool = true,
    highlightsSelection: Bool = true,
    placesCursor: Bool = true,
    tokens: ThemeTokens? = nil,
    terminalBackground: RGB? = nil
  ) {
    self.theme = theme
    self.fidelity = fidelity
    self.glyphs = glyphs
    self.colors = colors
    self.highlightsSelection = highlightsSelection
    self.placesCursor = placesCursor
    self.tokens = tokens
    self.terminalBackground = terminalBackground
  }

  /// The colours bubbles are drawn with: the program's ``tokens``, or the design's.
  package var resolvedTokens: ThemeTokens { tokens ?? ThemeTokens(theme: theme, fidelity: fidelity) }

  /// The bubble's styles for these options: fill, pointer, headline, supporting.
  package var bubbleStyles: BubbleStyles { BubbleStyles(self) }
}

/// The four styles a bubble is drawn with, resolved from theme, fidelity and colour mode.
///
/// Monochrome (and in colour on a mid-grey terminal background, where neither theme's fill
/// stands out): body reverse video, headline bold, supporting dim, pointer plain.
package struct BubbleStyles: Hashable, Sendable {
  /// Body padding cells.
  package var fill: Style
  /// The pointer glyph, as the design gives it: the fill's colour on no background of its own.
  /// Drawn, it keeps the background of the cell under it (``pointer(over:)``).
  package var pointer: Style
  /// Headline rows.
  package var headline: Style
  /// Supporting rows.
  package var supporting: Style
  /// The terminal's own background colour when known (``RenderOptions/terminalBackground``).
  public var terminalBackground: RGB?

  /// The least contrast the pointer keeps with the background it is drawn on: WCAG 2.1's 3:1
  /// for graphical objects (SC 1.4.11).
  package static let minimumPointerContrast = 3.0

  /// Styles of the program's own for each part of a bubble.
  package init(fill: Style, pointer: Style, headline: Style, supporting: Style, terminalBackground: RGB? = nil) {
    self.fill = fill
    self.pointer = pointer
    self.headline = headline
    self.supporting = supporting
    self.terminalBackground = terminalBackground
  }

  /// The pointer's style over a cell drawn in `under`: the cell keeps its background, so a
  /// program's coloured row gets no hole of the terminal's default colour, and the glyph takes
  /// a colour that shows on it.
  ///
  /// The glyph is ``pointer``'s colour (the fill's, BEHAVIOUR 2) unless the background is known (a
  /// cell colour, or ``terminalBackground`` for the terminal's own) and that colour contrasts
  /// with it less than ``minimumPointerContrast``: then the one of the pointer's and the
  /// headline's colours that contrasts more (the headline's is the fill's opposite). Over a cell
  /// in reverse video the pointer stays in reverse video, so the background the cell shows is
  /// kept; in monochrome (no colour) the glyph takes the terminal's own colours that way.
  /// Attributes other than reverse (a dim anchor, a bold title) are not taken from the cell.
  package func pointer(over under: Style) -> Style {
    let reversed = under.attributes.contains(.reverse)
    // The colour the cell shows behind its text: its foreground when reversed.
    let behind = reversed ? under.foreground : under.background
    let known = behind?.rgb ?? (reversed ? nil : terminalBackground)
    var ink = pointer.foreground
    if let colour = ink, let known, colour.rgb.contrast(with: known) < Self.minimumPointerContrast {
      let candidates = [colour, headline.foreground].compactMap { $0 }
      ink = candidates.max { $0.rgb.contrast(with: known) < $1.rgb.contrast(with: known) }
    }
    if reversed {
      return Style(foreground: behind, background: ink, attributes: pointer.attributes.union(.reverse))
    }
    return Style(foreground: ink, background: behind, attributes: pointer.attributes)
  }

  /// Resolves the styles for `options`.
  package init(_ options: RenderOptions) {
    terminalBackground = options.terminalBackground
    // On a mid grey neither design fill stands out (issue 43): the terminal's own colours,
    // reversed, as without colour.
    let midGrey = options.tokens == nil && options.terminalBackground.map(Theme.neitherStandsOut(on:)) == true
    if options.colors && !midGrey {
      let tokens = options.resolvedTokens
      fill = Style(background: tokens.fill)
      pointer = Style(foreground: tokens.pointer)
      headline = Style(foreground: tokens.headline, background: tokens.fill, attributes: .bold)
      supporting = Style(foreground: tokens.supporting, background: tokens.fill)
    } else {
      fill = Style(attributes: .reverse)
      pointer = .plain
      headline = Style(attributes: [.reverse, .bold])
      supporting = Style(attributes: [.reverse, .dim])
    }
  }
}
