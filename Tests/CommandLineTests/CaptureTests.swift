import Foundation
import TestSupport
import Testing

/// The text captures in the demo's guide (`docs/DEMO.md`) and the colour pictures in `docs/`
/// are what the binary draws today: `scripts/captures.py` writes both, these tests fail when
/// either is stale.
@Suite struct CaptureTests {
  /// One capture in the guide: the arguments in its `<!-- capture: ARGS -->` comment and the lines
  /// of the fenced block after it.
  struct Capture: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var lines: [String]
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let guide = Repository.root.appendingPathComponent("docs/DEMO.md")
  static let readme = Repository.root.appendingPathComponent("README.md")
  static let docs = Repository.root.appendingPathComponent("docs")

  /// Every capture in the guide, in order.
  static let captures: [Capture] = {
    guard let text = try? String(contentsOf: guide, encoding: .utf8) else { return [] }
    let lines = text.components(separatedBy: "\n")
    var captures: [Capture] = []
    var index = 0
    while index < lines.count {
      let line = lines[index]
      index += 1
      guard line.hasPrefix("<!-- capture: "), line.hasSuffix(" -->"), index < lines.count,
        lines[index].hasPrefix("```")
      else { continue }
      let arguments = line.dropFirst("<!-- capture: ".count).dropLast(" -->".count)
        .split(separator: " ").map(String.init)
      index += 1
      var body: [String] = []
      while index < lines.count, lines[index] != "```" {
        body.append(lines[index])
        index += 1
      }
      captures.append(Capture(arguments: arguments, lines: body))
    }
    return captures
  }()

  /// Each picture: its file in `docs/` and the arguments of its `--snapshot --svg`.
  static let pictures: [Picture] = {
    let manifest = docs.appendingPathComponent("pictures.tsv")
    guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
      guard !line.hasPrefix("#") else { return nil }
      let fields = line.split(separator: "\t", maxSplits: 1)
      guard fields.count == 2 else { return nil }
      return Picture(
        name: String(fields[0]),
        arguments: ["--snapshot", "--svg"] + fields[1].split(separator: " ").map(String.init))
    }
  }()

  struct Picture: CustomTestStringConvertible, Sendable {
    var name: String
    var arguments: [String]
    var testDescription: String { name }
  }

  @Test func theGuideHasCapturesAndThereArePictures() {
    // The scenes, the tap, the long press, the crop, then --check and --lint.
    #expect(Self.captures.count >= 8)
    #expect(
      Set(Self.pictures.map(\.name)) == ["gallery-light.svg", "gallery-dark.svg", "form-light.svg", "form-dark.svg"])
  }

  @Test(arguments: captures)
  func captureIsWhatTheBinaryPrints(_ capture: Capture) throws {
    let result = try TUI.run(capture.arguments, in: Repository.root)
    #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
    var lines = result.text.components(separatedBy: "\n").map(trimmedRight)
    if lines.last == "" { lines.removeLast() }
    #expect(
      lines == capture.lines,
      "docs/DEMO.md capture of \(capture.arguments.joined(separator: " ")) is stale: run scripts/captures.py")
  }

  @Test(arguments: pictures)
  func pictureIsWhatTheBinaryDraws(_ picture: Picture) throws {
    let result = try TUI.run(picture.arguments, in: Repository.root)
    #expect(result.status == 0, "\(result.stderr)")
    let stored = try Data(contentsOf: Self.docs.appendingPathComponent(picture.name))
    #expect(result.stdout == stored, "docs/\(picture.name) is stale: run scripts/captures.py")
  }

  @Test(arguments: pictures)
  func theGuideShowsThePicture(_ picture: Picture) throws {
    let text = try String(contentsOf: Self.guide, encoding: .utf8)
    #expect(text.contains("](\(picture.name))"))
  }

  /// The README's picture is one of those the binary draws (so it is never stale either).
  @Test func theReadmeShowsOneOfThePictures() throws {
    let text = try String(contentsOf: Self.readme, encoding: .utf8)
    #expect(Self.pictures.contains { text.contains("](docs/\($0.name))") })
  }
}
