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
