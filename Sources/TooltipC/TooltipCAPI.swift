// The C API of `include/tooltip.h`, one `@_cdecl` function per declaration there: a thin layer
// over CursesTooltips and TerminalGuard that checks every argument, copies strings in and keeps
// the strings it hands out. docs/C-API.md is its guide.
import CNcurses
import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - Version and errors

/// The library's version for C (`ttk_version`): `tooltipKitVersion`, in static storage.
@_cdecl("ttk_version")
public func ttk_version() -> UnsafePointer<CChar> { UnsafePointer(CVersion.string.pointer) }

/// The version string, made once.
enum CVersion {
  static let string = CString(tooltipKitVersion)
}

/// The code of the last error for C (`ttk_last_error_code`).
@_cdecl("ttk_last_error_code")
public func ttk_last_error_code() -> Int32 { LastError.code.rawValue }

/// The last error in one line for C (`ttk_last_error`), "" after a success.
@_cdecl("ttk_last_error")
public func ttk_last_error() -> UnsafePointer<CChar> { UnsafePointer(LastError.message.pointer) }

// MARK: - The guard

/// Installs the terminal's guard for C (`ttk_guard_install`): `TerminalGuard.install`.
@_cdecl("ttk_guard_install")
public func ttk_guard_install(_ input: Int32, _ output: Int32) { TerminalGuard.install(input: input, output: output) }

/// Removes the terminal's guard for C (`ttk_guard_remove`): `TerminalGuard.remove`.
@_cdecl("ttk_guard_remove")
public func ttk_guard_remove() { TerminalGuard.remove() }

/// `wgetch` inside the guard's bracket for C (`ttk_guard_wgetch`); `ERR` for a NULL window or a
/// pending quit signal.
@_cdecl("ttk_guard_wgetch")
public func ttk_guard_wgetch(_ window: UnsafeMutablePointer<WINDOW>?) -> Int32 {
  guard let window else {
    LastError.set(CFailure(status: .null, detail: "the window is NULL"))
    return ERR
  }
  return TerminalGuard.blocking { wgetch(window) } ?? ERR
}

/// `doupdate` inside the guard's bracket for C (`ttk_guard_doupdate`).
@_cdecl("ttk_guard_doupdate")
public func ttk_guard_doupdate() -> Int32 { TerminalGuard.blocking { doupdate() } ?? ERR }

/// The pending quit signal for C (`ttk_guard_pending_signal`), 0 with none.
@_cdecl("ttk_guard_pending_signal")
public func ttk_guard_pending_signal() -> Int32 { TerminalGuard.pendingSignal ?? 0 }

/// Whether the program was stopped and continued since the last call, for C
/// (`ttk_guard_take_resumed`).
@_cdecl("ttk_guard_take_resumed")
public func ttk_guard_take_resumed() -> Int32 { TerminalGuard.takeResumed() ? 1 : 0 }

/// The mouse events to ask for, for C (`ttk_mouse_mask`): `CursesTooltips.mouseMask`.
@_cdecl("ttk_mouse_mask")
public func ttk_mouse_mask() -> mmask_t { CursesTooltips.mouseMask }

// MARK: - Handles

/// Makes tooltips drawn into `window` for C (`ttk_new_window`); NULL on error.
@_cdecl("ttk_new_window")
public func ttk_new_window(_ window: UnsafeMutablePointer<WINDOW>?, _ first: Int32, _ count: Int32) -> OpaquePointer? {
  cPointer { () throws(CFailure) -> OpaquePointer? in
    guard let window else { throw CFailure(status: .null, detail: "the window is NULL") }
    let pairs = try pairRange(first, count)
    return make(TooltipOverlay(window: window, pairs: pairs, noColor: noColor()))
  }
}

/// Makes tooltips drawn in panels of their own for C (`ttk_new_panels`); NULL on error.
@_cdecl("ttk_new_panels")
public func ttk_new_panels(_ first: Int32, _ count: Int32) -> OpaquePointer? {
  cPointer { () throws(CFailure) -> OpaquePointer? in
    let pairs = try pairRange(first, count)
    guard tk_stdscr() != nil else {
      throw CFailure(status: .noScreen, detail: "no curses screen: call it after newterm")
    }
    return make(TooltipOverlay(pairs: pairs, noColor: noColor()))
  }
}

/// The value of `NO_COLOR`, which the overlays honour.
private func noColor() -> String? { getenv("NO_COLOR").map { String(cString: $0) } }

/// A live handle for tooltips drawn by `overlay`, with no anchors yet.
private func make(_ overlay: TooltipOverlay) -> OpaquePointer {
  let handle = TooltipHandle(tips: CursesTooltips(scene: Scene(anchors: []), overlay: overlay))
  let raw = Unmanaged.passRetained(handle).toOpaque()
  TooltipHandle.live.insert(raw)
  return OpaquePointer(raw)
}

