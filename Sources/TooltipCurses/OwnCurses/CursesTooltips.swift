import CNcurses
import CTerminalGuard
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// Tooltips for a program that owns ncurses: the tooltip state, its layout and its overlay in
/// one value, fed with the program's own `wgetch` values.
///
/// A program that draws with ncurses itself names it to add tooltips to its screen, and for
/// what it must set up around them: the terminal's guard (``TerminalGuard``) and the mouse
/// events to ask for (``mouseMask``).
///
/// The program keeps its `newterm`, windows, colour pairs and loop. Each turn it draws its own
/// cells, calls ``draw(redraw:)``, refreshes (with panels: `update_panels()`, `doupdate()`),
/// waits with `wtimeout(window, tips.inputTimeout(atMost: itsOwnTimer))`, and hands what
/// `wgetch` returned to ``handle(_:mouse:)``, which says whether the component consumed it:
/// input it did not consume is the program's. The rules, so a program can count on them:
///
/// - **Mouse.** A press or click on an anchor or on the open bubble is consumed (and its
///   release); so is one anywhere else while a tooltip is open under `DismissPolicy.consume`
///   (that tap only closes it). Other buttons, the wheel and every other press are the program's
///   (the state machine still sees primary-button presses, so a tap elsewhere closes an open
///   tooltip under `DismissPolicy.passThrough`, and motion, for anchors that open on hover, when
///   the program asks ncurses for it with `REPORT_MOUSE_POSITION`). A press or click on an
///   anchor that leaves its taps to the program (`Anchor.leavesTapsToProgram`, a cut name by
///   default) is the program's: it selects its row.
/// - **Keys.** Tab and Shift-Tab (they move the selection among the anchors; with
///   `keepsSelection: false`, past the last or before the first they give the focus back: nothing
///   selected), unless nothing is selected and no anchor is a Tab stop. Esc while a tooltip is
///   open (it closes) or an anchor is selected (nothing is then selected). The component's other
///   keys (arrows, Enter, Space, `i`, `h j k l`) only while an anchor is selected, and never
///   those the selected anchor keeps for the program (`Anchor.programKeys`). Everything else is
///   the program's.
/// - **Terminal replies** (a DECRQSS answer `ESC P 1 $ r 2 SP q ESC \`, an OSC colour report,
///   a CSI that curses' key table does not hold): consumed, from the byte after their ESC to
///   their end, as the session's parser drops them; the ESC itself has come as Esc already,
///   except while an answer the component asked for is awaited (``askTerminalBackground()``):
///   an ESC is then consumed too. The answer to the background query sets
///   ``terminalBackground``.
/// - **`ERR`** (a timeout, or no input at all) is never consumed: it is the program's timer too.
///   The component sends its long-press tick and checks the input: ``inputEnd`` is set once a
///   quit signal is pending (``TerminalGuard/pendingSignal``, after ``TerminalGuard/install(input:output:)``) or the
///   input is gone (a hang-up whose SIGHUP never came, standard input open write-only or closed,
///   made non-blocking by another program; or reads that keep failing at once). The loop ends on it, so it never spins at full CPU.
/// - **`KEY_RESIZE`** lays the scene out again on the new size and is not consumed (the program
///   lays out its own windows; it may set ``area`` or ``scene`` after).
///
/// Which window to read: with panels, one of the program's panel windows; into a window, the
/// overlay's own ``TooltipOverlay/window`` (or one the bubble never overlaps). `wgetch` refreshes
/// the window it reads first, and a window refreshed over the bubble paints its cells over it.
///
/// Requirements: `keypad(window, true)` on the window read (key codes such as `KEY_BTAB`), and
/// for the mouse `mousemask` with at least ``mouseMask`` and `mouseinterval(0)`
/// (separate press and release events, which a long press needs; with ncurses' default click
/// interval a hold never reaches the program).
public final class CursesTooltips {
  /// What draws the bubble: in panels of its own, or into one of the program's windows.
  public let overlay: TooltipOverlay
  /// The tooltip state: what is open and selected.
  public private(set) var state: TooltipState
  /// The scene laid out on the overlay's window (or screen): what the last frame showed.
  public private(set) var layout: SceneLayout
  /// The events of the last ``handle(_:mouse:)`` or ``send(_:)``: opens, closes, actions.
  public private(set) var events: [TooltipEvent] = []
  /// Why the program should end, once it should: the exit status (128 + a quit signal; 129, as
  /// after a hang-up, when input ended or cannot be read, as ``TerminalSession`` does) and a
  /// one-line reason for stderr (nil after a signal). Checked by ``handle(_:mouse:)``.
  public private(set) var inputEnd: (status: Int32, reason: String?)?
  /// What the closing tap does besides closing (`DismissPolicy`).
  public var policy: DismissPolicy = .consume
  /// Whether the component's letter keys (`i`, `h j k l`, Space) act while an anchor is
  /// selected; false leaves them to the program.
  public var letters = true

