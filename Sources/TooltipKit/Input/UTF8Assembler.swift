/// Puts UTF-8 characters back together from single bytes, as the terminal sends them.
///
/// A byte that cannot start a character is dropped, and a character cut short by a byte that
/// cannot continue it is dropped while that byte is read again on its own: one stray byte
/// never costs the keys after it (as curses' `wget_wch`, which keeps every later byte to
/// complete the character, would).
struct UTF8Assembler: Sendable {
  /// What one byte did.
  enum Step: Hashable, Sendable {
    /// A whole character: its Unicode scalar value.
    case scalar(UInt32)
    /// Part of a character: more bytes are needed.
    case pending
    /// The bytes so far are not a character and were dropped; `retry`, when set, is a byte
    /// that ended the sequence without belonging to it, to be added again on its own.
    case invalid(retry: UInt8?)
  }

  private var bytes: [UInt8] = []
  private var expected = 0

  /// An assembler between characters.
  init() {}

  /// Whether part of a character has been read.
  var isPending: Bool { !bytes.isEmpty }

  /// Drops a character cut short (its next byte did not come).
  mutating func reset() {
    if !bytes.isEmpty { bytes.removeAll(keepingCapacity: true) }
    expected = 0
  }

  /// Adds one byte.
  mutating func add(_ byte: UInt8) -> Step {
    guard isPending else {
      switch byte {
      case 0x00...0x7F: return .scalar(UInt32(byte))
      case 0xC2...0xDF: expected = 2
      case 0xE0...0xEF: expected = 3
      case 0xF0...0xF4: expected = 4
      default: return .invalid(retry: nil)  // a continuation byte, or never in UTF-8
      }
      bytes.append(byte)
      return .pending
    }
    guard byte & 0xC0 == 0x80 else {
      reset()
      return .invalid(retry: byte)
    }
    bytes.append(byte)
    guard bytes.count == expected else { return .pending }
    defer { reset() }
    // Overlong forms, surrogates and values past U+10FFFF are refused here.
    guard let text = String(validating: bytes, as: UTF8.self), text.unicodeScalars.count == 1,
      let scalar = text.unicodeScalars.first
    else { return .invalid(retry: nil) }
    return .scalar(scalar.value)
  }
}
