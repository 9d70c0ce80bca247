import CNcurses
import TooltipCurses
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// The codes of `enum ttk_status` in `tooltip.h`, with their names for `ttk_last_error`.
enum CStatus: Int32 {
  case ok = 0
  case null = -1
  case handle = -2
  case utf8 = -3
  case tooLong = -4
  case unknown = -5
  case duplicate = -6
  case range = -7
  case value = -8
  case noScreen = -9

  /// The constant's name in the header.
  var name: String {
    switch self {
    case .ok: "TTK_OK"
    case .null: "TTK_ENULL"
    case .handle: "TTK_EHANDLE"
    case .utf8: "TTK_EUTF8"
    case .tooLong: "TTK_ETOOLONG"
    case .unknown: "TTK_EUNKNOWN"
    case .duplicate: "TTK_EDUPLICATE"
    case .range: "TTK_ERANGE"
    case .value: "TTK_EVALUE"
    case .noScreen: "TTK_ENOSCREEN"
    }
  }
}

/// A refused call: the code it returns and the line `ttk_last_error` gives.
struct CFailure: Error {
  let status: CStatus
  let detail: String
}

/// The last error, as `ttk_last_error_code` and `ttk_last_error` report it. The C API is for one
/// thread, as ncurses is (the header says so).
enum LastError {
  nonisolated(unsafe) static var code = CStatus.ok
  /// The message as a C string, kept until the next call replaces it.
  nonisolated(unsafe) static var message = CString("")

  /// The message after a success, made once.
  static let none = CString("")

  /// Records the outcome of a call: success clears the last error (no allocation).
  static func set(_ failure: CFailure?) {
    code = failure?.status ?? .ok
    message = failure.map { CString("\($0.status.name): \($0.detail)") } ?? none
  }
}

/// A NUL-terminated copy of a string, owned by whoever keeps the value. Its bytes never change
/// after it is made, so it may be shared (the version string is one for the process).
final class CString: @unchecked Sendable {
  /// The copy's bytes, NUL included.
  let pointer: UnsafeMutablePointer<CChar>

  /// A copy of `text`'s UTF-8 bytes with a NUL after them.
  init(_ text: String) {
    let bytes = Array(text.utf8)
    pointer = .allocate(capacity: bytes.count + 1)
    for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
    pointer[bytes.count] = 0
  }

  deinit { pointer.deallocate() }
}

/// The limits of `tooltip.h` on what a caller passes in.
enum CLimits {
  /// `TTK_MAX_TEXT`: the longest string taken, in bytes.
  static let text = 4096
  /// The farthest cell an anchor or area may name, either way (the guard's 10,000-cell side).
  static let coordinate: Int32 = 10_000
}

/// Reads a caller's string: a copy of it, or the refusal (NULL, too long, not UTF-8).
func readString(_ pointer: UnsafePointer<CChar>?, _ what: String, allowEmpty: Bool = true) throws(CFailure) -> String {
  guard let pointer else { throw CFailure(status: .null, detail: "\(what) is NULL") }
  let length = strnlen(pointer, CLimits.text + 1)
  if length > CLimits.text { throw CFailure(status: .tooLong, detail: "\(what) is longer than \(CLimits.text) bytes") }
  if length == 0 && !allowEmpty { throw CFailure(status: .tooLong, detail: "\(what) is empty") }
  let bytes = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
  guard let text = String(validating: bytes, as: UTF8.self) else {
    throw CFailure(status: .utf8, detail: "\(what) is not UTF-8")
  }
  return text
}

/// Checks a coordinate or size against ``CLimits``.
func checkRange(_ value: Int32, _ what: String, minimum: Int32 = -CLimits.coordinate) throws(CFailure) -> Int {
  guard value >= minimum && value <= CLimits.coordinate else {
    throw CFailure(status: .range, detail: "\(what) \(value) is outside \(minimum)...\(CLimits.coordinate)")
  }
  return Int(value)
}

/// What a `ttk_tips *` points at: the tooltips, the events not yet popped, and the strings
/// handed out, kept until the next call on the handle.
final class TooltipHandle {
  /// The tooltips themselves.
  let tips: CursesTooltips
  /// Events the program has not popped yet, oldest first (at most ``eventLimit``).
  var events: [TooltipEvent] = []
  /// Strings handed out by the last call, alive until the next one.
  var handedOut: [CString] = []
  /// The waker, read once: ``wake()`` may run on another thread.
  let waker: (@Sendable () -> Void)?

  /// The most events kept for a program that does not pop them: the oldest go first.
  static let eventLimit = 256

