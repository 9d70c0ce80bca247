#!/usr/bin/env python3
"""What pointer motion costs (BEHAVIOUR 4 "Cost"): tooltip-tui with hover on, the same program with
hover off, and the C baseline, each under a pseudo-terminal (80x24, the gallery), fed the any-motion
reports (SGR `ESC [ < 35 ; X ; Y M`) a terminal sends for a moving pointer.

    Benchmarks/hover.py TOOLTIP-TUI BASELINE [-n 3] [--reports 10000] [--keys 40] [--rest 2]

Figures, per run (medians over -n runs are printed):
  key            Tab sent one at a time, each answer read until quiet: CPU per key (schedstat, all
                 threads), bytes per key. The key path every report is compared with.
  rest           one report on top-md's box (with hover it opens after the delay: that frame's
                 bytes), then --rest seconds with the pointer resting there and no input: CPU,
                 wake-ups (voluntary switches) and bytes.
  burst          then --reports motion reports sweeping the screen row by row from there (every
                 cell, ending on an empty cell; with hover the tooltip closes on the way), written
                 as fast as the program reads them: CPU per report, bytes, and frames (runs of
                 output with more than 10 ms of quiet between them), in all and after its last
                 report.
  one cell       200 reports of one empty cell, 2 ms apart (so each is read alone): bytes written.
  idle           --rest seconds with nothing open and no input: CPU, wake-ups and bytes.

Python 3.11 standard library only. Linux only (/proc).
"""

from __future__ import annotations

import argparse
import os
import select
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from driver import PTY_ENV, Burst, PtyProgram, proc_cpu  # noqa: E402

COLS, ROWS = 80, 24
MARKER = b"1-cell icon."
ANCHOR = (59, 6)  # top-md's box
EMPTY = (2, 3)


def motion(x: int, y: int) -> bytes:
    return b"\x1b[<35;%d;%d" % (x + 1, y + 1) + b"M"