  /// The anchors; setting it lays the scene out again (an open tooltip whose anchor is gone
  /// closes).
  public var scene: Scene { didSet { relayout() } }
  /// The scene area in the overlay's cells (nil: all of it); setting it lays out again.
  public var area: Rect? { didSet { relayout() } }
  /// How bubbles look. Setting it keeps the layout when only the look changes (theme, tokens,
  /// colours, highlight, cursor, the terminal's background); new glyphs or a new fidelity lay
  /// the scene out again.
  public var options: RenderOptions {
    didSet {
      // The layout decides: only glyphs and fidelity change where things go.
      if layout.setOptions(options) { update(.layoutChanged) }
    }
  }

  private var decoder = InputDecoder()
  /// Terminal replies among the bytes `wgetch` returns, which are the component's to drop.
  private var replies = TerminalReplies()

  /// The terminal's default background, as it answered ``askTerminalBackground()``; nil until
  /// it answers (tmux and rxvt-unicode never do: fall back to `COLORFGBG`, then light).
  ///
  /// The component gives it to ``options`` (`RenderOptions.terminalBackground`: the pointer's
  /// contrast rule, reverse video on a mid grey) when it comes; the theme stays the program's
  /// to choose: `tips.options.theme = Theme(background: colour)` follows the terminal. A program
  /// checks it after ``handle(_:mouse:)`` returns true (the answer's last byte).
  public private(set) var terminalBackground: RGB?

  /// Asks the terminal for its default background colour (OSC 11, then DA1 as the fence:
  /// `TerminalQuery.backgroundWithFence`), written at once to the terminal the guard saved
  /// (``TerminalGuard/install(input:output:)``): a program that owns ncurses calls it once after
  /// `newterm` and goes on drawing; the answer comes through its own `wgetch`, consumed by
  /// ``handle(_:mouse:)``, into ``terminalBackground``.
  ///
  /// Never waited on: the first frame is drawn at once, and the answer, if any, comes later.
  /// Until the DA1 fence's answer (or for 5 s at most), an ESC read is taken as an answer's
  /// start and consumed, so that a reply's ESC never reaches the program as Esc; an Esc typed
  /// in that moment is lost.
  public func askTerminalBackground() {
    TerminalOutput.send(TerminalQuery.backgroundWithFence)
    replies.awaitAnswers(now: MonotonicClock.now)
  }

  /// The wait last handed out by ``inputTimeout(atMost:)`` and when.
  private var lastWait: (milliseconds: Int32, since: Duration)?
  /// What `ERR`s in a row mean: the one policy both front ends follow.
  private var loss = InputLoss()
  private let input: Int32
  /// The pipe ``waker`` writes to and ``wait(atMost:)`` waits on beside the input.
  private let wakePipe = TerminalWaker()

  /// Ends the program's wait (``wait(atMost:)``, or its own `poll` on ``wakeDescriptor``) from
  /// any thread or task, or nil when no pipe could be made (the process is out of descriptors).
  ///
  /// Background work (a line read, a job finished) then shows at once, with no polling: the
  /// program draws what changed when its wait ends. Safe from a signal handler too.
  public var waker: (@Sendable () -> Void)? {
    guard let pipe = wakePipe else { return nil }
    return { @Sendable in pipe.wake() }
  }

  /// The descriptor ``waker`` makes readable, for a program that waits in its own `poll` (add it
  /// with `POLLIN`), or -1 when there is no waker; after it is readable, ``wait(atMost:)`` with 0
  /// takes the wake.
  ///
  /// A program that already polls its sockets adds one descriptor instead of a second loop.
  public var wakeDescriptor: Int32 { wakePipe?.readEnd ?? -1 }

