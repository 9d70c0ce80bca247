import Foundation
import TestSupport
import Testing
import TooltipKit

/// The glyphs the program draws itself, against the fonts installed: DejaVu Sans Mono (the
/// Debian and Ubuntu default monospace font) must have every one, or a terminal shows a box.
@Suite struct FontCoverageTests {
  /// The non-ASCII scalars of the component's Unicode glyph set and of the built-in scenes'
  /// frames (chrome, icons, pointers).
  static func drawnScalars() throws -> Set<Unicode.Scalar> {
    let glyphs = GlyphSet.unicode
    var text = Placement.allCases.map { glyphs.pointer(for: $0) }.joined() + glyphs.defaultGlyph + glyphs.ellipsis
    for arguments in [
      ["--scene", "gallery", "--open", "top-md"], ["--scene", "form", "--open", "share"],
      ["--scene", "edges", "--open", "right"], ["--scene", "gallery", "--size", "30x6"],
    ] {
      let size = arguments.contains("--size") ? [] : ["--size", "80x24"]
      let result = try runProcess(Binary.path, ["--snapshot"] + size + arguments)
      #expect(result.status == 0, "\(arguments): \(result.stderr)")
      text += result.text
    }
    return Set(text.unicodeScalars.filter { !$0.isASCII })
  }

  @Test func dejaVuSansMonoHasEveryGlyphTheProgramDraws() throws {
    let scalars = try Self.drawnScalars()
    #expect(scalars.contains(Unicode.Scalar(GlyphSet.unicode.defaultGlyph)!))
    #expect(scalars.contains("…"), "the status row is cut at 30 columns")
    for scalar in scalars.sorted(by: { $0.value < $1.value }) {
      let hex = String(scalar.value, radix: 16)
      let result = try runProcess("/usr/bin/fc-list", [":charset=\(hex)", "family"])
      let families = result.text.split(separator: "\n").flatMap { $0.split(separator: ",") }
      #expect(families.contains("DejaVu Sans Mono"), "U+\(hex.uppercased()) \(scalar) is not in DejaVu Sans Mono")
    }
  }

  @Test func theDefaultIconIsOneCellWide() {
    let icon = TextLine(GlyphSet.unicode.defaultGlyph)
    #expect(icon.units.count == 1)
    #expect(icon.width == 1)
  }
}
