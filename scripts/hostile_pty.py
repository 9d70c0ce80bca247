#!/usr/bin/env python3
"""Runs tooltip-tui under a pseudo-terminal that behaves badly, and checks how it ends.

Cases (--case, one or more):

  stalled-resume   The terminal stops taking output (not read, output suspended as by an
                   XOFF), then SIGCONT (as a shell's `fg` sends it), a key, and SIGTERM.
                   The program must exit 143 within 2 s, termios restored. Every write it
                   makes while a quit signal may arrive must end on that signal, the mouse
                   mode written after a resume included.
  hangup-quiet     The terminal hangs up (the pty's master is closed) and no SIGHUP reaches
                   the program (it is started with SIGHUP ignored and not in the terminal's
                   session): it must exit 129 and say "the terminal hung up" on stderr.
  huge             The pty is given 40000 columns and 2 rows (and 2 columns and 40000 rows)
                   while the program runs, then a key and `q`: it must exit 0, stderr empty,
                   termios restored (ncurses keeps coordinates in `short`: a side above 32767
                   crashed inside it).
  huge-start       The same sizes set before the program starts.
  api-edges        The demo's hooks for the session's API: every call after end() is harmless
                   (TOOLTIP_TUI_TEST_FAULT=after-end), a cursor at Int.max and a deadline
                   Int64.max seconds away are taken in stride (TOOLTIP_TUI_TEST_FAULT=extremes).
  crash-quiet      A crash (trap, failed unwrap, SIGSEGV, abort) with SWIFT_BACKTRACE unset, as
                   in a user's default environment: the program must die by its signal within
                   5 s (no wait at the backtracer's prompt), terminal restored, then the
                   runtime's crash report.
  crafted-cup      A terminfo entry compiled with tic whose cup reads its parameters as
                   strings (%s, %l), and a tooltip with graphemes of disputed width (drawn by
                   hand at explicit positions): the program must run and quit with status 0.
  stdin-modes      Standard input open for writing only (refused at start with one line, exit
                   2), and a terminal left non-blocking (the demo runs, `q` exits 0, and the
                   flag is put back after).
  terms            Terminal types that cannot be used, each with its own one-line message:
                   hard-copy terminals that exist (tty33, la120), a TERM of 100,000 bytes.
  wide-to-tall     10000 x 1 resized to 1 x 10000 and back (each within the cap): the program
                   answers q within 5 s and its peak RSS stays under 256 MB (curses grows
                   before it shrinks: through the union, 10000 x 10000 cells, 8 GB).
  stalled-motion   The terminal stops taking output, then a key that switches hover on (the
                   demo's `o`) or a motion report (an own-ncurses example): the mode write
                   blocks, and SIGTERM must end the program with 143 within 2 s.
  absurd-colors    terminfo entries with pairs#2147483647 and colors#2147483647: the program
                   runs in monochrome and quits on q with 0, terminal restored.
  dcs-reply        A DECRQSS answer holding `q` (ESC P 1 $ r 2 SP q ESC \) while the program
                   runs: it must not quit; q afterwards does.
  sync-supported   A terminal that answers the DECRQM query for synchronized output (mode 2026)
                   as supported, only after the first frame has come (the query is never
                   waited on): the bytes of an open (Enter) and of a close (Esc) each sit
                   inside one `CSI ? 2026 h` ... `CSI ? 2026 l` pair.
  sync-silent      A terminal that never answers the query: the first frame comes without a
                   wait, and no 2026 set or reset is ever written.
  leader-stop      Ctrl-Z typed to the program that leads its session (its process group
                   orphaned: the kernel discards the stop, no SIGCONT comes), after the terminal
                   said it knows synchronized output and with the help shown: the terminal is
                   given back (main screen, mouse, paste and 2026 off, the cursor shown) and
                   taken again at once (alternate screen, every mode on), the program is not
                   stopped, a Tab afterwards is drawn, q exits 0.
  stopped-resize   The program stopped (SIGSTOP), the terminal resized (10000 x 1 to 1 x 10000,
                   5000 x 200 to 200 x 5000, 80 x 24 to 40000 x 2 and to 2 x 40000, 100 x 30 to
                   70 x 20), then SIGCONT (a shell's `fg`): peak RSS under 256 MB, no cursor
                   address past the new size after the resume, q answered, exit 0.
  sequential       1,000 sessions one after another in one process (--helper): descriptors and
                   resident memory after the 10th and after the last are the same (within 4 MB).
  nonblocking-out  The terminal's output made non-blocking by another program while the demo
                   runs, with synchronized output on, and not read for a while: every frame
                   arrives whole (as many 2026 sets as resets, the last a reset), q exits 0.
  own-stopped-resize
                   A program that owns ncurses (--binary job-monitor or toolbar-own-curses) run
                   from an interactive bash, Ctrl-Z, the terminal resized (80 x 24 to 40000 x 2,
                   10000 x 1 to 1 x 10000, 100 x 30 to 70 x 20), `fg`: alive, peak RSS under
                   256 MB, redrawn after the resume with no cursor address past the new size,
                   q exits it.
  background       A terminal that answers the background query (OSC 11, then DA1): dark at once,
                   dark 0.4 s after the first frame, light at once (each with no --theme), and
                   dark with --theme light; and a silent terminal with COLORFGBG=15;0: the title
                   row names the theme and where it came from ("dark (terminal)", "light
                   (terminal)", "light", "dark (COLORFGBG)"); the silent terminal's first frame
                   comes within 2 s, with no wait for an answer.
  split-reply      The synchronized-output answer split across 1.5 s (`ESC [ ? 2`, then
                   `026;1$y`): no key comes of it (the demo's 1 and 2 would switch the lines off
                   and draw), nothing is drawn, q exits 0.
  misuse           The library used the wrong way round (--helper, the tooltip-misuse program):
                   exit() without end() in a session and in an own-ncurses program (status 1,
                   terminal restored), a second session (refused in one line, status 5, the
                   first ended cleanly), the guard installed after newterm then a crash (the
                   shell's modes back), an overlay made before newterm (one line, status 2).

    python3 scripts/hostile_pty.py --binary .build/debug/tooltip-tui --case stalled-resume --repeat 3

Prints one line per run and a total; exits 0 when every run passed, 1 otherwise.
"""

