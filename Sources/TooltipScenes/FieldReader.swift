import FoundationEssentials
import TooltipKit

// The JSON documents a scene file decodes through: every read names its JSON path on error.

/// A problem inside the document: the JSON path (`anchors[2].placement`) and what was expected.
struct FieldError: Error {
  var path: String
  var message: String
}

/// Any object key, so unknown keys can be found and reported.
struct FieldKey: CodingKey {
  var stringValue: String
  var intValue: Int?
  init(_ name: String) { stringValue = name }
  init(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) {
    stringValue = String(intValue)
    self.intValue = intValue
  }
}

/// `Duration.seconds(seconds)` for 0 through 60 seconds, to the attosecond: the whole seconds
/// times 10^18 plus the fraction's attoseconds, rounded, as the standard library computes it,
/// but in `Int128` arithmetic the compiler inlines. The library's own conversion goes through
/// its generic floating-point-to-integer code (`FixedWidthInteger` from `BinaryFloatingPoint`,
/// 128-bit multiplication), code nothing else at start runs: 2 windows of 64 KiB resident for a
/// scene file with one `holdSeconds`.
func duration(seconds: Double) -> Duration {
  let whole = seconds.rounded(.towardZero)
  let attoseconds = ((seconds - whole) * 1e18).rounded()
  return Duration(attoseconds: Int128(Int64(whole)) * 1_000_000_000_000_000_000 + Int128(Int64(attoseconds)))
}

/// The most columns a key quoted in an error takes: 80 and the `…` that ends a longer one.
let quotedColumns = 81

/// `anchors[2].placement` from a decoder's coding path and an optional last key (each key
/// sanitized and cut: a file's keys are anyone's text).
func jsonPath(_ keys: [any CodingKey], _ last: String? = nil) -> String {
  var path = ""
  for key in keys {
    if let index = key.intValue {
      path += "[\(index)]"
    } else {
      path += (path.isEmpty ? "" : ".") + Text.truncate(key.stringValue, to: quotedColumns)
    }
  }
  if let last { path += (path.isEmpty ? "" : ".") + Text.truncate(last, to: quotedColumns) }
  return path
}

/// One object of the document with strict field access: every read names its path on error.
struct FieldReader {
  let container: KeyedDecodingContainer<FieldKey>
  /// The object's keys, all of them among the allowed ones: asking this short list is much
  /// cheaper than asking the decoder's container, which every optional key of every object does.
  let keys: [String]

  init(_ decoder: any Decoder, allowed: [String], expected: String) throws(FieldError) {
    do {
      container = try decoder.container(keyedBy: FieldKey.self)
    } catch {
      throw FieldError(path: jsonPath(decoder.codingPath), message: expected)
    }
    // The decoder gives keys in no fixed order: report the first unknown one by name.
    var keys: [String] = []
    var unknown: String?
    for key in container.allKeys {
      let name = key.stringValue
      if allowed.contains(name) {
        keys.append(name)
      } else if unknown.map({ name < $0 }) ?? true {
        unknown = name
      }
    }
    if let unknown {
      throw FieldError(path: jsonPath(container.codingPath, unknown), message: "unknown key")
    }
    self.keys = keys
  }

  /// The error at `key` of this object; its path is only made then.
  func error(_ key: String, _ message: String) -> FieldError {
    FieldError(path: jsonPath(container.codingPath, key), message: message)
  }

  func has(_ key: String) -> Bool { keys.contains(key) }

  func require(_ keys: [String]) throws(FieldError) {
    for key in keys where !has(key) {
      throw error(key, "missing required key")
    }
  }

  func isNull(_ key: String) -> Bool {
    (try? container.decodeNil(forKey: FieldKey(key))) ?? false
  }

  /// The value at `key` as `T`, nil when absent; any other value fails with `message`, which
  /// is only built then (an error line's numbers cost the integer printing code otherwise).
  func value<T: Decodable>(
    _ type: T.Type, _ key: String, _ message: @autoclosure () -> String
  ) throws(FieldError) -> T? {
    guard has(key) else { return nil }
    do {
      return try decode(T.self, FieldKey(key))
    } catch is DecodingError {
      throw self.error(key, message())
    } catch {
      // The decoder's own syntax errors inside a value: a bad escape in a string, say.
      throw self.error(key, T.self == String.self ? "not a valid JSON string" : message())
    }
  }

  /// The value at `key` as `T`: a string, an integer, a Boolean or a number through the
  /// container's own method for that type, which the decoder answers at once, where the
  /// generic one goes through the type's `init(from:)` and a single-value container.
  private func decode<T: Decodable>(_ type: T.Type, _ key: FieldKey) throws -> T {
    // Each comparison is decided at compile time in the specialized copies.
    if T.self == String.self { return try container.decode(String.self, forKey: key) as! T }
    if T.self == Int.self { return try container.decode(Int.self, forKey: key) as! T }
    if T.self == Bool.self { return try container.decode(Bool.self, forKey: key) as! T }
    if T.self == Double.self { return try container.decode(Double.self, forKey: key) as! T }
    return try container.decode(T.self, forKey: key)
  }

  /// The integer at `key`, nil when absent; any other value fails with `message`.
  ///
  /// Read as a `Double` and kept when exact: the decoder's integer path runs the standard
  /// library's generic integer code (`FixedWidthInteger` witnesses of `Int` and `UInt64`), a
  /// window of code no other part of a valid scene file runs, where its `Double` path is the one
  /// `holdSeconds` and the delays take. The integer path is still asked when the value is not
  /// read as a `Double` (the decoder reads `0e5` only as an integer), so a value is accepted
  /// exactly when `decode(Int.self)` accepts it within the ranges a scene file allows.
  func integer(_ key: String, _ message: @autoclosure () -> String) throws(FieldError) -> Int? {
    guard has(key) else { return nil }
    if let number = try? decode(Double.self, FieldKey(key)) {
      guard let value = Int(exactly: number) else { throw error(key, message()) }
      return value
    }
    return try value(Int.self, key, message())
  }

  func int(_ key: String, in range: ClosedRange<Int>) throws(FieldError) -> Int? {
    func message() -> String { "expected an integer from \(range.lowerBound) to \(range.upperBound)" }
    guard let value = try integer(key, message()) else { return nil }
    guard range.contains(value) else { throw error(key, message()) }
    return value
  }

  func bool(_ key: String) throws(FieldError) -> Bool? {
    try value(Bool.self, key, "expected true or false")
  }

  func string(_ key: String) throws(FieldError) -> String? {
    try value(String.self, key, "expected a string")
  }

  /// One of `choices` (raw strings); anything else fails with BEHAVIOUR's wording.
  func choice<T: RawRepresentable>(_ key: String, _ expected: String) throws(FieldError) -> T?
  where T.RawValue == String {
    guard let raw = try value(String.self, key, "expected " + expected) else { return nil }
    guard let value = T(rawValue: raw) else { throw error(key, "expected " + expected) }
    return value
  }
}
