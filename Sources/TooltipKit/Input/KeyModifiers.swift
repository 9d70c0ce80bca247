/// The modifier keys held with a key or a mouse event: Shift, Alt, Ctrl and Meta.
///
/// A program names it to tell Ctrl-C from `c` or a Shift-click from a click: one set for keys
/// and buttons alike, as terminals report them (xterm's modifier parameter for keys, the
/// report's modifier bits for the mouse), so modifiers are checked the same way for both.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The bits: 1 Shift, 2 Alt, 4 Ctrl, 8 Meta (xterm's modifier parameter less one).
  public let rawValue: UInt8

  /// The set with these bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1)
  /// Alt (or Option): xterm's parameter, or ESC before the key.
  public static let alt = KeyModifiers(rawValue: 2)
  /// Ctrl: xterm's parameter, or a control character (Ctrl-C is `c` with Ctrl).
  public static let control = KeyModifiers(rawValue: 4)
  /// Meta, which xterm reports apart from Alt when told to.
  public static let meta = KeyModifiers(rawValue: 8)
}