import argparse
import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import time

ALT_ON = re.compile(rb"\x1b\[\?(?:\d+;)*(?:1049|1047|47)(?:;\d+)*h")
WRITE_SYSCALL = {"x86_64": 1, "aarch64": 64}.get(os.uname().machine)


def blocked_in_write(pid):
    try:
        with open("/proc/%d/syscall" % pid) as f:
            return WRITE_SYSCALL is not None and f.read().split()[0] == str(WRITE_SYSCALL)
    except (OSError, IndexError):
        return False


def set_size(fd, cols, rows):
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))


class Run:
    """The program on a fresh pty."""

    def __init__(self, binary, args, cols, rows, env_extra=None, controlling=True, ignore_hup=False):
        self.master, self.slave = os.openpty()
        set_size(self.slave, cols, rows)
        os.set_blocking(self.master, False)
        self.before = termios.tcgetattr(self.slave)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color",
               "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no"}
        env.update(env_extra or {})
        env = {key: value for key, value in env.items() if value is not None}

        def child():
            if ignore_hup:
                signal.signal(signal.SIGHUP, signal.SIG_IGN)
            if controlling:
                fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.errors = tempfile.TemporaryFile()
        self.proc = subprocess.Popen([binary] + args, stdin=self.slave, stdout=self.slave, stderr=self.errors,
                                     env=env, start_new_session=True, preexec_fn=child, close_fds=True)
        self.output = bytearray()
        self.reading = True

    def pump(self, seconds, typed=b""):
        """Reads output (unless stalled) and types `typed` for `seconds`; False once exited."""
        end = time.monotonic() + seconds
        while True:
            if typed:
                try:
                    typed = typed[os.write(self.master, typed):]
                except BlockingIOError:
                    pass
            if self.reading:
                try:
                    while True:
                        chunk = os.read(self.master, 65536)
                        if not chunk:
                            break
                        self.output += chunk
                except (BlockingIOError, OSError):
                    pass
            if self.proc.poll() is not None:
                return False
            if time.monotonic() >= end:
                return True
            select.select([self.master] if self.reading else [], [], [], 0.01)

    def started(self, limit=10.0):
        end = time.monotonic() + limit
        while not ALT_ON.search(self.output):
            if not self.pump(0.02) or time.monotonic() > end:
                return False
        return True

    def wait(self, limit):
        """Waits up to `limit` s for the exit (still reading if not stalled); the status or None."""
        end = time.monotonic() + limit
        while self.proc.poll() is None and time.monotonic() < end:
            self.pump(0.01)
        return self.proc.poll()

    def finish(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.errors.seek(0)
        stderr = self.errors.read().decode(errors="replace")
        try:
            after = termios.tcgetattr(self.slave)
        except termios.error:
            after = None
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
        return stderr, after


def big_scene(directory):
    words = " ".join(["lorem ipsum dolor sit amet"] * 1200)
    path = os.path.join(directory, "big.json")
    with open(path, "w") as f:
        f.write('{"maxTextWidth": 280, "anchors": [{"id": "big", "x": 150, "y": 1, "placement": "bottom", '
                '"headline": "Big", "supporting": "%s"}]}' % words)
    return path


def sigterm_while_stalled(run, typed, resume=False):
    """Starts `run`, stops taking its output (not read, and suspended as by an XOFF, so that even
    a write of a few bytes blocks whatever room is left), sends SIGCONT when `resume` (a shell's
    `fg`), types `typed`, then SIGTERM: the program must be blocked writing, then exit 143 within
    2 s, termios restored, stderr empty. What went wrong, or ""."""
    problem = ""
    if not run.started():
        problem = "did not start"
    else:
        run.pump(0.5)
        run.reading = False
        termios.tcflow(run.slave, termios.TCOOFF)
        if resume:
            os.kill(run.proc.pid, signal.SIGCONT)
        run.pump(0.5, typed)
        blocked = blocked_in_write(run.proc.pid)
        os.kill(run.proc.pid, signal.SIGTERM)
        status = run.wait(2.0)
        if not blocked:
            problem = "not blocked writing when SIGTERM came"
        elif status is None:
            where = "in write(2)" if blocked_in_write(run.proc.pid) else "running"
            problem = "hang: still %s 2 s after SIGTERM (killed)" % where
        elif status != 143:
            problem = "exit status %s, not 143" % status
    termios.tcflow(run.slave, termios.TCOON)
    stderr, after = run.finish()
    if not problem and after != run.before:
        problem = "termios not restored"
    if not problem and stderr:
        problem = "stderr: " + stderr.strip()[:200]
    return problem


def stalled_resume(binary, directory):
    run = Run(binary, ["--scene", big_scene(directory), "--open", "big"], 300, 80)
    return sigterm_while_stalled(run, b"j", resume=True)


def hangup_quiet(binary, directory):
    run = Run(binary, [], 80, 24, controlling=False, ignore_hup=True)
    problem = ""
    if not run.started():
        problem = "did not start"
    else:
        run.pump(0.2)
        os.close(run.master)
        run.reading = False
        status = run.wait(3.0)
        if status is None:
            problem = "hang: still running 3 s after the hang-up (killed)"
        elif status != 129:
            problem = "exit status %s, not 129" % status
    run.master = -1
    stderr, _ = run.finish()
    if not problem and "the terminal hung up" not in stderr:
        problem = "stderr does not say the terminal hung up: %r" % stderr[:200]
    return problem


def keys_then_quit(run, keys=b"\t", before_keys=None, after_exit=None):
    """Starts `run`, calls `before_keys` (if any), types `keys`, then q; the program must exit
    0 within 5 s with the termios restored and nothing on stderr, and `after_exit(run)` (if
    any) find nothing wrong in its output: what went wrong, or ""."""
    problem = ""
    if not run.started():
        problem = "did not start within 10 s (status %s)" % run.proc.poll()
    else:
        if before_keys:
            before_keys()
        run.pump(0.5, keys)
        run.pump(0.3, b"q")
        status = run.wait(5.0)
        if status is None:
            problem = "hang: still running 5 s after q (killed)"
        elif status != 0:
            problem = "exit status %s, not 0" % status
    stderr, after = run.finish()
    if not problem and after_exit:
        problem = after_exit(run)
    if not problem and after != run.before:
        problem = "termios not restored"
    if not problem and stderr:
        problem = "stderr: " + stderr.strip()[:300]
    return problem


def huge(binary, directory, at_start):
    problems = []
    for cols, rows in ((40000, 2), (2, 40000), (65535, 65535)):
        run = Run(binary, [], cols if at_start else 80, rows if at_start else 24)

        def resize(run=run, cols=cols, rows=rows):
            run.pump(0.2)
            set_size(run.master, cols, rows)
            os.kill(run.proc.pid, signal.SIGWINCH)

        problem = keys_then_quit(run, before_keys=None if at_start else resize)
        if problem:
            problems.append("%dx%d: %s" % (cols, rows, problem))
    return "; ".join(problems)


def sizeless(binary, directory):
    """A terminal that reports no size (0 x 0) under terminfo entries whose own cols and lines
    curses cannot hold or should not: 40000 x 2, 2 x 40000, 32767 x 32767. Curses takes the
    entry's size then; the program must start within what it draws and quit on q with 0."""
    source = subprocess.run(["infocmp", "-x", "xterm-256color"], capture_output=True, text=True,
                            check=True).stdout
    problems = []
    for cols, rows in ((40000, 2), (2, 40000), (32767, 32767)):
        name = "tk-sizeless-%dx%d" % (cols, rows)
        entry = re.sub(r"^xterm-256color\|[^,]*,", name + "|no size of its own,", source, count=1, flags=re.M)
        entry = re.sub(r"cols#\d+,", "cols#%d," % cols, entry, count=1)
        entry = re.sub(r"lines#\d+,", "lines#%d," % rows, entry, count=1)
        path = os.path.join(directory, name + ".src")
        with open(path, "w") as f:
            f.write(entry)
        subprocess.run(["tic", "-x", "-o", directory, path], check=True, capture_output=True)
        run = Run(binary, [], 0, 0, env_extra={"TERM": name, "TERMINFO": directory})
        problem = keys_then_quit(run)
        if problem:
            problems.append("%dx%d: %s" % (cols, rows, problem))
    return "; ".join(problems)


def crafted_terminfo(directory):
    """Compiles xterm-256color with cup's parameters read as strings (tic -o DIR); the names."""
    source = subprocess.run(["infocmp", "-x", "xterm-256color"], capture_output=True, text=True,
                            check=True).stdout
    names = []
    for name, cup in (("xterm-cup-s", r"\E[%i%p1%s;%p2%dH"), ("xterm-cup-l", r"\E[%i%p1%l%d;%p2%dH")):
        entry = re.sub(r"^xterm-256color\|[^,]*,", name + "|crafted cup,", source, count=1, flags=re.M)
        entry = re.sub(r"cup=[^,]*,", lambda _: "cup=%s," % cup, entry, count=1)
        path = os.path.join(directory, name + ".src")
        with open(path, "w") as f:
            f.write(entry)
        subprocess.run(["tic", "-x", "-o", directory, path], check=True, capture_output=True)
        names.append(name)
    return names


def crafted_cup(binary, directory):
    """A terminfo entry whose cup reads its parameters with %s (and %l): a grapheme of
    disputed width drawn at an explicit position must not crash the program."""
    path = os.path.join(directory, "emoji.json")
    with open(path, "w") as f:
        f.write('{"anchors": [{"id": "e", "x": 10, "y": 2, "placement": "bottom", '
                '"headline": "family \\ud83d\\udc68\\u200d\\ud83d\\udc69\\u200d\\ud83d\\udc67 and \\u2764\\ufe0f", '
                '"supporting": "x"}]}')
    problems = []
    for name in crafted_terminfo(directory):
        run = Run(binary, ["--scene", path, "--open", "e"], 80, 24, env_extra={"TERM": name, "TERMINFO": directory})
        problem = keys_then_quit(run, b"\x0c")
        if problem:
            problems.append("%s: %s" % (name, problem))
    return "; ".join(problems)


def switched_on_again(run):
    """Whether the alternate screen was switched on after it was last switched off: "" if not."""
    last_on = max((m.end() for m in ALT_ON.finditer(run.output)), default=-1)
    last_off = max((m.end() for m in ALT_OFF.finditer(run.output)), default=-1)
    return "the alternate screen was switched on again" if last_off < last_on else ""


ALT_OFF = re.compile(rb"\x1b\[\?(?:\d+;)*(?:1049|1047|47)(?:;\d+)*l")
FAULTS = {"trap": -signal.SIGILL, "unwrap": -signal.SIGILL, "segv": -signal.SIGSEGV, "abort": -signal.SIGABRT}


def crash_quiet(binary, directory):
    """A crash (TOOLTIP_TUI_TEST_FAULT) in a user's default environment, SWIFT_BACKTRACE unset:
    the terminal restored first, the crash report written, and no wait at the backtracer's
    prompt (it waited 30 s for a key)."""
    problems = []
    for fault, death in FAULTS.items():
        run = Run(binary, [], 80, 24, env_extra={"SWIFT_BACKTRACE": None, "TOOLTIP_TUI_TEST_FAULT": fault})
        started = time.monotonic()
        status = run.wait(10.0)
        seconds = time.monotonic() - started
        stderr, after = run.finish()
        problem = ""
        last_on = max((m.end() for m in ALT_ON.finditer(run.output)), default=-1)
        last_off = max((m.end() for m in ALT_OFF.finditer(run.output)), default=-1)
        if status is None:
            problem = "still running 10 s after the crash (killed)"
        elif status != death:
            problem = "status %s, not death by signal %d" % (status, -death)
        elif seconds > 5.0:
            problem = "took %.1f s to end (waited at the backtracer's prompt)" % seconds
        elif last_on < 0 or last_off < last_on:
            problem = "the alternate screen was left on"
        elif after != run.before:
            problem = "termios not restored"
        elif b"Program crashed" not in run.output[last_off:]:
            problem = "no crash report after the terminal was restored"
        if problem:
            problems.append("%s: %s" % (fault, problem))
    return "; ".join(problems)


def api_edges(binary, directory):
    """The demo's own test hooks for the session's API: `after-end` calls present, read and
    next after the session ended (the terminal must stay restored: main screen, termios as
    before); `extremes` presents a cursor at Int.max and waits for a deadline Int64.max
    seconds away (no trap)."""
    problems = []
    for fault in ("after-end", "extremes"):
        run = Run(binary, [], 80, 24, env_extra={"TOOLTIP_TUI_TEST_FAULT": fault})
        problem = keys_then_quit(run, after_exit=switched_on_again)
        if problem:
            problems.append("%s: %s" % (fault, problem))
    return "; ".join(problems)


def stdin_modes(binary, directory):
    """Standard input as a previous program may leave it: open for writing only (refused at
    start, in one line, exit 2, nothing written), or non-blocking (the demo works, and the
    flag is put back when it ends)."""
    problems = []
    master, slave = os.openpty()
    set_size(slave, 80, 24)
    name = os.ttyname(slave)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "LANG": "C.UTF-8",
           "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no"}
    try:
        write_only = os.open(name, os.O_WRONLY | os.O_NOCTTY)
        errors = tempfile.TemporaryFile()
        proc = subprocess.Popen([binary], stdin=write_only, stdout=slave, stderr=errors, env=env,
                                start_new_session=True, close_fds=True)
        try:
            status = proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            status = "none: still running 5 s after start (killed)"
        errors.seek(0)
        stderr = errors.read().decode(errors="replace")
        os.close(write_only)
        if status != 2 or "standard input is a terminal open for writing only" not in stderr:
            problems.append("write-only: status %s, stderr %r" % (status, stderr[:200]))
        os.set_blocking(master, False)
        leftover = b""
        try:
            leftover = os.read(master, 65536)
        except BlockingIOError:
            pass
        if leftover:
            problems.append("write-only: the terminal was written to")

        shared = os.open(name, os.O_RDWR | os.O_NOCTTY | os.O_NONBLOCK)
        errors = tempfile.TemporaryFile()
        proc = subprocess.Popen([binary], stdin=shared, stdout=shared, stderr=errors, env=env,
                                start_new_session=True, close_fds=True)
        output = bytearray()
        end = time.monotonic() + 10
        typed = False
        while proc.poll() is None and time.monotonic() < end:
            select.select([master], [], [], 0.05)
            try:
                output += os.read(master, 65536)
            except BlockingIOError:
                pass
            if not typed and ALT_ON.search(output):
                time.sleep(0.3)
                os.write(master, b"\tq")
                typed = True
        if proc.poll() is None:
            proc.kill()
        status = proc.wait()
        errors.seek(0)
        stderr = errors.read().decode(errors="replace")
        if status != 0 or stderr:
            problems.append("non-blocking: status %s, stderr %r" % (status, stderr[:200]))
        elif not os.get_blocking(shared) is False:
            problems.append("non-blocking: O_NONBLOCK was not put back")
        os.close(shared)
    finally:
        os.close(master)
        os.close(slave)
    return "; ".join(problems)


