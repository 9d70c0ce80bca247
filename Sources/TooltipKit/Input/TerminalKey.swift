/// A key the terminal sent, with the modifiers held: the name a program matches on.
///
/// A program names it to act on its own keys, and keeping keys symbolic lets that handling be
/// tested without a terminal. The unmodified keys have static names (`.tab`, `.up`,
/// `.pageDown`, `.character("q")`, `.function(1)`), so a `switch` reads `case .key(.tab)`; a
/// modified key reads its ``modifiers`` and switches over its ``code``
/// (`case .character(let c)`, `case .function(let n)`).
public struct TerminalKey: Hashable, Sendable {
  /// Which key, without its modifiers: the case a program switches over.
  ///
  /// One enum, so a program reads a character or a function key's number by matching its
  /// case, with any modifiers held (``modifiers`` says which).
  public enum Code: Hashable, Sendable {
    /// A printable character; a control character arrives as its letter with ``KeyModifiers/control``.
    case character(Character)
    /// Enter or Return.
    case enter
    /// Tab (Shift-Tab is Tab with ``KeyModifiers/shift``).
    case tab
    /// Backspace.
    case backspace
    /// Esc.
    case escape
    /// The up arrow.
    case up
    /// The down arrow.
    case down
    /// The left arrow.
    case left
    /// The right arrow.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// Delete (the key that deletes forwards).
    case delete
    /// A function key: F1 is 1.
    case function(Int)
    /// An ncurses key code that has no name here (a program reading with its own `wgetch`).
    case other(Int32)
  }

  /// Which key: a program switches over it.
  public var code: Code
  /// The modifiers held with it.
  public var modifiers: KeyModifiers

  /// The key `code` with `modifiers` held: how a program names a key no static name covers
  /// (`TerminalKey(.character("s"), modifiers: .control)`).
  public init(_ code: Code, modifiers: KeyModifiers = []) {
    self.code = code
    self.modifiers = modifiers
  }

  /// The same key with no modifier held: `key.unmodified == .up` is any arrow up, Ctrl or not.
  public var unmodified: TerminalKey { TerminalKey(code) }

  /// This key with `modifiers` held as well: `.character("c").with(.control)` is Ctrl-C.
  public func with(_ modifiers: KeyModifiers) -> TerminalKey {
    TerminalKey(code, modifiers: self.modifiers.union(modifiers))
  }

  /// A printable character typed with no modifier.
  public static func character(_ character: Character) -> TerminalKey { TerminalKey(.character(character)) }
  /// The function key F`number`, with no modifier.
  public static func function(_ number: Int) -> TerminalKey { TerminalKey(.function(number)) }
  /// Enter.
  public static let enter = TerminalKey(.enter)
  /// Tab.
  public static let tab = TerminalKey(.tab)
  /// Shift-Tab.
  public static let backTab = TerminalKey(.tab, modifiers: .shift)
  /// Backspace.
  public static let backspace = TerminalKey(.backspace)
  /// Esc.
  public static let escape = TerminalKey(.escape)
  /// The up arrow.
  public static let up = TerminalKey(.up)
  /// The down arrow.
  public static let down = TerminalKey(.down)
  /// The left arrow.
  public static let left = TerminalKey(.left)
  /// The right arrow.
  public static let right = TerminalKey(.right)
  /// Home.
  public static let home = TerminalKey(.home)
  /// End.
  public static let end = TerminalKey(.end)
  /// Page Up.
  public static let pageUp = TerminalKey(.pageUp)
  /// Page Down.
  public static let pageDown = TerminalKey(.pageDown)
  /// Insert.
  public static let insert = TerminalKey(.insert)
  /// Delete.
  public static let delete = TerminalKey(.delete)

  /// What an Alt-modified key stands for when the program gives it no meaning: Esc, then the
  /// key without Alt; any other key alone.
  ///
  /// Terminal multiplexers merge Esc with the key after it (GNU screen holds a lone ESC while
  /// mouse reporting is on, until the next key; tmux within its `escape-time`), so what the
  /// user typed as Esc, then Tab, arrives as Alt-Tab. A program that has no Alt-Tab of its own
  /// acts on both keys, as the user meant.
  public var unmerged: [TerminalKey] {
    guard modifiers.contains(.alt) else { return [self] }
    var key = self
    key.modifiers.remove(.alt)
    return [.escape, key]
  }
}
