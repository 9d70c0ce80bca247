import CNcurses

/// What a program that owns ncurses sets up around its tooltips: the mouse events to ask for
/// (the terminal's guard is ``TerminalGuard``).
extension CursesTooltips {
  /// The mouse events a program asks `mousemask` for: a program names it in
  /// `mousemask(CursesTooltips.mouseMask, nil)`, with `mouseinterval(0)`, so that the tooltips
  /// see what they need.
  ///
  /// Every button's presses and releases apart (a long press is timed between them), the wheel,
  /// the modifiers, and motion (`REPORT_MOUSE_POSITION`, for anchors that open on hover). An
  /// event left out is filtered by ncurses itself, which leaves its read waiting for the next
  /// byte, past any timeout.
  public static var mouseMask: mmask_t { MouseReport.requested }
}
