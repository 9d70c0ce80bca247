#!/usr/bin/env python3
"""Runs tooltip-tui (A) and the C baseline (B) under a pseudo-terminal, alternating A B A B,
and reports the median of each figure and the A/B ratio.

Python 3.11 standard library only. Linux only (/proc).

Figures, per run of one program:
  first frame     spawn (just before fork) to the last byte of the first frame: the first
                  moment the output holds the status row's text and then stays quiet for
                  --quiet-ms; the time is that of the last byte, not of the end of the quiet.
  open / close    Enter on the selected anchor (the first one, whose tooltip is the one
                  measured), then Esc: bytes written until quiet, and the round trip from the
                  key's write to the first and to the last byte of the answer.
  tab             Tab through every anchor back to the first: round trip and bytes per key.
  click           a left press, a pause, the release on the same anchor (open), then on an
                  empty cell (close): bytes and round trip from the release's write.
  idle            CPU time (clock ticks of /proc/PID/stat and nanoseconds of schedstat, all
                  threads), voluntary and involuntary context switches (wake-ups) and bytes
                  written, over --idle seconds with nothing open and again with a tooltip open.
  peak RSS        VmHWM of /proc/PID/status just before q.

The minimal encoding of the open, of the close and of a Tab is computed from tooltip-tui's own
`--snapshot --ansi` screens (`--open ID`, `--select ID`): the changed cells' UTF-8, one cursor move (CSI row;col H) per run
of changed cells, one SGR per style change (256-colour form, the shorter of a delta and a
reset), and one cursor move at the end to put the cursor back on the selected anchor.
"""

from __future__ import annotations

import argparse
import ctypes
import fcntl
import json
import os
import platform
import re
import select
import shutil
import signal
import statistics
import struct
import subprocess
import sys
import termios
import time
from dataclasses import dataclass, field
from pathlib import Path

# ---------------------------------------------------------------------------------------------
# The scene the figures are taken on: the gallery at the default options.

SCENE = {
    "open_id": "top-sm",  # the first anchor in reading order, selected at start
    "status_marker": b"1-cell icon.",  # on the status row of the first frame
    "anchor_cell": (18, 6),  # 0-based column, row of top-sm's box
    "empty_cell": (2, 3),  # an empty cell, nothing drawn there
    "anchor_count": 8,
    # The anchors in reading order, as Tab visits them from the first, with the cell of each
    # one's box (where the cursor rests when it is selected).
    "tab_order": [
        ("top-sm", (18, 6)),
        ("top-md", (58, 6)),
        ("left-sm", (34, 10)),
        ("right-sm", (44, 10)),
        ("left-md", (33, 13)),
        ("right-md", (44, 13)),
        ("bottom-sm", (18, 17)),
        ("bottom-md", (58, 17)),
    ],
}

ENTER, ESC, TAB, QUIT = b"\r", b"\x1b", b"\t", b"q"


def sgr_mouse(x: int, y: int, press: bool) -> bytes:
    """An SGR 1006 left-button report for the 0-based cell (x, y)."""
    return b"\x1b[<0;%d;%d%s" % (x + 1, y + 1, b"M" if press else b"m")


# ---------------------------------------------------------------------------------------------
# A program under a pseudo-terminal.


class Timeout(Exception):
    pass


@dataclass
class Burst:
    """The bytes a program wrote in answer to one stimulus, and when."""

    sent: int  # ns, monotonic: when the stimulus was written (or the process spawned)
    first: int | None = None  # ns of the first chunk
    last: int | None = None  # ns of the last chunk
    data: bytearray = field(default_factory=bytearray)

    @property
    def size(self) -> int:
        return len(self.data)

    def ms_to_first(self) -> float | None:
        return None if self.first is None else (self.first - self.sent) / 1e6

    def ms_to_last(self) -> float | None:
        return None if self.last is None else (self.last - self.sent) / 1e6


# The environment the programs run in on the pty: a 256-colour xterm, a UTF-8 locale, no
# backtrace on a crash (a failing run ends at once).
PTY_ENV = {
    "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    "HOME": os.environ.get("HOME", "/"),
    "TERM": "xterm-256color",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "SWIFT_BACKTRACE": "enable=no",
}


