// swift-tools-version:6.0
// TooltipKit: a tooltip component for terminal programs.
// Copyright 2026 the TooltipKit authors. Licensed under the Apache License, Version 2.0 (the
// LICENSE file at the top of the package; SPDX-License-Identifier: Apache-2.0).
// Versions: semantic, 0.x while the API moves (CHANGELOG.md; the README's "Depend on a version"
// says how to depend on one and what 0.x promises).
// Platforms: the core (TooltipKit) builds anywhere Swift does: it imports nothing but the
// standard library, its widths compiled in. The terminal layer, the scenes, the demo and the
// examples need Linux with glibc (ncursesw, Linux signal numbers, poll on a terminal): each of
// those targets stops its own build elsewhere with one line, and the README's "Platforms" says
// what a macOS port would need.
import PackageDescription

let package = Package(
  name: "TooltipKit",
  products: [
    .library(name: "TooltipKit", targets: ["TooltipKit"]),
    .library(name: "TooltipCurses", targets: ["TooltipCurses"]),
    .library(name: "TooltipScenes", targets: ["TooltipScenes"]),
    // ncursesw as TooltipCurses' signatures use it (WINDOW, MEVENT, mmask_t) and the shim's
    // `tk_` functions and `TK_` constants, versioned with the rest (docs/DESIGN.md, "The API of
    // TooltipCurses").
    .library(name: "CNcurses", targets: ["CNcurses"]),
    // The C API (include/tooltip.h) for a C or C++ program that owns ncurses: a shared library
    // that scripts/build-c-library.sh installs with the header and a pkg-config file
    // (docs/C-API.md).
    .library(name: "TooltipC", type: .dynamic, targets: ["TooltipC"]),
    .executable(name: "tooltip-tui", targets: ["tooltip-tui"]),
  ],
  targets: [
    // C shims: ncursesw.
    .systemLibrary(name: "CNcurses", providers: [.apt(["libncurses-dev"])]),
    // Async-signal-safe terminal restoring for faults and hangups.
    .target(name: "CTerminalGuard"),
    // The session's output: terminfo capabilities formatted into one frame buffer (internal).
    .target(name: "CTerminalOutput", linkerSettings: [.linkedLibrary("ncursesw")]),
    // What TooltipCurses alone needs of ncurses beyond CNcurses' public names (internal).
    .target(name: "CCursesSupport", dependencies: ["CNcurses"]),

    // The pure core: model, state machine, layout, cell grid, renderer, widths. The standard
    // library only: no C target, no platform module, no Foundation.
    .target(name: "TooltipKit"),

    // The terminal layer: the only code that talks to ncurses.
    .target(
      name: "TooltipCurses",
      dependencies: ["TooltipKit", "CNcurses", "CTerminalGuard", "CTerminalOutput", "CCursesSupport"]),

    // The C API: `@_cdecl` functions over CursesTooltips and TerminalGuard, declared in
    // Sources/TooltipC/include/tooltip.h (a header for C compilers, not a module of Swift's).
    .target(
      name: "TooltipC", dependencies: ["TooltipKit", "TooltipCurses", "CNcurses"], exclude: ["include"]),

    // Scenes: scene files (read with a size cap, decoded strictly, one error line each) and the
    // built-in scenes, shared by the demo, the benchmarks and the tests.
    .target(name: "TooltipScenes", dependencies: ["TooltipKit"]),

    // The demo executable and its non-interactive modes.
    .executableTarget(
      name: "tooltip-tui",
      dependencies: ["TooltipKit", "TooltipCurses", "TooltipScenes", "CNcurses"],
      path: "Demo"
    ),

    // Two example programs: one owns ncurses and adds tooltips to its toolbar, one lets the
    // component own the terminal.
    .executableTarget(
      name: "toolbar-own-curses",
      dependencies: ["TooltipKit", "TooltipCurses", "CNcurses"],
      path: "Examples/OwnCurses"
    ),
    .executableTarget(
      name: "toolbar-session",
      dependencies: ["TooltipKit", "TooltipCurses"],
      path: "Examples/Session"
    ),
    // A third: a `top`-like job monitor with several windows on panels, whose tooltips open
    // over any of them in panels of their own.
    .executableTarget(
      name: "job-monitor",
      dependencies: ["TooltipKit", "TooltipCurses", "CNcurses"],
      path: "Examples/JobMonitor",
      // It calls panel.h's functions itself, so it links the panel library (CNcurses declares them).
      linkerSettings: [.linkedLibrary("panelw")]
    ),

    // A fourth: a log viewer on the public API alone (a menu bar, error codes inside scrolling
    // lines, cut lines shown whole, status fields, lines arriving from a background task).
    .executableTarget(
      name: "log-viewer",
      dependencies: ["TooltipKit", "TooltipCurses"],
      path: "Examples/LogViewer"
    ),

    // A fifth: a file list that keeps its own keys (cursor, Enter, Space, its Tab order) while
    // its rows' cut names explain themselves, in a list that scrolls.
    .executableTarget(
      name: "file-list",
      dependencies: ["TooltipKit", "TooltipCurses"],
      path: "Examples/FileList"
    ),

    // The README's three programs, one per way to use the library, each complete in 30 lines or
    // fewer: the core alone, the component owning the terminal, the program owning ncurses.
    .executableTarget(name: "hello-core", dependencies: ["TooltipKit"], path: "Examples/HelloCore"),
    .executableTarget(
      name: "hello-session", dependencies: ["TooltipKit", "TooltipCurses"], path: "Examples/HelloSession"),
    .executableTarget(
      name: "hello-curses", dependencies: ["TooltipKit", "TooltipCurses", "CNcurses"],
      path: "Examples/HelloCurses"),

    // A program that uses the library the wrong way round (each way an argument), for the tests
    // that check a user's mistake ends with one line and the terminal restored.
    .executableTarget(
      name: "tooltip-misuse",
      dependencies: ["TooltipKit", "TooltipCurses", "CNcurses"],
      path: "Tests/Misuse"
    ),

    // What the test targets share: the package's paths and binaries, temporary directories,
    // running a process, tmux panes, snapshots, and the gate keeping timed tests off busy cores.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    // BEHAVIOUR 4's invariants of the state machine: one oracle for the core's tests, the random
    // sequences and the fuzz target.
    .target(name: "StateOracle", dependencies: ["TooltipKit"], path: "Tests/StateOracle"),
    // Reading curses' picture of the screen back, for the terminal layer's tests only.
    .target(name: "CursesReadBack", dependencies: ["CNcurses"], path: "Tests/CursesReadBack"),

    // Tests: the core, the terminal layer, the scenes, and the real binary driven in tmux.
    .testTarget(name: "TooltipKitTests", dependencies: ["TooltipKit", "StateOracle", "TestSupport"]),
    .testTarget(
      name: "TooltipCursesTests",
      dependencies: [
        "TooltipCurses", "TooltipKit", "CNcurses", "CTerminalGuard", "CCursesSupport", "CursesReadBack", "TestSupport",
      ],
      // The panel tests call panel.h's functions themselves.
      linkerSettings: [.linkedLibrary("panelw")]),
    .testTarget(name: "TooltipScenesTests", dependencies: ["TooltipScenes", "TooltipKit", "TestSupport"]),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "tooltip-tui", "toolbar-own-curses", "toolbar-session", "job-monitor", "log-viewer", "file-list", "hello-core",
        "hello-session",
        "hello-curses", "tooltip-misuse", "TestSupport",
      ]),
    // The C API as a C author meets it: the header under C99 and C++17, the library installed
    // by scripts/build-c-library.sh (built by the tests themselves), bad arguments under
    // valgrind, the C example in tmux.
    .testTarget(name: "CAPITests", dependencies: ["TestSupport"]),
    // The non-interactive modes (--snapshot, --check, --lint, scene files) through the binary.
    .testTarget(
      name: "CommandLineTests",
      dependencies: ["tooltip-tui", "TooltipKit", "TooltipScenes", "TestSupport"],
      exclude: ["Snapshots"]
    ),

    // The real binary in a real terminal emulator: xterm under Xvfb, X key and pointer events,
    // the screen read back as pixels; and the fonts it needs.
    .testTarget(
      name: "RealTerminalTests", dependencies: ["tooltip-tui", "job-monitor", "TooltipKit", "TestSupport"]),

    // Robustness: seeded random event sequences and hostile copy through the core.
    .testTarget(name: "PropertyTests", dependencies: ["TooltipKit", "StateOracle", "tooltip-tui", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
