import Foundation
import TestSupport
import Testing

/// A system without a UTF-8 locale cannot draw copy (widths are compiled in, but ncurses takes and
/// draws UTF-8 only under a UTF-8 character type): every mode that shows copy says so in one
/// line with status 2, rather than drawing all of it but ASCII wrong. Such a system is made here
/// with a preloaded `newlocale` that refuses every UTF-8 locale.
@Suite struct NoUTF8LocaleTests {
  static let source = """
    #define _GNU_SOURCE
    #include <dlfcn.h>
    #include <errno.h>
    #include <locale.h>
    #include <string.h>
    locale_t newlocale(int mask, const char *name, locale_t base) {
      locale_t (*real)(int, const char *, locale_t) =
        (locale_t (*)(int, const char *, locale_t))dlsym(RTLD_NEXT, "newlocale");
      if (name && (strcasestr(name, "utf-8") || strcasestr(name, "utf8"))) {
        errno = ENOENT;
        return (locale_t)0;
      }
      return real(mask, name, base);
    }
    """

  /// Builds the preload library into `directory` and returns its path.
  static func buildPreload(in directory: TemporaryDirectory) throws -> String {
    let source = try directory.write("nolocale.c", Self.source)
    let library = directory.url.appendingPathComponent("nolocale.so").path
    let cc = try runProcess("/usr/bin/env", ["cc", "-shared", "-fPIC", "-o", library, source, "-ldl"])
    try #require(cc.status == 0, "cc could not build the preload library: \(cc.stderr)")
    return library
  }

  static let line = "tooltip-tui: cannot draw text: no UTF-8 locale (C.UTF-8 or en_US.UTF-8) is installed\n"

  @Test func everyModeThatShowsCopySaysSo() throws {
    let directory = try TemporaryDirectory()
    let preload = try Self.buildPreload(in: directory)
    for mode in [
      ["--snapshot", "--size", "40x10", "--scene", "form"], ["--check", "--size", "80x24"], ["--lint"], [],
    ] {
      let result = try TUI.run(mode, environment: ["LD_PRELOAD": preload])
      #expect(result.status == 2, "\(mode)")
      #expect(result.stdout.isEmpty, "\(mode)")
      #expect(result.stderr == Self.line, "\(mode)")
    }
    // --help shows no copy of a scene: it still works.
    let help = try TUI.run(["--help"], environment: ["LD_PRELOAD": preload])
    #expect(help.status == 0)
    #expect(help.text.hasPrefix("Usage:"))
  }
}
