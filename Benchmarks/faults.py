#!/usr/bin/env python3
"""Page faults to the first frame of several tooltip-tui builds, alternating: the quick check of
a start-up change, beside `startup.py`'s full run (which adds the floors, instructions and
memory, and takes some 13 minutes).

Each build runs -n times under a pty at 80x24 (the gallery, `TERM=xterm-256color`), in turn
with the others; the faults are read from /proc as `driver.run_once` reads them, when the first
frame is out. Every binary is first dropped from the page cache and read back whole
(`driver.recache`). The table gives the median, the mean with its standard error, and the
least and the most of each build: at -n 21 the error is some 0.3 faults, so a change of one
fault shows in the means.

    Benchmarks/faults.py NAME=BINARY [NAME=BINARY...] [-n 21] [--json FILE]

The C baseline's Swift port (`Benchmarks/floor/baseline-swift`, as `run.sh` builds it) draws the
same screen and can be given as one of the builds; the floors draw none, so the ratios above
the floor are `startup.py`'s.

Python 3.11 standard library only; Linux only (/proc).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import driver  # noqa: E402


def first_frame_faults(binary: str) -> int:
    """Minor page faults of one session of `binary` when its first frame is out."""
    prog = driver.PtyProgram([binary], 80, 24, driver.PTY_ENV)
    try:
        prog.collect(driver.Burst(sent=prog.spawned), 50, until=driver.SCENE["status_marker"], timeout=10)
        return driver.proc_minor_faults(prog.pid)
    finally:
        prog.kill()


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("builds", nargs="+", help="NAME=BINARY")
    p.add_argument("-n", type=int, default=21, help="sessions of each build (default 21)")
    p.add_argument("--json", help="also write each build's counts here")
    args = p.parse_args()
    builds = dict(b.split("=", 1) for b in args.builds)
    for path in builds.values():
        driver.recache(path)
    faults: dict[str, list[int]] = {name: [] for name in builds}
    for _ in range(args.n):
        for name, path in builds.items():
            faults[name].append(first_frame_faults(path))
    print(f"page faults to the first frame, {args.n} sessions each, alternating")
    print("| build | median | mean ± se | least, most |")
    print("| --- | ---: | ---: | ---: |")
    for name, values in faults.items():
        se = statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0
        print(f"| {name} | {statistics.median(values):.0f} | {statistics.mean(values):.2f} ± {se:.2f} "
              f"| {min(values)}, {max(values)} |")
    if args.json:
        Path(args.json).write_text(json.dumps(faults, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