def sweep(count: int) -> bytes:
    """`count` motion reports across the screen, row by row, the last one on an empty cell."""
    cells = [(i % COLS, (i // COLS) % ROWS) for i in range(count - 1)]
    return b"".join(motion(x, y) for x, y in cells) + motion(*EMPTY)


def write_all(prog: PtyProgram, data: bytes) -> tuple[int, int]:
    """Writes `data` as fast as the program reads it, reading its output all the while.
    Returns (bytes, frames) written by the program before the last input byte went out."""
    sent = during = frames = 0
    last = None
    while sent < len(data):
        r, w, _ = select.select([prog.master], [prog.master], [], 1.0)
        if r:
            try:
                during += len(os.read(prog.master, 65536))
                now = time.monotonic_ns()
                if last is None or now - last > 10_000_000:
                    frames += 1
                last = now
            except (BlockingIOError, OSError):
                pass
        if w:
            try:
                sent += os.write(prog.master, data[sent : sent + 4096])
            except BlockingIOError:
                pass
    return during, frames


def after(prog: PtyProgram, quiet_s: float) -> tuple[int, int]:
    """Reads until `quiet_s` pass with no output: (bytes, frames), a frame being a run of
    output with less than 10 ms between chunks."""
    total = frames = 0
    last = None
    while True:
        r, _, _ = select.select([prog.master], [], [], quiet_s)
        if not r:
            return total, frames
        try:
            chunk = os.read(prog.master, 65536)
        except (BlockingIOError, OSError):
            return total, frames
        now = time.monotonic_ns()
        if last is None or now - last > 10_000_000:
            frames += 1
        last = now
        total += len(chunk)


def run_once(argv: list[str], args: argparse.Namespace, hover: bool) -> dict[str, float]:
    env = PTY_ENV
    prog = PtyProgram(argv, COLS, ROWS, env)
    r: dict[str, float] = {}
    try:
        prog.collect(Burst(sent=prog.spawned), 200, until=MARKER, timeout=20)

        before = proc_cpu(prog.pid)
        sizes = []
        for _ in range(args.keys):
            sizes.append(prog.stimulus(b"\t", 100).size)
        r["key_cpu_us"] = (proc_cpu(prog.pid)["cpu_ns"] - before["cpu_ns"]) / 1000 / args.keys
        r["key_bytes"] = statistics.median(sizes)

        def quiet(prefix: str) -> None:
            start = proc_cpu(prog.pid)
            written = prog.drain(args.rest)
            end = proc_cpu(prog.pid)
            r[prefix + "_cpu_us"] = (end["cpu_ns"] - start["cpu_ns"]) / 1000
            r[prefix + "_wakeups"] = end["wakeups"] - start["wakeups"]
            r[prefix + "_bytes"] = written

        # The pointer comes to rest on top-md: with hover it opens after its delay (that frame is
        # waited for; none comes without hover), then rests.
        prog.send(motion(*ANCHOR))
        opened = prog.collect(Burst(sent=time.monotonic_ns()), 200, timeout=2) if hover else None
        r["rest_open_bytes"] = opened.size if opened else prog.drain(1.0)
        quiet("rest")

        # The sweep starts on the open tooltip (with hover), so it closes on the way.
        before = proc_cpu(prog.pid)
        during, frames = write_all(prog, sweep(args.reports))
        tail, frames_after = after(prog, 0.3)
        r["burst_cpu_us_per_report"] = (proc_cpu(prog.pid)["cpu_ns"] - before["cpu_ns"]) / 1000 / args.reports
        r["burst_bytes"] = during + tail
        r["burst_frames"] = frames + frames_after
        r["burst_frames_after"] = frames_after

        one = 0
        for _ in range(200):
            prog.send(motion(*EMPTY))
            one += prog.drain(0.002)
        one += prog.drain(0.3)
        r["one_cell_bytes"] = one

        quiet("idle")

        prog.quit(argv[0])
        return r
    except BaseException:
        prog.kill()
        raise


ROWS_SHOWN = [
    ("key_cpu_us", "key path: CPU per Tab (us)"),
    ("key_bytes", "key path: bytes per Tab"),
    ("burst_cpu_us_per_report", "burst: CPU per motion report (us)"),
    ("burst_bytes", "burst: bytes written"),
    ("burst_frames", "burst: frames written"),
    ("burst_frames_after", "burst: of which after its last report"),
    ("one_cell_bytes", "200 reports on one cell: bytes"),
    ("rest_open_bytes", "pointer comes to rest on top-md: bytes"),
    ("rest_cpu_us", "pointer resting there: CPU (us)"),
    ("rest_wakeups", "pointer resting there: wake-ups"),
    ("rest_bytes", "pointer resting there: bytes"),
    ("idle_cpu_us", "idle, nothing open: CPU (us)"),
    ("idle_wakeups", "idle, nothing open: wake-ups"),
    ("idle_bytes", "idle, nothing open: bytes"),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("tui")
    parser.add_argument("baseline")
    parser.add_argument("-n", type=int, default=3)
    parser.add_argument("--reports", type=int, default=10_000)
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--rest", type=float, default=2.0)
    args = parser.parse_args()
    programs = [
        ("hover on", [args.tui, "--hover"], True),
        ("hover off", [args.tui], False),
        ("C baseline", [args.baseline], False),
    ]
    runs: dict[str, list[dict]] = {name: [] for name, _, _ in programs}
    for _ in range(args.n):
        for name, argv, hover in programs:
            runs[name].append(run_once(argv, args, hover))
    width = max(len(label) for _, label in ROWS_SHOWN)
    print(f"| {'figure (median of %d runs)' % args.n:<{width}} | " + " | ".join(n for n, _, _ in programs) + " |")
    print(f"| {'-' * width} | " + " | ".join("-" * len(n) for n, _, _ in programs) + " |")
    for key, label in ROWS_SHOWN:
        cells = []
        for name, _, _ in programs:
            value = statistics.median(run[key] for run in runs[name])
            cells.append(f"{value:.2f}" if isinstance(value, float) and not value.is_integer() else f"{value:.0f}")
        print(f"| {label:<{width}} | " + " | ".join(f"{c:>{len(n)}}" for c, (n, _, _) in zip(cells, programs)) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