TERMS = [
    ("tty33", "terminal type 'tty33' cannot move the cursor"),
    ("la120", "terminal type 'la120' cannot move the cursor"),
    ("a" * 100000, "unknown terminal type 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa... (100000 bytes)'"),
    ("a" * 300, "unknown terminal type"),
]


def terms(binary, directory):
    """Terminal types that cannot be used: each must exit 2 with its own one-line message."""
    problems = []
    for term, message in TERMS:
        run = Run(binary, [], 80, 24, env_extra={"TERM": term})
        status = run.wait(5.0)
        stderr, after = run.finish()
        shown = term if len(term) < 20 else "%s... (%d)" % (term[:8], len(term))
        if status != 2:
            problems.append("%s: exit status %s, not 2" % (shown, status))
        elif message not in stderr or stderr.count("\n") != 1:
            problems.append("%s: stderr %r" % (shown, stderr[:200]))
        elif run.output or after != run.before:
            problems.append("%s: the terminal was written to" % shown)
    return "; ".join(problems)


def peak_rss_mb(pid):
    """The process's peak resident set (VmHWM) in MB, or 0 when it cannot be read."""
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024.0
    except OSError:
        pass
    return 0.0


def wide_to_tall(binary, directory):
    problems = []
    for (cols, rows), (to_cols, to_rows) in (((10000, 1), (1, 10000)), ((1, 10000), (10000, 1))):
        run = Run(binary, [], cols, rows)
        problem = ""
        if not run.started():
            problem = "did not start"
        else:
            run.pump(0.3)
            set_size(run.master, to_cols, to_rows)
            os.kill(run.proc.pid, signal.SIGWINCH)
            run.pump(0.5)
            peak = peak_rss_mb(run.proc.pid)
            run.pump(0.1, b"q")
            status = run.wait(5.0)
            if status is None:
                problem = "still running 5 s after q (killed); peak RSS %.0f MB" % peak_rss_mb(run.proc.pid)
            elif status != 0:
                problem = "exit status %s, not 0" % status
            elif peak > 256:
                problem = "peak RSS %.0f MB" % peak
        stderr, after = run.finish()
        if not problem and after != run.before:
            problem = "termios not restored"
        if not problem and stderr:
            problem = "stderr: " + stderr.strip()[:200]
        if problem:
            problems.append("%dx%d -> %dx%d: %s" % (cols, rows, to_cols, to_rows, problem))
    return "; ".join(problems)