/// Frees a handle for C (`ttk_free`), after withdrawing what it asked of the terminal.
@_cdecl("ttk_free")
public func ttk_free(_ pointer: OpaquePointer?) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in
    guard let pointer else { return 0 }
    let handle = try TooltipHandle.from(pointer)
    handle.tips.end()
    TooltipHandle.live.remove(UnsafeMutableRawPointer(pointer))
    Unmanaged<TooltipHandle>.fromOpaque(UnsafeMutableRawPointer(pointer)).release()
    return 0
  }
}

// MARK: - Anchors

/// Adds an anchor for C (`ttk_add`).
@_cdecl("ttk_add")
public func ttk_add(
  _ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32,
  _ placement: Int32, _ headline: UnsafePointer<CChar>?, _ supporting: UnsafePointer<CChar>?
) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in
    let handle = try TooltipHandle.from(pointer)
    let name = try readString(id, "id", allowEmpty: false)
    let (position, boxSize) = try box(x, y, width, height)
    var anchor = Anchor(
      id: name, position: position, placement: try Placement(c: placement),
      headline: try readString(headline, "headline"))
    anchor.supporting = supporting == nil ? "" : try readString(supporting, "supporting")
    anchor.boxSize = boxSize
    anchor.action = false
    var scene = handle.tips.scene
    if scene.anchors.contains(where: { $0.id == name }) {
      throw CFailure(status: .duplicate, detail: "an anchor \"\(name)\" exists already")
    }
    scene.anchors.append(anchor)
    handle.tips.scene = scene
    return 0
  }
}

/// Removes an anchor for C (`ttk_remove`).
@_cdecl("ttk_remove")
public func ttk_remove(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in
    let handle = try TooltipHandle.from(pointer)
    let name = try readString(id, "id", allowEmpty: false)
    var scene = handle.tips.scene
    guard let index = scene.anchors.firstIndex(where: { $0.id == name }) else {
      throw CFailure(status: .unknown, detail: "no anchor \"\(name)\"")
    }
    scene.anchors.remove(at: index)
    handle.tips.scene = scene
    return 0
  }
}

/// Moves an anchor's box for C (`ttk_set_box`).
@_cdecl("ttk_set_box")
public func ttk_set_box(
  _ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32
) -> Int32 {
  setAnchor(pointer, id) { (anchor: inout Anchor) throws(CFailure) in
    (anchor.position, anchor.boxSize) = try box(x, y, width, height)
  }
}

/// Sets an anchor's placement for C (`ttk_set_placement`).
@_cdecl("ttk_set_placement")
public func ttk_set_placement(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ placement: Int32) -> Int32 {
  setAnchor(pointer, id) { (anchor: inout Anchor) throws(CFailure) in anchor.placement = try Placement(c: placement) }
}

/// Sets an anchor's two lines for C (`ttk_set_text`).
@_cdecl("ttk_set_text")
public func ttk_set_text(
  _ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ headline: UnsafePointer<CChar>?,
  _ supporting: UnsafePointer<CChar>?
) -> Int32 {
  setAnchor(pointer, id) { (anchor: inout Anchor) throws(CFailure) in
    let text = try readString(headline, "headline")
    anchor.supporting = supporting == nil ? "" : try readString(supporting, "supporting")
    anchor.headline = text
  }
}

/// Sets an anchor's trigger for C (`ttk_set_trigger`).
@_cdecl("ttk_set_trigger")
public func ttk_set_trigger(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ trigger: Int32) -> Int32 {
  setAnchor(pointer, id) { (anchor: inout Anchor) throws(CFailure) in anchor.trigger = try Trigger(c: trigger) }
}

/// Sets an anchor's size for C (`ttk_set_size`).
@_cdecl("ttk_set_size")
public func ttk_set_size(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ size: Int32) -> Int32 {
  setAnchor(pointer, id) { (anchor: inout Anchor) throws(CFailure) in anchor.size = try AnchorSize(c: size) }
}

/// Sets whether a tap runs an anchor's action for C (`ttk_set_action`).
@_cdecl("ttk_set_action")
public func ttk_set_action(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ action: Int32) -> Int32 {
  setAnchor(pointer, id) { (anchor: inout Anchor) throws(CFailure) in anchor.action = action != 0 }
}

/// Sets whether an anchor is disabled for C (`ttk_set_disabled`).
@_cdecl("ttk_set_disabled")
public func ttk_set_disabled(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ disabled: Int32) -> Int32 {
  setAnchor(pointer, id) { (anchor: inout Anchor) throws(CFailure) in anchor.isDisabled = disabled != 0 }
}

