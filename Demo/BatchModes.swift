import TooltipCurses
import TooltipKit
import TooltipScenes

#if canImport(Glibc)
  import Glibc
#endif

/// Runs `--snapshot`, `--check` or `--lint` and returns the exit status.
///
/// Nothing here needs a terminal: output goes to stdout whether it is a terminal, a file or a
/// pipe, and every error is one line on stderr with status 2 and nothing on stdout.
func runBatchMode(_ options: Options) -> Int32 {
  let scenes: [NamedScene]
  do {
    scenes = try options.loadScenes()
  } catch {
    error.report()
    return 2
  }
  let scene = scenes[0].scene
  let output: [UInt8]
  var notes: [UInt8] = []
  let status: Int32
  switch options.mode {
  case .snapshot:
    let colors = (options.ansi || options.svg) && !isNoColorSet()
    // The frame the interactive mode would draw here, so the same glyph set: ASCII when the
    // locale is not UTF-8, as well as with --ascii.
    var settings = options
    if !localeIsUTF8() { settings.ascii = true }
    let model = SnapshotMode.model(scenes: scenes, options: settings, colors: colors)
    let frame = model.frame()
    output =
      options.svg ? frame.svg(theme: model.render.theme) : options.ansi ? frame.ansiText() : frame.plainText()
    status = 0
  case .check:
    let report = CheckMode.report(
      scene: scene, screen: options.size ?? Size(width: 80, height: 24), options: options.renderOptions())
    output = Array(report.text.utf8)
    notes = Array(report.notes.utf8)
    status = report.status
  case .lint:
    let report = LintReport(scene: scene, fidelity: options.fidelity)
    output = Array(report.text.utf8)
    status = report.findings.isEmpty ? 0 : 1
  case .interactive, .help, .version:
    return 2
  }
  if let failure = writeAll(output, to: 1) {
    DemoError.environment("cannot write the output: \(failure)").report()
    return 2
  }
  // Notes for the reader (`--check`'s least cropped placements) after the output, only when a
  // person reads stderr (a terminal): a script capturing it gets BEHAVIOUR 8's output and nothing
  // else. Stderr that cannot be written loses them and nothing else.
  if !notes.isEmpty && isatty(2) == 1 { _ = writeAll(notes, to: 2) }
  return status
}

/// Whether the user's locale (`LC_ALL`, `LC_CTYPE`, `LANG`) has the UTF-8 codeset, read the
/// way the interactive mode reads it before it picks a glyph set.
func localeIsUTF8() -> Bool {
  setlocale(LC_CTYPE, "")
  return codesetIsUTF8()
}

/// Whether `NO_COLOR` is set to a non-empty value (https://no-color.org).
func isNoColorSet() -> Bool {
  guard let value = getenv("NO_COLOR") else { return false }
  return value.pointee != 0
}