  /// Waits until input is ready on the screen's descriptor, ``waker`` is called, or
  /// `atMost` milliseconds pass (-1: no limit, held to ``inputTimeout(atMost:)``), and says
  /// whether it was woken: the program then looks at its background work, else reads with
  /// `wgetch` as usual.
  ///
  /// The one wait of a program that owns ncurses and has work on other threads: it sleeps
  /// while idle and wakes for keys, the long-press deadline and the waker alike.
  @discardableResult
  public func wait(atMost milliseconds: Int32 = -1) -> Bool {
    let timeout = inputTimeout(atMost: milliseconds)
    // A resize that ended the wait (or came before it) is handed to curses now: the program's
    // next `wgetch` returns KEY_RESIZE, not the next key.
    defer { ScreenSize.follow() }
    guard let wakePipe else {
      var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, timeout)
      return false
    }
    return wakePipe.wait(input: input, milliseconds: timeout) == .woken
  }

  /// Tooltips for `scene` drawn by `overlay`, laid out in `area` with `options`.
  ///
  /// - Parameters:
  ///   - scene: the anchors, in the overlay's cells (the screen's, for panels).
  ///   - overlay: ``TooltipOverlay/init(pairs:noColor:)`` for panels of its own,
  ///     ``TooltipOverlay/init(window:pairs:noColor:)`` to draw into one of the program's
  ///     windows.
  ///   - area: the scene area in the overlay's cells; nil for all of them.
  ///   - options: how bubbles look and whether the selection is highlighted.
  ///   - keepsSelection: whether an anchor is always selected (a keyboard-first screen); the
  ///     default leaves the focus with the program until Tab selects.
  ///   - tapsSelect: whether a tap on an anchor also selects it (moves the keyboard focus to
  ///     it); the default keeps the program's own focus where it was (a tap still opens, closes
  ///     and runs the anchor's action).
  ///   - input: the descriptor the screen reads (standard input unless `newterm` was given
  ///     another stream), checked when `wgetch` returns `ERR`.
  public init(
    scene: Scene, overlay: TooltipOverlay, area: Rect? = nil, options: RenderOptions = RenderOptions(),
    keepsSelection: Bool = false, tapsSelect: Bool = false, input: Int32 = 0
  ) {
    self.scene = scene
    self.overlay = overlay
    self.area = area
    self.options = options
    self.input = input
    layout = overlay.layout(scene: scene, area: area, options: options)
    state = TooltipState(layout: layout, keepsSelection: keepsSelection, tapsSelect: tapsSelect)
    motionWanted = scene.needsPointerMotion
  }

  /// How long the program may wait in `wgetch`, in `wtimeout`'s terms (milliseconds, -1 for no
  /// limit): the sooner of `atMost` (the program's own next timer, -1 for none) and the
  /// long-press deadline.
  public func inputTimeout(atMost milliseconds: Int32 = -1) -> Int32 {
    let now = MonotonicClock.now
    let own = state.inputTimeout(now: now)
    let wait = own < 0 ? milliseconds : (milliseconds < 0 ? own : min(own, milliseconds))
    lastWait = (wait, now)
    return wait
  }

  /// Takes what the program's `wgetch` returned (and, for `KEY_MOUSE`, what `getmouse` then
  /// filled in) and says whether the component consumed it; the opens, closes and actions it
  /// caused are in ``events``. See the type's rules.
  @discardableResult
  public func handle(_ value: Int32, mouse: MEVENT? = nil) -> Bool {
    events = []
    defer {
      if let status = TerminalGuard.pendingQuitStatus { inputEnd = (status, nil) }
    }
    followResume()
    let now = MonotonicClock.now
    if value == ERR {
      // A resize interrupts `wgetch` (ERR): handed to curses, it is the next `wgetch`'s
      // KEY_RESIZE, whether the program waited through the library or in `wgetch` itself.
      ScreenSize.follow()
      checkInput(now: now)
      if let deadline = state.deadline, deadline <= now { update(.tick(now)) }
      return false
    }
    loss.inputCame()
    if replies.take(value, at: now) {
      if let colour = replies.takeBackground() {
        terminalBackground = colour
        options.terminalBackground = colour
      }
      return true
    }
    var report: MouseReport?
    if value == KEY_MOUSE {
      guard let mouse else { return false }
      report = MouseReport(mouse, relativeTo: overlay.window)
    }
    guard let decoded = decoder.decode(RawKey(wgetch: value), mouse: report, screen: overlay.windowSize, time: now)
    else { return false }
    if case .resize = decoded {
      overlay.reset()
      relayout()
      return false
    }
    if case .mouse(let mouse) = decoded, mouse.action == .move, let bytes = motion.motionReported() {
      TerminalOutput.send(bytes)
    }
    let routed = state.route(decoded, layout: layout, policy: policy, now: now, letters: letters)
    events += routed.events
    return routed.consumed
  }

  /// Sends the state machine an input of the program's own (`.open`, `.select`, `.deselect`,
  /// ...) and returns the events, also left in ``events``.
  @discardableResult
  public func send(_ input: TooltipInput) -> [TooltipEvent] {
    events = []
    update(input)
    return events
  }

  /// Draws the open bubble (and, into a window, the selection highlight when the options ask
  /// for it) over the program's cells: a program calls it each frame after drawing its own
  /// cells, before refreshing.
  ///
  /// Into a window, it first calls `redraw` for each rect (window cells) that the previous call
  /// covered and this one does not cover the same way, so the program puts its own cells back
  /// there (a rect reaches one column past the bubble where its edge cut a wide character of
  /// the program's, whose other half the overlay blanked); with panels `redraw` is never called
  /// (the panel library gives those cells back).
  /// Returns the rects drawn.
  @discardableResult
  public func draw(redraw: (Rect) -> Void = { _ in }) -> [Rect] {
    followStops()
    followResume()
    followPointerMotion()
    return overlay.draw(layout, state: state, redraw: redraw)
  }

  /// Where the terminal cursor belongs for the selection: a program moves the cursor there, or to
  /// its own focus when nil (nothing selected, the selected anchor off the window, or options
  /// that leave the cursor to the program).
  public var cursor: Point? { overlay.cursor(layout, state: state) }

  /// The cells the selection highlight covers (the selected anchor's box and, beside a one-cell
  /// box, a cell each side, cropped at the window; empty when nothing is selected or the options
  /// turn the highlight off): with panels, the program draws its own cells there highlighted.
  public var highlight: [Rect] { overlay.highlight(layout, state: state) }

  // MARK: - Steps

  private func update(_ input: TooltipInput) {
    events += state.send(input, layout: layout, policy: policy, now: MonotonicClock.now)
  }

  private func relayout() {
    layout = overlay.layout(scene: scene, area: area, options: options)
    update(.layoutChanged)
    motionWanted = scene.needsPointerMotion
  }

  /// Whether some anchor of ``scene`` opens on hover: found once per scene, not once per frame.
  private var motionWanted = false

  /// Whether the terminal was asked for every pointer motion (any-motion tracking, DECSET 1003):
  /// while some anchor of ``scene`` opens on hover, and only then (motion reports cost the
  /// program a wake-up each). ncurses asks only for the mode terminfo names (on xterm, button
  /// events), whatever `mousemask` holds, and asks for it again whenever it switches the keypad,
  /// which replaces any other mode: so the component asks for this one itself (`putp`, on a
  /// screen started on standard output), at the first ``draw(redraw:)`` after the scene needs it
  /// (the program's `keypad` and `mousemask` are set by then). ``end()`` withdraws it; a quit signal or a
  /// crash does too (the reset of the guard ``TerminalGuard/install(input:output:)`` installs), and so
  /// does Ctrl-Z while the program is stopped: it is asked for again after `fg`.
  ///
  /// It goes on from off (1003 off, then on), and is asked for once more at the first motion
  /// report after: mlterm (3.9) hides the pointer on a key press and watches for the motion that
  /// shows it again, and when that key came before 1003 (the key that made a hover anchor), that
  /// motion also ends every later motion report.
  public var pointerMotion: Bool { motion.isOn }
  /// Any-motion tracking as asked for (see ``pointerMotion``).
  private var motion = MotionTracking()

  /// Whether the Ctrl-Z handler is installed (at the first ``draw(redraw:)``, after `newterm`,
  /// which installs curses' own), until ``end()``.
  private var followsStops = false
  /// The guard's count of resumes after a stop when the component last looked.
  private var resumesSeen: UInt32 = 0

  /// Withdraws what the component asked of the terminal (any-motion reports) and its Ctrl-Z
  /// handler: call it before `endwin`, so the shell is not sent a report for every move of the
  /// mouse.
  public func end() {
    if followsStops {
      tg_remove_stop_handler()
      followsStops = false
    }
    if let bytes = motion.switchTo(false) { TerminalOutput.send(bytes) }
  }

  /// Installs the guard's Ctrl-Z handler in front of curses' own (which `newterm` installed):
  /// while the program is stopped, the shell gets a terminal with no mouse tracking of any
  /// kind (1002, 1003), no SGR reports (1006) and no bracketed paste (2004), where curses alone
  /// switches off only the mouse mode it asked for. It writes to the output saved by
  /// ``TerminalGuard/install(input:output:)``.
  private func followStops() {
    // The size curses holds, which the stop handler keeps it at through a stop.
    tg_set_screen_size(tk_cols(), tk_lines())
    guard !followsStops else { return }
    tg_install_stop_handler()
    resumesSeen = tg_resume_count()
    followsStops = true
  }

  /// After a resume (Ctrl-Z, then `fg`): any-motion reports asked for again, when they were on.
  /// Curses asks for its own mouse mode again itself, in its resume; the program's loop keeps
  /// ``takeResumed()`` for its own redraw.
  private func followResume() {
    guard followsStops else { return }
    let resumes = tg_resume_count()
    guard resumes != resumesSeen else { return }
    resumesSeen = resumes
    // A resize while stopped sent no SIGWINCH here (the shell had the terminal): the size is
    // read again and handed to curses capped; the next `wgetch` returns KEY_RESIZE.
    SignalFlags.markResized()
    ScreenSize.follow()
    let bytes = motion.resumed()
    if !bytes.isEmpty { TerminalOutput.send(bytes) }
  }

  /// Asks for any-motion reports when the scene has a hover anchor and withdraws them when not.
  private func followPointerMotion() {
    let wanted = motionWanted
    guard let bytes = motion.switchTo(wanted) else { return }
    TerminalOutput.send(bytes)
    if !wanted {
      // Terminals keep one tracking mode: switching 1003 off leaves none, so ncurses is made
      // to ask for its own again (off, then on with the program's mask).
      var mask: mmask_t = 0
      _ = mousemask(0, &mask)
      _ = mousemask(mask, nil)
    }
  }

  /// After an `ERR`: whether the input is gone (`InputLoss`, the session's policy too).
  private func checkInput(now: Duration) {
    guard TerminalGuard.pendingSignal == nil else { return }
    var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
    let readable = poll(&descriptor, 1, 0) > 0
    // A wait that ended before its time with no signal.
    let early = lastWait.map { wait in
      wait.milliseconds != 0
        && (wait.milliseconds < 0 || now - wait.since < .milliseconds(Int64(wait.milliseconds) - 1))
    }
    if let reason = loss.nothingRead(
      found: TerminalGuard.inputEnd(input: input), readable: readable, endedEarly: early ?? false)
    {
      inputEnd = (129, reason)
    }
  }
}

