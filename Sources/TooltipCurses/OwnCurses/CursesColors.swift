import CCursesSupport
import CNcurses
import TooltipKit

/// What a cell is drawn with in ncurses: attributes and an (extended) colour pair number.
///
/// The pair travels beside the attributes, never inside them, so pairs above 255 work.
package struct CursesStyle: Hashable, Sendable {
  /// The ncurses attributes (`A_BOLD`, `A_REVERSE`, ...), without colour bits.
  package var attrs: attr_t
  /// The colour pair, 0 for the screen's default colours.
  package var pair: Int32

  /// Makes a style of `attrs` in `pair`.
  package init(attrs: attr_t, pair: Int32) {
    self.attrs = attrs
    self.pair = pair
  }
}

/// Turns the core's styles into ncurses attributes and colour pairs.
///
/// ``CursesColors`` is the one the library offers; a program with a colour scheme of its own
/// can hand the presenter or the overlay a resolver of its own instead.
package protocol StyleResolver: AnyObject {
  /// The ncurses attributes and pair that draw `style`.
  func resolve(_ style: Style) -> CursesStyle
}

/// The colour side of a curses screen: picks the rung of the colour ladder and turns a core
/// `Style` into ncurses attributes and a colour pair from the pairs it may use.
///
/// Pairs are made on first use and cached; none is made (and no colour function is called)
/// when the terminal has no colour or `NO_COLOR` is set. A program that owns the screen gives
/// the range of pairs the component may take (``init(pairs:noColor:)``): its own pairs are never
/// touched and colours are never started for it. When the range runs out, a style that has a
/// background is drawn in reverse video instead, so a bubble still stands out.
package final class CursesColors: StyleResolver {
  /// The rung in use.
  package let level: ColorLevel
  /// The pair numbers this resolver may define.
  package let pairRange: Range<Int32>
  private let ladder: ColorLadder
  private let defaultForeground: Int32
  private let defaultBackground: Int32
  /// The pair made for each pair of colours.
  private var pairs: [PairKey: Int32] = [:]
  private var nextPair: Int32
  /// Each style resolved.
  private var cache: [Style: CursesStyle] = [:]

  private struct PairKey: Hashable {
    var foreground: Int32
    var background: Int32
  }

  /// Starts colours on a screen the library owns (after `newterm`), with the terminal's own
  /// default colours kept (`use_default_colors`), unless `noColor` (the value of `NO_COLOR`) is
  /// non-empty or the terminal has none. Every pair from 1 up may be used.
  /// Colours do not start (monochrome) on an entry naming more than 2^24 colours or 2^16
  /// pairs (``saneCounts(colors:pairs:)``).
  package convenience init(noColor: String?) {
    let wanted = noColor?.isEmpty ?? true
    if wanted, has_colors(), Self.saneCounts(colors: tigetnum("colors"), pairs: tigetnum("pairs")) {
      start_color()
      _ = use_default_colors()
    }
    self.init(pairs: 1..<Int32.max, noColor: noColor)
  }

  /// Whether a terminfo entry's `colors` and `pairs` are numbers `start_color` can take: at most
  /// 2^24 colours (direct colour) and 2^16 pairs, what every entry ncurses ships stays within.
  /// A crafted entry with `pairs#2147483647` has `start_color` allocate what it cannot (ncurses
  /// then exits with "Out of memory", from inside the call), and `colors#2147483647` has it
  /// loop for good.
  static func saneCounts(colors: Int32, pairs: Int32) -> Bool {
    colors <= 0x100_0000 && pairs <= 0x1_0000
  }

  /// Colours on a screen the program owns: uses only the pairs in `pairs` (clipped to the
  /// terminal's `COLOR_PAIRS`), and never calls `start_color` or `use_default_colors`.
  ///
  /// Without colours started by the program (or under `NO_COLOR`) the level is `none` and
  /// bubbles are drawn in monochrome. Colours the core leaves unset take those of pair 0, the
  /// program's defaults (the terminal's own after `use_default_colors`).
  package init(pairs: Range<Int32>, noColor: String?) {
    var level = ColorLevel.none
    if noColor?.isEmpty ?? true, has_colors(), cs_colors() > 0 {
      level = ColorLadder.level(
        noColor: noColor, hasColors: true, colors: Int(cs_colors()), directFlag: cs_has_direct_color() != 0)
    }
    var foreground: Int32 = -1
    var background: Int32 = -1
    if level != .none {
      _ = extended_pair_content(0, &foreground, &background)
    }
    self.level = level
    let upper = max(1, min(pairs.upperBound, level == .none ? 1 : cs_color_pairs()))
    let lower = max(1, pairs.lowerBound)
    pairRange = lower..<max(lower, upper)
    nextPair = pairRange.lowerBound
    ladder = ColorLadder(level: level)
    defaultForeground = foreground
    defaultBackground = background
  }

  /// The ncurses attributes and colour pair that draw `style` at this rung.
  package func resolve(_ style: Style) -> CursesStyle {
    if let hit = cache[style] { return hit }
    // The ladder's attributes: at 8 and 16 colours it may drop bold or add dim to keep text
    // readable as the terminal draws it.
    let mapped = ladder.map(style)
    var attrs = TK_A_NORMAL
    if mapped.attributes.contains(.bold) { attrs |= TK_A_BOLD }
    if mapped.attributes.contains(.dim) { attrs |= TK_A_DIM }
    if mapped.attributes.contains(.reverse) { attrs |= TK_A_REVERSE }
    if mapped.attributes.contains(.underline) { attrs |= TK_A_UNDERLINE }
    var pair: Int32 = 0
    if level != .none, style.foreground != nil || style.background != nil {
      if let made = self.pair(
        PairKey(
          foreground: mapped.foreground ?? defaultForeground,
          background: mapped.background ?? defaultBackground))
      {
        pair = made
      } else if style.background != nil {
        // Out of pairs: a filled cell still stands apart from the screen.
        attrs |= TK_A_REVERSE
      }
    }
    let resolved = CursesStyle(attrs: attrs, pair: pair)
    cache[style] = resolved
    return resolved
  }

  /// `style` drawn on a cell that shows background colour `background` (a curses colour number,
  /// -1 for the terminal's default), as a pointer glyph over a program's cell is: the style's
  /// attributes and foreground on that background. Falls back to ``resolve(_:)`` without
  /// colours or pairs to spare.
  func resolve(_ style: Style, onBackground background: Int32) -> CursesStyle {
    let plain = resolve(Style(foreground: style.foreground, attributes: style.attributes))
    guard level != .none, let color = style.foreground, let mapped = ladder.map(color, isForeground: true),
      let made = pair(PairKey(foreground: mapped.number, background: background))
    else { return plain }
    return CursesStyle(attrs: plain.attrs, pair: made)
  }

  /// The pair for `key`, made on first use; nil once the range is used up.
  private func pair(_ key: PairKey) -> Int32? {
    if let known = pairs[key] { return known }
    guard nextPair < pairRange.upperBound, init_extended_pair(nextPair, key.foreground, key.background) == OK else {
      return nil
    }
    let made = nextPair
    pairs[key] = made
    nextPair += 1
    return made
  }

}
