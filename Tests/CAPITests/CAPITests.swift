import Foundation
import TestSupport
import Testing

/// The C API (Sources/TooltipC/include/tooltip.h) as a C author meets it: the header alone under
/// strict C99 and C++17, the library installed by `scripts/build-c-library.sh`, a program built
/// with `pkg-config`, bad arguments under valgrind, and the C example driven in tmux.
///
/// The suite builds the library itself (a release build, which keeps both cores busy), so it
/// never runs beside the timed suites (`.busy`); its clicks in tmux are taps, a press and its
/// release in one write, which no load can turn into a long press.
@Suite(.serialized, .busy) struct CAPITests {
  /// The header's folder in the package.
  static let include = Repository.path("Sources/TooltipC/include")

  /// ncursesw's own compiler flags (`_XOPEN_SOURCE` and the like), as pkg-config gives them.
  static func ncursesFlags() throws -> [String] {
    let result = try runProcess("/usr/bin/pkg-config", ["--cflags", "ncursesw"])
    #expect(result.status == 0, "pkg-config ncursesw: \(result.stderr)")
    return result.text.split(whereSeparator: \.isWhitespace).map(String.init)
  }

  /// A compiler: the system's `cc` or `c++`, else the toolchain's clang.
  static func compiler(_ name: String, else fallback: String) -> String {
    Binary.onPath(name) ?? Binary.onPath(fallback) ?? "/usr/bin/\(name)"
  }

  @Test(arguments: [
    ("cc", "clang", ["-x", "c", "-std=c99"]), ("c++", "clang++", ["-x", "c++", "-std=c++17"]),
  ])
  func theHeaderCompilesAloneWithEveryWarningAnError(compiler: String, fallback: String, language: [String]) throws {
    let scratch = try TemporaryDirectory()
    let source = try scratch.write("alone.c", Array("#include <tooltip.h>\nint main(void) { return TTK_OK; }\n".utf8))
    let result = try runProcess(
      Self.compiler(compiler, else: fallback),
      language + ["-Wall", "-Wextra", "-Werror", "-pedantic", "-fsyntax-only", "-I", Self.include]
        + (try Self.ncursesFlags()) + [source])
    #expect(result.status == 0, "\(compiler) \(language): \(result.stderr)")
  }

  @Test func theListingInApiIsTheHeaders() throws {
    let result = try runProcess("/usr/bin/python3", [Repository.path("scripts/c_api.py"), "--check"])
    #expect(result.status == 0, "\(result.text)\(result.stderr)")
  }

  @Test func theExampleHasAtMostFortyLinesOfGlue() throws {
    let file = Repository.path("Examples/HelloC/hello_c.c")
    let result = try runProcess("/usr/bin/python3", [Repository.path("scripts/glue_lines.py"), file])
    let count = Int(result.text.split(separator: " ").first ?? "")
    #expect(result.status == 0 && count != nil && count! <= 40 && count! > 10, "\(result.text)\(result.stderr)")
  }

  /// The prefix the library is installed into for these tests (built once per run).
  static let installed: Result<String, SpawnError> = {
    let prefix = Repository.path(".build/c-test")
    do {
      let build = try runProcess(
        "/bin/bash", [Repository.path("scripts/build-c-library.sh"), "--prefix", prefix], timeout: .seconds(1800))
      guard build.status == 0 else { return .failure(SpawnError(message: "build-c-library.sh: \(build.stderr)")) }
      let make = try runProcess(
        "/usr/bin/make", ["-C", Repository.path("Examples/HelloC"), "PREFIX=\(prefix)"], mergingStderr: true,
        timeout: .seconds(300))
      guard make.status == 0 else { return .failure(SpawnError(message: "make: \(make.text)")) }
      return .success(prefix)
    } catch let error as SpawnError {
      return .failure(error)
    } catch {
      return .failure(SpawnError(message: "\(error)"))
    }
  }()

