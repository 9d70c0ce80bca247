#!/usr/bin/env python3
"""What a tooltip costs inside a program that owns ncurses (the toolbar-own-curses example),
against the same figures of tooltip-tui, under a pseudo-terminal, alternating the two.

Per run of one program, at 80x24:
  open / close   a key that opens the selected anchor's tooltip (`i`), then Esc: bytes
                 written until quiet, and the round trip from the key's write to the last byte.
  list move      (the example only) Down in its own file list with no tooltip open: what the
                 program's own work costs with the component closed beside it.
  idle           CPU ticks and wake-ups over --idle seconds with nothing open.

  Benchmarks/embedding.py --demo PATH --example PATH [-n RUNS] [--idle SECONDS]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from driver import Burst, PtyProgram, proc_cpu  # noqa: E402

QUIET_MS = 60
ENV = {"TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PATH": os.environ.get("PATH", "")}


def run_once(argv: list[str], select: bytes, marker: bytes, idle: float, list_move: bool) -> dict[str, float]:
    """One run: start, select the anchor, idle, open, close, (list move), quit."""
    program = PtyProgram(argv, 80, 24, ENV)
    figures: dict[str, float] = {}
    try:
        program.collect(Burst(sent=program.spawned), QUIET_MS, until=marker)
        if select:
            program.stimulus(select, QUIET_MS)
        before = proc_cpu(program.pid)
        program.drain(idle)
        after = proc_cpu(program.pid)
        figures["idle ticks"] = after["ticks"] - before["ticks"]
        figures["idle wake-ups"] = after["wakeups"] - before["wakeups"]
        opened = program.stimulus(b"i", QUIET_MS)
        figures["open bytes"] = opened.size
        figures["open ms"] = opened.ms_to_last() or 0
        closed = program.stimulus(b"\x1b", QUIET_MS + 30)  # Esc waits 25 ms for a sequence
        figures["close bytes"] = closed.size
        figures["close ms"] = closed.ms_to_last() or 0
        if list_move:
            program.stimulus(b"\t", QUIET_MS)  # Tab from the last button: back to the list
            moved = program.stimulus(b"\x1bOB", QUIET_MS)  # Down, as keypad mode sends it
            figures["list move bytes"] = moved.size
            figures["list move ms"] = moved.ms_to_last() or 0
        program.send(b"q")
    finally:
        program.finish()
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--demo", required=True)
    parser.add_argument("--example", required=True)
    parser.add_argument("-n", type=int, default=7)
    parser.add_argument("--idle", type=float, default=1.0)
    args = parser.parse_args()

    runs: dict[str, list[dict[str, float]]] = {"demo": [], "example": []}
    for _ in range(args.n):
        # The demo selects its first anchor at start; the example selects its `?` with Shift-Tab
        # (from its list, the last anchor in reading order).
        runs["demo"].append(run_once([args.demo], b"", b"1-cell icon.", args.idle, False))
        runs["example"].append(run_once([args.example], b"\x1b[Z", b"q: quit", args.idle, True))

    keys = [
        "open bytes", "open ms", "close bytes", "close ms", "list move bytes", "list move ms", "idle ticks",
        "idle wake-ups",
    ]
    print(f"| figure (median of {args.n}) | tooltip-tui | toolbar-own-curses |")
    print("| --- | --- | --- |")
    for key in keys:
        cells = []
        for name in ("demo", "example"):
            values = [run[key] for run in runs[name] if key in run]
            cells.append(f"{statistics.median(values):.2f}".rstrip("0").rstrip(".") if values else "-")
        print(f"| {key} | {cells[0]} | {cells[1]} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
