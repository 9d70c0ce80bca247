import CNcurses
import CTerminalGuard
import CTerminalOutput
import Synchronization
import TooltipKit

#if canImport(Glibc)
  import Glibc
#endif

/// Whether a ``TerminalSession`` of this process has started and not ended.
private let sessionLive = Atomic<Bool>(false)

/// The program's time on the terminal: checks the terminal, sets it up, hands the loop the next
/// thing that happened, presents each frame, and restores the terminal on every way out.
///
/// A program that lets the component own the terminal names it to start (``init(mouse:)``),
/// to loop (``next(deadline:)``, then ``present(_:)`` on ``Event/draw``) and to end (``end()``).
///
/// The session is the terminal's one owner. Of ncurses it uses terminfo alone (`setupterm`, the
/// capabilities it formats with `tiparm`): no curses screen, no curses signal handler, no
/// `endwin`. Set-up: a UTF-8 locale when the user's is not, the terminal's own modes set by the
/// session (`tcsetattr`: no canonical input, no echo, no CR translation, no output flow
/// control, signals kept so Ctrl-C and Ctrl-Z work), the alternate screen, primary-button mouse
/// reporting with SGR 1006, bracketed paste, and a query for synchronized output that is never
/// waited on. Ctrl-Z is taken by the loop: every mode the session turned on is turned off, the
/// screen and the modes given back, the program stopped; on `fg` (or at once, where the
/// process group is orphaned and the kernel discards the stop) it all comes back, the size is
/// read again and the frame drawn whole. Ways out: ``end()`` after a quit key or a thrown
/// error; every signal whose default action ends the process (SIGINT, SIGTERM, SIGHUP,
/// SIGQUIT, SIGUSR1, the real-time signals and the rest of signal(7)'s list), which the session
/// turns into ``Event/quit(status:reason:)`` with the terminal already restored, or, arriving
/// during a terminal write, ends from the handler with the terminal restored without blocking;
/// and a fault handler in C for traps and crashes, which restores the saved terminal modes and
/// writes the reset sequences before the crash goes on (the guard a program that owns ncurses
/// installs with ``TerminalGuard/install(input:output:)``). One session at a time per process;
/// nothing of one outlives it (descriptors, handlers, the terminfo entry).
public final class TerminalSession {
  /// Whether the user's locale is UTF-8: a program picks Unicode glyphs when it is, ASCII when
  /// not (the session draws UTF-8 either way).
  public let localeIsUTF8: Bool
  /// Whether frames are drawn in colour: a program passes it to `RenderOptions(colors:)` so
  /// bubbles are monochrome where the terminal has no colours or `NO_COLOR` is set.
  public var hasColors: Bool { colors.level != .none }
  /// The terminal's background: its answer to the background query (OSC 11) once it came,
  /// until then the colour `COLORFGBG` names, nil when neither said.
  ///
  /// The session asks at the start and never waits for the answer: it comes as
  /// ``Event/input(_:)`` with `TerminalInput.terminalBackground`, and this is set by then. A
  /// program lays its scene out again with ``renderOptions`` when it does.
  public private(set) var terminalBackground: RGB?

  /// The design theme that stands out on ``terminalBackground`` (`Theme(background:)`), light
  /// while the background is not known: the default a program draws with unless its user chose.
  public var theme: Theme {
    terminalBackground.map(Theme.init(background:)) ?? .light
  }

  /// Render options that follow the terminal: ``theme``, colours when the terminal has them
  /// (``hasColors``), and ``terminalBackground`` for the pointer's contrast rule. What a program
  /// lays its scene out with when its user chose nothing, at the start, on a resize and when the
  /// background's answer comes.
  public var renderOptions: RenderOptions {
    var options = RenderOptions(theme: theme, colors: hasColors)
    options.terminalBackground = terminalBackground
    return options
  }

