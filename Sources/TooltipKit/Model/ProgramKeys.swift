/// Keys of the component's keymap that stay the program's while a given anchor is selected
/// (``Anchor/programKeys``): the arrows, Enter, Space, Tab.
///
/// A list whose rows the program focuses (``TooltipInput/focus(_:)``, to show a cut name by
/// keyboard) keeps moving its own cursor with the arrows and opening rows with Enter: the
/// routing (``TooltipState/route(_:layout:policy:now:letters:)``) leaves these keys to it
/// instead of moving the selection or tapping the anchor.
public struct ProgramKeys: OptionSet, Hashable, Sendable {
  /// The keys as bits, one per member.
  public let rawValue: UInt8

  /// Makes the set whose bits are `rawValue`.
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Up, Down, Left and Right (and `h j k l` where the letters are the component's): a list's
  /// cursor keys.
  public static let arrows = ProgramKeys(rawValue: 1 << 0)
  /// Enter: a list's "open this row".
  public static let enter = ProgramKeys(rawValue: 1 << 1)
  /// Space: a list's "mark this row".
  public static let space = ProgramKeys(rawValue: 1 << 2)
  /// Tab and Shift-Tab: a program with a Tab order of its own moves its focus on.
  public static let tab = ProgramKeys(rawValue: 1 << 3)
  /// What a list row keeps: the arrows, Enter and Space (Esc and `i` stay the component's, so
  /// the row's hint can still be closed or shown).
  public static let list: ProgramKeys = [.arrows, .enter, .space]
  /// Every key of the set: the arrows, Enter, Space and Tab.
  public static let all: ProgramKeys = [.arrows, .enter, .space, .tab]

  /// The member the key `input` is, which the keymap maps to `mapped`, or an empty set for any
  /// other input (Esc, `i`, the mouse).
  package init(_ input: TerminalInput, mapped: TooltipInput) {
    switch mapped {
    case .move: self = .arrows
    case .selectNext, .selectPrevious: self = .tab
    case .activate:
      if case .key(let key) = input, key.code == .enter { self = .enter } else { self = .space }
    default: self = []
    }
  }
}