/// Sets an anchor's group for C (`ttk_set_group`); NULL for none.
@_cdecl("ttk_set_group")
public func ttk_set_group(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ group: UnsafePointer<CChar>?)
  -> Int32
{
  setAnchor(pointer, id) { (anchor: inout Anchor) throws(CFailure) in
    anchor.group = group == nil ? nil : try readString(group, "group", allowEmpty: false)
  }
}

/// Sets whether Tab stops at an anchor for C (`ttk_set_tab_stop`).
@_cdecl("ttk_set_tab_stop")
public func ttk_set_tab_stop(_ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ stop: Int32) -> Int32 {
  setAnchor(pointer, id) { (anchor: inout Anchor) throws(CFailure) in anchor.isTabStop = stop != 0 }
}

/// One setter: the anchor `id` of the handle at `pointer` changed by `change`.
private func setAnchor(
  _ pointer: OpaquePointer?, _ id: UnsafePointer<CChar>?, _ change: (inout Anchor) throws(CFailure) -> Void
) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in
    try TooltipHandle.from(pointer).change(id, change)
    return 0
  }
}

// MARK: - Input and events

/// Takes a `wgetch` value and its mouse event for C (`ttk_handle`): 1 consumed, 0 the program's.
@_cdecl("ttk_handle")
public func ttk_handle(_ pointer: OpaquePointer?, _ key: Int32, _ mouse: UnsafePointer<MEVENT>?) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in
    let handle = try TooltipHandle.from(pointer)
    let consumed = handle.tips.handle(key, mouse: mouse?.pointee)
    handle.queue(handle.tips.events)
    return consumed ? 1 : 0
  }
}

/// Pops the oldest event for C (`ttk_next_event`): 1, or 0 with none.
@_cdecl("ttk_next_event")
public func ttk_next_event(_ pointer: OpaquePointer?, _ event: UnsafeMutableRawPointer?) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in
    let handle = try TooltipHandle.from(pointer)
    guard let event else { throw CFailure(status: .null, detail: "the event is NULL") }
    // `struct ttk_event { int kind; const char *id; const char *reason; }`, laid out as C lays
    // it out: the pointers at their alignment after the int.
    let idOffset = MemoryLayout<UnsafePointer<CChar>?>.alignment
    let reasonOffset = idOffset + MemoryLayout<UnsafePointer<CChar>?>.stride
    func fill(_ kind: Int32, _ id: String, _ reason: String) {
      event.storeBytes(of: kind, as: Int32.self)
      event.storeBytes(of: handle.handOut(id), toByteOffset: idOffset, as: UnsafePointer<CChar>.self)
      event.storeBytes(of: handle.handOut(reason), toByteOffset: reasonOffset, as: UnsafePointer<CChar>.self)
    }
    guard !handle.events.isEmpty else {
      fill(0, "", "")
      return 0
    }
    switch handle.events.removeFirst() {
    case .opened(let id): fill(1, id, "")
    case .closed(let id, let reason): fill(2, id, reason.rawValue)
    case .action(let id): fill(3, id, "")
    }
    return 1
  }
}

/// How long the program may wait in `wgetch`, for C (`ttk_input_timeout`).
@_cdecl("ttk_input_timeout")
public func ttk_input_timeout(_ pointer: OpaquePointer?, _ atMost: Int32) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in
    let handle = try TooltipHandle.from(pointer)
    return handle.tips.inputTimeout(atMost: max(-1, atMost))
  }
}

/// The exit status once input ended, else 0, for C (`ttk_input_end`).
@_cdecl("ttk_input_end")
public func ttk_input_end(_ pointer: OpaquePointer?) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in try TooltipHandle.from(pointer).tips.inputEnd?.status ?? 0 }
}

/// Why input ended, or "", for C (`ttk_input_end_reason`); NULL on error.
@_cdecl("ttk_input_end_reason")
public func ttk_input_end_reason(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
  cPointer { () throws(CFailure) -> UnsafePointer<CChar>? in
    let handle = try TooltipHandle.from(pointer)
    return handle.handOut(handle.tips.inputEnd?.reason ?? "")
  }
}

// MARK: - Drawing and layout

/// Draws the tooltips for C (`ttk_draw`): the number of rects drawn.
@_cdecl("ttk_draw")
public func ttk_draw(_ pointer: OpaquePointer?) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in Int32(try TooltipHandle.from(pointer).tips.draw().count) }
}

