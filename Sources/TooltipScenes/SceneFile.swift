import FoundationEssentials
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// The scene file format (a JSON object of anchors): reading with a size cap, then strict
/// decoding into a core `Scene` (TooltipKit).
///
/// Strict, because a scene file is written by hand: unknown keys, wrong types, missing
/// required keys, duplicate ids, out-of-range values, invalid UTF-8, an empty, huge or
/// non-object file are all errors that name the file and the JSON path, never a scene that
/// silently differs from what was written.
public enum SceneFile {
  /// The largest scene file read: 16 MiB, far above any hand-written scene.
  public static let maxBytes = 16 * 1024 * 1024
  /// Coordinates run from -10000 to 10000, the largest screen side.
  public static let coordinateRange = -10_000...10_000
  /// `maxTextWidth` runs from 1 to 10000 (or null: never wrap).
  public static let maxTextWidthRange = 1...10_000
  /// An explicit box (`width`, `height`) runs from 1 to 10000 cells a side.
  public static let boxSideRange = 1...10_000
  /// `holdSeconds` is above 0 and at most 60.
  public static let maxHoldSeconds = 60.0

  /// Reads and decodes the scene file at `path`: the one loader every program and mode
  /// shares, so they all accept the same files and report the same lines.
  ///
  /// Errors start with `path` as given (sanitized: a file name cannot put a control sequence
  /// on the terminal).
  public static func load(path: String) throws(SceneFileError) -> Scene {
    try load(pathBytes: Array(path.utf8))
  }

  /// Reads and decodes the scene file whose path is the bytes `pathBytes`, as the user named
  /// it: a path is bytes, and one that is not UTF-8 (a name from another locale) is opened as
  /// it is, never repaired first. Errors start with the name decoded and sanitized (each
  /// invalid byte shown as U+FFFD).
  public static func load(pathBytes: [UInt8]) throws(SceneFileError) -> Scene {
    let name = Text.sanitize(String(decoding: pathBytes, as: UTF8.self))
    let bytes: [UInt8]
    do {
      bytes = try read(pathBytes: pathBytes)
    } catch {
      throw SceneFileError(message: "\(name): \(error.message)")
    }
    return try decode(bytes, name: name)
  }

  /// The file's bytes, at most ``maxBytes``; a directory, a missing or unreadable file is an
  /// error. Pipes and devices are read up to the cap, never past it, and a FIFO without a
  /// writer does not block the open.
  public static func read(_ path: String) throws(SceneFileError) -> [UInt8] {
    try read(pathBytes: Array(path.utf8))
  }