/// The terminal replies in what a program's `wgetch` returns, byte by byte: with the keypad on,
/// curses turns the sequences of its key table into key codes and hands every other sequence
/// over as its bytes, ESC first. A reply (DCS, OSC, APC, PM, SOS strings, and CSI sequences)
/// must not reach the program as keys: the `q` of a DECRQSS answer would quit it.
///
/// A reply arrives in one write, so its introducer follows its ESC at once and its bytes
/// follow one another; a person typing Esc, then `P`, is slower. An introducer counts within
/// ``introducerWait`` of the ESC, and a reply ends at its terminator, at a pause longer than
/// ``pause``, or after ``longest`` bytes: a lost terminator never swallows the keys after it.
///
/// While answers the component asked for are awaited (``awaitAnswers(now:)``, until the DA1
/// fence's answer or ``awaitLimit``), an ESC is consumed as an answer's start, and a pause
/// inside a reply may last ``InputParser/replyWait``. An OSC 11 answer's colour is kept for
/// ``takeBackground()``.
struct TerminalReplies {
  private enum State {
    case ground
    case string(escape: Bool)
    case control
  }

  private var state = State.ground
  /// When the last ESC came, while it may still begin a reply.
  private var escapeTime: Duration?
  /// When the reply's last byte came.
  private var lastTime = Duration.zero
  /// The reply's bytes so far.
  private var count = 0
  /// The bytes after the introducer of an OSC string, or of a CSI (up to 64), to read an
  /// answer from; nil for other replies.
  private var body: [UInt8]?
  /// The introducer of the reply under way (`]`, `[`, ...).
  private var introducer: Int32 = 0
  /// Until when answers are awaited, or nil.
  private var awaitedUntil: Duration?
  /// A background colour answered and not yet taken.
  private var background: RGB?

