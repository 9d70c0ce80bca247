import Foundation
import TestSupport
import Testing

extension EndToEnd {
  /// What the demo draws: the same frame as `--snapshot`, at every size, live through resizes,
  /// in colour or not.
  @Suite struct Screen {
    @Test(arguments: ["gallery", "form", "edges"])
    func theFirstFrameIsTheSnapshot(scene: String) throws {
      let pane = try TmuxPane(arguments: ["--scene", scene])
      pane.expectStarted()
      pane.expectScreen(try snapshot(["--size", "80x24", "--scene", scene]))
      #expect(pane.display("#{cursor_flag}") == "1")
    }

    @Test func aSceneFileRunsInteractively() throws {
      let path = Repository.example("toolbar.json")
      let pane = try TmuxPane(arguments: ["--scene", path])
      pane.expectStarted()
      pane.expectScreen(try snapshot(["--size", "80x24", "--scene", path]))
      pane.send("Enter")  // share, the first anchor in reading order
      pane.expectScreen(try snapshot(["--size", "80x24", "--scene", path, "--open", "share"]))
    }

    @Test func aBadSceneFileExitsTwoBeforeTouchingTheTerminal() throws {
      let files = try TemporaryDirectory()
      try files.write("bad.json", #"{"anchors": [{"id": "a", "x": 1, "y": 1, "placement": "up"}]}"#)
      let pane = try TmuxPane(arguments: ["--scene", files.url.appendingPathComponent("bad.json").path])
      #expect(pane.exitStatus() == 2)
      let stderr = pane.wrapperFiles?.read("stderr") ?? ""
      #expect(stderr.contains("bad.json: anchors[0].placement"), "stderr: \(stderr)")
      #expect(stderr.split(separator: "\n").count == 1)
      #expect(pane.capture().allSatisfy { $0.isEmpty })
    }

    @Test func theCursorRestsOnTheSelectedAnchor() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      // top-sm, the first anchor in reading order: its box is the cell (18, 6), highlighted with
      // a cell each side; the cursor takes the first, (17, 6).
      #expect(pane.wait { pane.display("#{cursor_x},#{cursor_y}") == "17,6" })
    }

    @Test(arguments: [(1, 1), (2, 80), (80, 2), (3, 3)])
    func tinyPanesShowTheSnapshotAndQuit(width: Int, height: Int) throws {
      let pane = try TmuxPane(width: width, height: height)
      #expect(pane.wait { pane.display("#{alternate_on}") == "1" })
      pane.expectScreen(try snapshot(["--size", "\(width)x\(height)"]))
      pane.send("q")
      #expect(pane.exitStatus() == 0)
      #expect(pane.display("#{alternate_on}") == "0")
    }

    @Test func aOneByOnePaneGrowsIntoTheFullDemo() throws {
      let pane = try TmuxPane(width: 1, height: 1)
      #expect(pane.wait { pane.display("#{alternate_on}") == "1" })
      pane.tmux(["resize-window", "-t", "S", "-x", "80", "-y", "24"])
      pane.expectScreen(try snapshot(["--size", "80x24"]))
      pane.send("Enter")
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-sm"]))
    }

    @Test func sceneAndThemeKeysRedrawAsTheSnapshotDraws() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      pane.send("n")
      pane.expectScreen(try snapshot(["--size", "80x24", "--scene", "form"]))
      pane.send("n")
      pane.expectScreen(try snapshot(["--size", "80x24", "--scene", "edges"]))
      pane.send("n")
      pane.expectScreen(try snapshot(["--size", "80x24", "--scene", "reading"]))
      pane.send("n", "t", "Enter")
      pane.expectScreen(try snapshot(["--size", "80x24", "--theme", "dark", "--open", "top-sm"]))
      // The theme toggle keeps the tooltip open.
      pane.send("t")
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-sm"]))
    }

