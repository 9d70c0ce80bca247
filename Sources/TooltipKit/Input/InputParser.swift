/// Turns the bytes a terminal sends into ``TerminalInput``: keys with their modifiers, UTF-8
/// characters, mouse reports and bracketed pastes, with every escape sequence recognised by
/// its ECMA-48 grammar and consumed whole.
///
/// A terminal session reads raw bytes (curses' keypad translation off) so that a sequence the
/// program does not know is never split into an Esc and loose characters that act as keys.
/// The grammar, not a list of sequences seen so far, decides where each sequence ends:
///
/// - CSI (`ESC [` or C1 `0x9B`): parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, one
///   final byte 0x40-0x7E (and the Linux console's `CSI [` takes one more);
/// - SS3 (`ESC O` or `0x8F`): one final byte 0x40-0x7E (parameter bytes before it, as old
///   xterms sent with modifiers, are taken too);
/// - OSC, DCS, APC, PM and SOS (`ESC ]`, `ESC P`, `ESC _`, `ESC ^`, `ESC X`, or their C1
///   bytes): a string up to ST (`ESC \` or `0x9C`) or BEL;
/// - bracketed paste: `CSI 200 ~`, then every byte up to `CSI 201 ~`;
/// - `ESC` and intermediates 0x20-0x2F then a final byte 0x30-0x7E; `ESC` before any other
///   key (what Alt sends) is that key with Alt.
///
/// What the keys mean comes from the terminal's terminfo entry (the `keys` table the terminal
/// layer builds from `kf1`, `khome`, `knp`, ...), plus what needs no entry: arrows as CSI or
/// SS3 `A` to `D`, Shift-Tab `CSI Z`, the application keypad as SS3 (Enter, digits,
/// `* + , - . / =`), xterm's modifier parameter on any of them (`CSI 1;5A` is Ctrl-Up,
/// `CSI 5;3~` Alt-Page Up), xterm's modifyOtherKeys (`CSI 27;m;c~`) and the fixterms/kitty form
/// (`CSI c;m u`). A cursor key (arrow, Home, End) known in one cursor mode is known in the
/// other (`CSI H` and `SS3 H`).
/// Mouse reports are SGR 1006 (`CSI < b ; x ; y M` or `m`) and X10 (`CSI M` and three bytes,
/// or three UTF-8 characters under the 1005 encoding). Plain bytes are UTF-8; a control byte is
/// its letter with Ctrl. Every other sequence is ignored whole.
///
/// A lone `ESC` is the Esc key once ``sequenceWait`` passes with nothing after it. Once a
/// sequence has begun (`ESC [`, `ESC O`, `ESC ]`, a string, a mouse report, a paste, a UTF-8
/// character), its next byte may take up to ``slowSequenceWait``: over a slow link the bytes of
/// one sequence arrive apart. ``timeOut(into:)`` then ends it: a sequence cut short is dropped;
/// `ESC [`, `ESC O` and a string opener with nothing after them are Alt with that character; a
/// paste cut short arrives with what it had. CAN and SUB cancel a sequence; ESC inside one
/// starts a new one; any other byte that breaks the grammar ends the sequence, which is
/// dropped, and is then read on its own. ESC before something that is not a key (a mouse
/// report, a paste, a sequence nobody knows) is the Esc key, then that.
///
/// TooltipCurses' terminal session reads with it; a program that owns ncurses and reads its terminal's
/// bytes itself (keypad translation off) hands them to it the same way, and gets the same
/// typed keys, mouse events and pastes: ``add(_:time:into:)-(UnsafeBufferPointer<UInt8>,_,_)`` with each read, ``timeOut(into:)``
/// once ``pendingWait`` passes with nothing more, and ``TerminalInput/supersedes(_:)`` to act on
/// the last of a run of motion reports only. Terminal answers (DECRPM, DECRQSS, any string) are
/// consumed whole and never become keys; two of them arrive as inputs: the background colour
/// (OSC 11, ``TerminalInput/terminalBackground(_:)``) and the DA1 fence
/// (``TerminalInput/deviceAttributes``).
///
/// A reader that asked the terminal something says so with ``expectReply(to:)``. Until the
/// answer (or the DA1 fence after it) comes, a sequence that may be that answer (`ESC [`,
/// `CSI ?` ..., `ESC ]` ...) waits up to ``replyWait`` for its next byte instead of
/// ``slowSequenceWait``: an answer split across slow reads (`ESC[?2` ... 1.5 s ... `026;1$y`)
/// is still taken whole, never as the keys `1` and `2`. Answers nobody asked for keep the
/// ordinary waits.
public struct InputParser: Sendable {
  /// How long the byte after a lone ESC may take: a terminal sends a sequence in one write, so
  /// a longer gap means the user pressed Esc, which must act at once.
  public static let sequenceWait = Duration.milliseconds(25)
  /// How long the next byte of a sequence already begun may take (1 s): past `ESC [`, `ESC O`,
  /// `ESC ]`, inside a string, a mouse report, a paste or a UTF-8 character, the rest belongs to
  /// it even over a slow link.
  public static let slowSequenceWait = Duration.seconds(1)
  /// How long the next byte of what may be an awaited answer may take (5 s), while a question
  /// is outstanding (``expectReply(to:)``): an answer over a slow link arrives in pieces, and a
  /// piece taken for keys would act (`1`, `2` in a DECRPM report toggle the demo's lines). A
  /// terminal that never answers holds only an Alt-[ or Alt-] typed meanwhile, this long.
  public static let replyWait = Duration.seconds(5)
  /// The most bytes of an OSC string kept to read a colour answer from; a longer one is not one.
  static let answerLimit = 64

