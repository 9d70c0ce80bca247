import TooltipKit

/// Turns the bytes a terminal sends into ``TerminalInput``: keys, UTF-8 characters, and primary
/// button mouse reports, with every escape sequence recognised by its ECMA-48 grammar and
/// consumed whole.
///
/// A terminal session reads raw bytes (curses' keypad translation off) so that a sequence the
/// program does not know is never split into an Esc and loose characters that act as keys.
/// The grammar, not a list of sequences seen so far, decides where each sequence ends:
///
/// - CSI (`ESC [` or C1 `0x9B`): parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, one
///   final byte 0x40-0x7E;
/// - SS3 (`ESC O` or `0x8F`): one final byte 0x40-0x7E (parameter bytes before it, as old
///   xterms sent with modifiers, are taken too);
/// - OSC, DCS, APC, PM and SOS (`ESC ]`, `ESC P`, `ESC _`, `ESC ^`, `ESC X`, or their C1
///   bytes): a string up to ST (`ESC \` or `0x9C`) or BEL;
/// - `ESC` and intermediates 0x20-0x2F then a final byte 0x30-0x7E, and two-byte `ESC` + Fp,
///   Fe or Fs (0x30-0x7E); `ESC` before any other key (what Alt sends) is taken with that key.
///
/// Only these mean something: arrows as CSI or SS3 `A` to `D`, Shift-Tab `CSI Z`, the
/// application keypad's keys as SS3 (Enter, digits, `* + , - . / =`: what they mean on the main
/// keyboard), SGR 1006 mouse reports (`CSI < b ; x ; y M` or `m`), and X10 reports (`CSI M`
/// and three bytes, or three UTF-8 characters under the 1005 encoding). Every other sequence
/// is ignored whole. Plain bytes are UTF-8, put together as ``UTF8Assembler`` does; C1
/// controls arrive as raw bytes 0x80-0x9F (where they cannot start UTF-8) or as UTF-8
/// U+0080-U+009F.
///
/// A sequence whose next byte does not come within ``sequenceWait`` is over: ``timeOut()``
/// then drops it, except a lone `ESC`, which is the Esc key. CAN and SUB cancel a sequence; ESC
/// inside one starts a new one; any other byte that breaks the grammar ends the sequence,
/// which is dropped, and is then read on its own.
public struct InputParser: Sendable {
  /// How long the next byte of a sequence or character may take: a terminal sends a sequence
  /// in one write, so a longer gap means it is over (and a lone ESC is the Esc key).
  public static let sequenceWait = Duration.milliseconds(25)

  /// The most parameter bytes kept for decoding; a longer sequence is still consumed whole,
  /// and means nothing.
  static let parameterLimit = 32
  /// The largest coordinate taken from a mouse report; a report beyond it is ignored.
  static let coordinateLimit = 1_000_000

  private enum State: Sendable, Equatable {
    /// Between inputs (or inside a UTF-8 character).
    case ground
    /// After ESC.
    case escape
    /// After ESC and intermediate bytes: waiting for the final byte.
    case escapeIntermediate
    /// Inside a control sequence.
    case csi
    /// Inside a control sequence that broke the grammar: consumed up to its final byte.
    case csiIgnore
    /// After SS3.
    case ss3
    /// Inside a command or control string (OSC, DCS, APC, PM, SOS).
    case string
    /// After ESC inside a string: `\` ends it.
    case stringEscape
    /// Reading the three values of an X10 or 1005 mouse report.
    case mousePayload
  }

  private var state = State.ground
  /// Parameter bytes of the current CSI or SS3 (up to ``parameterLimit``).
  private var parameters: [UInt8] = []
  private var intermediates = false
  private var overflow = false
  /// The values of an X10 report read so far.
  private var payload: [Int] = []
  /// Set when ESC came before a sequence or key: what follows is an Alt key, ignored whole.
  private var discard = false
  private var assembler = UTF8Assembler()
  private var stringAssembler = UTF8Assembler()
  private var buttonDown = false
  private let mouse: Bool
  private let utf8Mouse: Bool

  /// A parser between inputs.
  ///
  /// - Parameters:
  ///   - mouse: whether mouse reports become input (the terminal was asked for them); when
  ///     false they are still consumed whole, and ignored.
  ///   - utf8MouseCoordinates: whether X10 reports carry their values as UTF-8 characters
  ///     (the 1005 encoding, for a terminal whose terminfo asks for it).
  public init(mouse: Bool = true, utf8MouseCoordinates: Bool = false) {
    self.mouse = mouse
    utf8Mouse = utf8MouseCoordinates
  }

  /// Whether a sequence or character is unfinished: the reader should wait at most
  /// ``sequenceWait`` for the next byte, then call ``timeOut()``.
  public var isPending: Bool { state != .ground || assembler.isPending }