  @Test func theInstalledLibraryExportsTheHeadersFunctionsAndNeedsNoSwift() throws {
    let prefix = try Self.installed.get()
    let pkgConfig = try runProcess(
      "/usr/bin/pkg-config", ["--cflags", "--libs", "tooltipkit"],
      environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig", "PATH": "/usr/bin:/bin"])
    #expect(pkgConfig.status == 0 && pkgConfig.text.contains("-ltooltipkit"), "\(pkgConfig.text)\(pkgConfig.stderr)")
    let library = prefix + "/lib/libtooltipkit.so"
    let symbols = try runProcess("/usr/bin/nm", ["-D", "--defined-only", library])
    let exported = Set(
      symbols.text.split(separator: "\n").compactMap { line -> String? in
        let parts = line.split(separator: " ")
        return parts.count == 3 && parts[1] == "T" ? String(parts[2]) : nil
      })
    let header = try String(contentsOfFile: Self.include + "/tooltip.h", encoding: .utf8)
    let declared = Set(header.matches(of: /\b(ttk_\w+)\(/).map { String($0.output.1) })
    #expect(declared.count > 30)
    #expect(
      exported == declared,
      "exported, not declared: \(exported.subtracting(declared).sorted()); declared, not exported: \(declared.subtracting(exported).sorted())"
    )
    let needs = try runProcess("/usr/bin/ldd", [library])
    #expect(needs.status == 0 && !needs.text.contains("libswift"), "\(needs.text)")
  }

  @Test func badArgumentsAreRefusedWithNoErrorAndNoLeakUnderValgrind() throws {
    let prefix = try Self.installed.get()
    let scratch = try TemporaryDirectory()
    let program = scratch.path("bad_arguments")
    let flags = try runProcess(
      "/usr/bin/pkg-config", ["--cflags", "--libs", "tooltipkit"],
      environment: ["PKG_CONFIG_PATH": prefix + "/lib/pkgconfig", "PATH": "/usr/bin:/bin"])
    let built = try runProcess(
      Self.compiler("cc", else: "clang"),
      ["-std=c99", "-Wall", "-Wextra", "-Werror", "-g", "-o", program, Repository.path("Tests/CAPI/bad_arguments.c")]
        + flags.text.split(whereSeparator: \.isWhitespace).map(String.init))
    try #require(built.status == 0, "\(built.stderr)")
    let valgrind = try #require(Binary.onPath("valgrind"), "valgrind is not installed (the README's set-up line)")
    let run = try runProcess(
      valgrind, ["--error-exitcode=1", "--leak-check=full", "--errors-for-leak-kinds=definite", program],
      timeout: .seconds(300))
    #expect(run.status == 0, "\(run.text)\(run.stderr)")
    #expect(run.text.contains("0 failures"), "\(run.text)")
    #expect(run.stderr.contains("ERROR SUMMARY: 0 errors"), "\(run.stderr)")
    #expect(run.stderr.contains("definitely lost: 0 bytes") || run.stderr.contains("All heap blocks were freed"))
  }

  @Test func theExampleWorksFromTheKeyboardTheMouseAResizeAndQuitsWithTheTerminalRestored() throws {
    _ = try Self.installed.get()
    let pane = try TmuxPane(program: Repository.path("Examples/HelloC/hello-c"), width: 60, height: 12)
    defer { pane.kill() }
    #expect(pane.wait { pane.capture().first?.contains("File") == true }, "\(pane.wrapperFiles?.read("stderr") ?? "")")
    // Tab enters the menu, Enter runs its first item.
    pane.send("Tab")
    #expect(pane.wait { pane.capture().contains { $0.contains("File: Open and save files.") } }, "\(pane.capture())")
    pane.send("Enter")
    #expect(pane.wait { pane.capture().last == "ran file" }, "\(pane.capture())")
    // A click on the ? icon (column 49 of 60) opens its hint; Esc closes it.
    pane.tap(x: 49, y: 0)
    #expect(pane.wait { pane.capture().contains { $0.contains("Tab, Enter, Esc.") && !$0.hasPrefix("Help") } })
    pane.send("Escape")
    #expect(pane.wait { !pane.capture().dropLast(2).contains { $0.contains("Tab, Enter, Esc.") } }, "\(pane.capture())")
    // A click on Edit runs it.
    pane.tap(x: 18, y: 0)
    #expect(pane.wait { pane.capture().last == "ran edit" }, "\(pane.capture())")
    // A resize: the icons follow the right edge, and a click there still opens the hint.
    pane.tmux(["resize-window", "-t", "S", "-x", "50", "-y", "10"])
    #expect(pane.wait { pane.capture().first?.hasSuffix("?    @") == true && pane.capture().first?.count == 45 })
    pane.tap(x: 39, y: 0)
    #expect(pane.wait { pane.capture().contains { $0.contains("Tab, Enter, Esc.") && !$0.hasPrefix("Help") } })
    pane.send("Escape")
    pane.send("q")
    #expect(pane.exitStatus() == 0, "\(pane.wrapperFiles?.read("stderr") ?? "")")
    #expect(pane.wrapperFiles?.read("before") == pane.wrapperFiles?.read("after"))
    #expect(pane.display("#{alternate_on}").hasPrefix("0"))
  }

  /// Ctrl-Z under an interactive shell: the shell gets its terminal back with no mouse mode on
  /// (the guard, through `ttk_guard_install`), `fg` brings the program back with its screen,
  /// and after `q` the terminal's modes are what they were before it started.
  @Test func ctrlZGivesTheShellItsTerminalAndFgBringsTheExampleBack() throws {
    _ = try Self.installed.get()
    let scratch = try TemporaryDirectory()
    let pane = try TmuxPane(width: 60, height: 12, command: "env PS1='$ ' bash --norc --noprofile -i")
    defer { pane.kill() }
    func mouseModes() -> String {
      pane.display("#{mouse_any_flag}#{mouse_all_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}")
    }
    #expect(pane.wait { pane.capture().first?.hasPrefix("$") == true })
    let (before, after) = (scratch.path("before"), scratch.path("after"))
    let example = shellQuoted(Repository.path("Examples/HelloC/hello-c"))
    pane.send("stty -g > \(shellQuoted(before)); clear; env TERM=xterm-256color LANG=C.UTF-8 \(example)", "Enter")
    #expect(pane.wait { pane.display("#{alternate_on}") == "1" && pane.capture().first?.contains("File") == true })
    #expect(mouseModes() != "00000", "no mouse mode while the example runs")
    pane.send("C-z")
    #expect(
      pane.wait { pane.display("#{alternate_on}") == "0" && pane.capture().contains { $0.contains("Stopped") } })
    #expect(mouseModes() == "00000", "mouse modes while stopped: \(mouseModes())")
    pane.send("fg", "Enter")
    #expect(pane.wait { pane.display("#{alternate_on}") == "1" && pane.capture().first?.contains("File") == true })
    pane.send("Tab")
    #expect(pane.wait { pane.capture().contains { $0.contains("File: Open and save files.") } }, "\(pane.capture())")
    pane.send("q")
    #expect(pane.wait { pane.display("#{alternate_on}") == "0" })
    pane.send("stty -g > \(shellQuoted(after))", "Enter")
    #expect(pane.wait { FileManager.default.fileExists(atPath: after) && scratch.read("after")?.isEmpty == false })
    #expect(scratch.read("before") == scratch.read("after"))
  }
}