  /// The terminal's colours, `none` under `NO_COLOR` or without colour support.
  package let colors: TerminalStyles
  /// The one writer to this terminal: frames and mode switches.
  package let output: TerminalOutput
  private let input: TerminalReader
  /// The pipe that ends a read waiting for input, from any thread or task; nil only when the
  /// process had no file descriptor left for it.
  package let wakePipe: TerminalWaker?
  /// A call that wakes the session from any thread or task: a program hands it to the work
  /// that must reach the screen while the user is idle (a file listed, a message received),
  /// and ``next(deadline:)`` then returns ``Event/woken``.
  ///
  /// It only writes a byte to a pipe, so it is safe to call at any moment, as often as wanted
  /// (wakes not yet taken are one wake), and after the session ended. Nil only when the process
  /// had no file descriptor left for the pipe.
  public let waker: (@Sendable () -> Void)?
  /// Whether the last ``read(timeout:)`` returned nil because ``wakePipe`` woke it.
  package var wasWoken: Bool { input.wasWoken }
  /// Whether mouse reporting is on (buttons, button motion, SGR 1006).
  private let mouseOn: Bool
  /// Asks for any-motion reports, or withdraws them, as `wanted` says.
  private func followPointerMotion(_ wanted: Bool) {
    guard mouseOn, !ended else { return }
    let buttons = TerminalModes.Mode.buttonMotion.sequence(true)
    if let bytes = motion.switchTo(wanted, buttonsAfter: buttons) { TerminalOutput.send(bytes) }
  }
  /// Any-motion tracking (DECSET 1003, what hover needs), which follows each frame presented
  /// (`CellGrid.needsPointerMotion`). Off at start, and off again on every way out; without
  /// mouse reporting it stays off. Switching it off asks for button-motion tracking (1002)
  /// again, as most terminals drop every mouse mode with 1003. Switching it on writes 1003 off
  /// then on, and 1003 on once more at the first motion report: mlterm 3.9 otherwise stops
  /// reporting motion after a key typed before it (`MotionTracking`).
  private var motion = MotionTracking()
  private var ended = false

  /// Starts the session on the controlling terminal (standard input and output).
  ///
  /// - Parameters:
  ///   - mouse: ask the terminal for primary-button press and release reports.
  /// - Throws: ``TerminalError`` when standard input or output is not a terminal, or `TERM` is
  ///   unset, unknown, or cannot address the cursor. Nothing is written to the terminal then.
  public init(mouse: Bool) throws(TerminalError) {
    guard sessionLive.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else {
      throw .sessionActive
    }
    var started = false
    defer { if !started { sessionLive.store(false, ordering: .relaxed) } }
    guard isatty(0) == 1 else { throw .notATerminal(stream: "standard input") }
    guard isatty(1) == 1 else { throw .notATerminal(stream: "standard output") }
    guard fcntl(0, F_GETFL) & O_ACCMODE != O_WRONLY else { throw .notReadable(stream: "standard input") }
    guard let term = getenv("TERM"), term.pointee != 0 else { throw .termUnset }
    // Handed to terminfo as the C string it is; made a String only for an error's message.
    func name() -> String { String(cString: term) }
    guard strlen(term) <= TerminalError.maxNameBytes else { throw .unknownTerminal(name()) }

    setlocale(LC_ALL, "")
    localeIsUTF8 = codesetIsUTF8()
    if !localeIsUTF8 {
      // The C library measures and the session writes UTF-8 whatever the user's locale.
      setlocale(LC_CTYPE, "C.UTF-8")
    }

    switch Int(tout_load_terminal(term, 1)) {
    case TOUT_TERMINAL_OK: break
    case TOUT_TERMINAL_NO_DATABASE: throw .noTerminfoDatabase
    case TOUT_TERMINAL_NO_ADDRESSING: throw .noCursorAddressing(name())
    default: throw .unknownTerminal(name())
    }

    // Start-up writes may block on the terminal, from before the quit handlers are installed:
    // a quit signal at any moment of it restores the terminal and ends the program from the
    // handler.
    _ = tg_blocking_begin()
    TerminalGuard.save()
    // (A terminal left non-blocking by a previous program is made blocking by the guard.)
    SignalFlags.installResize()
    SignalFlags.installStop()
    currentSize = Self.measure()
    mouseOn = mouse
    let waker = TerminalWaker()
    wakePipe = waker
    if let waker {
      self.waker = { @Sendable in waker.wake() }
      input = TerminalReader(mouse: mouse, waker: waker)
    } else {
      self.waker = nil
      input = TerminalReader(mouse: mouse)
    }
    colors = TerminalStyles(noColor: getenv("NO_COLOR").map { String(cString: $0) })
    output = TerminalOutput(styles: colors)
    // Terminals that say their colours in the environment (rxvt, Konsole) say the background
    // before any answer could come.
    terminalBackground = getenv("COLORFGBG").flatMap { RGB(colorFGBG: String(cString: $0)) }
    // The queries go with the modes and are never waited on: the first frame comes as soon as
    // without them. Frames are wrapped once the synchronized-output answer has been read; the
    // background's answer comes as an input (`.terminalBackground`), behind the
    // device-attributes fence every terminal answers. Their answers are awaited, so that one
    // arriving slowly, in pieces, never becomes keys.
    enter(query: TerminalModes.synchronizedOutputQuery + TerminalModes.backgroundQuery)
    for query in [TerminalQuery.synchronizedOutput, .background, .deviceAttributes] { input.expectReply(to: query) }
    tg_blocking_end()
    started = true
  }