  /// Ends what is unfinished because its next byte did not come: a lone ESC is the Esc key;
  /// anything else is dropped.
  public mutating func timeOut() -> TerminalInput? {
    let lone = state == .escape && !discard
    reset()
    return lone ? .key(.escape) : nil
  }

  /// Adds one byte read at `time` (the time stamped on mouse events); returns the input it
  /// completes, if any.
  public mutating func add(_ byte: UInt8, time: Duration) -> TerminalInput? {
    switch state {
    case .ground: return ground(byte, time: time)
    case .escape: return escape(byte, time: time)
    case .escapeIntermediate:
      switch byte {
      case 0x20...0x2F: return nil
      case 0x30...0x7E: return finish(nil)
      default: return abort(byte, time: time)
      }
    case .csi, .csiIgnore: return csi(byte, time: time)
    case .ss3: return ss3(byte, time: time)
    case .string: return string(byte, time: time)
    case .stringEscape:
      if byte == 0x5C { return finish(nil) }
      // The string ends unfinished; this ESC starts whatever comes next.
      reset()
      state = .escape
      return escape(byte, time: time)
    case .mousePayload: return mousePayload(byte, time: time)
    }
  }

  // MARK: - States

  private mutating func ground(_ byte: UInt8, time: Duration) -> TerminalInput? {
    if !assembler.isPending {
      switch byte {
      case 0x1B:
        state = .escape
        return nil
      case 0x00...0x7F:
        return finish(.key(InputDecoder.character(UInt32(byte))))
      case 0x80...0x9F:
        // Cannot start UTF-8: an 8-bit C1 control.
        return control(UInt32(byte))
      default: break
      }
    }
    var step = assembler.add(byte)
    if case .invalid(let retry?) = step {
      discard = false
      return ground(retry, time: time)
    }
    if case .invalid = step { step = .pending }
    guard case .scalar(let value) = step else { return assembler.isPending ? nil : finish(nil) }
    if (0x80...0x9F).contains(value) { return control(value) }
    return finish(.key(InputDecoder.character(value)))
  }

  /// A C1 control, from its raw byte or its UTF-8 form.
  private mutating func control(_ value: UInt32) -> TerminalInput? {
    switch value {
    case 0x9B: begin(.csi)
    case 0x8F: begin(.ss3)
    case 0x90, 0x9D, 0x9F, 0x9E, 0x98: begin(.string)
    default: return finish(nil)
    }
    return nil
  }

  private mutating func escape(_ byte: UInt8, time: Duration) -> TerminalInput? {
    switch byte {
    case 0x5B: begin(.csi)  // [
    case 0x4F: begin(.ss3)  // O
    case 0x50, 0x5D, 0x5F, 0x5E, 0x58: begin(.string)  // P ] _ ^ X
    case 0x20...0x2F: state = .escapeIntermediate
    case 0x30...0x7E: return finish(nil)
    case 0x1B:
      // ESC ESC: Alt with the key or sequence the second ESC starts.
      discard = true
    case 0x18, 0x1A: return finish(nil)  // CAN, SUB: cancelled
    case 0x00...0x1F, 0x7F: return finish(nil)  // Alt with a control key
    default:
      // Alt with a character (or a C1 control): taken with it, ignored.
      state = .ground
      discard = true
      return ground(byte, time: time)
    }
    return nil
  }

  private mutating func csi(_ byte: UInt8, time: Duration) -> TerminalInput? {
    switch byte {
    case 0x30...0x3F:
      if intermediates { state = .csiIgnore }
      keep(byte)
      return nil
    case 0x20...0x2F:
      intermediates = true
      return nil
    case 0x40...0x7E:
      guard state == .csi, !overflow else { return finish(nil) }
      return finishCSI(final: byte, time: time)
    default:
      return abort(byte, time: time)
    }
  }

  private mutating func ss3(_ byte: UInt8, time: Duration) -> TerminalInput? {
    switch byte {
    case 0x30...0x3F:
      keep(byte)
      return nil
    case 0x40...0x7E:
      guard parameters.isEmpty, !overflow else { return finish(nil) }
      return finish(Self.ss3Key(byte).map(TerminalInput.key))
    default:
      return abort(byte, time: time)
    }
  }

  private mutating func string(_ byte: UInt8, time: Duration) -> TerminalInput? {
    if !stringAssembler.isPending {
      switch byte {
      case 0x07, 0x9C: return finish(nil)  // BEL, ST
      case 0x1B:
        state = .stringEscape
        return nil
      case 0x18, 0x1A: return finish(nil)
      default: break
      }
    }
    if case .scalar(0x9C) = stringAssembler.add(byte) { return finish(nil) }
    return nil
  }

