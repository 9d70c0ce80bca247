#!/usr/bin/env python3
"""Start-up and memory against the language's floor, in one run (BENCHMARKS.md; the history in
docs/perf-log/, from 2026-12-01-startup-memory-and-scale.md): tooltip-tui (one or more builds),
the C baseline's Swift port and the C baseline, each above the floor linked as it is, and the
ratios the goals are stated in.

- instructions: callgrind from the spawn to the first frame and q (the floors: to their line
  and a key on a pipe), on copies without debug sections (valgrind 3.19 gives up on the static
  Swift runtime's DWARF); deterministic, so one count each;
- page faults to the first frame and peak RSS of a session (driver.run_once: first frame, an
  open, a close, Tabs, clicks), the medians of -n runs, alternating, with a round of the floors
  after each run of the programs; every binary is first dropped from the page cache and read
  back whole (driver.recache), so that none is measured in a cache state of its own.

The Swift programs stand on the Swift+FE floor linked like them (FLOOR_LINKED), the C baseline
on the C floor; the grapheme split (GRAPHEMES: that floor splitting one line into clusters, the
least any text component adds) is measured in the same rounds. The goals (issue 23):
instructions and faults above the floor at most 1.2x the port's; peak RSS above the floor at
most 1.1x the port's plus the grapheme split.

    startup.py --tui NAME=BINARY [--tui NAME=BINARY ...] --port BINARY --baseline BINARY \\
        --floor-linked BINARY --floor-c BINARY --graphemes BINARY [-n 9] [--json FILE]

Python 3.11 standard library only; needs valgrind.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import driver  # noqa: E402
import keycost  # noqa: E402


def instructions(binary: str, floor: bool) -> int:
    """callgrind's count for one start of `binary` (a floor: to its line and a key on a pipe)."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, os.path.basename(binary))
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        if not floor:
            return keycost.counted_run(copy, [], None)
        log = os.path.join(tmp, "log")
        subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={os.path.join(tmp, 'out')}", f"--log-file={log}", copy],
            input=b"x", stdout=subprocess.DEVNULL, check=True,
        )
        for line in Path(log).read_text().splitlines():
            if "Collected" in line:
                return int(line.split(":")[-1].strip())
        raise RuntimeError(f"no instruction count for {binary}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tui", action="append", required=True, help="NAME=BINARY, a tooltip-tui build (repeatable)")
    p.add_argument("--port", required=True, help="the C baseline's Swift port, linked like tooltip-tui")
    p.add_argument("--baseline", required=True, help="the C baseline")
    p.add_argument("--floor-linked", required=True, help="the Swift+FE floor linked like tooltip-tui")
    p.add_argument("--floor-c", required=True, help="the C floor")
    p.add_argument("--graphemes", required=True, help="the linked floor splitting one line into clusters")
    p.add_argument("-n", type=int, default=9, help="runs of each program (default 9)")
    p.add_argument("--json", help="also write the figures here")
    args = p.parse_args()
    run_args = argparse.Namespace(quiet_ms=50, idle=0.2, repeats=2, press_ms=20, ctty=False)

    programs = {name: path for name, path in (t.split("=", 1) for t in args.tui)}
    programs["swift-port"] = args.port
    programs["C baseline"] = args.baseline
    floors = {"FE linked": args.floor_linked, "C floor": args.floor_c, "graphemes": args.graphemes}

    counts = {name: instructions(path, False) for name, path in programs.items()}
    counts |= {name: instructions(path, True) for name, path in floors.items()}

    # Every binary from the same page-cache state (see driver.recache): dropped, read back whole.
    for path in [*programs.values(), *floors.values()]:
        driver.recache(path)
    runs: dict[str, list[dict]] = {name: [] for name in [*programs, *floors]}
    for _ in range(args.n):
        for name, path in programs.items():
            runs[name].append(driver.run_once([path], 80, 24, run_args))
            for floor, floor_path in floors.items():
                runs[floor].append(driver.floor_once([floor_path], run_args))

    def med(name: str, key: str) -> float:
        return driver.median([r[key] for r in runs[name]])

    figures = {}
    for name in programs:
        figures[name] = {"instructions": counts[name], "faults": med(name, "first_frame_faults"),
                         "peak_rss_kb": med(name, "peak_rss_kb")}
    for name in floors:
        figures[name] = {"instructions": counts[name], "faults": med(name, "ready_faults"),
                         "peak_rss_kb": med(name, "peak_rss_kb")}

    def above(name: str, key: str) -> float:
        floor = "C floor" if name == "C baseline" else "FE linked"
        return figures[name][key] - figures[floor][key]

    split = figures["graphemes"]["peak_rss_kb"] - figures["FE linked"]["peak_rss_kb"]
    print(f"start to first frame and q, 80x24; medians of {args.n} runs (floors {args.n * len(programs)}), alternating")
    print(f"{'':<26}" + "".join(f"{name:>16}" for name in figures))
    for key, label in (("instructions", "instructions"), ("faults", "page faults to it"), ("peak_rss_kb", "peak RSS (KiB)")):
        print(f"{label:<26}" + "".join(f"{figures[name][key]:>16,.0f}" for name in figures))
    print()
    print(f"above the floor (Swift: FE linked; C: C floor); grapheme split {split:,.0f} KiB")
    header = "".join(f"{name:>16}" for name in programs)
    print(f"{'':<26}{header}   goal")
    goals = {}
    for key, label in (("instructions", "instructions"), ("faults", "page faults")):
        cells = "".join(f"{above(name, key):>16,.0f}" for name in programs)
        print(f"{label:<26}{cells}")
        ratios = {name: above(name, key) / above("swift-port", key) for name in programs}
        print(f"{'  / the port':<26}" + "".join(f"{r:>15.2f}x" for r in ratios.values()) + "   <= 1.2x")
        print(f"{'  / C':<26}" + "".join(f"{above(n, key) / above('C baseline', key):>15.2f}x" for n in programs))
        goals[key] = ratios
    cells = "".join(f"{above(name, 'peak_rss_kb'):>16,.0f}" for name in programs)
    print(f"{'peak RSS (KiB)':<26}{cells}")
    budget = above("swift-port", "peak_rss_kb") + split
    ratios = {name: above(name, "peak_rss_kb") / budget for name in programs}
    print(f"{'  / (port + split)':<26}" + "".join(f"{r:>15.2f}x" for r in ratios.values()) + "   <= 1.1x")
    goals["peak_rss_kb"] = ratios
    if args.json:
        Path(args.json).write_text(json.dumps({"figures": figures, "split_kb": split, "goals": goals, "runs": runs}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