class PtyProgram:
    """One run of a program with a pty of a given size as its controlling terminal."""

    def __init__(self, argv: list[str], cols: int, rows: int, env: dict[str, str], ctty: bool = False):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        os.set_blocking(self.master, False)

        def become_terminal_owner() -> None:  # runs in the child, after setsid
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        # Without a controlling terminal Python spawns with vfork and exec, which costs the
        # driver about a millisecond; making the pty the controlling terminal needs code in the
        # child between fork and exec, which costs about three more (the fork of a Python
        # process) and adds the same to both programs' first frames. Neither program needs one
        # to draw or read keys.
        self.spawned = time.monotonic_ns()
        self.proc = subprocess.Popen(
            argv,
            stdin=slave,
            stdout=slave,
            stderr=subprocess.PIPE,
            env=env,
            start_new_session=True,
            preexec_fn=become_terminal_owner if ctty else None,
            close_fds=True,
        )
        os.close(slave)
        self.pid = self.proc.pid
        self.total = 0

    def _read_available(self, burst: Burst, timeout: float) -> bool:
        """Waits up to `timeout` s for output; appends what came. False when nothing came."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        got = False
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except BlockingIOError:
                break
            except OSError:  # EIO: the slave side is closed (the program exited)
                break
            if not chunk:
                break
            now = time.monotonic_ns()
            if burst.first is None:
                burst.first = now
            burst.last = now
            burst.data += chunk
            self.total += len(chunk)
            got = True
        return got

    def collect(self, burst: Burst, quiet_ms: float, until: bytes | None = None, timeout: float = 5.0) -> Burst:
        """Reads into `burst` until it has output (holding `until`, when given) and then no
        byte has come for `quiet_ms`."""
        deadline = time.monotonic() + timeout
        quiet = quiet_ms / 1000
        while True:
            ready = burst.first is not None and (until is None or until in burst.data)
            if ready:
                if not self._read_available(burst, quiet):
                    return burst
            else:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise Timeout(f"no {'output' if until is None else repr(until)} after {timeout} s")
                if self.proc.poll() is not None:
                    err = self.proc.stderr.read().decode(errors="replace").strip() if self.proc.stderr else ""
                    raise Timeout(f"exited with status {self.proc.returncode} before answering: {err[:200]!r}")
                self._read_available(burst, min(left, 0.05))

    def drain(self, seconds: float) -> int:
        """Reads whatever comes for `seconds`; returns the byte count."""
        burst = Burst(sent=time.monotonic_ns())
        end = time.monotonic() + seconds
        while (left := end - time.monotonic()) > 0:
            self._read_available(burst, left)
        return burst.size

    def send(self, data: bytes) -> int:
        """Writes `data` as the terminal's input; returns when it was written (ns)."""
        now = time.monotonic_ns()
        os.write(self.master, data)
        return now

    def stimulus(self, data: bytes, quiet_ms: float, timeout: float = 3.0) -> Burst:
        """Writes `data` and collects the answer."""
        burst = Burst(sent=self.send(data))
        return self.collect(burst, quiet_ms, timeout=timeout)

    def kill(self) -> None:
        """Kills the process group if the program still runs (a run that failed half-way)."""
        if self.proc.poll() is None:
            os.killpg(self.pid, signal.SIGKILL)
            self.proc.wait()

    def quit(self, what: str, timeout: float = 3.0) -> None:
        """Sends q and waits for the exit; raises naming `what` unless the exit status is 0."""
        self.send(QUIT)
        code = self.finish(timeout=timeout)
        if code != 0:
            raise RuntimeError(f"{what}: exit status {code} after q")

    def finish(self, timeout: float = 3.0) -> int | None:
        """Waits for the exit (after q), draining output; kills the process group if it hangs."""
        end = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < end:
            self.drain(0.02)
        if self.proc.poll() is None:
            os.killpg(self.pid, signal.SIGKILL)
            self.proc.wait()
            code = None
        else:
            code = self.proc.returncode
        os.close(self.master)
        return code


# ---------------------------------------------------------------------------------------------
# /proc figures.


def recache(path: str) -> None:
    """Drops the file's pages from the page cache and reads it whole again.

    Fault-around maps only the pages the page cache holds, and what one fault maps depends on
    how the cache holds the file: a binary partly evicted by other work looks cheaper, and one
    just written by the linker or cp maps more at each fault than one read back (some 300 KiB
    more for the built-in scene, with fewer faults; large folios of the write path would do
    that). Every binary is measured from the same state: dropped, then read back in order."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)  # dirty pages cannot be dropped
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        while os.read(fd, 1 << 20):
            pass
    finally:
        os.close(fd)


def proc_cpu(pid: int) -> dict[str, int]:
    """CPU ticks (user + sys, all threads), nanoseconds on CPU and context switches, summed
    over the process's threads."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)
    ns = vol = invol = 0
    threads = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                ns += int(f.read().split()[0])
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                for line in f:
                    if line.startswith("voluntary_ctxt_switches:"):
                        vol += int(line.split()[1])
                    elif line.startswith("nonvoluntary_ctxt_switches:"):
                        invol += int(line.split()[1])
            threads += 1
        except FileNotFoundError:  # a thread that just ended
            pass
    return {"ticks": ticks, "cpu_ns": ns, "wakeups": vol, "preempted": invol, "threads": threads}


def proc_minor_faults(pid: int) -> int:
    """Minor page faults so far (field 10 of /proc/PID/stat)."""
    with open(f"/proc/{pid}/stat") as f:
        return int(f.read().rsplit(")", 1)[1].split()[7])


def proc_rollup_kb(pid: int) -> dict[str, int]:
    """The memory totals of /proc/PID/smaps_rollup, in KiB."""
    totals = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) == 3 and parts[2] == "kB":
                totals[parts[0].rstrip(":")] = int(parts[1])
    return totals


def proc_status_kb(pid: int, key: str) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    raise KeyError(key)


# ---------------------------------------------------------------------------------------------
# One run.