  /// ``read(_:)`` of the path whose bytes are `pathBytes`, opened as they are.
  public static func read(pathBytes: [UInt8]) throws(SceneFileError) -> [UInt8] {
    guard !pathBytes.contains(0) else { throw SceneFileError(message: "cannot open: the name holds a NUL byte") }
    // Non-blocking open: a FIFO without a writer must not hang here.
    let fd = (pathBytes + [0]).withUnsafeBufferPointer { name in
      name.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK | O_CLOEXEC) }
    }
    guard fd >= 0 else { throw SceneFileError(message: "cannot open: \(errorText(errno))") }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else {
      throw SceneFileError(message: "cannot read: \(errorText(errno))")
    }
    let kind = info.st_mode & S_IFMT
    if kind == S_IFDIR { throw SceneFileError(message: "is a directory, not a scene file") }
    if kind == S_IFREG && Int(info.st_size) > maxBytes { throw tooLarge }
    let flags = fcntl(fd, F_GETFL)
    if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }

    var bytes: [UInt8] = []
    if kind == S_IFREG { bytes.reserveCapacity(Int(info.st_size)) }
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw SceneFileError(message: "cannot read: \(errorText(errno))")
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[..<count])
      if bytes.count > maxBytes { throw tooLarge }
    }
    return bytes
  }

  private static var tooLarge: SceneFileError { SceneFileError(message: "larger than 16 MiB, not read") }

  private static func errorText(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  /// Decodes a scene from the file's bytes; `name` starts every error line.
  public static func decode(_ bytes: [UInt8], name: String) throws(SceneFileError) -> Scene {
    if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
      throw SceneFileError(message: "\(name): empty file, expected a JSON object with \"anchors\"")
    }
    if let offset = firstInvalidUTF8(bytes) {
      let path = pathOfInvalidUTF8(bytes).map { $0 + ": " } ?? ""
      throw SceneFileError(message: "\(name): \(path)invalid UTF-8 at byte \(offset)")
    }
    do {
      // The decoder reads the file's own bytes: a copy would add the file's size to the peak.
      return try bytes.withUnsafeBytes { buffer in
        let data = Data(
          bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!),
          count: buffer.count, deallocator: .none)
        return try JSONDecoder().decode(SceneDocument.self, from: data).scene
      }
    } catch let error as FieldError {
      let path = error.path.isEmpty ? "" : error.path + ": "
      throw SceneFileError(message: "\(name): \(path)\(error.message)")
    } catch {
      throw SceneFileError(message: "\(name): not valid JSON")
    }
  }

  /// The JSON path of the string (a value, or a key) that holds the first invalid UTF-8
  /// sequence, or nil when that sequence is outside any string, the rest is not JSON, or the
  /// document nests deeper than ``maxPathDepth``.
  ///
  /// The first invalid sequence is replaced by a marker (three private-use characters),
  /// later ones by U+FFFD, and the repaired document is walked for the string with the marker.
  /// The walk costs each value its depth (the decoder's coding path), so it is taken only
  /// when the depth is bounded: every rejection stays linear in the file's size. `work`, when
  /// given, counts that cost (each value visited adds its depth plus one).
  static func pathOfInvalidUTF8(_ bytes: [UInt8], work: ProbeWork? = nil) -> String? {
    guard nestingDepth(bytes, atMost: maxPathDepth) <= maxPathDepth else { return nil }
    var repaired: [UInt8] = []
    repaired.reserveCapacity(bytes.count + 16)
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var marked = false
    loop: while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded): repaired.append(contentsOf: encoded)
      case .emptyInput: break loop
      case .error:
        repaired.append(contentsOf: marked ? Array("\u{FFFD}".utf8) : Array(invalidMarker.utf8))
        marked = true
      }
    }
    do {
      let decoder = JSONDecoder()
      if let work { decoder.userInfo[ProbeWork.key] = work }
      _ = try decoder.decode(MarkerProbe.self, from: Data(repaired))
      return nil
    } catch let found as FieldError {
      return found.path
    } catch {
      return nil
    }
  }

  /// The deepest nesting whose invalid UTF-8 is reported with its JSON path: a scene file
  /// nests three deep (the object, `anchors`, an anchor); deeper ones are reported by offset.
  static let maxPathDepth = 32

  /// How deep the arrays and objects of `bytes` nest, outside strings, counted up to one past
  /// `limit` (the scan stops there): one pass, whatever the bytes.
  static func nestingDepth(_ bytes: [UInt8], atMost limit: Int) -> Int {
    var depth = 0
    var deepest = 0
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
        continue
      }
      switch byte {
      case UInt8(ascii: "\""): inString = true
      case UInt8(ascii: "["), UInt8(ascii: "{"):
        depth += 1
        deepest = max(deepest, depth)
        if deepest > limit { return deepest }
      case UInt8(ascii: "]"), UInt8(ascii: "}"): depth = max(0, depth - 1)
      default: break
      }
    }
    return deepest
  }

  /// Stands in for the first invalid UTF-8 sequence while its string is looked for.
  static let invalidMarker = "\u{10FFFD}\u{E000}\u{10FFFD}"

  /// The offset of the first byte that is not part of valid UTF-8, or nil when all is valid.
  /// ASCII bytes are skipped one compare each and nothing is allocated: a 16 MiB file is
  /// checked without a second copy of it.
  static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        if buffer[offset] < 0x80 {
          offset += 1
          continue
        }
        var iterator = buffer[offset...].makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        switch parser.parseScalar(from: &iterator) {
        case .valid(let encoded): offset += encoded.count
        case .emptyInput: return nil
        case .error: return offset
        }
      }
      return nil
    }
  }
}
