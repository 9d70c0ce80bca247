/// Maps the core's exact colours down the colour ladder to the colour numbers a terminal takes,
/// with no terminal involved.
///
/// Pure so the mapping (the xterm palette search, the 8-colour dim fallback, text kept readable
/// as 8- and 16-colour terminals really draw it) is unit-tested; the terminal layer feeds its
/// results to ncurses.
package struct ColorLadder: Hashable, Sendable {
  /// The rung this ladder maps to.
  package let level: ColorLevel

  /// A ladder for terminals at `level`.
  package init(level: ColorLevel) {
    self.level = level
  }

  /// The rung a terminal offers: none under `NO_COLOR` or without colours, direct with a
  /// direct-colour terminfo, else by its number of colours.
  ///
  /// - Parameters:
  ///   - noColor: the value of the `NO_COLOR` environment variable, if set (empty counts as unset).
  ///   - hasColors: what `has_colors()` says.
  ///   - colors: `COLORS` after `start_color()`.
  ///   - directFlag: the terminfo `RGB` flag (the colour number is the 24-bit value).
  package static func level(noColor: String?, hasColors: Bool, colors: Int, directFlag: Bool) -> ColorLevel {
    if let noColor, !noColor.isEmpty { return .none }
    guard hasColors else { return .none }
    if directFlag || colors >= 1 << 24 { return .direct }
    if colors >= 256 { return .palette256 }
    if colors >= 16 { return .basic16 }
    if colors >= 8 { return .basic8 }
    return .none
  }

  /// A colour as this ladder draws it: the terminal's colour number, and whether the text must
  /// be dimmed to stand for a bright colour the terminal lacks.
  package struct Mapped: Hashable, Sendable {
    /// The colour number for `init_extended_pair`.
    package var number: Int32
    /// Whether the cell takes the dim attribute (bright foregrounds on 8-colour terminals).
    package var dim: Bool

    /// Makes a mapped colour.
    package init(number: Int32, dim: Bool = false) {
      self.number = number
      self.dim = dim
    }
  }

  /// The colour number for `color` as a foreground (`isForeground`) or background, or nil at
  /// the `none` rung.
  package func map(_ color: TerminalColor, isForeground: Bool) -> Mapped? {
    switch level {
    case .none:
      return nil
    case .direct:
      return Mapped(number: Self.directNumber(color.rgb))
    case .palette256:
      return Mapped(number: Int32(Self.nearest256(color.rgb)))
    case .basic16:
      return Mapped(number: Int32(color.basic & 0x0F))
    case .basic8:
      let basic = color.basic & 0x0F
      guard basic >= 8 else { return Mapped(number: Int32(basic)) }
      // A bright colour the terminal lacks: its plain twin, dimmed when it is text.
      return Mapped(number: Int32(basic - 8), dim: isForeground)
    }
  }

  /// How `style` is drawn at this rung: the colour numbers of its pair (nil: the terminal's
  /// default colour) and its attributes, text kept readable on its fill.
  ///
  /// At 8 and 16 colours, text on a fill (both colours set, no reverse video) is checked as
  /// xterm draws it: bold makes colours 0 to 7 their bright twins (bold black is grey) and dim
  /// takes two thirds of each channel. When the design's choice reads under
  /// ``ThemeTokens/minimumTextContrast`` there, the first that reads well of: the same without
  /// bold, the plain twin of a bright colour, then black or white, is taken instead.
  package func map(_ style: Style) -> (foreground: Int32?, background: Int32?, attributes: Attributes) {
    let foreground = style.foreground.flatMap { map($0, isForeground: true) }
    let background = style.background.flatMap { map($0, isForeground: false) }
    var attributes = style.attributes
    if foreground?.dim == true { attributes.insert(.dim) }
    guard level == .basic8 || level == .basic16, let foreground, let background,
      !style.attributes.contains(.reverse)
    else {
      return (foreground?.number, background?.number, attributes)
    }
    let text = Self.readableText(
      foreground: UInt8(foreground.number), background: UInt8(background.number), attributes: attributes,
      colors: level == .basic8 ? 8 : 16)
    return (Int32(text.color), background.number, text.attributes)
  }

  /// The colour a terminal's colour number shows, as near as is known: direct colours exactly,
  /// palette entries 16 to 255 as xterm defines them, the 16 ANSI colours as xterm's defaults
  /// (terminals redefine those: the value only decides which of two colours shows better). Nil
  /// for the terminal's default (-1) and for numbers past the palette.
  package static func color(number: Int, level: ColorLevel) -> TerminalColor? {
    guard number >= 0 else { return nil }
    if level == .direct, number >= 8 {
      let rgb = RGB(red: UInt8(number >> 16 & 0xFF), green: UInt8(number >> 8 & 0xFF), blue: UInt8(number & 0xFF))
      return TerminalColor(rgb: rgb, basic: 0)
    }
    if number < 16 { return TerminalColor(rgb: basicPalette[number], basic: UInt8(number)) }
    guard number < 256 else { return nil }
    return TerminalColor(rgb: paletteColor(number), basic: 0)
  }

  /// The xterm default palette's colours 0 to 15, what an 8- or 16-colour terminal shows.
  static let basicPalette: [RGB] = [
    0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
    0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
  ].map(RGB.init(hex:))

  /// The colour xterm shows for text in basic colour `color` with `attributes`: bold turns 0 to
  /// 7 into 8 to 15, dim keeps two thirds of each channel.
  static func shownText(_ color: UInt8, _ attributes: Attributes) -> RGB {
    let index = attributes.contains(.bold) && color < 8 ? color + 8 : color
    let rgb = basicPalette[Int(index & 0x0F)]
    guard attributes.contains(.dim) else { return rgb }
    return RGB(
      red: UInt8(Int(rgb.red) * 2 / 3), green: UInt8(Int(rgb.green) * 2 / 3), blue: UInt8(Int(rgb.blue) * 2 / 3))
  }

  /// The text colour and attributes that read on `background`: the design's `foreground` with
  /// `attributes` when it does, else the first alternative that does (the best one when none).
  static func readableText(
    foreground: UInt8, background: UInt8, attributes: Attributes, colors: UInt8
  ) -> (color: UInt8, attributes: Attributes) {
    let fill = basicPalette[Int(background & 0x0F)]
    var candidates = [(foreground, attributes), (foreground, attributes.subtracting(.bold))]
    let plain = foreground & 0x07
    if foreground != plain || attributes.contains(.dim) {
      candidates += [(plain, attributes.subtracting(.dim)), (plain, attributes.subtracting([.dim, .bold]))]
    }
    let plainAttributes = attributes.subtracting([.dim, .bold])
    candidates += [(0, plainAttributes), (colors > 8 ? 15 : 7, plainAttributes)]
    func contrast(_ candidate: (UInt8, Attributes)) -> Double {
      shownText(candidate.0, candidate.1).contrast(with: fill)
    }
    let chosen =
      candidates.first { contrast($0) >= ThemeTokens.minimumTextContrast }
      ?? candidates.max { contrast($0) < contrast($1) }!
    return (chosen.0, chosen.1)
  }

  /// The direct-colour number of `rgb`: 0xRRGGBB. Direct-colour terminfo entries read numbers
  /// below 8 as the ANSI colours, so those near-blacks are nudged to #000008.
  package static func directNumber(_ rgb: RGB) -> Int32 {
    let value = Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
    return value < 8 ? 8 : value
  }

  /// The RGB value of xterm palette entry `index` (16 to 255): the 6 x 6 x 6 cube, then the
  /// 24 greys.
  package static func paletteColor(_ index: Int) -> RGB {
    precondition((16...255).contains(index), "palette index \(index) is outside 16...255")
    if index >= 232 {
      let level = UInt8(8 + 10 * (index - 232))
      return RGB(red: level, green: level, blue: level)
    }
    let levels: [UInt8] = [0, 95, 135, 175, 215, 255]
    let i = index - 16
    return RGB(red: levels[i / 36], green: levels[(i / 6) % 6], blue: levels[i % 6])
  }

  /// The xterm palette entries 16 to 255 as RGB, computed once.
  private static let palette: [RGB] = (16...255).map(paletteColor)

  /// The index (16 to 255) of the xterm palette entry nearest to `rgb` by Euclidean distance in
  /// RGB; ties go to the lower index. Entries 0 to 15 are left out: terminals redefine them.
  package static func nearest256(_ rgb: RGB) -> Int {
    var best = 16
    var bestDistance = Int.max
    for (offset, entry) in palette.enumerated() {
      let dr = Int(entry.red) - Int(rgb.red)
      let dg = Int(entry.green) - Int(rgb.green)
      let db = Int(entry.blue) - Int(rgb.blue)
      let distance = dr * dr + dg * dg + db * db
      if distance < bestDistance {
        bestDistance = distance
        best = 16 + offset
      }
    }
    return best
  }
}