def stalled_motion(binary, directory):
    """The demo's `o` (hover on: any-motion tracking asked for) or, for a program whose scene
    has hover anchors, a motion report (1003 asked for once more), with the terminal's output
    stopped: SIGTERM must end it with 143."""
    demo = os.path.basename(binary) == "tooltip-tui"
    return sigterm_while_stalled(Run(binary, [], 80, 24), b"o" if demo else b"\x1b[<35;30;5M")


def absurd_colors(binary, directory):
    source = subprocess.run(["infocmp", "-x", "xterm-256color"], capture_output=True, text=True,
                            check=True).stdout
    problems = []
    for name, capability in (("tk-pairs-max", "pairs"), ("tk-colors-max", "colors")):
        entry = re.sub(r"^xterm-256color\|[^,]*,", name + "|absurd numbers,", source, count=1, flags=re.M)
        entry = re.sub(r"\b%s#[^,]*," % capability, "%s#2147483647," % capability, entry, count=1)
        path = os.path.join(directory, name + ".src")
        with open(path, "w") as f:
            f.write(entry)
        subprocess.run(["tic", "-x", "-o", directory, path], check=True, capture_output=True)
        run = Run(binary, [], 80, 24, env_extra={"TERM": name, "TERMINFO": directory})
        problem = keys_then_quit(run, after_exit=switched_on_again)
        if problem:
            problems.append("%s: %s" % (name, problem))
    return "; ".join(problems)


