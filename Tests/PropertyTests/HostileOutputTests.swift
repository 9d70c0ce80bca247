import Foundation
import TestSupport
import Testing
import TooltipKit

/// Hostile copy through the real binary: a scene file holding every hostile sample, each
/// tooltip opened in `--snapshot` (plain and `--ansi`), and the raw output bytes read back.
///
/// Plain output may hold no control byte but the newline ending each row; `--ansi` output only
/// its own SGR sequences (`ESC [ digits and ; m`). Neither may hold a C1 control, a bidi
/// formatting character or a line or paragraph separator, wherever the copy lands (bubble,
/// label, the status row's hint).
@Suite struct HostileOutputTests {
  /// Every hostile sample, five to an anchor: two in the headline, two in the supporting line,
  /// one in the label.
  static func scene() throws -> (json: Data, ids: [String]) {
    let samples = HostileCopy.all.filter { !$0.isEmpty }
    var anchors: [[String: Any]] = []
    for (n, start) in stride(from: 0, to: samples.count, by: 5).enumerated() {
      let group = (start..<min(start + 5, samples.count)).map { samples[$0] }
      func sample(_ i: Int) -> String { group[i % group.count] }
      anchors.append([
        "id": "h\(n)", "x": 4 + (n % 4) * 28, "y": 3 + (n / 4) * 7, "placement": n % 2 == 0 ? "bottom" : "right",
        "headline": sample(0) + " " + sample(1), "supporting": sample(2) + " " + sample(3), "label": "L" + sample(4),
      ])
    }
    let json = try JSONSerialization.data(withJSONObject: ["anchors": anchors, "maxTextWidth": 24])
    return (json, anchors.map { $0["id"] as! String })
  }

  /// Runs the binary with `arguments` and returns its status, stdout and stderr.
  static func run(_ arguments: [String]) throws -> Finished {
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    return try runProcess(Binary.path, arguments, environment: environment, stdout: .pipe)
  }

  /// The first forbidden thing in `bytes`, or nil: a C0 control other than the newline (and ESC
  /// when it opens an SGR sequence under `ansi`), DEL, a C1 control, a bidi formatting
  /// character, U+2028 or U+2029, or bytes that are not UTF-8.
  static func forbidden(in bytes: Data, ansi: Bool) -> String? {
    let bytes = [UInt8](bytes)
    var i = 0
    while i < bytes.count {
      let b = bytes[i]
      if b == 0x1B && ansi && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "[") {
        var j = i + 2
        while j < bytes.count, bytes[j] == UInt8(ascii: ";") || (0x30...0x39).contains(bytes[j]) { j += 1 }
        guard j < bytes.count, bytes[j] == UInt8(ascii: "m") else { return "a non-SGR escape sequence at byte \(i)" }
        i = j + 1
        continue
      }
      if b < 0x20 && b != 0x0A || b == 0x7F { return "control byte 0x\(String(b, radix: 16)) at byte \(i)" }
      i += 1
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return "output that is not UTF-8" }
    if let bad = text.unicodeScalars.first(where: {
      (0x80...0x9F).contains($0.value) || Invariants.isForbidden($0) && $0.value > 0x7F
    }) {
      return "U+\(String(bad.value, radix: 16, uppercase: true)) in the output"
    }
    return nil
  }

  @Test("no control byte of hostile copy reaches the output", arguments: [false, true])
  func hostileCopyOutput(ansi: Bool) throws {
    let directory = try TemporaryDirectory()
    let scene = try Self.scene()
    let file = try directory.write("hostile.json", [UInt8](scene.json))

    for id in [nil] + scene.ids.map(Optional.some) {
      var arguments = ["--snapshot", "--size", "120x60", "--scene", file]
      if let id { arguments += ["--open", id] }
      if ansi { arguments.append("--ansi") }
      let result = try Self.run(arguments)
      #expect(result.status == 0, "\(arguments.joined(separator: " ")): \(result.stderr)")
      #expect(result.stdout.count > 60 * 120, "\(arguments.joined(separator: " "))")
      let problem = Self.forbidden(in: result.stdout, ansi: ansi)
      #expect(problem == nil, "\(arguments.joined(separator: " ")): \(problem ?? "")")
    }
  }

  /// The byte check itself: it passes SGR and newlines, and catches each kind of leak.
  @Test("the output check catches every kind of leak")
  func outputCheckCatchesLeaks() {
    #expect(Self.forbidden(in: Data("\u{1B}[0;1;38;2;1;2;3mok\u{1B}[0m\n".utf8), ansi: true) == nil)
    #expect(Self.forbidden(in: Data("plain ▲ 你好 e\u{301}\n".utf8), ansi: false) == nil)
    for leak in [
      "\u{1B}[0m", "a\u{7}", "\u{7F}", "\u{85}", "\u{9B}2J", "\u{202E}", "\u{2067}", "\u{200E}", "\u{2028}", "\r",
    ] {
      #expect(Self.forbidden(in: Data(leak.utf8), ansi: false) != nil, "\(Invariants.debug(leak))")
    }
    for leak in ["\u{1B}]0;title\u{7}", "\u{1B}[2J", "\u{1B}[?1049h", "\u{1B}c"] {
      #expect(Self.forbidden(in: Data(leak.utf8), ansi: true) != nil, "\(Invariants.debug(leak))")
    }
    #expect(Self.forbidden(in: Data([0x61, 0xFF, 0x62]), ansi: false) != nil)
  }
}