  /// How soon after its ESC a reply's introducer comes.
  static let introducerWait = Duration.milliseconds(50)
  /// The longest pause inside a reply.
  static let pause = Duration.milliseconds(200)
  /// The most bytes a reply is taken to hold.
  static let longest = 4096
  /// How long answers are awaited at most, for a terminal that answers not even DA1.
  static let awaitLimit = Duration.seconds(5)

  /// Notes that the terminal was just asked (at `now`) and its answers are awaited.
  mutating func awaitAnswers(now: Duration) {
    awaitedUntil = now + Self.awaitLimit
  }

  /// Whether answers are awaited at `now`.
  private func awaits(at now: Duration) -> Bool { awaitedUntil.map { now < $0 } ?? false }

  /// The background colour the last answer gave, once: nil when none came since last asked.
  mutating func takeBackground() -> RGB? {
    defer { background = nil }
    return background
  }

  /// Whether `value`, read at `now`, belongs to a terminal reply (the program should not see
  /// it).
  mutating func take(_ value: Int32, at now: Duration) -> Bool {
    let escape = escapeTime
    escapeTime = nil
    switch state {
    case .ground:
      break
    case .string, .control:
      let pause = awaits(at: now) ? InputParser.replyWait : Self.pause
      if now - lastTime > pause || count >= Self.longest || value > 0xFF {
        state = .ground
      } else {
        lastTime = now
        count += 1
        return within(value)
      }
    }
    if value == 0x1B {
      escapeTime = now
      return awaits(at: now)
    }
    let wait = awaits(at: now) ? InputParser.replyWait : Self.introducerWait
    guard let escape, now - escape <= wait else { return false }
    switch value {
    case 0x50, 0x5D, 0x5F, 0x5E, 0x58: state = .string(escape: false)  // P ] _ ^ X
    case 0x5B: state = .control  // [
    default: return false
    }
    introducer = value
    body = value == 0x5D || value == 0x5B ? [] : nil
    lastTime = now
    count = 1
    return true
  }

