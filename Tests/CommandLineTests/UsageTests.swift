import Foundation
import TestSupport
import Testing

@Suite struct UsageTests {
  @Test(arguments: [
    (["--bogus"], "tooltip-tui: unknown option '--bogus' (see --help)"),
    (["--snapshot"], "tooltip-tui: --snapshot needs --size COLSxROWS"),
    (["--check"], "tooltip-tui: --check needs --size COLSxROWS"),
    (["--lint", "--size", "80x24"], "tooltip-tui: --size works with --snapshot and --check only"),
    (["--snapshot", "--size"], "tooltip-tui: --size needs a value"),
    (
      ["--snapshot", "--lint", "--size", "80x24"],
      "tooltip-tui: --snapshot and --lint cannot be used together"
    ),
    (
      ["--check", "--size", "80x24", "--open", "top-md"],
      "tooltip-tui: --open does not work with --check"
    ),
    (["--lint", "--bare"], "tooltip-tui: --bare does not work with --lint"),
    (["--check", "--size", "80x24", "--ansi"], "tooltip-tui: --ansi works with --snapshot only"),
    (["--lint", "--svg"], "tooltip-tui: --svg works with --snapshot only"),
    (
      ["--snapshot", "--size", "80x24", "--ansi", "--svg"],
      "tooltip-tui: --ansi and --svg cannot be used together"
    ),
    (["--snapshot", "--size", "80x24", "--svg=yes"], "tooltip-tui: --svg takes no value"),
    (
      ["--snapshot", "--size", "80x24", "--theme", "blue"],
      "tooltip-tui: --theme: expected light or dark, got 'blue'"
    ),
    (
      ["--snapshot", "--size", "80x24", "--fidelity", "exact"],
      "tooltip-tui: --fidelity: expected hug or file, got 'exact'"
    ),
    (
      ["--lint", "--dismiss", "never"],
      "tooltip-tui: --dismiss: expected consume or pass-through, got 'never'"
    ),
    (
      ["--lint", "--scene", ""],
      "tooltip-tui: --scene: expected gallery, form, edges, reading or a FILE.json"
    ),
    (["--snapshot", "--size", "80x24", "--open", ""], "tooltip-tui: --open needs an anchor id"),
    (["--lint", "extra"], "tooltip-tui: unexpected argument 'extra' (see --help)"),
    (["--snapshot=yes", "--size", "80x24"], "tooltip-tui: --snapshot takes no value"),
    (
      ["--snapshot", "--size", "80x24", "--open", "a\u{1B}[2Jb"],
      "tooltip-tui: --open: no anchor 'a\u{FFFD}[2Jb' in scene gallery"
    ),
  ])
  func badCommandLineIsOneLineAndStatusTwo(_ arguments: [String], _ message: String) throws {
    let result = try TUI.run(arguments)
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr == message + "\n")
  }

  @Test func inlineValuesWork() throws {
    let spaced = try TUI.run([
      "--snapshot", "--size", "40x12", "--scene", "form", "--open", "share",
    ])
    let inline = try TUI.run(["--snapshot", "--size=40x12", "--scene=form", "--open=share"])
    #expect(inline.status == 0)
    #expect(inline.stdout == spaced.stdout)
  }
}