  /// The terminal's modes for the session: no canonical input and no echo (input is read a
  /// byte at a time and parsed by the component), no CR-to-newline translation (Enter is CR
  /// however the terminal sends it), output flow control (IXON) off so Ctrl-S and Ctrl-Q reach
  /// the program as keys instead of freezing the screen, no newline translation on output,
  /// signals kept (Ctrl-C, Ctrl-Z). The shell's modes, saved by the guard, come back at the end
  /// and on every stop.
  private static func setModes() {
    var modes = termios()
    guard tcgetattr(0, &modes) == 0 else { return }
    modes.c_lflag &= ~tcflag_t(ICANON | ECHO | ECHONL)
    modes.c_lflag |= tcflag_t(ISIG)
    modes.c_iflag &= ~tcflag_t(ICRNL | INLCR | IGNCR | IXON)
    modes.c_oflag &= ~tcflag_t(ONLCR)
    withUnsafeMutableBytes(of: &modes.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    tcsetattr(0, TCSANOW, &modes)
  }

  /// Takes the terminal: its modes set, the alternate screen, mouse reporting and bracketed
  /// paste, any-motion reports again if they were on, and `query` after them; the next frame
  /// is drawn whole. At the start and after every stop.
  private func enter(query: String = "") {
    Self.setModes()
    var bytes = TerminalOutput.capability("smcup")
    if mouseOn { bytes += TerminalModes.Mode.buttons.sequence(true) }
    bytes += TerminalModes.on(mouse: mouseOn) + motion.resumed() + query
    TerminalOutput.send(bytes, whilePending: true)
    output.invalidate()
  }

  /// Gives the terminal back as the session found it: every mode the session turned on turned
  /// off (any-motion and mouse reporting, bracketed paste, a synchronized frame closed), the
  /// cursor shown, attributes plain, the main screen, and the shell's terminal modes. At the end
  /// and before every stop.
  private func leave(clearing: Bool) {
    var bytes = motion.isOn ? TerminalModes.Mode.anyMotion.sequence(false) : ""
    bytes += TerminalModes.off(mouse: mouseOn)
    if mouseOn { bytes += TerminalModes.Mode.buttons.sequence(false) }
    if output.synchronized { bytes += TerminalModes.Mode.synchronizedOutput.sequence(false) }
    bytes += output.endSequence() + TerminalOutput.capability("sgr0")
    // On a terminal with no alternate screen (the Linux console, GNU screen) the frame would
    // stay under the prompt: the screen is cleared first, and the cursor left on its last row,
    // where full-screen programs leave the prompt (the alternate screen's end puts back the
    // shell's own cursor anyway).
    if clearing {
      let rows = ScreenSize.terminal()?.height ?? currentSize.height
      bytes += Self.clearScreen + "\u{1B}[\(max(1, rows));1H"
    }
    bytes += TerminalOutput.capability("rmcup")
    TerminalOutput.send(bytes, whilePending: true)
    tg_restore_modes()
  }

  /// Stops the program as Ctrl-Z asked, synchronously, between frames: the terminal given back
  /// (``leave(clearing:)``), SIGTSTP raised with its default action, and the terminal taken
  /// again when the program continues, or at once where the kernel discards the stop (a process
  /// group with no shell to continue it: `xterm -e`, `ssh -t`, a tmux pane's command). The size
  /// is read again; a new one comes as ``Event/resize(_:)``.
  private func suspend() {
    leave(clearing: false)
    input.dropUnfinished()
    SignalFlags.removeStop()
    var unblock = sigset_t()
    sigemptyset(&unblock)
    sigaddset(&unblock, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &unblock, nil)
    raise(SIGTSTP)
    // Continued (or never stopped): the continue's own flag is this resume.
    SignalFlags.installStop()
    _ = SignalFlags.takeContinued()
    resume()
  }

  /// Takes the terminal again after a stop (``enter(query:)``, a write that may block: a quit
  /// signal during it ends the program from the handler) and reads the size again: a size that
  /// changed while the program was stopped comes as the next resize.
  private func resume() {
    _ = tg_blocking_begin()
    enter()
    tg_blocking_end()
    if Self.measure() != currentSize { SignalFlags.markResized() }
  }

  /// The terminal's size, cut to what the session draws (``ScreenSize/drawable(_:)``): the
  /// terminal's own report, else the terminfo entry's, else 80 x 24.
  private static func measure() -> Size {
    if let real = ScreenSize.terminal() { return ScreenSize.drawable(real) }
    let columns = Int(tout_number("cols"))
    let lines = Int(tout_number("lines"))
    guard columns > 0, lines > 0 else { return Size(width: 80, height: 24) }
    return ScreenSize.drawable(Size(width: columns, height: lines))
  }

  deinit {
    end()
  }

  /// After a SIGWINCH: the terminal's new size, cut to what is drawn.
  private func applyResize() -> Size {
    currentSize = Self.measure()
    return currentSize
  }

  /// The size frames are drawn at, measured at the start and after each resize and stop.
  private var currentSize: Size

  /// The screen's size now: the terminal's, or the part of it that is drawn when it is larger
  /// than memory should hold: each side at most 10,000 cells, at most 2^20 cells in all (fewer
  /// rows), the frame in the terminal's top-left corner.
  public var size: Size { currentSize }

  /// The time now on the clock the session's events and deadlines use (monotonic, from an
  /// arbitrary origin): a program names it to stamp what it sends the tooltip state
  /// (`now:` with a key) and to set a deadline of its own for ``next(deadline:)``.
  public static var now: Duration { MonotonicClock.now }

  /// Draws `frame` on the terminal, sending only the cells that changed since the last frame
  /// (the whole frame after a resize, a resume or ``invalidate()``), with the cursor where the
  /// frame says (hidden when nil): what a program does on ``Event/draw``. Every pointer motion
  /// is asked of the terminal while the frame needs it (`CellGrid.needsPointerMotion`).
  ///
  /// Graphemes whose width terminals disagree on are written at an explicit cursor position, so
  /// nothing after them on their row moves. The frame is one terminal write: a quit signal
  /// arriving while a terminal that stopped reading holds it ends the program from the signal
  /// handler, the terminal restored. After ``end()``, or with a quit signal pending, nothing is
  /// drawn.
  public func present(_ frame: CellGrid) {
    followPointerMotion(frame.needsPointerMotion)
    output.present(frame)
  }

  /// Forgets what the terminal shows, so the next ``present(_:)`` erases the screen and draws
  /// the whole frame: a program calls it when the picture may have been lost in a way the
  /// session cannot see (Ctrl-L after another program wrote to the terminal). Resizes and
  /// resumes after `fg` need no call.
  public func invalidate() {
    output.invalidate()
  }

  /// The quit signal (any whose default action ends the process, but a fault) that arrived, if
  /// any: the loop should then call ``endAfterSignal(_:)`` and exit with 128 + the signal. A terminal that hung up
  /// without a SIGHUP reaching the program (only its session leader got one) counts as SIGHUP.
  package var pendingSignal: Int32? { TerminalGuard.pendingSignal ?? (hungUp ? SIGHUP : nil) }

  /// Whether the input is gone (``inputEnd`` says why): reads would fail at once forever.
  private var hungUp: Bool { inputEnd != nil }
  /// Why input ended, once it has (``loss`` decided): one line for the user.
  private var inputEnd: String?
  /// What reads that return nothing mean: the one policy both front ends follow.
  private var loss = InputLoss()

  /// Whether the program was stopped and continued (Ctrl-Z, then `fg`) since the last call:
  /// the screen should then be drawn whole.
  package func takeResumed() -> Bool {
    let resumed = resumedDuringRead || TerminalGuard.takeResumed()
    resumedDuringRead = false
    guard resumed, !ended else { return false }
    // Stopped by another hand (SIGSTOP, then SIGCONT): a program run meanwhile may have reset
    // the modes.
    resume()
    return true
  }

  /// Set when a read saw the program continued after a stop; ``takeResumed()`` reports it.
  private var resumedDuringRead = false

  /// Waits for the next input and decodes it; see `TerminalReader/read(timeout:)`.
  ///
  /// A quit signal arriving during the read ends the program from the signal handler, the
  /// terminal restored without blocking: one arriving just before the read's system call would
  /// otherwise leave it waiting for a key. With one already pending, nothing is read (nil).
  package func read(timeout: Duration?) -> TerminalInput? {
    guard !ended else { return nil }
    // Any Duration a caller can make is a timeout: past the longest wait (24 days, poll's
    // milliseconds in an Int32) the read returns nil as after a timeout.
    let timeout = timeout.map { min(max($0, .zero), Self.longestWait) }
    if SignalFlags.takeResized() { return .resize(applyResize()) }
    defer { tg_blocking_end() }
    guard tg_blocking_begin() == 0 else { return nil }
    let result = input.read(timeout: timeout) {
      guard TerminalGuard.takeResumed() else { return false }
      resumedDuringRead = true
      return true
    }
    if input.synchronizedOutput { output.synchronized = true }
    guard let result else {
      if SignalFlags.takeResized() { return .resize(applyResize()) }
      // A wait with no timeout ends early only for a signal or a wake: ending so again and
      // again with neither, the input is broken in a way poll does not show.
      let early = timeout == nil && SignalFlags.pending == nil && !input.wasWoken
      if inputEnd == nil {
        inputEnd = loss.nothingRead(
          found: Self.inputHungUp() ? "the terminal hung up (end of input)" : nil,
          readable: input.readableButEmpty, endedEarly: early && !input.readableButEmpty)
      }
      return nil
    }
    loss.inputCame()
    if case .terminalBackground(let background) = result { terminalBackground = background }
    if case .mouse(let mouse) = result, mouse.action == .move, let bytes = motion.motionReported() {
      TerminalOutput.send(bytes, whilePending: true)
    }
    return result
  }

  /// One thing that happened in a session, as ``next(deadline:)`` returns it, with the
  /// terminal's side of it already done.
  ///
  /// A program's loop switches over these and does its own part: updates its model for
  /// ``input(_:)``, ``resize(_:)``, ``tick(_:)`` and ``woken``, draws and presents for
  /// ``draw`` (``TerminalSession/present(_:)``), exits for ``quit(status:reason:)``.
  public enum Event: Equatable, Sendable {
    /// Draw the frame now and present it (``TerminalSession/present(_:)``): something happened
    /// since the last frame and no input is waiting (or a batch of input has taken 30 ms). The
    /// session already knows when the frame must be drawn whole (a resume, a resize).
    case draw
    /// A key or a mouse event (never a resize: that is ``resize(_:)``).
    case input(TerminalInput)
    /// The screen has this new size (``size``); the next frame is drawn whole.
    case resize(Size)
    /// The deadline given to ``TerminalSession/next(deadline:)`` has come: tell the model the
    /// time, `now` on ``TerminalSession/now``'s clock (a held press becomes a long press).
    case tick(Duration)
    /// The program was stopped (Ctrl-Z) and continued (`fg`): the mouse modes are asked for
    /// again and the next frame is drawn whole. Nothing is needed of the program.
    case resumed
    /// ``TerminalSession/waker`` was called from another thread or task: look at what the
    /// work that called it has to show.
    case woken
    /// The session is over and the terminal restored: exit with `status`. After a quit
    /// signal it is 128 + the signal and `reason` is nil; when input ended without one (the
    /// terminal hung up, or standard input cannot be read) it is 129 and `reason` says what
    /// happened in one line for standard error. After ``end()`` it is 0.
    case quit(status: Int32, reason: String?)
  }

  /// How long ``next(deadline:)`` goes on returning input that is waiting before it asks for
  /// a frame anyway: a paste of thousands of keys is one frame, not thousands, and a stream
  /// that never stops still shows.
  static let batchTime = Duration.milliseconds(30)

  /// Whether something happened since the last ``Event/draw``.
  private var drawDue = true
  /// Whether the first ``Event/draw`` was returned. It comes before any read: curses refreshes
  /// a window it reads from when it changed, and the first read would draw a blank screen
  /// first (some 270,000 instructions of start-up, and its bytes).
  private var firstDrawn = false
  /// When the first event since the last ``Event/draw`` was returned.
  private var batchStart: Duration?

  /// Waits for the next thing that happens and returns it, having done the terminal's part:
  /// the loop of a program that lets the library own the terminal.
  ///
  /// ```swift
  /// loop: while true {
  ///   switch session.next(deadline: state.deadline) {
  ///   case .draw: session.present(frame())
  ///   case .input(let input): update(with: input)
  ///   case .resize(let size): relayout(for: size)
  ///   case .tick(let now): state.send(.tick(now), layout: layout)
  ///   case .resumed, .woken: break
  ///   case .quit(let status, let reason): report(reason); exit(status)
  ///   }
  /// }
  /// ```
  ///
  /// The order is the one the terminal needs: a quit signal first (the session is ended,
  /// without waiting on a terminal that stopped reading, before ``Event/quit(status:reason:)``
  /// is returned); then a resume after a stop (mouse modes asked for again, the screen to be
  /// drawn whole); then a due `deadline`; then input, every input already waiting before the
  /// next ``Event/draw`` (for up to 30 ms); and ``Event/draw`` once nothing more is
  /// waiting. An idle session sleeps in the read with no timeout and no CPU, until input, a
  /// signal, a resize, a wake or `deadline`.
  ///
  /// - Parameter deadline: when to return ``Event/tick(_:)`` if nothing else happened first, on
  ///   the clock of ``now`` (a long press pending: `TooltipState.deadline`); nil for none. A
  ///   tick is returned while the deadline is past, so the program must move or clear it.
  /// - Returns: the event. The first call returns ``Event/draw`` (unless a quit signal came
  ///   first); after ``end()`` every call returns ``Event/quit(status:reason:)``.
  public func next(deadline: Duration? = nil) -> Event {
    var nothingWaiting = false
    while true {
      if ended { return .quit(status: endStatus, reason: nil) }
      if let signal = pendingSignal {
        let reason = TerminalGuard.pendingSignal == nil ? inputEnd : nil
        endAfterSignal(signal)
        endStatus = TerminalGuard.quitStatus(signal)
        return .quit(status: endStatus, reason: reason)
      }
      if !firstDrawn {
        firstDrawn = true
        drawDue = false
        return .draw
      }
      if SignalFlags.takeStop() {
        suspend()
        happened()
        return .resumed
      }
      if takeResumed() {
        happened()
        return .resumed
      }
      let now = MonotonicClock.now
      if let deadline, now >= deadline {
        happened()
        return .tick(now)
      }
      if drawDue && (nothingWaiting || now - (batchStart ?? now) >= Self.batchTime) {
        drawDue = false
        batchStart = nil
        return .draw
      }
      let timeout: Duration? = drawDue ? .zero : deadline.map { $0 - now }
      guard let input = read(timeout: timeout) else {
        if wasWoken {
          happened()
          return .woken
        }
        // A timeout, or a signal: the checks above say which. With a frame due, nothing is
        // waiting (or what interrupted the read is looked at first).
        nothingWaiting = drawDue
        continue
      }
      happened()
      if case .resize(let size) = input {
        output.invalidate()
        return .resize(size)
      }
      return .input(input)
    }
  }

  /// Notes that an event is returned: a frame becomes due, within ``batchTime`` of the first
  /// event since the last one (input typed ahead of the first frame included).
  private func happened() {
    dueBefore = (drawDue, batchStart)
    drawDue = true
    if batchStart == nil { batchStart = MonotonicClock.now }
  }

  /// Whether a frame was due, and since when, before the last event returned.
  private var dueBefore: (Bool, Duration?) = (false, nil)

  /// Says that the input ``next(deadline:)`` just returned changed nothing on screen (its
  /// `TooltipState.revision` unchanged, nothing of the program's own moved): no
  /// ``Event/draw`` comes for it, so a motion report that opens and closes nothing composes no
  /// frame. A frame still comes for whatever happened before it and was not drawn yet.
  public func unchanged() {
    (drawDue, batchStart) = dueBefore
  }

  /// The status ``next(deadline:)`` returned with ``Event/quit(status:reason:)``, 0 after ``end()``.
  private var endStatus: Int32 = 0
  /// Attributes off, cursor home, screen erased: written before leaving curses.
  static let clearScreen = "\u{1B}[0m\u{1B}[H\u{1B}[2J"

  /// The longest a read waits: `Int32.max` milliseconds.
  static let longestWait = Duration.milliseconds(Int32.max)

  /// Whether standard input reports a hang-up or an error (checked without waiting).
  private static func inputHungUp() -> Bool {
    var descriptor = pollfd(fd: 0, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
  }

  /// Ends the session and restores the terminal as it was: its modes, the cursor, the main
  /// screen, mouse reporting off; the handlers and the terminfo entry the session took are
  /// given back. Safe to call more than once.
  public func end() {
    guard !ended else { return }
    ended = true
    output.close()
    // A quit signal while ending (a terminal that stopped reading blocks the write) ends the
    // program from the handler, the terminal restored without blocking.
    _ = tg_blocking_begin()
    leave(clearing: true)
    tg_blocking_end()
    release()
  }

  /// Ends the session after the quit signal `signal`. When the terminal is not taking output
  /// (it stopped reading, or it hung up: always so after SIGHUP), the modes and reset
  /// sequences are written without waiting; otherwise the session ends as after a quit key.
  package func endAfterSignal(_ signal: Int32) {
    guard signal == SIGHUP || !Self.outputWritable() else { return end() }
    guard !ended else { return }
    ended = true
    output.close()
    TerminalGuard.restoreNow()
    release()
  }

  /// Gives back what the session took of the process: its signal handlers, the guard, the
  /// terminfo entry.
  private func release() {
    SignalFlags.removeStop()
    SignalFlags.removeResize()
    TerminalGuard.remove()
    tout_release_terminal()
    sessionLive.store(false, ordering: .relaxed)
  }

  /// Whether standard output takes more output now (checked without waiting): a terminal that
  /// stopped reading leaves its queue full.
  private static func outputWritable() -> Bool {
    var descriptor = pollfd(fd: 1, events: Int16(POLLOUT), revents: 0)
    guard poll(&descriptor, 1, 0) > 0 else { return false }
    return descriptor.revents & Int16(POLLOUT) != 0 && descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) == 0
  }
}