  /// A byte inside a reply: consumed, and the reply ended at its terminator (ST or BEL for a
  /// string, a final byte for a CSI).
  private mutating func within(_ value: Int32) -> Bool {
    switch state {
    case .string(let escape):
      if value == 0x07 || (escape && value == 0x5C) {
        state = .ground
        finish()
      } else {
        if value != 0x1B { keep(value) }
        state = .string(escape: value == 0x1B)
      }
    case .control:
      keep(value)
      if (0x40...0x7E).contains(value) {
        state = .ground
        finish()
      }
    case .ground:
      break
    }
    return true
  }

  private mutating func keep(_ value: Int32) {
    guard var bytes = body else { return }
    body = nil
    guard bytes.count < 64, (0...0xFF).contains(value) else { return }
    bytes.append(UInt8(value))
    body = bytes
  }

  /// A reply ended: an OSC 11 answer's colour is kept; a DA1 answer (`CSI ? ... c`) is the fence.
  private mutating func finish() {
    defer { body = nil }
    guard let bytes = body else { return }
    if introducer == 0x5B {
      if bytes.first == 0x3F, bytes.last == 0x63 { awaitedUntil = nil }
    } else if bytes.starts(with: [0x31, 0x31, 0x3B]), let colour = InputParser.colour(bytes.dropFirst(3)) {
      background = colour
    }
  }
}
