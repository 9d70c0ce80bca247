/// A side or a direction on the screen: the side of its anchor a bubble sits on, the way the
/// selection moves (``TooltipInput/move(_:)``), and the screen edge a bubble crosses.
///
/// One type for all three, so a program names each side one way: `.top` is above the anchor,
/// towards row 0, and the screen's first row. A placement is a promise: the bubble never flips
/// to another side at a screen edge.
public enum Placement: String, CaseIterable, Hashable, Sendable {
  /// Above the anchor (pointer ▼); towards row 0.
  case top
  /// Below the anchor (pointer ▲); towards the last row.
  case bottom
  /// Left of the anchor (pointer ▶); towards column 0.
  case left
  /// Right of the anchor (pointer ◀); towards the last column.
  case right
}

extension Direction {
  /// The way `side` points: `.top` is up.
  package init(_ side: Placement) {
    switch side {
    case .top: self = .up
    case .bottom: self = .down
    case .left: self = .left
    case .right: self = .right
    }
  }
}

/// The size axis of an anchor: `sm` is a 1-cell icon, `md` a 3-cell one.
///
/// A program names it for an icon anchor's box and tap target (it never changes the bubble); a
/// widget of its own gives ``Anchor/boxSize`` instead.
public enum AnchorSize: String, CaseIterable, Hashable, Sendable {
  /// Small: a 1 x 1 icon box with one column of tap padding each side.
  case sm
  /// Medium: a 3 x 1 icon box that is its own tap target.
  case md
}

/// What gesture opens an anchor's tooltip.
///
/// A program names it per anchor: the design system opens on a tap; the SwiftUI recipe opens on a
/// long press and keeps the control's own tap for its action.
public enum Trigger: Hashable, Sendable {
  /// A tap opens the tooltip (and runs a labelled control's action as well).
  case tap
  /// A press held for `hold` opens the tooltip while still held; a shorter tap runs the
  /// control's action instead.
  case longPress(hold: Duration)
  /// A menu item or toolbar button: a tap runs its action and closes whatever tooltip is open,
  /// and never opens or pins one (a menu's second click is the item's, not the tooltip's). Its
  /// tooltip opens by hover, by focus, by a press held ``defaultHold``, or with `i`. A disabled
  /// one, having no action, opens on a tap as ``tap`` does (its tooltip says why it is off).
  case menu

  /// The recipe's hold time, half a second.
  public static let defaultHold: Duration = .milliseconds(500)

  /// A long-press trigger with the default half-second hold.
  public static var longPress: Trigger { .longPress(hold: defaultHold) }
}

/// Which bubble style rules are applied: the clean one, or the design file's as drawn.
///
/// The file has two defects (wider bodies on three sides, a low-contrast supporting line);
/// `file` reproduces them so they can be seen, `hug` fixes them.
public enum Fidelity: String, CaseIterable, Hashable, Sendable {
  /// Every body hugs its text; the supporting line uses a muted token with 7.1:1 contrast.
  case hug
  /// Bottom, left and right bodies are one column wider; the supporting line uses
  /// text/disabled-400 in both themes.
  case file
}

/// What the tap that closes an open tooltip does besides closing it.
///
/// A program passes it with each input (``TooltipState/send(_:layout:policy:now:)``): `consume`
/// is the design's rule (the next tap only closes); `passThrough` lets that tap reach what is
/// under it, which is what most desktop users expect.
public enum DismissPolicy: String, CaseIterable, Hashable, Sendable {
  /// The closing tap does nothing else.
  case consume
  /// The closing tap then acts as if nothing had been open, except on the open anchor itself.
  case passThrough
}

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