def dcs_reply(binary, directory):
    run = Run(binary, [], 80, 24)
    problem = ""
    if not run.started():
        problem = "did not start"
    else:
        run.pump(0.5)
        run.pump(1.0, b"\x1bP1$r2 q\x1b\\")
        if run.proc.poll() is not None:
            problem = "the reply's q quit the program (status %s)" % run.proc.poll()
        else:
            run.pump(0.3, b"q")
            status = run.wait(5.0)
            if status != 0:
                problem = "q after the reply: status %s, not 0" % status
    stderr, after = run.finish()
    if not problem and after != run.before:
        problem = "termios not restored"
    if not problem and stderr:
        problem = "stderr: " + stderr.strip()[:200]
    return problem


MISUSES = [
    # (argument, expected status, a line stderr must hold, whether curses mode came on first)
    ("session-exit-without-end", 1, None, True),
    ("own-exit-without-end", 1, None, True),
    ("two-sessions", 5, "a terminal session is already running in this process", True),
    ("guard-after-newterm", -signal.SIGILL, None, True),
    ("overlay-before-newterm", 2, "TooltipOverlay(pairs:) needs a screen: call it after newterm", False),
]


def misuse(helper, directory):
    problems = []
    for argument, expected, line, curses in MISUSES:
        run = Run(helper, [argument], 80, 24)
        status = run.wait(5.0)
        stderr, after = run.finish()
        last_on = max((m.end() for m in ALT_ON.finditer(run.output)), default=-1)
        last_off = max((m.end() for m in ALT_OFF.finditer(run.output)), default=-1)
        problem = ""
        if status is None:
            problem = "still running 5 s after the start (killed)"
        elif status != expected:
            problem = "status %s, not %s" % (status, expected)
        elif curses and (last_on < 0 or last_off < last_on):
            problem = "the alternate screen was left on"
        elif not curses and run.output:
            problem = "the terminal was written to"
        elif after != run.before:
            problem = "termios not restored"
        elif line is not None and stderr != line + "\n":
            problem = "stderr %r" % stderr[:300]
        if problem:
            problems.append("%s: %s" % (argument, problem))
    return "; ".join(problems)


SYNC_QUERY = b"\x1b[?2026$p"
SYNC_ON = b"\x1b[?2026h"
SYNC_OFF = b"\x1b[?2026l"


def first_frame(run, limit=2.0):
    """Waits up to `limit` s after the start for the first frame (the alternate screen, then
    200 ms of quiet with more than 100 bytes after it); the seconds it took, or None."""
    started = time.monotonic()
    if not run.started(limit):
        return None
    last = len(run.output)
    while time.monotonic() - started < limit:
        run.pump(0.2)
        if len(run.output) == last and len(run.output) - ALT_ON.search(run.output).end() > 100:
            return time.monotonic() - started
        last = len(run.output)
    return None


def burst(run, key):
    """Types `key` and returns every byte written until 300 ms of quiet."""
    before = len(run.output)
    run.pump(0.05, key)
    last = -1
    while len(run.output) != last:
        last = len(run.output)
        run.pump(0.3)
    return bytes(run.output[before:])


def one_pair(name, data):
    """Whether `data` (an open's or a close's bytes) is one synchronized pair whole: "" if so."""
    if not data:
        return "%s wrote nothing" % name
    if not (data.startswith(SYNC_ON) and data.endswith(SYNC_OFF)):
        return "%s is not inside one 2026 pair: %r...%r" % (name, data[:16], data[-16:])
    if data.count(SYNC_ON) != 1 or data.count(SYNC_OFF) != 1:
        return "%s has %d sets and %d resets of 2026" % (name, data.count(SYNC_ON), data.count(SYNC_OFF))
    return ""


