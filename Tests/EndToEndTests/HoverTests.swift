import Foundation
import TestSupport
import Testing

extension TmuxPane {
  /// An SGR 1006 motion report with no button held (button code 35) at 0-based cell (x, y):
  /// what a terminal sends under any-motion tracking (1003) as the pointer moves.
  public func motion(x: Int, y: Int) {
    sendBytes(Self.motionBytes(x: x, y: y))
  }

  /// The bytes of ``motion(x:y:)``.
  public static func motionBytes(x: Int, y: Int) -> [UInt8] {
    Array("\u{1B}[<35;\(x + 1);\(y + 1)M".utf8)
  }

  /// Waits until the status row (the last one) ends with `suffix`; whether it did.
  @discardableResult
  func waitStatusEnd(_ suffix: String, timeout: Duration = .seconds(10)) -> Bool {
    wait(timeout: timeout) { capture().last?.hasSuffix(suffix) == true }
  }
}

extension EndToEnd {
  /// Hover and focus (BEHAVIOUR 4) in the real demo in tmux, which passes any-motion reports through:
  /// the motion is injected as the SGR reports a terminal sends for a moving pointer.
  ///
  /// Every check waits on the screen. What must not happen too early is checked by the time it
  /// took to happen, measured from before the input that started it.
  @Suite struct Hover {
    /// top-md on an 80 x 24 gallery: its box is columns 58 to 60 of row 6; its bubble's body
    /// is columns 46 to 72 of rows 1 to 4, and row 5 (the pointer's) is the gap line.
    static let anchor = (x: 59, y: 6)
    static let gap = (x: 50, y: 5)
    static let body = (x: 50, y: 3)
    static let bodyRightEdge = (x: 72, y: 3)
    static let offZone = (x: 73, y: 3)
    /// top-sm's box: the cell (18, 6).
    static let other = (x: 18, y: 6)
    /// BEHAVIOUR 4's default delay.
    static let hoverDelay = Duration.milliseconds(500)

    /// Starts the demo with `arguments` and waits until it asks for every motion.
    static func started(_ arguments: [String] = ["--hover"]) throws -> TmuxPane {
      let pane = try TmuxPane(arguments: arguments)
      pane.expectStarted()
      #expect(pane.wait { pane.display("#{mouse_all_flag}") == "1" }, "any-motion tracking (1003) is on")
      return pane
    }

    /// Moves onto top-md and waits for it to open; returns how long that took from before the
    /// motion report was sent.
    @discardableResult
    static func hoverOpen(_ pane: TmuxPane, sourceLocation: SourceLocation = #_sourceLocation) -> Duration {
      let start = ContinuousClock.now
      pane.motion(x: anchor.x, y: anchor.y)
      #expect(
        pane.waitStatusEnd("opened top-md"), "hover opened top-md: \(pane.capture().last ?? "")",
        sourceLocation: sourceLocation)
      return ContinuousClock.now - start
    }

    @Test func withoutHoverTheTerminalIsNotAskedForEveryMotion() throws {
      let pane = try TmuxPane()
      pane.expectStarted()
      #expect(pane.display("#{mouse_sgr_flag}") == "1")
      #expect(pane.display("#{mouse_all_flag}") == "0")
      pane.send("o")
      pane.expectStatus(" Top · sm · Sits above a 1-cell icon.  |  hover and focus: on")
      #expect(pane.wait { pane.display("#{mouse_all_flag}") == "1" }, "o turns it on")
      pane.send("o")
      #expect(pane.wait { pane.display("#{mouse_all_flag}") == "0" }, "and off again")
      // Switching 1003 off switches the mouse off in tmux (and xterm): buttons are asked for again.
      #expect(pane.display("#{mouse_button_flag}") == "1", "presses and releases are still reported")
      pane.click(x: Self.anchor.x, y: Self.anchor.y)
      pane.expectStatus(" Top · md · Sits above a 3-cell icon.  |  opened top-md")
    }

    @Test func thePointerRestingOnAnAnchorOpensItAfterTheDelayAndNotBefore() throws {
      let pane = try Self.started()
      let start = ContinuousClock.now
      pane.motion(x: Self.anchor.x, y: Self.anchor.y)
      // Right after the motion: closed.
      #expect(!pane.capture().contains { $0.contains("▼") }, "nothing open at once")
      #expect(pane.waitStatusEnd("opened top-md"))
      let elapsed = ContinuousClock.now - start
      #expect(elapsed >= Self.hoverDelay, "opened after \(elapsed), before the 0.5 s delay")
      pane.expectScreen(
        Array(try snapshot(["--size", "80x24", "--hover", "--open", "top-md"]).dropLast()) + [
          pane.capture().last ?? ""
        ])
    }