  /// The most parameter bytes kept for decoding; a longer sequence is still consumed whole,
  /// and means nothing.
  static let parameterLimit = 32
  /// The largest coordinate taken from a mouse report; a report beyond it is ignored.
  static let coordinateLimit = 1_000_000
  /// The most bytes of one paste kept (16 MiB); the rest is consumed and dropped.
  static let pasteLimit = 1 << 24

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
    /// After the Linux console's `CSI [`: one final byte.
    case csiBracket
    /// After SS3.
    case ss3
    /// Inside a command or control string (OSC, DCS, APC, PM, SOS).
    case string
    /// After ESC inside a string: `\` ends it.
    case stringEscape
    /// Reading the three values of an X10 or 1005 mouse report.
    case mousePayload
    /// Inside a bracketed paste.
    case paste
  }

  private var state = State.ground
  /// Parameter bytes of the current CSI or SS3 (up to ``parameterLimit``).
  private var parameters: [UInt8] = []
  private var intermediates: [UInt8] = []
  private var overflow = false
  /// The string opener (`]`, `P`, ...) and whether any of the string's body has come.
  private var opener: UInt8 = 0
  private var stringBody = false
  /// Whether the sequence came as a C1 byte (no ESC form: never Alt with its opener).
  private var eightBit = false
  /// The values of an X10 report read so far.
  private var payload: [Int] = []
  /// Set when ESC came before a sequence or key: a key becomes Alt with it, anything else
  /// comes after an Esc.
  private var alt = false
  private var assembler = UTF8Assembler()
  private var stringAssembler = UTF8Assembler()
  /// The buttons down, for drags and X10 releases (which do not say which button came up).
  private var held = HeldButtons()
  /// The bytes of the current OSC string (up to ``answerLimit``), for a colour answer.
  private var answer: [UInt8] = []
  /// The questions whose answers are awaited (``expectReply(to:)``), one bit each.
  private var awaited: UInt8 = 0
  /// A paste's bytes so far, and how much of its end marker has come.
  private var pasteBytes: [UInt8] = []
  private var pasteMatch = 0
  private let mouse: Bool
  private let utf8Mouse: Bool
  /// Whether the terminal answered a DECRQM query for synchronized output (DEC mode 2026) with
  /// a DECRPM report saying it knows the mode (`CSI ? 2026 ; 1 $ y` or `; 2 $ y`): frames may
  /// then be wrapped in `CSI ? 2026 h` ... `CSI ? 2026 l`. The report is never a key.
  public private(set) var synchronizedOutput = false
  /// The terminal's keys: sequences without their ESC (`[5~`, `OH`), from terminfo.
  private var keys: KeyTable

  /// A parser between inputs.
  ///
  /// - Parameters:
  ///   - mouse: whether mouse reports become input (the terminal was asked for them); when
  ///     false they are still consumed whole, and ignored.
  ///   - utf8MouseCoordinates: whether X10 reports carry their values as UTF-8 characters
  ///     (the 1005 encoding, for a terminal whose terminfo asks for it).
  ///   - keys: the terminal's key sequences and the keys they are (as terminfo names them),
  ///     each sequence as sent, from its ESC.
  public init(mouse: Bool = true, utf8MouseCoordinates: Bool = false, keys: [[UInt8]: TerminalKey] = [:]) {
    self.init(mouse: mouse, utf8MouseCoordinates: utf8MouseCoordinates, keyList: keys.map { ($0.key, $0.value) })
  }

  /// A parser between inputs, with the terminal's keys as a list (what terminfo gives, in
  /// order): where two entries have one sequence, the first wins.
  ///
  /// A list, not a dictionary: a dictionary keyed by byte arrays makes the runtime look up
  /// `Hashable` conformances at its first use, two scans of every conformance record of the
  /// program at every start.
  public init(mouse: Bool = true, utf8MouseCoordinates: Bool = false, keyList: [([UInt8], TerminalKey)]) {
    self.mouse = mouse
    utf8Mouse = utf8MouseCoordinates
    keys = KeyTable(keyList)
  }

  /// Gives the parser the terminal's keys (as a list, like ``init(mouse:utf8MouseCoordinates:keyList:)``)
  /// after it was made, before the first byte that can begin an escape sequence.
  ///
  /// Looking the keys up in terminfo is most of a reader's cost at start, and a program's first
  /// frame needs none of them: a reader can make its parser without them and give them here.
  public mutating func setKeys(_ keyList: [([UInt8], TerminalKey)]) {
    keys = KeyTable(keyList)
  }

  /// Notes that the terminal was asked `query` (the reader sent ``TerminalQuery/sequence``):
  /// until its answer, or the DA1 fence, arrives, a sequence that may be that answer waits up to
  /// ``replyWait`` for each next byte (see the type's notes).
  public mutating func expectReply(to query: TerminalQuery) {
    awaited |= Self.bit(query)
  }

  /// Whether the answer to `query` is still awaited: it was expected and neither it nor the DA1
  /// fence has arrived.
  public func awaitsReply(to query: TerminalQuery) -> Bool { awaited & Self.bit(query) != 0 }

  /// Stops awaiting every answer (a reader that gave up on a terminal that never answered, or
  /// that was stopped and continued): unfinished sequences take the ordinary waits again.
  public mutating func stopAwaitingReplies() { awaited = 0 }

  private static func bit(_ query: TerminalQuery) -> UInt8 {
    switch query {
    case .background: 1
    case .synchronizedOutput: 2
    case .deviceAttributes: 4
    }
  }

  /// Whether what is unfinished may be an awaited answer: `ESC [` alone, a CSI with private
  /// parameters (`?`: DECRPM, DA1), an OSC string.
  private var mayBeAnswer: Bool {
    guard awaited != 0 else { return false }
    switch state {
    case .csi, .csiIgnore: return parameters.first == 0x3F || (parameters.isEmpty && intermediates.isEmpty)
    case .string, .stringEscape: return opener == 0x5D
    default: return false
    }
  }

  /// Whether a sequence or character is unfinished: the reader should wait at most
  /// ``pendingWait`` for the next byte, then call ``timeOut(into:)``, so that a lone Esc acts
  /// and a sequence cut short is dropped rather than held for good.
  public var isPending: Bool { state != .ground || assembler.isPending }

  /// How long the next byte may take before ``timeOut(into:)`` ends what is unfinished; nil
  /// when nothing is.
  public var pendingWait: Duration? {
    if mayBeAnswer { return Self.replyWait }
    return switch state {
    case .ground: assembler.isPending ? Self.slowSequenceWait : nil
    case .escape, .escapeIntermediate: Self.sequenceWait
    case .string where !stringBody && opener != 0x5D: Self.sequenceWait
    default: Self.slowSequenceWait
    }
  }

  /// Ends what is unfinished because its next byte did not come, appending what it was to
  /// `output` (a lone ESC is Esc; see the type's notes): the reader calls it once
  /// ``pendingWait`` passed with nothing more read.
  public mutating func timeOut(into output: inout [TerminalInput]) {
    let hadAlt = alt
    var key: TerminalKey?
    switch state {
    case .escape:
      // A lone ESC is Esc; ESC ESC is Esc twice.
      output.append(.key(.escape))
      if hadAlt { output.append(.key(.escape)) }
      reset()
      return
    case .escapeIntermediate where intermediates.count == 1:
      key = Self.character(UInt32(intermediates[0]))
    case .csi where parameters.isEmpty && intermediates.isEmpty && !overflow && !eightBit:
      key = .character("[")
    case .ss3 where parameters.isEmpty && !eightBit:
      key = .character("O")
    case .string where !stringBody && !eightBit:
      key = Self.character(UInt32(opener))
    case .paste:
      let text = pasteText()
      reset()
      if hadAlt { output.append(.key(.escape)) }
      output.append(.paste(text))
      return
    default: break
    }
    reset()
    if var key {
      // `ESC [` with nothing after it: Alt-[ (and ESC ESC [ stays Alt-[).
      key.modifiers.insert(.alt)
      output.append(.key(key))
    } else if hadAlt {
      output.append(.key(.escape))
    }
  }

  /// Adds the bytes read at `time` (the time stamped on mouse events), appending the inputs
  /// they complete to `output`: one call per read, whatever the read cut (a sequence may end in
  /// the next read).
  public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, time: Duration, into output: inout [TerminalInput]) {
    for byte in bytes { add(byte, time: time, into: &output) }
  }

  /// Adds one byte read at `time`, appending the inputs it completes to `output`: for a reader
  /// that gets its bytes one at a time (a program's own `wgetch` with keypad translation off).
  public mutating func add(_ byte: UInt8, time: Duration, into output: inout [TerminalInput]) {
    if state == .ground, !assembler.isPending, byte >= 0x20, byte < 0x7F {
      // The common case, taken first: a printable ASCII key (its character is a small string
      // made in place, no table to build at the first key).
      output.append(.key(.character(Character(Unicode.Scalar(byte)))))
      return
    }
    switch state {
    case .ground: ground(byte, time: time, into: &output)
    case .escape: escape(byte, time: time, into: &output)
    case .escapeIntermediate:
      switch byte {
      case 0x20...0x2F:
        if intermediates.count < Self.parameterLimit { intermediates.append(byte) }
      case 0x30...0x7E: finish(nil, into: &output)
      default: abort(byte, time: time, into: &output)
      }
    case .csi, .csiIgnore: csi(byte, time: time, into: &output)
    case .csiBracket:
      switch byte {
      case 0x40...0x7E: finish(keys[[0x5B, 0x5B, byte]], into: &output)
      default: abort(byte, time: time, into: &output)
      }
    case .ss3: ss3(byte, time: time, into: &output)
    case .string: string(byte, into: &output)
    case .stringEscape:
      if byte == 0x5C { return finishString(into: &output) }
      // The string ends unfinished; this ESC starts whatever comes next.
      let hadAlt = alt
      reset()
      if hadAlt { output.append(.key(.escape)) }
      state = .escape
      escape(byte, time: time, into: &output)
    case .mousePayload: mousePayload(byte, time: time, into: &output)
    case .paste: paste(byte, into: &output)
    }
  }

  // MARK: - States

  private mutating func ground(_ byte: UInt8, time: Duration, into output: inout [TerminalInput]) {
    if !assembler.isPending {
      switch byte {
      case 0x1B:
        state = .escape
        return
      case 0x00...0x7F:
        return finish(Self.character(UInt32(byte)), into: &output)
      case 0x80...0x9F:
        // Cannot start UTF-8: an 8-bit C1 control.
        return control(UInt32(byte), into: &output)
      default: break
      }
    }
    var step = assembler.add(byte)
    if case .invalid(let retry?) = step {
      // The character cut short is dropped (and an Alt before it with it).
      alt = false
      return ground(retry, time: time, into: &output)
    }
    if case .invalid = step { step = .pending }
    guard case .scalar(let value) = step else {
      if !assembler.isPending { finish(nil, into: &output) }
      return
    }
    if (0x80...0x9F).contains(value) { return control(value, into: &output) }
    finish(Self.character(value), into: &output)
  }

  /// A C1 control, from its raw byte or its UTF-8 form.
  private mutating func control(_ value: UInt32, into output: inout [TerminalInput]) {
    switch value {
    case 0x9B: begin(.csi)
    case 0x8F: begin(.ss3)
    case 0x90, 0x9D, 0x9F, 0x9E, 0x98:
      begin(.string)
      opener = UInt8(value - 0x40)
    default: return finish(nil, into: &output)
    }
    eightBit = true
  }

  private mutating func escape(_ byte: UInt8, time: Duration, into output: inout [TerminalInput]) {
    switch byte {
    case 0x5B: begin(.csi)  // [
    case 0x4F: begin(.ss3)  // O
    case 0x50, 0x5D, 0x5F, 0x5E, 0x58:  // P ] _ ^ X
      begin(.string)
      opener = byte
    case 0x20...0x2F:
      state = .escapeIntermediate
      intermediates = [byte]
    case 0x1B:
      if alt {
        // ESC ESC ESC: the first is Esc on its own.
        output.append(.key(.escape))
      }
      // ESC ESC: Alt with the key or sequence the second ESC starts.
      alt = true
    case 0x18, 0x1A:  // CAN, SUB: cancelled
      reset()
    default:
      // Alt with a key: a character, a control key, a C1 control (which starts a sequence).
      state = .ground
      alt = true
      ground(byte, time: time, into: &output)
    }
  }

  private mutating func csi(_ byte: UInt8, time: Duration, into output: inout [TerminalInput]) {
    switch byte {
    case 0x30...0x3F:
      if !intermediates.isEmpty { state = .csiIgnore }
      keep(byte)
    case 0x20...0x2F:
      if intermediates.count < Self.parameterLimit { intermediates.append(byte) }
    case 0x5B where state == .csi && parameters.isEmpty && intermediates.isEmpty:
      state = .csiBracket
    case 0x40...0x7E:
      guard state == .csi, !overflow else { return finish(nil, into: &output) }
      finishCSI(final: byte, time: time, into: &output)
    default:
      abort(byte, time: time, into: &output)
    }
  }

  private mutating func ss3(_ byte: UInt8, time: Duration, into output: inout [TerminalInput]) {
    switch byte {
    case 0x30...0x3F:
      keep(byte)
    case 0x40...0x7E:
      guard !overflow else { return finish(nil, into: &output) }
      var key = keys[[0x4F, byte]] ?? Self.cursorKey(byte, keys[[0x5B, byte]]) ?? Self.ss3Key(byte)
      if !parameters.isEmpty {
        // Old xterms: `SS3 5 A` (or `SS3 1;5A`) with the modifier as the last number.
        let fields = Self.numbers(parameters)
        if let modifier = fields?.last, let modifiers = Self.modifiers(modifier), key != nil {
          key?.modifiers = modifiers
        } else {
          key = nil
        }
      }
      finish(key, into: &output)
    default:
      abort(byte, time: time, into: &output)
    }
  }

  private mutating func string(_ byte: UInt8, into output: inout [TerminalInput]) {
    if !stringAssembler.isPending {
      switch byte {
      case 0x07, 0x9C: return finishString(into: &output)  // BEL, ST
      case 0x1B:
        state = .stringEscape
        return
      case 0x18, 0x1A: return finish(nil, into: &output)
      default: break
      }
    }
    stringBody = true
    if opener == 0x5D, answer.count <= Self.answerLimit { answer.append(byte) }
    switch stringAssembler.add(byte) {
    case .scalar(0x9C):
      // ST in UTF-8 (C2 9C): not part of the answer.
      if opener == 0x5D { answer.removeLast(min(2, answer.count)) }
      finishString(into: &output)
    case .invalid(let retry?):
      // A character cut short: the byte that cut it is read again (an ESC still ends the string).
      string(retry, into: &output)
    default: break
    }
  }

  private mutating func mousePayload(_ byte: UInt8, time: Duration, into output: inout [TerminalInput]) {
    var value = Int(byte)
    if utf8Mouse {
      switch stringAssembler.add(byte) {
      case .pending: return
      case .scalar(let scalar): value = Int(scalar)
      case .invalid: value = Int(byte)
      }
    }
    payload.append(value - 32)
    guard payload.count == 3 else { return }
    let (code, x, y) = (payload[0], payload[1], payload[2])
    guard mouse, x >= 1, y >= 1 else { return finish(nil, into: &output) }
    finishMouse(code: code, point: Point(x: x - 1, y: y - 1), release: nil, time: time, into: &output)
  }

  /// The `CSI 201 ~` that ends a paste.
  private static let pasteEnd: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E]

  private mutating func paste(_ byte: UInt8, into output: inout [TerminalInput]) {
    if byte == Self.pasteEnd[pasteMatch] {
      pasteMatch += 1
      guard pasteMatch == Self.pasteEnd.count else { return }
      let text = pasteText()
      reset()
      output.append(.paste(text))
      return
    }
    if pasteMatch > 0 {
      keepPasted(Self.pasteEnd[..<pasteMatch])
      pasteMatch = 0
      if byte == 0x1B {
        pasteMatch = 1
        return
      }
    }
    keepPasted(CollectionOfOne(byte))
  }

  private mutating func keepPasted(_ bytes: some Collection<UInt8>) {
    guard pasteBytes.count + bytes.count <= Self.pasteLimit else { return }
    pasteBytes.append(contentsOf: bytes)
  }

  /// The paste's text: UTF-8 (what is not is replaced with U+FFFD), line ends as `\n`
  /// (terminals send pasted lines ended by CR).
  private func pasteText() -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(pasteBytes.count)
    var previous: UInt8 = 0
    for byte in pasteBytes {
      if byte == 0x0A && previous == 0x0D {
        previous = byte
        continue
      }
      bytes.append(byte == 0x0D ? 0x0A : byte)
      previous = byte
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  // MARK: - Sequences

  /// Ends a string at its terminator: an OSC 11 answer (`11;rgb:...`) is the terminal's
  /// background, ends the wait for it, and arrives (after an Esc held before it); any other
  /// string, or an answer that cannot be read, means nothing.
  private mutating func finishString(into output: inout [TerminalInput]) {
    let body = opener == 0x5D ? answer : []
    finish(nil, into: &output)
    guard body.starts(with: [0x31, 0x31, 0x3B]) else { return }  // 11;
    awaited &= ~Self.bit(.background)
    if body.count <= Self.answerLimit, let colour = Self.colour(body.dropFirst(3)) {
      output.append(.terminalBackground(colour))
    }
  }

  /// The colour of an X11 colour specification as terminals answer colour queries:
  /// `rgb:R/G/B` (or `rgba:R/G/B/A`, the alpha ignored) with 1 to 4 hex digits a channel, each
  /// scaled to 8 bits; nil for anything else.
  package static func colour(_ spec: some Collection<UInt8>) -> RGB? {
    let text = Array(spec)
    let fields: ArraySlice<UInt8>
    let count: Int
    if text.starts(with: Array("rgb:".utf8)) {
      (fields, count) = (text.dropFirst(4), 3)
    } else if text.starts(with: Array("rgba:".utf8)) {
      (fields, count) = (text.dropFirst(5), 4)
    } else {
      return nil
    }
    let parts = fields.split(separator: 0x2F, omittingEmptySubsequences: false)
    guard parts.count == count else { return nil }
    var channels: [UInt8] = []
    for part in parts.prefix(3) {
      guard (1...4).contains(part.count) else { return nil }
      var value = 0
      for byte in part {
        guard let digit = Self.hexDigit(byte) else { return nil }
        value = value * 16 + digit
      }
      let largest = (1 << (4 * part.count)) - 1
      channels.append(UInt8((value * 255 + largest / 2) / largest))
    }
    for part in parts.dropFirst(3) where part.isEmpty || part.count > 4 || part.contains(where: { hexDigit($0) == nil })
    {
      return nil
    }
    return RGB(red: channels[0], green: channels[1], blue: channels[2])
  }

  private static func hexDigit(_ byte: UInt8) -> Int? {
    switch byte {
    case 0x30...0x39: Int(byte - 0x30)
    case 0x41...0x46: Int(byte - 0x41 + 10)
    case 0x61...0x66: Int(byte - 0x61 + 10)
    default: nil
    }
  }

  private mutating func finishCSI(final: UInt8, time: Duration, into output: inout [TerminalInput]) {
    if !intermediates.isEmpty {
      noteModeReport(final: final)
      return finish(nil, into: &output)
    }
    if parameters.isEmpty {
      if final == 0x4D {
        // X10 (or 1005) mouse report: three values follow.
        let keep = alt
        reset()
        alt = keep
        state = .mousePayload
        return
      }
      return finish(
        keys[[0x5B, final]] ?? Self.cursorKey(final, keys[[0x4F, final]]) ?? Self.csiKey(final), into: &output)
    }
    if final == 0x63, parameters.first == 0x3F {  // c: a DA1 answer, the fence
      awaited = 0
      finish(nil, into: &output)
      output.append(.deviceAttributes)
      return
    }
    if parameters.first == 0x3C {  // <
      guard final == 0x4D || final == 0x6D else { return finish(nil, into: &output) }  // M or m
      return sgrMouse(release: final == 0x6D, time: time, into: &output)
    }
    if final == 0x7E, parameters == [0x32, 0x30, 0x30] {  // 200~: a paste begins
      let keep = alt
      reset()
      if keep { output.append(.key(.escape)) }
      state = .paste
      return
    }
    finish(modifiedKey(final: final), into: &output)
  }

  /// Notes a DECRPM report (`CSI ? mode ; value $ y`) for synchronized output: a value of 1
  /// (set) or 2 (reset) says the terminal knows the mode; 0 (unknown) and 4 (permanently
  /// reset) say it does not.
  private mutating func noteModeReport(final: UInt8) {
    guard final == 0x79, intermediates == [0x24], parameters.first == 0x3F else { return }
    awaited &= ~Self.bit(.synchronizedOutput)
    guard let fields = Self.numbers(Array(parameters.dropFirst())), fields.count == 2, fields[0] == 2026
    else { return }
    if fields[1] == 1 || fields[1] == 2 { synchronizedOutput = true }
  }

  /// The key a CSI sequence with parameters stands for: xterm's modifier parameter on a known
  /// key, modifyOtherKeys, the `u` form, or the terminal's own sequence.
  private func modifiedKey(final: UInt8) -> TerminalKey? {
    if let fields = Self.numbers(parameters) {
      switch (final, fields.count) {
      case (0x7E, 3) where fields[0] == 27:
        // modifyOtherKeys: CSI 27 ; modifier ; code ~
        return Self.modifiers(fields[1]).flatMap { Self.codePoint(fields[2], modifiers: $0) }
      case (0x75, 1), (0x75, 2):
        // CSI code ; modifier u
        return Self.modifiers(fields.count == 2 ? fields[1] : 1).flatMap { Self.codePoint(fields[0], modifiers: $0) }
      case (0x7E, 2):
        // CSI n ; modifier ~: the key `CSI n ~` with modifiers.
        if var key = keys[[0x5B] + Self.digits(fields[0]) + [0x7E]] ?? Self.tildeKey(fields[0]),
          let modifiers = Self.modifiers(fields[1])
        {
          key.modifiers = modifiers
          return key
        }
      case (_, 2) where fields[0] == 1:
        // CSI 1 ; modifier F: the key `CSI F` (or `SS3 F`) with modifiers.
        if var key = keys[[0x5B, final]] ?? keys[[0x4F, final]] ?? Self.csiKey(final),
          let modifiers = Self.modifiers(fields[1])
        {
          key.modifiers.formUnion(modifiers)
          return key
        }
      default: break
      }
    }
    if let key = keys[[0x5B] + parameters + [final]] { return key }
    guard final == 0x7E, let fields = Self.numbers(parameters), fields.count == 1 else { return nil }
    return Self.tildeKey(fields[0])
  }

  /// The key `CSI n ~` stands for whatever terminfo says, for the numbers every terminal that
  /// sends them means alike: Home as 1 (tmux, the Linux console) or 7 (rxvt), End as 4 or 8,
  /// Insert 2, Delete 3, Page Up 5, Page Down 6. Under `TERM=xterm-256color` inside tmux,
  /// terminfo names only xterm's Home and End (`SS3 H`, `SS3 F`), while tmux sends `CSI 1 ~`.
  static func tildeKey(_ number: Int) -> TerminalKey? {
    switch number {
    case 1, 7: .home
    case 4, 8: .end
    case 2: TerminalKey(.insert)
    case 3: TerminalKey(.delete)
    case 5: TerminalKey(.pageUp)
    case 6: TerminalKey(.pageDown)
    default: nil
    }
  }

  /// An SGR 1006 report: `<` then button, column and row in decimal, 1-based.
  private mutating func sgrMouse(release: Bool, time: Duration, into output: inout [TerminalInput]) {
    let fields = parameters.dropFirst().split(separator: 0x3B, omittingEmptySubsequences: false)
    guard mouse, fields.count == 3 else { return finish(nil, into: &output) }
    var numbers: [Int] = []
    for field in fields {
      guard !field.isEmpty, field.count <= 7, field.allSatisfy({ (0x30...0x39).contains($0) }) else {
        return finish(nil, into: &output)
      }
      numbers.append(field.reduce(0) { $0 * 10 + Int($1 - 0x30) })
    }
    let (code, x, y) = (numbers[0], numbers[1], numbers[2])
    guard (1...Self.coordinateLimit).contains(x), (1...Self.coordinateLimit).contains(y), code < 256 else {
      return finish(nil, into: &output)
    }
    finishMouse(code: code, point: Point(x: x - 1, y: y - 1), release: release, time: time, into: &output)
  }

  /// A mouse report's button code decoded: `release` is SGR's final (`m`), nil for X10 (whose
  /// low bits 3 are a release of the button that was down).
  private mutating func finishMouse(
    code: Int, point: Point, release: Bool?, time: Duration, into output: inout [TerminalInput]
  ) {
    var modifiers: KeyModifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let low = code & 3
    let action: TerminalMouse.Action?
    if code & 64 != 0 && code & 128 == 0 {
      // The wheel: never a release, never motion.
      guard release != true else { return finish(nil, into: &output) }
      action = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight][low]
    } else {
      let button: TerminalMouse.Button? =
        code & 128 != 0
        ? .extra(8 + low + (code & 64 != 0 ? 4 : 0)) : [.primary, .middle, .secondary, nil][low]
      if code & 32 != 0 {
        // A drag of a button whose release came is motion: rxvt-unicode reports the pointer
        // moving with no button held as a drag of the last button pressed.
        action = held.motion(with: button)
      } else if release == true {
        action = button.map { .release($0) }
        if let button { held.release(button) }
      } else if let button {
        action = .press(button)
        held.press(button)
      } else if release == nil, let last = held.releaseLast() {
        // X10: a release of the button that was down.
        action = .release(last)
      } else if release == false {
        // SGR with no button and no motion bit in a press report: rxvt-unicode's pointer motion
        // under 1003 (`CSI < 31 ; x ; y M`, every modifier bit set whatever is held). xterm never
        // sends it (its releases end in `m`).
        modifiers = []
        action = .move
      } else {
        action = nil
      }
    }
    guard let action else { return finish(nil, into: &output) }
    let hadAlt = alt
    reset()
    // ESC before a mouse report is an Esc the terminal held back (GNU screen does), not Alt.
    if hadAlt { output.append(.key(.escape)) }
    output.append(.mouse(TerminalMouse(action, at: point, modifiers: modifiers, time: time)))
  }

  /// The parameters as numbers separated by `;` (an empty one is 1, as ECMA-48 defaults),
  /// or nil when they are not only digits and `;`.
  private static func numbers(_ parameters: [UInt8]) -> [Int]? {
    var fields: [Int] = []
    var value = 0
    var digits = 0
    for byte in parameters {
      switch byte {
      case 0x30...0x39:
        guard digits < 7 else { return nil }
        value = value * 10 + Int(byte - 0x30)
        digits += 1
      case 0x3B:
        fields.append(digits == 0 ? 1 : value)
        value = 0
        digits = 0
      default: return nil
      }
    }
    fields.append(digits == 0 ? 1 : value)
    return fields
  }

  private static func digits(_ value: Int) -> [UInt8] { Array(String(value).utf8) }

  /// xterm's modifier parameter: 1 + the bits (Shift 1, Alt 2, Ctrl 4, Meta 8).
  private static func modifiers(_ parameter: Int) -> KeyModifiers? {
    guard (1...16).contains(parameter) else { return nil }
    return KeyModifiers(rawValue: UInt8(parameter - 1))
  }

  /// A key given by its code point (modifyOtherKeys, the `u` form), with `modifiers`.
  private static func codePoint(_ value: Int, modifiers: KeyModifiers) -> TerminalKey? {
    guard value >= 0, value <= 0x10FFFF else { return nil }
    var key = character(UInt32(value))
    if case .other = key.code { return nil }
    key.modifiers.formUnion(modifiers)
    return key
  }

  /// `key` when `final` is a cursor key's (an arrow, Home, End): those alone come as CSI or SS3
  /// by the cursor-key mode (DECCKM), so terminfo's form stands for the other too.
  private static func cursorKey(_ final: UInt8, _ key: TerminalKey?) -> TerminalKey? {
    switch final {
    case 0x41...0x44, 0x46, 0x48: key
    default: nil
    }
  }

  /// The key a CSI sequence with no parameters stands for with no terminfo: an arrow, or Shift-Tab.
  static func csiKey(_ final: UInt8) -> TerminalKey? {
    switch final {
    case 0x41: .up
    case 0x42: .down
    case 0x43: .right
    case 0x44: .left
    case 0x5A: .backTab
    default: nil
    }
  }

  /// The key an SS3 sequence stands for with no terminfo: an arrow in application cursor mode,
  /// or a key of the keypad in application mode, as what the same key means on the main
  /// keyboard.
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

  /// The key for a character read: a control character is its key (Enter, Tab, Esc,
  /// Backspace) or its letter with Ctrl.
  package static func character(_ value: UInt32) -> TerminalKey {
    switch value {
    case 0x0D, 0x0A: return .enter
    case 0x09: return .tab
    case 0x1B: return .escape
    case 0x7F, 0x08: return .backspace
    case 0x00: return TerminalKey(.character(" "), modifiers: .control)
    case 0x01...0x1A:
      return TerminalKey(.character(Character(Unicode.Scalar(UInt8(value + 0x60)))), modifiers: .control)
    case 0x1C...0x1F:
      return TerminalKey(.character(Character(Unicode.Scalar(UInt8(value + 0x40)))), modifiers: .control)
    default:
      guard let scalar = Unicode.Scalar(value) else { return TerminalKey(.other(Int32(bitPattern: value))) }
      return .character(Character(scalar))
    }
  }

  // MARK: - Helpers

  private mutating func begin(_ next: State) {
    parameters.removeAll(keepingCapacity: true)
    intermediates.removeAll(keepingCapacity: true)
    overflow = false
    stringBody = false
    eightBit = false
    stringAssembler.reset()
    answer.removeAll(keepingCapacity: true)
    state = next
  }

  private mutating func keep(_ byte: UInt8) {
    if parameters.count < Self.parameterLimit {
      parameters.append(byte)
    } else {
      overflow = true
    }
  }

  /// Ends the current unit with `key` (Alt with it when ESC came before); without a key, an
  /// ESC before it is Esc.
  private mutating func finish(_ key: TerminalKey?, into output: inout [TerminalInput]) {
    let hadAlt = alt
    reset()
    guard var key else {
      if hadAlt { output.append(.key(.escape)) }
      return
    }
    if hadAlt { key.modifiers.insert(.alt) }
    output.append(.key(key))
  }

  /// A byte that breaks the grammar: the sequence is dropped, and the byte read on its own
  /// (ESC starts a new sequence; CAN and SUB only cancel).
  private mutating func abort(_ byte: UInt8, time: Duration, into output: inout [TerminalInput]) {
    let hadAlt = alt
    reset()
    if hadAlt { output.append(.key(.escape)) }
    if byte == 0x18 || byte == 0x1A { return }
    ground(byte, time: time, into: &output)
  }

  private mutating func reset() {
    state = .ground
    parameters.removeAll(keepingCapacity: true)
    intermediates.removeAll(keepingCapacity: true)
    overflow = false
    opener = 0
    stringBody = false
    eightBit = false
    payload.removeAll(keepingCapacity: true)
    pasteBytes = []
    pasteMatch = 0
    answer.removeAll(keepingCapacity: true)
    alt = false
    assembler.reset()
    stringAssembler.reset()
  }
}

/// The terminal's key sequences, in terminfo's order, searched from the first: a key press
/// compares with a hundred short sequences, and the table costs nothing to build.
private struct KeyTable {
  /// The sequences, each from its ESC (at least 3 bytes), and their keys.
  private let entries: [([UInt8], TerminalKey)]

  init(_ list: [([UInt8], TerminalKey)]) {
    entries = list.filter { $0.0.count >= 3 && $0.0.first == 0x1B }
  }

  /// The key sent as ESC and `sequence`, or nil; where two entries match, the first.
  subscript(_ sequence: [UInt8]) -> TerminalKey? {
    for (entry, key) in entries where entry.count == sequence.count + 1 && entry.dropFirst().elementsEqual(sequence) {
      return key
    }
    return nil
  }
}