def sync_supported(binary, directory):
    run = Run(binary, [], 80, 24)
    problem = ""
    if first_frame(run) is None:
        problem = "no first frame within 2 s, before any answer"
    elif SYNC_QUERY not in run.output:
        problem = "no DECRQM query for mode 2026"
    else:
        run.pump(0.1, b"\x1b[?2026;2$y")
        run.pump(0.3)
        problem = one_pair("the open", burst(run, b"\r")) or one_pair("the close", burst(run, b"\x1b"))
    run.pump(0.1, b"q")
    status = run.wait(5.0)
    stderr, after = run.finish()
    if not problem and status != 0:
        problem = "exit status %s, not 0" % status
    if not problem and after != run.before:
        problem = "termios not restored"
    return problem or (("stderr: " + stderr.strip()[:200]) if stderr else "")


def sync_silent(binary, directory):
    run = Run(binary, [], 80, 24)
    problem = ""
    seconds = first_frame(run)
    if seconds is None:
        problem = "no first frame within 2 s (waited for an answer?)"
    else:
        burst(run, b"\r")
        burst(run, b"\x1b")
    run.pump(0.1, b"q")
    status = run.wait(5.0)
    stderr, after = run.finish()
    if not problem and (SYNC_ON in run.output or SYNC_OFF in run.output):
        problem = "2026 set or reset written to a terminal that never answered"
    if not problem and status != 0:
        problem = "exit status %s, not 0" % status
    if not problem and after != run.before:
        problem = "termios not restored"
    return problem or (("stderr: " + stderr.strip()[:200]) if stderr else "")


ALT_OFF_BYTES = b"\x1b[?1049l"
ALT_ON_BYTES = b"\x1b[?1049h"


def process_state(pid):
    """The process's state letter (R, S, T for stopped...), or "" when it cannot be read."""
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""


def leader_stop(binary, directory):
    run = Run(binary, [], 80, 24)
    problem = ""
    if first_frame(run) is None:
        problem = "no first frame"
    else:
        run.pump(0.1, b"\x1b[?2026;2$y")
        run.pump(0.3, b"?")
        run.pump(0.4)
        before = len(run.output)
        run.pump(0.6, b"\x1a")
        after = bytes(run.output[before:])
        left = after.find(ALT_OFF_BYTES)
        back = after.find(ALT_ON_BYTES, left + 1)
        state = process_state(run.proc.pid)
        if state == "T":
            problem = "the program is stopped, and nobody will continue it"
        elif left < 0 or back < 0:
            problem = "the terminal was not given back and taken again: %r" % after[:300]
        else:
            leaving, entering = after[:left], after[back:]
            for name, mode in (("mouse", b"\x1b[?1002l"), ("SGR mouse", b"\x1b[?1006l"), ("paste", b"\x1b[?2004l"),
                               ("synchronized output", SYNC_OFF), ("the cursor", b"\x1b[?25h")):
                if mode not in leaving:
                    problem = problem or "%s not given back before the stop: %r" % (name, leaving[-200:])
            for name, mode in (("mouse", b"\x1b[?1002h"), ("SGR mouse", b"\x1b[?1006h"), ("paste", b"\x1b[?2004h")):
                if mode not in entering:
                    problem = problem or "%s not asked for again: %r" % (name, entering[:200])
        if not problem:
            before = len(run.output)
            run.pump(0.5, b"\x1b\t")
            if len(run.output) - before < 20:
                problem = "a Tab after the resume drew nothing"
    run.pump(0.1, b"q")
    status = run.wait(5.0)
    stderr, termios_after = run.finish()
    if not problem and status != 0:
        problem = "exit status %s, not 0" % status
    if not problem and termios_after != run.before:
        problem = "termios not restored"
    return problem or (("stderr: " + stderr.strip()[:200]) if stderr else "")


CURSOR_ADDRESS = re.compile(rb"\x1b\[(\d+);(\d+)H")


def stopped_resize(binary, directory):
    problems = []
    for (cols, rows), (to_cols, to_rows) in (((10000, 1), (1, 10000)), ((5000, 200), (200, 5000)),
                                             ((80, 24), (40000, 2)), ((80, 24), (2, 40000)), ((100, 30), (70, 20))):
        run = Run(binary, [], cols, rows)
        problem = ""
        if not run.started():
            problem = "did not start"
        else:
            run.pump(0.4)
            os.kill(run.proc.pid, signal.SIGSTOP)
            time.sleep(0.1)
            set_size(run.master, to_cols, to_rows)
            time.sleep(0.1)
            before = len(run.output)
            os.kill(run.proc.pid, signal.SIGCONT)
            run.pump(1.0)
            peak = peak_rss_mb(run.proc.pid)
            resumed = bytes(run.output[before:])
            beyond = [m.group(0) for m in CURSOR_ADDRESS.finditer(resumed)
                      if int(m.group(1)) > max(1, min(to_rows, 10000)) or int(m.group(2)) > max(1, min(to_cols, 10000))]
            run.pump(0.1, b"q")
            status = run.wait(5.0)
            if status is None:
                problem = "still running 5 s after q (killed); peak RSS %.0f MB" % peak
            elif status != 0:
                problem = "exit status %s, not 0" % status
            elif peak > 256:
                problem = "peak RSS %.0f MB" % peak
            elif beyond:
                problem = "drawn past the new size after the resume: %r" % beyond[:3]
            elif not CURSOR_ADDRESS.search(resumed):
                problem = "nothing drawn after the resume"
        stderr, after = run.finish()
        if not problem and after != run.before:
            problem = "termios not restored"
        if not problem and stderr:
            problem = "stderr: " + stderr.strip()[:200]
        if problem:
            problems.append("%dx%d -> %dx%d: %s" % (cols, rows, to_cols, to_rows, problem))
    return "; ".join(problems)