    @Test func thePointerTravelsOverTheGapOntoTheBubbleAndItStaysUntilOneCellOff() throws {
      let pane = try Self.started()
      Self.hoverOpen(pane)
      // Onto the pointer, along the gap line, into the body, to its last column: all in the zone.
      for cell in [(Self.anchor.x, 5), Self.gap, Self.body, Self.bodyRightEdge] {
        pane.motion(x: cell.0, y: cell.1)
      }
      // A marker: `d` draws corners on an open bubble only, after the motion is handled.
      pane.send("d")
      #expect(pane.wait { pane.capture().contains { $0.contains("┌") } }, "still open on the bubble")
      #expect(pane.capture().last?.hasSuffix("opened top-md") == true)
      pane.send("d")
      // One more cell to the right: off the zone.
      pane.motion(x: Self.offZone.x, y: Self.offZone.y)
      #expect(pane.waitStatusEnd("closed top-md: the pointer left"), "\(pane.capture().last ?? "")")
      #expect(!pane.capture().contains { $0.contains("▼") })
    }

    @Test func aCellOffTheGapLineBesideTheBodyCloses() throws {
      let pane = try Self.started()
      Self.hoverOpen(pane)
      pane.motion(x: 45, y: Self.gap.y)
      #expect(pane.waitStatusEnd("closed top-md: the pointer left"), "\(pane.capture().last ?? "")")
    }

    @Test func theNextAnchorWithinTheSkipDelayOpensAtOnce() throws {
      // Delays long enough that "at once" and "after the delay" cannot be confused on a busy
      // machine: 3 s to open, a skip window of 2 s.
      let files = try TemporaryDirectory()
      try files.write(
        "scene.json",
        """
        { "hover": true, "hoverDelay": 3, "skipDelay": 2,
          "anchors": [
            { "id": "one", "x": 10, "y": 8, "placement": "bottom", "headline": "One", "supporting": "First." },
            { "id": "two", "x": 40, "y": 8, "placement": "bottom", "headline": "Two", "supporting": "Second." }
          ] }
        """)
      let scene = files.url.appendingPathComponent("scene.json").path
      let pane = try Self.started(["--scene", scene])
      // The anchors' centre cells: the scene area starts on row 1.
      let one = (x: 11, y: 9)
      let two = (x: 41, y: 9)
      var start = ContinuousClock.now
      pane.motion(x: one.x, y: one.y)
      #expect(pane.waitStatusEnd("opened one"))
      let first = ContinuousClock.now - start
      #expect(first >= .seconds(3), "the first opens after the delay, not after \(first)")
      start = ContinuousClock.now
      pane.motion(x: two.x, y: two.y)
      #expect(pane.waitStatusEnd("opened two"))
      let second = ContinuousClock.now - start
      #expect(second < .seconds(3), "the next opens at once, not after \(second)")
      // Outside the skip window the delay applies again.
      pane.motion(x: 70, y: 20)
      #expect(pane.waitStatusEnd("closed two: the pointer left"))
      Thread.sleep(forTimeInterval: 2.5)
      start = ContinuousClock.now
      pane.motion(x: one.x, y: one.y)
      #expect(pane.waitStatusEnd("opened one"))
      let third = ContinuousClock.now - start
      #expect(third >= .seconds(3), "past the skip window the delay is back, not \(third)")
    }