  private mutating func mousePayload(_ byte: UInt8, time: Duration) -> TerminalInput? {
    var value = Int(byte)
    if utf8Mouse {
      switch stringAssembler.add(byte) {
      case .pending: return nil
      case .scalar(let scalar): value = Int(scalar)
      case .invalid: value = Int(byte)
      }
    }
    payload.append(value - 32)
    guard payload.count == 3 else { return nil }
    let (code, x, y) = (payload[0], payload[1], payload[2])
    guard mouse, x >= 1, y >= 1 else { return finish(nil) }
    let point = Point(x: x - 1, y: y - 1)
    guard code & (32 | 64 | 128) == 0 else { return finish(nil) }  // motion, wheel, more buttons
    switch code & 3 {
    case 0:
      buttonDown = true
      return finish(.press(point, time: time))
    case 3:
      // X10 does not say which button came up: it is the primary one if that one was down.
      guard buttonDown else { return finish(nil) }
      buttonDown = false
      return finish(.release(point, time: time))
    default:
      return finish(nil)
    }
  }

  // MARK: - Sequences

  private mutating func finishCSI(final: UInt8, time: Duration) -> TerminalInput? {
    if intermediates { return finish(nil) }
    if parameters.isEmpty {
      switch final {
      case 0x41: return finish(.key(.up))
      case 0x42: return finish(.key(.down))
      case 0x43: return finish(.key(.right))
      case 0x44: return finish(.key(.left))
      case 0x5A: return finish(.key(.backTab))
      case 0x4D:
        // X10 (or 1005) mouse report: three values follow.
        let keep = discard
        reset()
        discard = keep
        state = .mousePayload
        return nil
      default: return finish(nil)
      }
    }
    if parameters.first == 0x3C, final == 0x4D || final == 0x6D {  // <, M or m
      return finish(sgrMouse(release: final == 0x6D, time: time))
    }
    return finish(nil)
  }

  /// An SGR 1006 report: `<` then button, column and row in decimal, 1-based.
  private mutating func sgrMouse(release: Bool, time: Duration) -> TerminalInput? {
    let fields = parameters.dropFirst().split(separator: 0x3B, omittingEmptySubsequences: false)
    guard mouse, fields.count == 3 else { return nil }
    var numbers: [Int] = []
    for field in fields {
      guard !field.isEmpty, field.count <= 7, field.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
      numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
    }
    let (code, x, y) = (numbers[0], numbers[1], numbers[2])
    guard (1...Self.coordinateLimit).contains(x), (1...Self.coordinateLimit).contains(y) else { return nil }
    // Only the primary button, not moving, not the wheel (modifier bits 4, 8, 16 are allowed).
    guard code & 3 == 0, code & (32 | 64 | 128) == 0 else { return nil }
    let point = Point(x: x - 1, y: y - 1)
    buttonDown = !release
    return release ? .release(point, time: time) : .press(point, time: time)
  }

  /// The key an SS3 sequence stands for: an arrow in application cursor mode, or a key of the
  /// keypad in application mode, as what the same key means on the main keyboard.
  static func ss3Key(_ final: UInt8) -> TerminalKey? {
    switch final {
    case 0x41: .up
    case 0x42: .down
    case 0x43: .right
    case 0x44: .left
    case 0x4D: .enter  // keypad Enter
    case 0x70...0x79: .character(Character(Unicode.Scalar(final - 0x70 + 0x30)))  // keypad 0-9
    case 0x6A: .character("*")
    case 0x6B: .character("+")
    case 0x6C: .character(",")
    case 0x6D: .character("-")
    case 0x6E: .character(".")
    case 0x6F: .character("/")
    case 0x58: .character("=")
    default: nil
    }
  }

  // MARK: - Helpers

  private mutating func begin(_ next: State) {
    parameters.removeAll(keepingCapacity: true)
    intermediates = false
    overflow = false
    stringAssembler.reset()
    state = next
  }

  private mutating func keep(_ byte: UInt8) {
    if parameters.count < Self.parameterLimit {
      parameters.append(byte)
    } else {
      overflow = true
    }
  }

  /// Ends the current unit; its input unless an ESC before it made it an Alt key.
  private mutating func finish(_ input: TerminalInput?) -> TerminalInput? {
    let ignored = discard
    reset()
    return ignored ? nil : input
  }

  /// A byte that breaks the grammar: the sequence is dropped, and the byte read on its own
  /// (ESC starts a new sequence; CAN and SUB only cancel).
  private mutating func abort(_ byte: UInt8, time: Duration) -> TerminalInput? {
    reset()
    if byte == 0x18 || byte == 0x1A { return nil }
    return ground(byte, time: time)
  }

  private mutating func reset() {
    state = .ground
    parameters.removeAll(keepingCapacity: true)
    intermediates = false
    overflow = false
    payload.removeAll(keepingCapacity: true)
    discard = false
    assembler.reset()
    stringAssembler.reset()
  }
}