def run_once(argv: list[str], cols: int, rows: int, args: argparse.Namespace) -> dict[str, float]:
    env = PTY_ENV
    q = args.quiet_ms
    prog = PtyProgram(argv, cols, rows, env, ctty=args.ctty)
    r: dict[str, float] = {}
    try:
        first = Burst(sent=prog.spawned)
        prog.collect(first, q, until=SCENE["status_marker"], timeout=10)
        cpu = proc_cpu(prog.pid)
        r["first_frame_cpu_ms"] = cpu["cpu_ns"] / 1e6
        r["first_frame_faults"] = proc_minor_faults(prog.pid)
        r["first_frame_ms"] = first.ms_to_last()
        r["first_byte_ms"] = first.ms_to_first()
        r["first_frame_bytes"] = first.size

        def idle(prefix: str) -> None:
            before = proc_cpu(prog.pid)
            written = prog.drain(args.idle)
            after = proc_cpu(prog.pid)
            r[prefix + "_ticks"] = after["ticks"] - before["ticks"]
            r[prefix + "_cpu_us"] = (after["cpu_ns"] - before["cpu_ns"]) / 1000
            r[prefix + "_wakeups"] = after["wakeups"] - before["wakeups"]
            r[prefix + "_preempted"] = after["preempted"] - before["preempted"]
            r[prefix + "_bytes"] = written
            r["threads"] = after["threads"]

        idle("idle_closed")

        # The first open and close of the process's life ("cold": lazy symbol binding, first
        # use of code and data), then the tooltip idles open.
        opened = prog.stimulus(ENTER, q)
        r["open_cold_bytes"] = opened.size
        r["open_cold_rt_ms"] = opened.ms_to_last()
        idle("idle_open")
        closed = prog.stimulus(ESC, q)
        r["close_cold_bytes"] = closed.size
        r["close_cold_rt_ms"] = closed.ms_to_last()

        # The steady state ("warm"): the median of several opens and closes.
        opens, closes = [], []
        for _ in range(args.repeats):
            opens.append(prog.stimulus(ENTER, q))
            closes.append(prog.stimulus(ESC, q))
        for name, bursts in (("open", opens), ("close", closes)):
            r[name + "_bytes"] = statistics.median(b.size for b in bursts)
            r[name + "_rt_first_ms"] = statistics.median(b.ms_to_first() for b in bursts)
            r[name + "_rt_ms"] = statistics.median(b.ms_to_last() for b in bursts)

        tabs = [prog.stimulus(TAB, q) for _ in range(SCENE["anchor_count"])]
        r["tab_rt_first_ms"] = statistics.median(t.ms_to_first() for t in tabs)
        r["tab_rt_ms"] = statistics.median(t.ms_to_last() for t in tabs)
        r["tab_bytes"] = statistics.median(t.size for t in tabs)

        # Clicks: a press, a pause as a hand makes, the release; on the first anchor (open),
        # then on an empty cell (close).
        ax, ay = SCENE["anchor_cell"]
        ex, ey = SCENE["empty_cell"]
        clicks: dict[str, list[tuple[int, float | None]]] = {"click_open": [], "click_close": []}
        for _ in range(args.repeats):
            for name, (x, y) in (("click_open", (ax, ay)), ("click_close", (ex, ey))):
                prog.send(sgr_mouse(x, y, True))
                pressed_bytes = prog.drain(args.press_ms / 1000)
                released = prog.stimulus(sgr_mouse(x, y, False), q)
                clicks[name].append((pressed_bytes + released.size, released.ms_to_last()))
        for name, samples in clicks.items():
            r[name + "_bytes"] = statistics.median(b for b, _ in samples)
            r[name + "_rt_ms"] = statistics.median(t for _, t in samples)

        r["peak_rss_kb"] = proc_status_kb(prog.pid, "VmHWM")
        rollup = proc_rollup_kb(prog.pid)
        r["private_dirty_kb"] = rollup.get("Private_Dirty")
        r["pss_kb"] = rollup.get("Pss")
        r["total_bytes"] = prog.total
        prog.send(QUIT)
        code = prog.finish()
        r["exit_status"] = -1 if code is None else code
        stderr = prog.proc.stderr.read().decode(errors="replace").strip() if prog.proc.stderr else ""
        if code != 0:
            raise RuntimeError(f"exit status {code} after q; stderr: {stderr[:200]!r}")
        return r
    except BaseException:
        prog.kill()
        raise


def floor_once(argv: list[str], args: argparse.Namespace) -> dict[str, float]:
    """One run of a program that prints `ready` and waits for a key: the cost of starting a
    program at all, in C or in Swift."""
    prog = PtyProgram(argv, 80, 24, {"PATH": os.environ.get("PATH", "/usr/bin:/bin")}, ctty=args.ctty)
    try:
        burst = prog.collect(Burst(sent=prog.spawned), args.quiet_ms, until=b"ready", timeout=10)
        r = {
            "ready_ms": burst.ms_to_last(),
            "ready_cpu_ms": proc_cpu(prog.pid)["cpu_ns"] / 1e6,
            "ready_faults": proc_minor_faults(prog.pid),
            "peak_rss_kb": proc_status_kb(prog.pid, "VmHWM"),
        }
        prog.send(b"x")
        prog.finish()
        return r
    except BaseException:
        prog.kill()
        raise


FLOORS = (
    # key, column title, --floor argument position
    ("swift", "Swift", 0),
    ("foundation", "Swift+FE", 1),
    ("c", "C", 2),
    # optional: the Swift+FE floor linked with tooltip-tui's release link settings
    ("linked", "FE linked", 3),
)


def floors_given(programs: list[str]) -> tuple:
    """The floors of FLOORS that `--floor` names (the linked one is optional)."""
    return tuple(f for f in FLOORS if f[2] < len(programs))

FLOOR_FIGURES = (
    ("ready_ms", "spawn to its line (ms)"),
    ("ready_cpu_ms", "CPU time to its line (ms)"),
    ("ready_faults", "page faults to its line"),
    ("peak_rss_kb", "peak RSS (KiB)"),
)


def floor_round(programs: list[str], args: argparse.Namespace, runs: dict[str, list[dict]]) -> None:
    """One run of each floor program, in turn (Swift, Swift with FoundationEssentials, C, and the
    linked one when given)."""
    for key, _, position in floors_given(programs):
        runs[key].append(floor_once([programs[position]], args))