def sequential(helper, directory):
    run = Run(helper, ["sequential-sessions", "1000"], 80, 24)
    status = run.wait(60.0)
    stderr, after = run.finish()
    match = re.search(r"descriptors (\d+) (\d+) resident (\d+) (\d+)", stderr)
    if status != 0:
        return "exit status %s, not 0: %s" % (status, stderr.strip()[:200])
    if not match:
        return "no figures on stderr: %r" % stderr[:200]
    fds_early, fds_late, rss_early, rss_late = (int(g) for g in match.groups())
    if fds_late != fds_early:
        return "descriptors %d after 10 sessions, %d after 1000" % (fds_early, fds_late)
    if rss_late - rss_early > 4096:
        return "resident memory %d KiB after 10 sessions, %d KiB after 1000" % (rss_early, rss_late)
    if after != run.before:
        return "termios not restored"
    return ""


def nonblocking_out(binary, directory):
    run = Run(binary, ["--scene", big_scene(directory)], 300, 80)
    problem = ""
    if first_frame(run) is None:
        problem = "no first frame"
    else:
        run.pump(0.1, b"\x1b[?2026;2$y")
        run.pump(0.3)
        # The flag belongs to the open file, shared with the program's standard output.
        os.set_blocking(run.slave, False)
        run.reading = False
        start = len(run.output)
        run.pump(1.5, b"\r\x1b\r\x1b\r\x1b\r")
        run.reading = True
        run.pump(1.5)
        run.pump(0.2, b"q")
        status = run.wait(5.0)
        written = bytes(run.output[start:])
        markers = re.findall(rb"\x1b\[\?2026[hl]", written)
        cut = any(a == b == SYNC_ON for a, b in zip(markers, markers[1:])) or (markers and markers[-1] == SYNC_ON)
        if status != 0:
            problem = "exit status %s, not 0" % status
        elif SYNC_ON not in markers:
            problem = "no frame drawn while the output was non-blocking"
        elif cut:
            problem = "frames cut: a 2026 set with no reset after it (%d sets, %d resets)" % (
                markers.count(SYNC_ON), markers.count(SYNC_OFF))
    os.set_blocking(run.slave, True)
    stderr, after = run.finish()
    if not problem and stderr:
        problem = "stderr: " + stderr.strip()[:200]
    return problem


def own_stopped_resize(binary, directory):
    problems = []
    for (cols, rows), (to_cols, to_rows) in (((80, 24), (40000, 2)), ((10000, 1), (1, 10000)), ((100, 30), (70, 20))):
        master, slave = os.openpty()
        set_size(slave, cols, rows)
        os.set_blocking(master, False)
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "TERM": "xterm-256color", "LANG": "C.UTF-8",
               "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no", "PS1": "$ ", "HOME": directory}

        def child():
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        shell = subprocess.Popen(["bash", "--norc", "--noprofile", "-i"], stdin=slave, stdout=slave, stderr=slave,
                                 env=env, start_new_session=True, preexec_fn=child, close_fds=True)
        output = bytearray()

        def pump(seconds, typed=b""):
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                if typed:
                    typed = typed[os.write(master, typed):]
                try:
                    output.extend(os.read(master, 1 << 20))
                except (BlockingIOError, OSError):
                    pass
                select.select([master], [], [], 0.02)

        problem = ""
        pump(0.5, b"exec 2>/dev/null; %s\r" % binary.encode())
        end = time.monotonic() + 10
        while not ALT_ON.search(output) and time.monotonic() < end:
            pump(0.1)
        found = subprocess.run(["pgrep", "-n", "-f", "^" + binary], capture_output=True, text=True).stdout.strip()
        if not found or not ALT_ON.search(output):
            problem = "did not start"
        else:
            pid = int(found)
            pump(0.5, b"\x1a")
            if process_state(pid) != "T":
                problem = "not stopped by Ctrl-Z"
            else:
                set_size(master, to_cols, to_rows)
                pump(0.3)
                before = len(output)
                pump(2.0, b"fg\r")
                state = process_state(pid)
                peak = peak_rss_mb(pid)
                resumed = bytes(output[before:])
                # Curses' own resume repaints at the size it holds (kept by the guard through the
                # stop), then the new size reaches it capped: what counts is what follows the last
                # erase of the whole screen.
                last_clear = resumed.rfind(b"\x1b[2J")
                beyond = [m.group(0) for m in CURSOR_ADDRESS.finditer(resumed[max(0, last_clear):])
                          if int(m.group(1)) > min(to_rows, 10000) or int(m.group(2)) > min(to_cols, 10000)]
                if state in ("", "Z"):
                    problem = "died after fg"
                elif peak > 256:
                    problem = "peak RSS %.0f MB" % peak
                elif last_clear < 0:
                    problem = "the screen was not redrawn whole after fg: %r" % resumed[-300:]
                elif beyond:
                    problem = "drawn past the new size after fg: %r" % beyond[:3]
                elif not CURSOR_ADDRESS.search(resumed):
                    problem = "not redrawn after fg"
                else:
                    pump(1.0, b"q")
                    if process_state(pid) not in ("", "Z"):
                        problem = "still running after q"
        shell.kill()
        shell.wait()
        for fd in (master, slave):
            os.close(fd)
        if problem:
            problems.append("%dx%d -> %dx%d: %s" % (cols, rows, to_cols, to_rows, problem))
    return "; ".join(problems)


BACKGROUND_QUERY = b"\x1b]11;?\x1b\\"
DA1_QUERY = b"\x1b[c"
DA1_ANSWER = b"\x1b[?64;1;2;6;9;15;18;21;22c"