/// One rect the last draw covered, a column wider each side, for C (`ttk_covered`).
@_cdecl("ttk_covered")
public func ttk_covered(
  _ pointer: OpaquePointer?, _ index: Int32, _ x: UnsafeMutablePointer<Int32>?, _ y: UnsafeMutablePointer<Int32>?,
  _ width: UnsafeMutablePointer<Int32>?, _ height: UnsafeMutablePointer<Int32>?
) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in
    let handle = try TooltipHandle.from(pointer)
    guard let x, let y, let width, let height else { throw CFailure(status: .null, detail: "an out pointer is NULL") }
    let covered = handle.tips.overlay.covered
    guard index >= 0, Int(index) < covered.count else { return 0 }
    let rect = covered[Int(index)]
    x.pointee = Int32(clamping: max(0, rect.minX - 1))
    y.pointee = Int32(clamping: rect.minY)
    width.pointee = Int32(clamping: rect.maxX + 1 - max(0, rect.minX - 1))
    height.pointee = Int32(clamping: rect.size.height)
    return 1
  }
}

/// Where the cursor belongs for the selection, for C (`ttk_cursor`).
@_cdecl("ttk_cursor")
public func ttk_cursor(_ pointer: OpaquePointer?, _ x: UnsafeMutablePointer<Int32>?, _ y: UnsafeMutablePointer<Int32>?)
  -> Int32
{
  cCall { () throws(CFailure) -> Int32 in
    let handle = try TooltipHandle.from(pointer)
    guard let x, let y else { throw CFailure(status: .null, detail: "an out pointer is NULL") }
    guard let point = handle.tips.cursor else { return 0 }
    x.pointee = Int32(clamping: point.x)
    y.pointee = Int32(clamping: point.y)
    return 1
  }
}

/// Sets the area the anchors lie in for C (`ttk_set_area`).
@_cdecl("ttk_set_area")
public func ttk_set_area(_ pointer: OpaquePointer?, _ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in
    let handle = try TooltipHandle.from(pointer)
    if width < 0 || height < 0 {
      handle.tips.area = nil
      return 0
    }
    handle.tips.area = Rect(
      x: try checkRange(x, "x", minimum: 0), y: try checkRange(y, "y", minimum: 0),
      width: try checkRange(width, "width", minimum: 0), height: try checkRange(height, "height", minimum: 0))
    return 0
  }
}

/// Lays the anchors out again for C (`ttk_relayout`).
@_cdecl("ttk_relayout")
public func ttk_relayout(_ pointer: OpaquePointer?) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in
    let tips = try TooltipHandle.from(pointer).tips
    tips.area = tips.area
    return 0
  }
}

/// The selected anchor's id for C (`ttk_selected`), NULL with none.
@_cdecl("ttk_selected")
public func ttk_selected(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
  cPointer { () throws(CFailure) -> UnsafePointer<CChar>? in
    let handle = try TooltipHandle.from(pointer)
    return handle.tips.state.selectedID.map(handle.handOut)
  }
}

/// The open tooltip's anchor id for C (`ttk_open_id`), NULL with none.
@_cdecl("ttk_open_id")
public func ttk_open_id(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
  cPointer { () throws(CFailure) -> UnsafePointer<CChar>? in
    let handle = try TooltipHandle.from(pointer)
    return handle.tips.state.openID.map(handle.handOut)
  }
}

/// The selected (else open) anchor's lines for a status line, for C (`ttk_status_hint`).
@_cdecl("ttk_status_hint")
public func ttk_status_hint(_ pointer: OpaquePointer?) -> UnsafePointer<CChar>? {
  cPointer { () throws(CFailure) -> UnsafePointer<CChar>? in
    let handle = try TooltipHandle.from(pointer)
    let tips = handle.tips
    guard let id = tips.state.selectedID ?? tips.state.openID, let anchor = tips.scene.anchor(id: id) else {
      return handle.handOut("")
    }
    // The lines as the bubble shows them: sanitized (no control character reaches the
    // program's status line), trimmed, the hidden ones left out.
    return handle.handOut(anchor.visibleLines.joined(separator: ": "))
  }
}

// MARK: - Waking

/// The descriptor a wake makes readable, for C (`ttk_wake_descriptor`).
@_cdecl("ttk_wake_descriptor")
public func ttk_wake_descriptor(_ pointer: OpaquePointer?) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in try TooltipHandle.from(pointer).tips.wakeDescriptor }
}

/// Ends the program's wait, from any thread, for C (`ttk_wake`). It reads neither the live
/// handles nor the last error (both belong to the program's thread): a NULL handle is ignored.
@_cdecl("ttk_wake")
public func ttk_wake(_ pointer: OpaquePointer?) {
  guard let pointer else { return }
  Unmanaged<TooltipHandle>.fromOpaque(UnsafeMutableRawPointer(pointer))._withUnsafeGuaranteedRef { $0.waker?() }
}

/// Waits for input, a wake or a timeout, for C (`ttk_wait`): 1 when woken.
@_cdecl("ttk_wait")
public func ttk_wait(_ pointer: OpaquePointer?, _ atMost: Int32) -> Int32 {
  cCall { () throws(CFailure) -> Int32 in try TooltipHandle.from(pointer).tips.wait(atMost: max(-1, atMost)) ? 1 : 0 }
}
