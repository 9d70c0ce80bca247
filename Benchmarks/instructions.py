#!/usr/bin/env python3
"""Instruction counts of the core benchmarks under valgrind's callgrind: the same ratios as
the wall-clock figures, but counted, so a busy shared machine cannot move them.

Each figure is the count of a command doing k units of work minus the count of the same
command doing none (which builds the same fixture), divided by k units.

    instructions.py BENCH_CORE_BINARY [--json FILE]

Python 3.11 standard library only; needs valgrind.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys


def instructions(argv: list[str]) -> int:
    """Instructions executed by `argv` under callgrind (the "Collected" total)."""
    out = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *argv],
        capture_output=True,
        text=True,
        timeout=900,
    )
    if out.returncode != 0:
        raise RuntimeError(f"{' '.join(argv)}: exit {out.returncode}: {out.stderr.strip()[-300:]}")
    m = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
    if not m:
        raise RuntimeError(f"no instruction count in callgrind's output for {' '.join(argv)}")
    return int(m.group(1))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("binary", help="the release tooltip-bench-core")
    p.add_argument("--json", help="write the figures here")
    args = p.parse_args()
    if not shutil.which("valgrind"):
        print("valgrind not found: instruction counts skipped", file=sys.stderr)
        return 2

    results: dict[str, float] = {}
    lines = ["instruction counts (callgrind; each: with the work minus without, per unit)"]
    sizes = {"80x24": 200, "200x60": 40, "1000x500": 2}
    for size, frames in sizes.items():
        cols, rows = map(int, size.split("x"))
        cells = cols * rows
        base = instructions([args.binary, "render", size, "0"])
        full = instructions([args.binary, "render", size, str(frames)])
        per_frame = (full - base) / frames
        results[f"render_{size}_per_cell"] = per_frame / cells
        lines.append(f"  render + layout {size:>9}: {per_frame:>14,.0f} instructions/frame {per_frame / cells:>8.1f} per cell")
    r = results["render_1000x500_per_cell"] / results["render_80x24_per_cell"]
    results["render_ratio"] = r
    lines.append(f"  per-cell ratio 1000x500 : 80x24 = {r:.2f}x (budget <= 1.2x: {'met' if r <= 1.2 else 'MISSED'})")

    probes, rounds = 4096, 10
    for count in (10, 1000, 10000):
        base = instructions([args.binary, "hit", str(count), str(probes), "0"])
        full = instructions([args.binary, "hit", str(count), str(probes), str(rounds)])
        per_hit = (full - base) / (probes * rounds)
        results[f"hit_{count}"] = per_hit
        lines.append(f"  hit test, {count:>5} anchors: {per_hit:>8.1f} instructions")
    r1 = results["hit_1000"] / results["hit_10"]
    r2 = results["hit_10000"] / results["hit_1000"]
    results["hit_ratio_1000_10"] = r1
    results["hit_ratio_10000_1000"] = r2
    lines.append(f"  hit test ratio 1000 : 10 = {r1:.2f}x; 10000 : 1000 = {r2:.2f}x (budget <= 20x: {'met' if r2 <= 20 else 'MISSED'})")
    print("\n".join(lines))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