    @Test func escWithThePointerStillOnTheAnchorClosesItAndItStaysClosed() throws {
      let pane = try Self.started()
      Self.hoverOpen(pane)
      pane.send("Escape")
      #expect(pane.waitStatusEnd("closed top-md by Esc"), "\(pane.capture().last ?? "")")
      // The pointer moves on the anchor's target, then rests there past the delay.
      for x in [58, 60, 59] { pane.motion(x: x, y: Self.anchor.y) }
      let restStart = ContinuousClock.now
      // A marker: the motion is handled once the theme toggled after it shows.
      pane.send("t")
      #expect(pane.wait { pane.capture().first?.contains("dark") == true })
      pane.send("t")
      var reopened = false
      while !reopened && ContinuousClock.now - restStart < Self.hoverDelay * 3 {
        reopened = pane.capture().contains { $0.contains("▼") }
        Thread.sleep(forTimeInterval: 0.05)
      }
      #expect(!reopened, "reopened while the pointer stayed on the anchor")
      #expect(pane.capture().last?.hasSuffix("closed top-md by Esc") == true)
      // Leaving the target and coming back opens it again after the delay.
      pane.motion(x: 0, y: 20)
      #expect(Self.hoverOpen(pane) >= Self.hoverDelay)
    }

    @Test func keyboardFocusOpensAfterTheDelay() throws {
      let pane = try TmuxPane(arguments: ["--focus"])
      pane.expectStarted()
      #expect(pane.display("#{mouse_all_flag}") == "0", "focus alone needs no motion reports")
      let start = ContinuousClock.now
      pane.send("Tab")
      pane.expectStatus(" Top · md · Sits above a 3-cell icon.")
      #expect(!pane.capture().contains { $0.contains("▼") }, "nothing open at once")
      #expect(pane.waitStatusEnd("opened top-md"), "\(pane.capture().last ?? "")")
      let elapsed = ContinuousClock.now - start
      #expect(elapsed >= Self.hoverDelay, "opened after \(elapsed), before the 0.5 s delay")
      // The selection moving on closes it, and within the skip delay the next one opens at once.
      pane.send("Tab")
      pane.expectStatus(" Left · sm · Sits left of a 1-cell icon.  |  opened left-sm")
    }

    /// Starts the demo with hover with the pane's output copied to a file, and waits until it
    /// asks for every motion; returns the pane and the file's name in the pane's directory.
    static func recorded() throws -> TmuxPane {
      // The demo asks for 1003 with its first frame: it starts once the recording is in place
      // (the wrapper's directory gets `go`), or a quick start writes it before tmux records.
      let start = "while [ ! -e go ]; do sleep 0.01; done; exec \(shellQuoted(Binary.path)) --hover"
      let pane = try TmuxPane(program: "/bin/sh", arguments: ["-c", start])
      let path = pane.files.url.appendingPathComponent("output").path
      pane.tmux(["pipe-pane", "-t", "S", "cat > " + shellQuoted(path)])
      _ = try #require(pane.wrapperFiles).write("go", "")
      pane.expectStarted()
      #expect(pane.wait { pane.display("#{mouse_all_flag}") == "1" }, "any-motion tracking (1003) is on")
      return pane
    }

    /// Checks that the terminal reports no motion now, and that the program's own output
    /// switched 1003 off after it last switched it on: tmux, like xterm, drops every mouse mode
    /// when any one is switched off, so its flags alone would not tell.
    static func expectMotionOff(_ pane: TmuxPane, sourceLocation: SourceLocation = #_sourceLocation) {
      #expect(pane.display("#{mouse_all_flag}") == "0", sourceLocation: sourceLocation)
      #expect(pane.display("#{mouse_any_flag}") == "0", sourceLocation: sourceLocation)
      var output = ""
      pane.wait {
        output = pane.files.read("output") ?? ""
        return output.contains("\u{1B}[?1003l")
      }
      let on = output.range(of: "\u{1B}[?1003h", options: .backwards)
      let off = output.range(of: "\u{1B}[?1003l", options: .backwards)
      #expect(on != nil, "1003 was asked for", sourceLocation: sourceLocation)
      #expect(
        off.map { off in on.map { $0.lowerBound < off.lowerBound } ?? true } == true, "1003 switched off at the end",
        sourceLocation: sourceLocation)
    }

    @Test func motionReportingIsOffAgainAfterQ() throws {
      let pane = try Self.recorded()
      Self.hoverOpen(pane)
      pane.send("q")
      #expect(pane.exitStatus() == 0)
      Self.expectMotionOff(pane)
      #expect(pane.display("#{alternate_on}") == "0")
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGUSR1])
    func motionReportingIsOffAgainAfterASignal(_ signal: Int32) throws {
      let pane = try Self.recorded()
      let pid = try #require(pane.demoPID())
      kill(pid, signal)
      #expect(pane.exitStatus() == 128 + signal)
      Self.expectMotionOff(pane)
    }
  }
}
