/// How a scene is laid out and drawn: theme, fidelity, glyph set, colour or monochrome.
///
/// One value travels from the command line to the layout and the renderer, so the frame and
/// its hit testing always agree.
public struct RenderOptions: Hashable, Sendable {
  /// Light or dark tokens.
  public var theme: Theme
  /// The clean bubble or the design file's as drawn.
  public var fidelity: Fidelity
  /// Unicode or ASCII pointers and default icon.
  public var glyphs: GlyphSet
  /// Colours when true; monochrome (body reverse, headline bold, supporting dim) when false.
  public var colors: Bool
  /// Whether the selected anchor is drawn in reverse video.
  public var highlightsSelection: Bool
  /// Whether the frame puts the terminal cursor on the selected anchor; a program whose focus
  /// is elsewhere (a text field) keeps the cursor for itself.
  public var placesCursor: Bool
  /// The program's own bubble colours, or nil for the design's tokens for ``theme`` and
  /// ``fidelity``.
  public var tokens: ThemeTokens?

  /// Makes options; the defaults are the design's: light, hug, Unicode, colour, the
  /// selection highlighted with the cursor on it.
  public init(
    theme: Theme = .light,
    fidelity: Fidelity = .hug,
    glyphs: GlyphSet = .unicode,
    colors: Bool = true,
    highlightsSelection: Bool = true,
    placesCursor: Bool = true,
    tokens: ThemeTokens? = nil
  ) {
    self.theme = theme
    self.fidelity = fidelity
    self.glyphs = glyphs
    self.colors = colors
    self.highlightsSelection = highlightsSelection
    self.placesCursor = placesCursor
    self.tokens = tokens
  }

  /// The colours bubbles are drawn with: the program's ``tokens``, or the design's.
  public var resolvedTokens: ThemeTokens { tokens ?? ThemeTokens(theme: theme, fidelity: fidelity) }

  /// The bubble's styles for these options: fill, pointer, headline, supporting.
  public var bubbleStyles: BubbleStyles { BubbleStyles(self) }
}

/// The four styles a bubble is drawn with, resolved from theme, fidelity and colour mode.
///
/// Monochrome: body reverse video, headline bold, supporting dim, pointer plain.
public struct BubbleStyles: Hashable, Sendable {
  /// Body padding cells.
  public var fill: Style
  /// The pointer cell.
  public var pointer: Style
  /// Headline rows.
  public var headline: Style
  /// Supporting rows.
  public var supporting: Style

  /// Styles of the program's own for each part of a bubble.
  public init(fill: Style, pointer: Style, headline: Style, supporting: Style) {
    self.fill = fill
    self.pointer = pointer
    self.headline = headline
    self.supporting = supporting
  }

  /// Resolves the styles for `options`.
  public init(_ options: RenderOptions) {
    if options.colors {
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
