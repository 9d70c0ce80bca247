import CNcurses
import TooltipKit

/// The colour side of a curses screen: picks the rung of the colour ladder, starts colours only
/// when the terminal has them, and turns a core `Style` into ncurses attributes and a colour pair.
///
/// Pairs are made on first use and cached; none is made (and no colour function is called)
/// when the terminal has no colour or `NO_COLOR` is set.
public final class CursesColors {
  /// The rung in use.
  public let level: ColorLevel
  private let ladder: ColorLadder
  private let defaultForeground: Int32
  private let defaultBackground: Int32
  private var pairs: [PairKey: Int32] = [:]
  private var nextPair: Int32 = 1
  private var cache: [Style: (attrs: attr_t, pair: Int32)] = [:]

  private struct PairKey: Hashable {
    var foreground: Int32
    var background: Int32
  }

  /// Starts colours on the current curses screen (after `newterm`) unless `noColor` (the value
  /// of `NO_COLOR`) is non-empty or the terminal has none.
  public init(noColor: String?) {
    var level = ColorLevel.none
    var foreground: Int32 = -1
    var background: Int32 = -1
    if noColor?.isEmpty ?? true, has_colors() {
      start_color()
      // Nil colours keep the terminal's own: pair colour -1 where the terminal allows it.
      if use_default_colors() != OK {
        foreground = 7
        background = 0
      }
      level = ColorLadder.level(
        noColor: noColor, hasColors: true, colors: Int(tk_colors()), directFlag: tk_has_direct_color() != 0)
    }
    self.level = level
    ladder = ColorLadder(level: level)
    defaultForeground = foreground
    defaultBackground = background
  }

  /// The ncurses attributes and colour pair that draw `style` at this rung.
  public func resolve(_ style: Style) -> (attrs: attr_t, pair: Int32) {
    if let hit = cache[style] { return hit }
    var attrs = TK_A_NORMAL
    if style.attributes.contains(.bold) { attrs |= TK_A_BOLD }
    if style.attributes.contains(.dim) { attrs |= TK_A_DIM }
    if style.attributes.contains(.reverse) { attrs |= TK_A_REVERSE }
    if style.attributes.contains(.underline) { attrs |= TK_A_UNDERLINE }
    var pair: Int32 = 0
    if level != .none, style.foreground != nil || style.background != nil {
      let foreground = style.foreground.flatMap { ladder.map($0, isForeground: true) }
      let background = style.background.flatMap { ladder.map($0, isForeground: false) }
      if foreground?.dim == true { attrs |= TK_A_DIM }
      pair = self.pair(
        PairKey(
          foreground: foreground?.number ?? defaultForeground,
          background: background?.number ?? defaultBackground))
    }
    cache[style] = (attrs, pair)
    return (attrs, pair)
  }

  /// The pair for `key`, made on first use; pair 0 (the default colours) once they run out.
  private func pair(_ key: PairKey) -> Int32 {
    if let known = pairs[key] { return known }
    guard nextPair < tk_color_pairs(), init_extended_pair(nextPair, key.foreground, key.background) == OK else {
      return 0
    }
    pairs[key] = nextPair
    nextPair += 1
    return pairs[key]!
  }
}