def title_row(output, cols):
    """The top row the bytes leave on a screen `cols` wide: text and the writer's cursor moves
    (CUP, HPA), erases (ECH, EL) and deletes (DCH) applied, every other sequence skipped. The
    writer skips cells that did not change, so a word need not appear whole in the bytes."""
    row, x, y = [" "] * cols, 0, 0
    text = bytes(output).decode("utf-8", "replace")
    for m in re.finditer(r"\x1b\[([?<>=]?)([0-9;]*)([ -/]*[@-~])|\x1b[\]P_^][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b.|([^\x1b])", text):
        if m.group(4) is not None:
            if m.group(4) == "\r":
                x = 0
            elif m.group(4) >= " " and y == 0 and x < cols:
                row[x] = m.group(4)
                x += 1
            continue
        if m.group(3) is None or m.group(1):
            continue
        numbers = [int(n) if n else 0 for n in m.group(2).split(";")]
        n = max(numbers[0], 1)
        final = m.group(3)
        if final in "Hf":
            y, x = n - 1, (max(numbers[1], 1) - 1 if len(numbers) > 1 else 0)
        elif final == "G":
            x = n - 1
        elif final == "X" and y == 0:
            row[x : x + n] = [" "] * len(row[x : x + n])
        elif final == "K" and y == 0:
            row[x:] = [" "] * (cols - x)
        elif final == "P" and y == 0:
            row = row[:x] + row[x + n :] + [" "] * min(n, cols - x)
        elif final == "J" and numbers[0] == 2:
            row = [" "] * cols
    return "".join(row)


def background(binary, directory):
    problems = []
    cases = (
        ("dark at once", [], {}, b"\x1b]11;rgb:0000/0000/0000\x1b\\", 0.0, b"dark (terminal)"),
        ("dark later", [], {}, b"\x1b]11;rgb:1111/1111/1111\x07", 0.4, b"dark (terminal)"),
        # The title row already said light: only what changed is drawn, "(terminal)".
        ("light at once", [], {}, b"\x1b]11;rgb:ffff/ffff/ffff\x1b\\", 0.0, b"(terminal)"),
        ("chosen", ["--theme", "light"], {}, b"\x1b]11;rgb:0000/0000/0000\x1b\\", 0.0, None),
        ("COLORFGBG", [], {"COLORFGBG": "15;0"}, None, 0.0, b"dark (COLORFGBG)"),
    )
    for name, args, env, answer, delay, title in cases:
        run = Run(binary, args, 100, 30, env_extra=env)
        problem = ""
        seconds = first_frame(run)
        if seconds is None:
            problem = "no first frame within 2 s"
        elif BACKGROUND_QUERY not in run.output or DA1_QUERY not in run.output:
            problem = "no background query behind a DA1 fence"
        else:
            if answer is not None:
                run.pump(delay)
                run.pump(0.6, answer + DA1_ANSWER)
            else:
                run.pump(0.3)
            shown = title_row(run.output, 100).encode()
            if title is not None and title not in shown:
                problem = "the title row never said %r" % title.decode()
            elif title == b"(terminal)" and b"dark" in shown:
                problem = "a light answer drew the dark theme"
            elif title is None and (b"dark" in shown or b"(terminal)" in shown):
                problem = "--theme light lost to the terminal's answer"
        run.pump(0.1, b"q")
        status = run.wait(5.0)
        stderr, after = run.finish()
        if not problem and status != 0:
            problem = "exit status %s, not 0" % status
        if not problem and after != run.before:
            problem = "termios not restored"
        if problem:
            problems.append("%s: %s" % (name, problem))
    return "; ".join(problems)


def split_reply(binary, directory):
    run = Run(binary, [], 100, 30)
    problem = ""
    if first_frame(run) is None:
        problem = "no first frame"
    else:
        run.pump(0.3)
        before = len(run.output)
        run.pump(1.5, b"\x1b[?2")
        run.pump(0.5, b"026;1$y")
        drawn = bytes(run.output[before:])
        if len(drawn) > 0:
            problem = "the answer's bytes became input: %d bytes drawn (%r)" % (len(drawn), drawn[:120])
    run.pump(0.1, b"q")
    status = run.wait(5.0)
    stderr, after = run.finish()
    if not problem and status != 0:
        problem = "exit status %s, not 0" % status
    if not problem and after != run.before:
        problem = "termios not restored"
    return problem or (("stderr: " + stderr.strip()[:200]) if stderr else "")


CASES = {
    "sync-supported": sync_supported,
    "sync-silent": sync_silent,
    "stdin-modes": stdin_modes,
    "api-edges": api_edges,
    "crash-quiet": crash_quiet,
    "crafted-cup": crafted_cup,
    "terms": terms,
    "stalled-resume": stalled_resume,
    "hangup-quiet": hangup_quiet,
    "huge": lambda binary, directory: huge(binary, directory, False),
    "huge-start": lambda binary, directory: huge(binary, directory, True),
    "sizeless": sizeless,
    "wide-to-tall": wide_to_tall,
    "stalled-motion": stalled_motion,
    "absurd-colors": absurd_colors,
    "dcs-reply": dcs_reply,
    "misuse": lambda binary, directory: misuse(OPTIONS.helper, directory),
    "leader-stop": leader_stop,
    "stopped-resize": stopped_resize,
    "sequential": lambda binary, directory: sequential(OPTIONS.helper, directory),
    "nonblocking-out": nonblocking_out,
    "own-stopped-resize": own_stopped_resize,
    "background": background,
    "split-reply": split_reply,
}

OPTIONS = None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--case", action="append", choices=sorted(CASES), required=True)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--helper", help="the tooltip-misuse program, for --case misuse")
    global OPTIONS
    options = OPTIONS = parser.parse_args()
    runs = failed = 0
    with tempfile.TemporaryDirectory() as directory:
        for name in options.case:
            for index in range(options.repeat):
                problem = CASES[name](options.binary, directory)
                runs += 1
                failed += 1 if problem else 0
                print("%s %d: %s" % (name, index, problem or "ok"), flush=True)
    print("%d runs, %d failed" % (runs, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
