/// The set of glyphs the component draws for itself: pointers, the default icon and the ellipsis.
///
/// Copy (headline, supporting line, label, custom glyph) is never changed by this.
package enum GlyphSet: Hashable, Sendable {
  /// ▲ ▼ ◀ ▶ and ⅈ (U+2148, an information "i" that DejaVu Sans Mono draws), for UTF-8
  /// terminals.
  case unicode
  /// ^ v < > and i, for anything else.
  case ascii

  /// Whether two sets are the same; inlinable, so that `glyphs == .unicode` in another module
  /// compares two bytes instead of calling `Equatable.==` through a witness table the runtime
  /// instantiates on first use (its cache drags this module's zero-initialized data into the start).
  @inlinable package static func == (a: GlyphSet, b: GlyphSet) -> Bool {
    switch (a, b) {
    case (.unicode, .unicode), (.ascii, .ascii): true
    case (.unicode, .ascii), (.ascii, .unicode): false
    }
  }

  /// The pointer glyph for a bubble at `placement`: it points at the anchor.
  package func pointer(for placement: Placement) -> String {
    switch (self, placement) {
    case (.unicode, .top): "▼"
    case (.unicode, .bottom): "▲"
    case (.unicode, .left): "▶"
    case (.unicode, .right): "◀"
    case (.ascii, .top): "v"
    case (.ascii, .bottom): "^"
    case (.ascii, .left): ">"
    case (.ascii, .right): "<"
    }
  }

  /// The icon drawn for an anchor with no glyph of its own.
  package var defaultGlyph: String { self == .unicode ? "ⅈ" : "i" }

  /// The mark that ends text cut to fit (a line of a program's own, say): … or `.`.
  ///
  /// Kept with the other glyphs so that one place lists everything the set draws itself.
  package var ellipsis: String { self == .unicode ? "…" : "." }
}
