#!/usr/bin/env python3
"""What reading a scene file costs tooltip-tui: `--snapshot --size 80x24` of the built-in scene
against the same snapshot of a 1 KB scene file (Examples/toolbar.json) and of a 100 KB one
(written here: the same kind of anchors, repeated), in one run, runs alternating.

Each binary given is measured the same way: peak RSS (the kernel's maxrss of the finished
process), wall time from spawn to exit and its CPU time (medians of -n runs), page faults, and
the instructions executed, counted by callgrind (one run each: the count does not move with the
machine's load). The figures that matter are the file's cost above the built-in scene of the
same binary: the goal is at most 512 KiB and 1 ms (issue 23, "A scene file").

    Benchmarks/scenefile.py BINARY [BINARY...] [-n 21] [--names before,after] [--no-callgrind]
                            [--json FILE]

Peak RSS swings by some 300 KiB from run to run: the kernel maps the executable in windows of
64 KiB around each page a fault touches (fault-around), and where the window boundaries fall
depends on the random load address. The table gives the median of each case and, for the
file's cost, the mean difference with its standard error, which shrinks with -n (some 10 KiB
at -n 301): a change of a window or two shows there, not in the medians. What a fault maps
also depends on the binary's pages in the page cache, so each binary is dropped from the cache
and read back whole before the runs (see `driver.recache`).

Python 3.11 standard library only; needs valgrind for the instruction counts (skipped without).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import driver  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
GOAL_KIB = 512
GOAL_MS = 1.0


def big_scene(path: Path, size: int = 100 * 1024) -> None:
    """A valid scene file of about `size` bytes: Examples/toolbar.json's kinds of anchors, each
    with its own id and place."""
    anchors = []
    i = 0
    while True:
        kind = i % 4
        anchor = {"id": f"a{i}", "x": (i * 7) % 200, "y": (i * 3) % 60, "placement": ["top", "bottom", "left", "right"][kind],
                  "headline": f"Anchor {i}", "supporting": "Send a copy to your team; it goes live at once."}
        if kind == 1:
            anchor.update({"label": "Publish", "trigger": "longPress", "holdSeconds": 0.8})
        elif kind == 2:
            anchor.update({"size": "sm", "glyph": "?"})
        elif kind == 3:
            anchor.update({"glyph": "↗", "disabled": True})
        anchors.append(anchor)
        text = json.dumps({"anchors": anchors}, ensure_ascii=False, indent=1)
        if len(text.encode()) >= size:
            break
        i += 1
    path.write_text(text)


def timed_run(argv: list[str]) -> dict[str, float]:
    """One run: wall time, CPU time, peak RSS and page faults of the finished process.

    The program runs under /usr/bin/time, which reports its peak RSS: a process forked from
    this Python one would count Python's own peak in its maxrss. The CPU time and the faults
    come from wait4 (microseconds, where time(1) gives hundredths), and include time(1)'s own
    small share, the same in every case."""
    with tempfile.NamedTemporaryFile("r") as report:
        start = time.perf_counter()
        proc = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", report.name, *argv],
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                env={"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"})
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
        if status != 0:
            raise RuntimeError(f"{' '.join(argv)}: status {status}: {err.strip()}")
        peak = int(report.read().split()[-1])
    return {
        "wall_ms": wall * 1000,
        "cpu_ms": (usage.ru_utime + usage.ru_stime) * 1000,
        "peak_rss_kb": peak,
        "faults": usage.ru_minflt + usage.ru_majflt,
    }


def instructions(binary: str, extra: list[str]) -> int | None:
    """Instructions of one snapshot under callgrind (a copy without debug sections: valgrind
    3.19 gives up on the static Swift runtime's DWARF, see keycost.py)."""
    if not shutil.which("valgrind"):
        return None
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "tooltip-tui")
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        out = subprocess.run(
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", copy, *extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True,
        )
        m = re.search(r"Collected\s*:\s*(\d+)", out.stderr)
        return int(m.group(1)) if m else None


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("binaries", nargs="+", help="release tooltip-tui binaries (scripts/build-release.sh)")
    p.add_argument("--names", help="comma-separated column names, one per binary")
    p.add_argument("-n", type=int, default=21, help="runs of each case (default 21)")
    p.add_argument("--json", help="also write the figures as JSON to this file")
    p.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    args = p.parse_args()
    names = args.names.split(",") if args.names else [Path(b).name for b in args.binaries]
    if len(names) != len(args.binaries):
        p.error("--names needs one name per binary")

    work = tempfile.TemporaryDirectory()
    big = Path(work.name) / "scene-100k.json"
    big_scene(big)
    small = ROOT / "Examples" / "toolbar.json"
    cases = {
        "built-in": [],
        f"1 KB file ({small.stat().st_size} B)": ["--scene", str(small)],
        f"100 KB file ({big.stat().st_size} B)": ["--scene", str(big)],
    }
    base = ["--snapshot", "--size", "80x24"]

    runs: dict[tuple[str, str], list[dict]] = {(n, c): [] for n in names for c in cases}
    for b in args.binaries:
        driver.recache(b)
    for b in args.binaries:  # warm the page cache
        for extra in cases.values():
            timed_run([b, *base, *extra])
    for _ in range(args.n):
        for name, binary in zip(names, args.binaries):
            for case, extra in cases.items():
                runs[(name, case)].append(timed_run([binary, *base, *extra]))

    figures: dict[str, dict[str, dict[str, float | None]]] = {}
    for name, binary in zip(names, args.binaries):
        figures[name] = {}
        for case, extra in cases.items():
            r = runs[(name, case)]
            figures[name][case] = {k: statistics.median(x[k] for x in r) for k in r[0]}
            figures[name][case]["instructions"] = None if args.no_callgrind else instructions(binary, [*base, *extra])

    def fmt(v: float | None, digits: int = 0) -> str:
        return "n/a" if v is None else f"{v:,.{digits}f}"

    lines = [
        f"`--snapshot --size 80x24`, medians of {args.n} runs each (alternating), the mean difference with its "
        f"standard error, instructions by callgrind; "
        f"the file's cost is its figure minus the built-in scene's of the same binary (goal: at most "
        f"{GOAL_KIB} KiB and {GOAL_MS:g} ms).",
        "",
        "| binary | scene | peak RSS (KiB) | above built-in | mean above built-in | wall (ms) | CPU (ms) | above built-in (CPU) | page faults | instructions | above built-in |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name in names:
        floor = figures[name]["built-in"]
        for case in cases:
            f = figures[name][case]
            extra = case != "built-in"

            def above(key: str, digits: int = 0) -> str:
                if not extra or f[key] is None or floor[key] is None:
                    return ""
                return f"{f[key] - floor[key]:+,.{digits}f}"

            rss_above = above("peak_rss_kb")
            mean_above = ""
            if extra:
                rss_above += f" ({(f['peak_rss_kb'] - floor['peak_rss_kb']) / GOAL_KIB:.2f}x goal)"
                fr = [x["peak_rss_kb"] for x in runs[(name, case)]]
                br = [x["peak_rss_kb"] for x in runs[(name, "built-in")]]
                mean_above = f"{statistics.mean(fr) - statistics.mean(br):+,.0f}"
                if len(fr) > 1 and len(br) > 1:
                    se = (statistics.variance(fr) / len(fr) + statistics.variance(br) / len(br)) ** 0.5
                    mean_above += f" ± {se:,.0f}"
            lines.append(
                f"| {name} | {case} | {fmt(f['peak_rss_kb'])} | {rss_above} | {mean_above} | {fmt(f['wall_ms'], 2)} | "
                f"{fmt(f['cpu_ms'], 2)} | {above('cpu_ms', 2)} | {fmt(f['faults'])} | {fmt(f['instructions'])} | "
                f"{above('instructions')} |"
            )
    print("\n".join(lines))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
