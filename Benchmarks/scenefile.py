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
                            [--windows] [--json FILE]

Peak RSS swings by some 300 KiB from run to run: the kernel maps the executable in windows of
64 KiB around each page a fault touches (fault-around), and where the window boundaries fall
depends on the random load address. With --windows it also gives a figure that does not swing:
the pages of the executable each run touches (valgrind's lackey, every instruction fetch and
data access), and the executable's memory the 1 KB file adds to the built-in scene once those
pages are rounded out to their 64 KiB windows, averaged over the 16 places a boundary can fall
(anonymous pages, .bss, count as touched, without windows). It compares layouts (link orders)
and code changes that move a window or two, which the medians of peak RSS cannot tell apart.

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


def touched_pages(binary: str, extra: list[str]) -> set[int]:
    """The executable's pages (offsets from its load address, in pages) that one snapshot with
    `extra` arguments reads, writes or runs, by valgrind's lackey."""
    entry = int(re.search(r"Entry point address:\s+0x([0-9a-f]+)",
                          subprocess.run(["readelf", "-hW", binary], capture_output=True, text=True,
                                         check=True).stdout).group(1), 16)
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, "tooltip-tui")
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        log = os.path.join(tmp, "lackey")
        subprocess.run(["valgrind", "--tool=lackey", "--trace-mem=yes", f"--log-file={log}", copy, *extra],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        pages: set[int] = set()
        base = None
        with open(log) as f:
            for line in f:
                if line[0] == "I":
                    address = int(line[3:line.index(",")], 16)
                    # The loader's first jump into the executable is to its entry point.
                    if base is None and address < 0x4000000 and (address - entry) % 4096 == 0:
                        base = address - entry
                elif line[0] == " " and line[1] in "LSM":
                    address = int(line[3:line.index(",")], 16)
                else:
                    continue
                pages.add(address >> 12)
    assert base is not None, "no jump to the entry point in the trace"
    return {page - (base >> 12) for page in pages if 0 <= page - (base >> 12) < 1 << 20}


def windowed_cost(binary: str, snapshot: list[str], extra: list[str]) -> dict[str, float]:
    """The executable's memory `extra` adds to a `snapshot` of the built-in scene once each page
    touched brings its 64 KiB window (16 pages, clipped to its segment), in KiB averaged over
    the 16 places a window boundary can fall, by section; and the pages it touches itself."""
    segments = []  # (first page, end page, end page of the file's bytes)
    for line in subprocess.run(["readelf", "-lW", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        fields = line.split()
        if fields and fields[0] == "LOAD":
            start, filesz, memsz = int(fields[2], 16), int(fields[4], 16), int(fields[5], 16)
            segments.append((start >> 12, (start + memsz + 4095) >> 12, (start + filesz + 4095) >> 12))
    sections = []
    for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if m and int(m.group(2), 16):
            sections.append((int(m.group(2), 16) >> 12, (int(m.group(2), 16) + int(m.group(3), 16) - 1) >> 12, m.group(1)))

    def section(page: int) -> str:
        names = [name for first, last, name in sections if first <= page <= last]
        return names[-1] if names else "other"

    def resident(pages: set[int], shift: int) -> set[int]:
        out: set[int] = set()
        for page in pages:
            for first, end, file_end in segments:
                if first <= page < end:
                    if page >= file_end:  # zero-filled: no file pages to map around it
                        out.add(page)
                    else:
                        low = (page + shift) // 16 * 16 - shift
                        out.update(range(max(low, first), min(low + 16, file_end)))
                    break
        return out

    builtin = touched_pages(binary, snapshot)
    scene = touched_pages(binary, [*snapshot, *extra])
    by_section: dict[str, float] = {}
    for shift in range(16):
        for page in resident(scene, shift) - resident(builtin, shift):
            by_section[section(page)] = by_section.get(section(page), 0) + 4 / 16
    by_section["touched"] = 4 * len(scene - builtin)
    return by_section


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("binaries", nargs="+", help="release tooltip-tui binaries (scripts/build-release.sh)")
    p.add_argument("--names", help="comma-separated column names, one per binary")
    p.add_argument("-n", type=int, default=21, help="runs of each case (default 21)")
    p.add_argument("--json", help="also write the figures as JSON to this file")
    p.add_argument("--no-callgrind", action="store_true", help="skip the instruction counts")
    p.add_argument("--windows", action="store_true",
                   help="also the 1 KB file's pages and 64 KiB windows of the executable (lackey; slow)")
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
        f"`--snapshot --size 80x24`, medians of {args.n} runs each (alternating), instructions by callgrind; "
        f"the file's cost is its figure minus the built-in scene's of the same binary (goal: at most "
        f"{GOAL_KIB} KiB and {GOAL_MS:g} ms).",
        "",
        "| binary | scene | peak RSS (KiB) | above built-in | wall (ms) | CPU (ms) | above built-in (CPU) | page faults | instructions | above built-in |",
        "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
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
            if extra:
                rss_above += f" ({(f['peak_rss_kb'] - floor['peak_rss_kb']) / GOAL_KIB:.2f}x goal)"
            lines.append(
                f"| {name} | {case} | {fmt(f['peak_rss_kb'])} | {rss_above} | {fmt(f['wall_ms'], 2)} | "
                f"{fmt(f['cpu_ms'], 2)} | {above('cpu_ms', 2)} | {fmt(f['faults'])} | {fmt(f['instructions'])} | "
                f"{above('instructions')} |"
            )
    if args.windows:
        lines += [
            "",
            f"Executable memory the 1 KB file adds once each page touched brings its 64 KiB window, KiB averaged "
            f"over the 16 window positions (lackey; anonymous pages without windows), and the pages it touches:",
            "",
            "| binary | all | .text | .rodata | other | pages touched (KiB) |",
            "| --- | ---: | ---: | ---: | ---: | ---: |",
        ]
        for name, binary in zip(names, args.binaries):
            cost = windowed_cost(binary, base, cases[next(c for c in cases if c.startswith("1 KB"))])
            touched = cost.pop("touched")
            text, rodata = cost.get(".text", 0), cost.get(".rodata", 0)
            figures[name]["windows"] = {**cost, "touched": touched}
            lines.append(f"| {name} | {fmt(sum(cost.values()))} | {fmt(text)} | {fmt(rodata)} | "
                         f"{fmt(sum(cost.values()) - text - rodata)} | {fmt(touched)} |")
    print("\n".join(lines))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