def floor_table(runs: dict[str, list[dict]]) -> tuple[str, dict]:
    """The start-up floors of the run: medians of each program's runs."""
    n = min(len(v) for v in runs.values() if v)
    lines = [
        f"start-up floor: a program that prints one line and waits (median of {n}, alternating with the"
        " programs above)",
        "  Swift: static stdlib; Swift+FE: static stdlib and FoundationEssentials, linked as tooltip-tui links it",
    ]
    given = [f for f in FLOORS if runs.get(f[0])]
    if any(key == "linked" for key, _, _ in given):
        lines.append("  FE linked: the same, linked with tooltip-tui's release link settings (scripts/build-release.sh)")
    header = "".join(f" {title:>10}" for _, title, _ in given)
    lines.append(f"{'':<44}{header} {'Swift/C':>8} {'FE/C':>8}")
    summary = {}
    for key, label in FLOOR_FIGURES:
        values = {side: median([r[key] for r in runs[side]]) for side, _, _ in given}
        summary[key] = values
        c = values["c"]
        columns = "".join(f" {fmt(values[side]):>10}" for side, _, _ in given)
        lines.append(
            f"{label:<44}{columns}"
            f" {values['swift'] / c if c else 0:>8.2f} {values['foundation'] / c if c else 0:>8.2f}"
        )
    return "\n".join(lines), {"summary": summary, "runs": runs}


GOALS = (
    # figure of the programs, figure of the floors, label
    ("first_frame_ms", "ready_ms", "spawn to first frame (ms)"),
    ("first_frame_cpu_ms", "ready_cpu_ms", "CPU time to first frame (ms)"),
    ("first_frame_faults", "ready_faults", "page faults to first frame"),
    ("peak_rss_kb", "peak_rss_kb", "peak RSS (KiB)"),
)


def goals_table(summary: dict, floor: dict, a_name: str = "tooltip-tui") -> tuple[str, dict]:
    """Issue 14's goals: (tooltip-tui - the Swift floor that links what it links) against
    (the C program - the C floor), medians of the same run; the plain Swift floor beside, and
    the floor linked like tooltip-tui when it was measured."""
    linked = "linked" in floor["summary"][GOALS[0][1]]
    lines = [
        f"above the floors (goal <= 1.0x): ({a_name} - Swift+FE floor) / (baseline - C floor);"
        " the plain Swift floor for comparison" + ("; and the Swift+FE floor linked like tooltip-tui" if linked else "")
    ]
    extra = f"  {'A - linked':>10} {'ratio':>7}" if linked else ""
    lines.append(f"{'':<36} {'A - FE':>10} {'B - C':>10} {'ratio':>7}  {'A - Swift':>10} {'ratio':>7}{extra}")
    out = {}
    for key, floor_key, label in GOALS:
        a, b = summary[key].get("A"), summary[key].get("B")
        f = floor["summary"][floor_key]
        if a is None or b is None:
            continue
        above_fe, above_c, above_swift = a - f["foundation"], b - f["c"], a - f["swift"]
        ratio = above_fe / above_c if above_c > 0 else None
        ratio_swift = above_swift / above_c if above_c > 0 else None
        out[key] = {"A_above_foundation": above_fe, "B_above_c": above_c, "ratio": ratio,
                    "A_above_swift": above_swift, "ratio_swift": ratio_swift}
        column = ""
        if linked:
            above_linked = a - f["linked"]
            ratio_linked = above_linked / above_c if above_c > 0 else None
            out[key] |= {"A_above_linked": above_linked, "ratio_linked": ratio_linked}
            column = f"  {fmt(above_linked):>10} {'-' if ratio_linked is None else f'{ratio_linked:.2f}':>7}"
        verdict = "-" if ratio is None else ("met" if ratio <= 1.0 else "MISSED")
        lines.append(
            f"{label:<36} {fmt(above_fe):>10} {fmt(above_c):>10} {'-' if ratio is None else f'{ratio:.2f}':>7}"
            f"  {fmt(above_swift):>10} {'-' if ratio_swift is None else f'{ratio_swift:.2f}':>7}{column}  {verdict}"
        )
    return "\n".join(lines), out


# ---------------------------------------------------------------------------------------------
# The minimal encoding of a change between two screens.

_libc = ctypes.CDLL(None)
_libc.setlocale.restype = ctypes.c_char_p
_libc.setlocale(6, b"C.UTF-8")  # LC_ALL = 6 on glibc: wcwidth measures as ncurses does
_libc.wcwidth.argtypes = [ctypes.c_wchar]


def wcwidth(ch: str) -> int:
    return _libc.wcwidth(ch)


Style = tuple  # (foreground, background, attributes): colours as 256-colour indices or None

_SGR = re.compile(r"\x1b\[([0-9;:]*)m")
_ATTR_ON = {1: "bold", 2: "dim", 4: "underline", 7: "reverse"}
_ATTR_OFF = {22: ("bold", "dim"), 24: ("underline",), 27: ("reverse",)}
_ATTR_CODE = {"bold": 1, "dim": 2, "underline": 4, "reverse": 7}


def _cube(v: int) -> int:
    return 0 if v == 0 else 55 + 40 * v


