/// A change the state machine reports: every open, close and action.
///
/// A program acts on them (an anchor's ``action(_:)`` is its own button's press), and may show
/// the last one to the user; tests compare sequences of them.
public enum TooltipEvent: Hashable, Sendable, CustomStringConvertible {
  /// The tooltip of this anchor opened.
  case opened(String)
  /// The tooltip of this anchor closed, for this reason.
  case closed(String, CloseReason)
  /// This labelled control's own action ran (its tap, not its tooltip).
  case action(String)

  /// A short human-readable form: `opened share`, `closed share (escape)`, `action publish`.
  public var description: String {
    switch self {
    case .opened(let id): "opened \(id)"
    case .closed(let id, let reason): "closed \(id) (\(reason.rawValue))"
    case .action(let id): "action \(id)"
    }
  }
}