  /// Every live handle: a pointer the library did not make, or freed already, is refused.
  nonisolated(unsafe) static var live: Set<UnsafeMutableRawPointer> = []

  /// A handle for `tips`, its waker read once.
  init(tips: CursesTooltips) {
    self.tips = tips
    waker = tips.waker
  }

  /// Keeps `events` for ``TooltipHandle/events``.
  func queue(_ new: [TooltipEvent]) {
    events += new
    if events.count > Self.eventLimit { events.removeFirst(events.count - Self.eventLimit) }
  }

  /// A C string of `text` that lives until the next call on this handle.
  func handOut(_ text: String) -> UnsafePointer<CChar> {
    let string = CString(text)
    handedOut.append(string)
    return UnsafePointer(string.pointer)
  }

  /// The live handle at `pointer`, with the strings of the last call released; or the refusal.
  static func from(_ pointer: OpaquePointer?) throws(CFailure) -> TooltipHandle {
    guard let pointer else { throw CFailure(status: .null, detail: "the handle is NULL") }
    let raw = UnsafeMutableRawPointer(pointer)
    guard live.contains(raw) else {
      throw CFailure(status: .handle, detail: "not a live handle (freed already, or not made by ttk_new_...)")
    }
    let handle = Unmanaged<TooltipHandle>.fromOpaque(raw).takeUnretainedValue()
    handle.handedOut.removeAll()
    return handle
  }

  /// The anchor `id` of the scene, changed by `change`, the scene laid out again.
  func change(_ id: UnsafePointer<CChar>?, _ change: (inout Anchor) throws(CFailure) -> Void) throws(CFailure) {
    let name = try readString(id, "id", allowEmpty: false)
    var scene = tips.scene
    guard let index = scene.anchors.firstIndex(where: { $0.id == name }) else {
      throw CFailure(status: .unknown, detail: "no anchor \"\(name)\"")
    }
    try change(&scene.anchors[index])
    tips.scene = scene
  }
}

/// Runs `body` as one C call: its failure recorded for `ttk_last_error` and returned as its
/// code, its success clearing the last error.
func cCall(_ body: () throws(CFailure) -> Int32) -> Int32 {
  do {
    let result = try body()
    LastError.set(nil)
    return result
  } catch {
    LastError.set(error)
    return error.status.rawValue
  }
}

/// Runs `body` as one C call that returns a pointer: NULL on failure, recorded as ``cCall(_:)``
/// does.
func cPointer<T>(_ body: () throws(CFailure) -> T?) -> T? {
  do {
    let result = try body()
    LastError.set(nil)
    return result
  } catch {
    LastError.set(error)
    return nil
  }
}

extension Placement {
  /// The `enum ttk_placement` value `value`.
  init(c value: Int32) throws(CFailure) {
    switch value {
    case 0: self = .top
    case 1: self = .bottom
    case 2: self = .left
    case 3: self = .right
    default: throw CFailure(status: .value, detail: "placement \(value) is not a ttk_placement")
    }
  }
}

extension Trigger {
  /// The `enum ttk_trigger` value `value`.
  init(c value: Int32) throws(CFailure) {
    switch value {
    case 0: self = .tap
    case 1: self = .longPress
    case 2: self = .menu
    default: throw CFailure(status: .value, detail: "trigger \(value) is not a ttk_trigger")
    }
  }
}

extension AnchorSize {
  /// The `enum ttk_size` value `value`.
  init(c value: Int32) throws(CFailure) {
    switch value {
    case 0: self = .sm
    case 1: self = .md
    default: throw CFailure(status: .value, detail: "size \(value) is not a ttk_size")
    }
  }
}

/// The box of an anchor from the caller's cells: width and height 0 for the design's own.
func box(_ x: Int32, _ y: Int32, _ width: Int32, _ height: Int32) throws(CFailure) -> (Point, Size?) {
  let point = Point(x: try checkRange(x, "x"), y: try checkRange(y, "y"))
  if width == 0 && height == 0 { return (point, nil) }
  let size = Size(
    width: try checkRange(width, "width", minimum: 1), height: try checkRange(height, "height", minimum: 1))
  return (point, size)
}

/// A colour pair range from its first pair and count, as the overlays take it.
func pairRange(_ first: Int32, _ count: Int32) throws(CFailure) -> Range<Int32> {
  guard first >= 1, count >= 0, first <= 32_767, count <= 32_767 - first + 1 else {
    throw CFailure(status: .range, detail: "colour pairs \(first) + \(count) are outside 1...32767")
  }
  return first..<(first + count)
}