def palette_index(r: int, g: int, b: int) -> int:
    """The nearest xterm palette entry among 16 to 255, by Euclidean distance in RGB (the
    mapping the project uses on 256-colour terminals)."""
    best, best_d = 16, None
    for i in range(16, 256):
        if i < 232:
            n = i - 16
            rgb = (_cube(n // 36), _cube(n // 6 % 6), _cube(n % 6))
        else:
            v = 8 + 10 * (i - 232)
            rgb = (v, v, v)
        d = (rgb[0] - r) ** 2 + (rgb[1] - g) ** 2 + (rgb[2] - b) ** 2
        if best_d is None or d < best_d:
            best, best_d = i, d
    return best


def parse_ansi_screen(text: str, cols: int, rows: int) -> list[list[tuple[str, Style]]]:
    """Cells of an `--ansi` snapshot: each row `cols` cells of (grapheme, style); the right
    half of a wide grapheme is ("", style)."""
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) != rows:
        raise ValueError(f"snapshot has {len(lines)} rows, expected {rows}")
    screen = []
    for n, line in enumerate(lines):
        fg = bg = None
        attrs: set[str] = set()
        cells: list[tuple[str, Style]] = []
        pos = 0
        for m in list(_SGR.finditer(line)) + [None]:
            chunk = line[pos : m.start() if m else len(line)]
            for ch in chunk:
                w = wcwidth(ch)
                style = (fg, bg, frozenset(attrs))
                if w == 0 and cells:
                    text, st = cells[-1] if cells[-1][0] else cells[-2]
                    idx = -1 if cells[-1][0] else -2
                    cells[idx] = (text + ch, st)
                    continue
                if w < 0:
                    raise ValueError(f"row {n}: unmeasurable character {ch!r}")
                cells.append((ch, style))
                for _ in range(w - 1):
                    cells.append(("", style))
            if m is None:
                break
            pos = m.end()
            params = [int(p) if p else 0 for p in re.split("[;:]", m.group(1))] if m.group(1) else [0]
            i = 0
            while i < len(params):
                p = params[i]
                if p == 0:
                    fg = bg = None
                    attrs = set()
                elif p in _ATTR_ON:
                    attrs.add(_ATTR_ON[p])
                elif p in _ATTR_OFF:
                    attrs -= set(_ATTR_OFF[p])
                elif p in (38, 48) and i + 1 < len(params):
                    if params[i + 1] == 2:
                        colour = palette_index(*params[i + 2 : i + 5])
                        i += 4
                    else:
                        colour = params[i + 2]
                        i += 2
                    if p == 38:
                        fg = colour
                    else:
                        bg = colour
                elif 30 <= p <= 37 or 90 <= p <= 97:
                    fg = p - 30 if p < 90 else p - 82
                elif 40 <= p <= 47 or 100 <= p <= 107:
                    bg = p - 40 if p < 100 else p - 92
                elif p == 39:
                    fg = None
                elif p == 49:
                    bg = None
                i += 1
        if len(cells) != cols:
            raise ValueError(f"row {n} has {len(cells)} cells, expected {cols}")
        screen.append(cells)
    return screen


def sgr_bytes(old: Style, new: Style) -> int:
    """Bytes of the shortest SGR taking the terminal from `old` to `new`: only what changed
    (with the codes that switch an attribute or a colour off), or a reset and all of `new`."""

    def colour_params(style: Style) -> list[str]:
        out = []
        if style[0] is not None:
            out.append(f"38;5;{style[0]}")
        if style[1] is not None:
            out.append(f"48;5;{style[1]}")
        return out

    full = ["0"] + [str(_ATTR_CODE[a]) for a in sorted(new[2])] + colour_params(new)
    delta: list[str] = []
    removed = old[2] - new[2]
    added = set(new[2] - old[2])
    if removed & {"bold", "dim"}:
        delta.append("22")
        added |= new[2] & {"bold", "dim"}  # 22 switches both off
    if "underline" in removed:
        delta.append("24")
    if "reverse" in removed:
        delta.append("27")
    delta += [str(_ATTR_CODE[a]) for a in sorted(added)]
    if new[0] != old[0]:
        delta.append("39" if new[0] is None else f"38;5;{new[0]}")
    if new[1] != old[1]:
        delta.append("49" if new[1] is None else f"48;5;{new[1]}")
    return min(len("\x1b[" + ";".join(p) + "m") for p in (full, delta))


def cup_bytes(x: int, y: int) -> int:
    return len(f"\x1b[{y + 1};{x + 1}H")


def minimal_encoding(before, after, cursor: tuple[int, int]) -> dict[str, int]:
    """The lower bound of the bytes that turn screen `before` into `after` (see the module
    doc), with its parts."""
    plain: Style = (None, None, frozenset())
    style = plain
    text = moves = sgr = cells = runs = 0
    for y, (old_row, new_row) in enumerate(zip(before, after)):
        x = 0
        in_run = False
        while x < len(new_row):
            changed = old_row[x] != new_row[x]
            if changed:
                if not in_run:
                    # A run starts on a whole grapheme: back up over a continuation cell.
                    start = x
                    while start > 0 and new_row[start][0] == "":
                        start -= 1
                    moves += cup_bytes(start, y)
                    runs += 1
                    in_run = True
                    x = start
                if new_row[x][1] != style:
                    sgr += sgr_bytes(style, new_row[x][1])
                    style = new_row[x][1]
                text += len(new_row[x][0].encode())
                cells += 1
            else:
                in_run = False
            x += 1
    if style != plain:
        sgr += sgr_bytes(style, plain)
    cursor_move = cup_bytes(*cursor)
    return {
        "bytes": text + moves + sgr + cursor_move,
        "text": text,
        "moves": moves,
        "sgr": sgr,
        "cursor": cursor_move,
        "cells": cells,
        "runs": runs,
    }


def snapshot(binary: str, cols: int, rows: int, *extra: str) -> str:
    out = subprocess.run(
        [binary, "--snapshot", "--size", f"{cols}x{rows}", "--ansi", *extra],
        capture_output=True,
        env={**os.environ, "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"},
        timeout=30,
    )
    if out.returncode != 0:
        raise RuntimeError(f"--snapshot --ansi failed ({out.returncode}): {out.stderr.decode().strip()}")
    text = out.stdout.decode()
    if "\x1b[" not in text:
        raise RuntimeError("--snapshot --ansi wrote no SGR sequence (not implemented yet?)")
    return text


def replace_in_row(row, old: str, new: str):
    """The row with the text `old` (found in the row's graphemes) replaced by `new` in the
    style of the cell `old` started at; the row keeps its width (cut or padded in that style)."""
    texts = [c[0] for c in row]
    joined = "".join(texts)
    at = joined.find(old)
    if at < 0:
        raise ValueError(f"{old!r} not in the status row")
    # Map the character offset back to a cell index (every grapheme here is one character).
    index, count = 0, 0
    while count < at:
        count += len(texts[index])
        index += 1
    style = row[index][1]
    cells = row[:index] + [(ch, style) for ch in new] + row[index + len(old) :]
    width = len(row)
    if len(cells) < width:
        cells += [(" ", style)] * (width - len(cells))
    return cells[:width]


def lower_bounds(binary: str, cols: int, rows: int) -> dict[str, dict[str, int]]:
    """The minimal encodings of the changes the driver makes: the first open (from the start
    screen), an open after an Esc, a close by Esc, a close by a tap and a Tab.

    The screens are tooltip-tui's own snapshots, closed and `--open ID`; after a close the
    status row names it, so those screens are the closed snapshot with the open one's status
    row, its event text `opened ID` replaced by `closed ID by Esc` (or `by a tap`)."""
    closed = parse_ansi_screen(snapshot(binary, cols, rows), cols, rows)
    opened = parse_ansi_screen(snapshot(binary, cols, rows, "--open", SCENE["open_id"]), cols, rows)
    oid = SCENE["open_id"]

    def after_close(reason: str):
        screen = [list(r) for r in closed]
        screen[-1] = replace_in_row(opened[-1], f"opened {oid}", f"closed {oid} {reason}")
        return screen

    # A Tab: from each anchor selected (`--select ID`) to the next, wrapping; the median, as the
    # driver reports the median Tab.
    order = SCENE["tab_order"]
    selected = [parse_ansi_screen(snapshot(binary, cols, rows, "--select", i), cols, rows) for i, _ in order]
    tabs = [
        minimal_encoding(selected[k], selected[(k + 1) % len(order)], order[(k + 1) % len(order)][1])
        for k in range(len(order))
    ]
    tab = sorted(tabs, key=lambda e: e["bytes"])[len(tabs) // 2]
    cursor = SCENE["anchor_cell"]
    return {
        "open_first": minimal_encoding(closed, opened, cursor),
        "open": minimal_encoding(after_close("by Esc"), opened, cursor),
        "close": minimal_encoding(opened, after_close("by Esc"), cursor),
        "close_tap": minimal_encoding(opened, after_close("by a tap"), cursor),
        "tab": tab,
    }


def self_test() -> None:
    """Checks the screen parser and the minimal encoding on screens worked out by hand."""
    plain = "abcd\n    \n"
    styled = "ab\x1b[0;1mXY\x1b[0m\n\x1b[0;48;2;14;18;27m  \x1b[0m  \n"
    before, after = parse_ansi_screen(plain, 4, 2), parse_ansi_screen(styled, 4, 2)
    assert after[0][2] == ("X", (None, None, frozenset({"bold"}))), after[0][2]
    assert after[1][0] == (" ", (None, 233, frozenset())), after[1][0]
    got = minimal_encoding(before, after, (0, 0))
    # XY bold at row 1 column 3, two fill cells at row 2 column 1: 4 bytes of text, two moves
    # of 6 (ESC[1;3H, ESC[2;1H), SGR ESC[1m (4) then ESC[0;48;5;233m (13) then ESC[0m (4),
    # and ESC[1;1H (6) for the cursor.
    want = {"bytes": 43, "text": 4, "moves": 12, "sgr": 21, "cursor": 6, "cells": 4, "runs": 2}
    assert got == want, got
    # A wide character takes two cells and one grapheme's bytes; its run starts on its left half.
    wide_before = parse_ansi_screen("    \n", 4, 1)
    wide_after = parse_ansi_screen(" \u6f22 \n", 4, 1)
    assert [c[0] for c in wide_after[0]] == [" ", "\u6f22", "", " "], wide_after
    got = minimal_encoding(wide_before, wide_after, (0, 0))
    assert (got["text"], got["cells"], got["runs"], got["moves"]) == (3, 2, 1, 6), got
    # 24-bit colours map to the palette entries the project names (BEHAVIOUR 8).
    assert [palette_index(*rgb) for rgb in ((14, 18, 27), (153, 160, 174), (82, 88, 102), (255, 255, 255))] == [
        233,
        247,
        240,
        231,
    ]
    assert sgr_bytes((231, 233, frozenset({"bold"})), (247, 233, frozenset())) == len("\x1b[22;38;5;247m")
    # The status row after a close: the event text replaced, the row's width kept.
    status = [(ch, (None, None, frozenset({"dim"}))) for ch in " x  |  opened a              "]
    replaced = replace_in_row(status, "opened a", "closed a by a tap")
    assert "".join(c[0] for c in replaced) == " x  |  closed a by a tap     ", replaced
    assert all(c[1] == status[0][1] for c in replaced), replaced


# ---------------------------------------------------------------------------------------------
# Reporting.

ROWS = [
    # key, label, unit, budget (A/B ratio limit, or None)
    ("first_frame_ms", "spawn to first frame (last byte)", "ms", 1.5),
    ("first_byte_ms", "spawn to first byte", "ms", None),
    ("first_frame_cpu_ms", "CPU time to first frame (schedstat, all threads)", "ms", None),
    ("first_frame_faults", "page faults to first frame", "", None),
    ("first_frame_bytes", "first frame bytes", "B", None),
    ("open_rt_ms", "key round trip: Enter opens (last byte)", "ms", 1.5),
    ("open_rt_first_ms", "key round trip: Enter opens (first byte)", "ms", None),
    ("open_cold_rt_ms", "key round trip: first Enter of the run (last byte)", "ms", None),
    ("tab_rt_ms", "key round trip: Tab (last byte)", "ms", 1.5),
    ("close_rt_ms", "key round trip: Esc closes (last byte; 25 ms ESC delay)", "ms", None),
    ("click_open_rt_ms", "click round trip: release opens (last byte)", "ms", None),
    ("open_bytes", "bytes to open (Enter)", "B", None),
    ("close_bytes", "bytes to close (Esc)", "B", None),
    ("open_cold_bytes", "bytes to open, first Enter of the run", "B", None),
    ("tab_bytes", "bytes per Tab", "B", None),
    ("click_open_bytes", "bytes to open (click)", "B", None),
    ("click_close_bytes", "bytes to close (click)", "B", None),
    ("idle_closed_ticks", "idle, closed: CPU ticks (user + sys)", "", None),
    ("idle_closed_cpu_us", "idle, closed: CPU time (schedstat)", "us", None),
    ("idle_closed_wakeups", "idle, closed: wake-ups (voluntary switches)", "", None),
    ("idle_closed_bytes", "idle, closed: bytes written", "B", None),
    ("idle_open_ticks", "idle, open: CPU ticks (user + sys)", "", None),
    ("idle_open_cpu_us", "idle, open: CPU time (schedstat)", "us", None),
    ("idle_open_wakeups", "idle, open: wake-ups (voluntary switches)", "", None),
    ("idle_open_bytes", "idle, open: bytes written", "B", None),
    ("threads", "threads", "", None),
    ("peak_rss_kb", "peak RSS (VmHWM)", "KiB", 3.0),
    ("pss_kb", "proportional set size (Pss)", "KiB", None),
    ("private_dirty_kb", "private dirty memory", "KiB", None),
]


def median(values: list[float]) -> float | None:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def fmt(v: float | None) -> str:
    if v is None:
        return "-"
    if float(v).is_integer():
        return f"{int(v)}"
    return f"{v:.3g}" if abs(v) < 10 else f"{v:.1f}"


def summarize(runs: dict[str, list[dict]], names: dict[str, str]) -> dict[str, dict]:
    out = {}
    for key, *_ in ROWS:
        entry = {}
        for side in runs:
            entry[side] = median([r.get(key) for r in runs[side]])
        a, b = entry.get("A"), entry.get("B")
        entry["ratio"] = (a / b) if a is not None and b else None
        if key.endswith("_ms"):
            for side in runs:
                values = [r[key] for r in runs[side] if r.get(key) is not None]
                entry["min_" + side] = min(values) if values else None
        out[key] = entry
    return out


def table(summary: dict, bounds: dict | None, names: dict[str, str], n: int) -> str:
    lines = []
    a_name, b_name = names.get("A", "A"), names.get("B", "B")
    head = f"{'figure (median of ' + str(n) + ')':<66} {a_name:>12} {b_name:>12} {'A/B':>7}  budget"
    lines.append(head)
    lines.append("-" * len(head))
    for key, label, unit, budget in ROWS:
        e = summary[key]
        u = f" {unit}" if unit else ""
        verdict = ""
        if budget is not None and e.get("ratio") is not None:
            verdict = f"<= {budget}x: {'met' if e['ratio'] <= budget else 'MISSED'}"
        ratio = "-" if e.get("ratio") is None else f"{e['ratio']:.2f}"
        lines.append(f"{label + u:<66} {fmt(e.get('A')):>12} {fmt(e.get('B')):>12} {ratio:>7}  {verdict}")
    timed = [(label, summary[key]) for key, label, _, budget in ROWS if budget is not None and key.endswith("_ms")]
    minima = []
    for label, e in timed:
        a, b = e.get("min_A"), e.get("min_B")
        if a is not None and b:
            minima.append(f"{label.split(' (')[0]}: {fmt(a)} / {fmt(b)} ms = {a / b:.2f}x")
    if minima:
        lines.append("fastest run of each (less disturbed by other load): " + "; ".join(minima))
    if bounds:
        lines.append("")
        lines.append("bytes against the minimal encoding (from tooltip-tui --snapshot --ansi; budget <= 1.2x):")
        pairs = (
            ("open, first Enter", "open_cold_bytes", "open_first"),
            ("open (Enter)", "open_bytes", "open"),
            ("close (Esc)", "close_bytes", "close"),
            ("open (click)", "click_open_bytes", "open"),
            ("close (click)", "click_close_bytes", "close_tap"),
            ("Tab", "tab_bytes", "tab"),
        )
        for what, key, bound in pairs:
            lb = bounds[bound]
            parts = (
                f"{lb['cells']} cells in {lb['runs']} runs: text {lb['text']} + moves {lb['moves']}"
                f" + SGR {lb['sgr']} + cursor {lb['cursor']}"
            )
            row = f"  {what:<18} minimal {lb['bytes']:>4} B ({parts})"
            for side, name in (("A", a_name), ("B", b_name)):
                v = summary[key].get(side)
                if v is not None:
                    ratio = v / lb["bytes"]
                    verdict = ""
                    if side == "A":
                        verdict = "  budget <= 1.2x: " + ("met" if ratio <= 1.2 else "MISSED")
                    row += f"\n      {name:<12} {fmt(v):>5} B = {ratio:.2f}x minimal{verdict}"
            lines.append(row)
    return "\n".join(lines)


def machine() -> dict[str, str]:
    cpu = "unknown"
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    swift = "unknown"
    if shutil.which("swift"):
        try:
            swift = subprocess.run(["swift", "--version"], capture_output=True, text=True, timeout=30).stdout.splitlines()[0]
        except (OSError, subprocess.SubprocessError, IndexError):
            pass
    return {
        "nproc": str(os.cpu_count()),
        "cpu": cpu,
        "kernel": platform.release(),
        "swift": swift,
        "python": platform.python_version(),
        "load": " ".join(open("/proc/loadavg").read().split()[:3]),
    }


# ---------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tui", help="the tooltip-tui binary (A)")
    p.add_argument("--baseline", help="the C baseline binary (B)")
    p.add_argument(
        "--tui-name",
        default="tooltip-tui",
        help="A's name in the tables (default tooltip-tui); another program that draws the gallery as the"
        " baseline does, such as Benchmarks/floor/baseline-swift, can stand as A (give --snapshot-binary then)",
    )
    p.add_argument(
        "--baseline-name",
        default="baseline",
        help="B's name in the tables (default baseline); another tooltip-tui build can stand as B, to"
        " compare two builds in one run",
    )
    p.add_argument(
        "--snapshot-binary",
        help="the tooltip-tui whose --snapshot --ansi screens give the minimal encoding (default: --tui)",
    )
    p.add_argument("--iterations", "-n", type=int, default=7, help="runs of each program (default 7)")
    p.add_argument("--size", default="80x24", help="terminal size COLSxROWS (default 80x24)")
    p.add_argument("--idle", type=float, default=2.0, help="seconds of each idle measurement (default 2)")
    p.add_argument("--quiet-ms", type=float, default=50.0, help="silence that ends an answer (default 50)")
    p.add_argument("--repeats", type=int, default=5, help="warm opens, closes and clicks per run (default 5)")
    p.add_argument(
        "--ctty", action="store_true", help="make the pty the programs' controlling terminal (a slower spawn)"
    )
    p.add_argument("--press-ms", type=float, default=80.0, help="pause between a press and its release (default 80)")
    p.add_argument("--out", help="directory for results (JSON and the table)")
    p.add_argument("--json", help="also write the results as JSON to this file")
    p.add_argument("--self-test", action="store_true", help="check the minimal-encoding code and exit")
    p.add_argument(
        "--floor",
        nargs="+",
        metavar="PROGRAM",
        help="also measure the start-up floors (Benchmarks/floor): SWIFT_HELLO SWIFT_FOUNDATION_HELLO C_HELLO"
        " [SWIFT_FOUNDATION_HELLO linked like tooltip-tui]; three runs of each after every run of the programs",
    )
    args = p.parse_args(argv)
    if args.floor is not None and len(args.floor) not in (3, 4):
        p.error("--floor takes three or four programs")
    if args.self_test:
        self_test()
        print("self-test passed")
        return 0

    m = re.fullmatch(r"(\d+)x(\d+)", args.size)
    if not m:
        p.error("--size: expected COLSxROWS")
    cols, rows = int(m.group(1)), int(m.group(2))
    programs = {}
    names = {}
    if args.tui:
        programs["A"] = [args.tui]
        names["A"] = args.tui_name
    if args.baseline:
        programs["B"] = [args.baseline]
        names["B"] = args.baseline_name
    if not programs:
        p.error("give --tui, --baseline or both")
    for side, argv_ in programs.items():
        if not os.access(argv_[0], os.X_OK):
            p.error(f"{argv_[0]}: not an executable")

    bounds = None
    bounds_error = None
    if args.snapshot_binary or (args.tui and args.tui_name == "tooltip-tui"):
        try:
            bounds = lower_bounds(args.snapshot_binary or args.tui, cols, rows)
        except (RuntimeError, ValueError, subprocess.SubprocessError) as error:
            bounds_error = str(error)
            print(f"minimal encoding not computed: {error}", file=sys.stderr)

    runs: dict[str, list[dict]] = {side: [] for side in programs}
    floor_runs: dict[str, list[dict]] = {key: [] for key, _, _ in floors_given(args.floor or [])}
    failures: list[str] = []
    for i in range(args.iterations):
        for side in programs:  # A B A B ...
            try:
                runs[side].append(run_once(programs[side], cols, rows, args))
            except (Timeout, RuntimeError, OSError) as error:
                failures.append(f"{names[side]} run {i + 1}: {error}")
                print(f"{names[side]} run {i + 1} failed: {error}", file=sys.stderr)
        if args.floor:
            # The floors side by side with the programs: the same load falls on all of them.
            for _ in range(3):
                floor_round(args.floor, args, floor_runs)
        print(f"run {i + 1}/{args.iterations} done", file=sys.stderr)

    summary = summarize(runs, names)
    text = table(summary, bounds, names, args.iterations)
    floor = None
    goals = None
    if args.floor:
        floor_text, floor = floor_table(floor_runs)
        text += "\n\n" + floor_text
        if "A" in runs and "B" in runs:
            goals_text, goals = goals_table(summary, floor, names["A"])
            text += "\n\n" + goals_text
    info = machine()
    header = (
        f"machine: {info['nproc']} CPUs, {info['cpu']}, Linux {info['kernel']}; {info['swift']}; "
        f"load {info['load']}\nterminal {cols}x{rows} TERM=xterm-256color, quiet {args.quiet_ms:g} ms, "
        f"idle {args.idle:g} s, {args.iterations} runs each, alternating A B"
    )
    print(header)
    print(text)
    if failures:
        print("\nfailed runs:\n  " + "\n  ".join(failures))
    record = {
        "machine": info,
        "size": [cols, rows],
        "args": vars(args),
        "programs": {side: {"name": names[side], "argv": programs[side]} for side in programs},
        "summary": summary,
        "minimal_encoding": bounds,
        "minimal_encoding_error": bounds_error,
        "runs": runs,
        "failures": failures,
        "floor": floor,
        "goals_above_floor": goals,
    }
    if args.json:
        Path(args.json).write_text(json.dumps(record, indent=2, default=str))
    if args.out:
        out = Path(args.out)
        out.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        (out / f"pty-{stamp}.json").write_text(json.dumps(record, indent=2, default=str))
        (out / f"pty-{stamp}.txt").write_text(header + "\n" + text + "\n")
        print(f"\nwritten: {out / f'pty-{stamp}.json'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
