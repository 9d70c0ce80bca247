import CNcurses

/// What a program that owns ncurses sets up around its tooltips: the mouse events to ask for.
/// (The terminal's guard is ``TerminalGuard``; its old names here are deprecated.)
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

  /// The guard's install, under its old name: use ``TerminalGuard/install(input:output:)``.
  @available(*, deprecated, renamed: "TerminalGuard.install(input:output:)")
  public static func installGuard(input: Int32 = 0, output: Int32 = 1) {
    TerminalGuard.install(input: input, output: output)
  }

  /// The guard's removal, under its old name: use ``TerminalGuard/remove()``.
  @available(*, deprecated, renamed: "TerminalGuard.remove()")
  public static func removeGuard() { TerminalGuard.remove() }

  /// The guard's bracket for a call that may block, under its old name: use
  /// ``TerminalGuard/blocking(_:)``.
  @available(*, deprecated, renamed: "TerminalGuard.blocking(_:)")
  public static func blocking<T>(_ body: () -> T) -> T? { TerminalGuard.blocking(body) }

  /// The pending quit signal, under its old name: use ``TerminalGuard/pendingSignal``.
  @available(*, deprecated, renamed: "TerminalGuard.pendingSignal")
  public static var pendingSignal: Int32? { TerminalGuard.pendingSignal }

  /// Whether the program was continued after a stop, under its old name: use
  /// ``TerminalGuard/takeResumed()``.
  @available(*, deprecated, renamed: "TerminalGuard.takeResumed()")
  public static func takeResumed() -> Bool { TerminalGuard.takeResumed() }

  /// The restore without blocking, under its old name: use ``TerminalGuard/restoreNow()``.
  @available(*, deprecated, renamed: "TerminalGuard.restoreNow()")
  public static func restoreTerminalNow() { TerminalGuard.restoreNow() }
}