    @Test func aResizeKeepsTheTooltipOpenAndLaysItOutAgain() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      pane.send("Enter")
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-sm"]))
      pane.tmux(["resize-window", "-t", "S", "-x", "100", "-y", "30"])
      pane.expectScreen(try snapshot(["--size", "100x30", "--open", "top-sm"]), "at 100x30")
      pane.tmux(["resize-window", "-t", "S", "-x", "30", "-y", "12"])
      pane.expectScreen(try snapshot(["--size", "30x12", "--open", "top-sm"]), "at 30x12")
      // Down to one cell: the anchor leaves the screen, so its tooltip closes; back up, it stays closed.
      pane.tmux(["resize-window", "-t", "S", "-x", "1", "-y", "1"])
      pane.expectScreen(try snapshot(["--size", "1x1"]), "at 1x1")
      // The one cell looks the same before and after the demo redraws; the cursor tells: it
      // hides once the demo has laid out the 1 x 1 screen (the selected anchor is off it).
      #expect(pane.wait { pane.display("#{cursor_flag}") == "0" })
      pane.tmux(["resize-window", "-t", "S", "-x", "80", "-y", "24"])
      pane.expectStatus(" Top · sm · Sits above a 1-cell icon.  |  closed top-sm: anchor off screen")
      pane.expectScreen(Array(try snapshot(["--size", "80x24"]).dropLast()) + [pane.capture().last ?? ""])
    }

    @Test func linesAndColumnsInTheEnvironmentDoNotPinTheSize() throws {
      let pane = try TmuxPane(environment: ["LINES": "50", "COLUMNS": "30"])
      pane.expectStarted()
      pane.expectScreen(try snapshot(["--size", "80x24"]))
      pane.tmux(["resize-window", "-t", "S", "-x", "100", "-y", "30"])
      pane.expectScreen(try snapshot(["--size", "100x30"]))
    }

    @Test func colourOnA256ColourTerminalUsesTheNearestPaletteEntries() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      pane.send("Enter")
      pane.expectStatus(" Top · sm · Sits above a 1-cell icon.  |  opened top-sm")
      let rows = pane.captureEscapes()
      let headline = try #require(rows.first { $0.contains("Top · sm") && $0.contains("\u{1B}[1m") })
      #expect(headline.contains("38;5;231"))
      #expect(headline.contains("48;5;233"))
      let supporting = try #require(rows.first { $0.contains("Sits above") && !$0.contains("|") })
      #expect(supporting.contains("38;5;247"))
    }

    @Test func noColorDrawsTheBodyInReverseVideo() throws {
      let pane = try TmuxPane(environment: ["NO_COLOR": "1"], unset: ["COLORFGBG"])
      pane.expectStarted()
      pane.send("Enter")
      pane.expectScreen(try snapshot(["--size", "80x24", "--open", "top-sm"]))
      let rows = pane.captureEscapes()
      let headline = try #require(rows.first { $0.contains("Top · sm") && $0.contains("\u{1B}[1m") })
      #expect(headline.contains("\u{1B}[7m") || headline.contains(";7m"))
      #expect(!rows.joined().contains("48;5;"))
      #expect(!rows.joined().contains("38;5;"))
    }

    @Test func eightColoursUseTheBasicColours() throws {
      let pane = try TmuxPane(environment: ["TERM": "xterm"])
      pane.expectStarted()
      pane.send("Enter")
      pane.expectStatus(" Top · sm · Sits above a 1-cell icon.  |  opened top-sm")
      let rows = pane.captureEscapes()
      let headline = try #require(rows.first { $0.contains("Top · sm") && $0.contains("\u{1B}[1m") })
      #expect(headline.contains("37m") || headline.contains(";37;") || headline.contains("[37"))
      #expect(headline.contains("40m") || headline.contains(";40;") || headline.contains("[40"))
      #expect(!rows.joined().contains("48;5;"))
    }

    @Test(arguments: [(["--ascii"], [String: String]()), ([], ["LANG": "C", "LC_ALL": "C"])])
    func asciiGlyphsWithTheFlagOrWithoutAUTF8Locale(arguments: [String], environment: [String: String]) throws {
      let pane = try TmuxPane(arguments: arguments, environment: environment)
      pane.expectStarted()
      pane.send("Enter")
      let expected = try snapshot(["--size", "80x24", "--open", "top-sm", "--ascii"])
      #expect(expected.contains { $0.trimmingCharacters(in: .whitespaces) == "v" })
      pane.expectScreen(expected)
    }

    @Test func ctrlLRepaintsAScreenSomethingElseWroteOver() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      let expected = try snapshot(["--size", "80x24"])
      pane.expectScreen(expected)
      // Another program scribbles on the terminal.
      let tty = pane.display("#{pane_tty}")
      let handle = try #require(FileHandle(forWritingAtPath: tty))
      handle.write(Data("\u{1B}[5;5HSCRIBBLE".utf8))
      try handle.close()
      #expect(pane.wait { pane.capture().contains { $0.contains("SCRIBBLE") } })
      pane.send("C-l")
      pane.expectScreen(expected)
    }

    @Test func theHelpOverlayListsTheKeysAndAnyKeyClosesIt() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      let plain = try snapshot(["--size", "80x24"])
      pane.send("?")
      #expect(pane.wait { pane.capture().contains { $0.contains("Any key closes this help.") } })
      let help = pane.capture().joined(separator: "\n")
      for key in ["Tab / Shift-Tab", "Enter / Space", "PgUp / PgDn, wheel", "Esc", "q / Ctrl-C", "Ctrl-L"] {
        #expect(help.contains(key), "help lists \(key)")
      }
      // The key that closes the help does nothing else: Enter would otherwise open top-sm.
      pane.send("Enter")
      pane.expectScreen(plain)
    }
  }
}
