#!/usr/bin/env python3
"""What the tooltip component adds inside a program: the job monitor (Examples/JobMonitor) and
the file browser (Examples/OwnCurses, toolbar-own-curses), each built twice in release (the
settings of scripts/build-release.sh: static Swift stdlib, lld, no exported symbols, packed
relocations, and with --link-order each build's own start-up order file), once as it is and
once with `-Xswiftc -DNO_TOOLTIPS` (the same program with its tooltip calls compiled out), run under a
pseudo-terminal at 80x24 with TERM=xterm-256color, the two builds alternating.

Per run (wall clock, medians of -n runs of each build):
  first frame    spawn (just before fork) to the last byte of the first frame; the CPU time
                 (schedstat, all threads) and minor page faults by then; peak RSS (VmHWM) then.
  tick bytes     (the job monitor) bytes of each redraw of its clock, once a second, nothing
                 open; the browser has no periodic redraw: its bytes over --idle seconds.
  idle           CPU time and wake-ups per second with nothing open.
  key bytes      bytes of the program's own keys with nothing open (list move, table scroll),
                 in the job monitor each round sent just after a clock tick, so that no tick
                 joins a key's answer.
  peak RSS       VmHWM after the program's own keys; and, with the component, after a bubble
                 opened and closed once more (the tooltip keys below, sent last in each run).
Instructions (callgrind, one run of each build, --dump-after=doupdate so that every frame is a
profile of its own: the first is spawn to the first frame, each later one the input that woke
the loop and the frame it drew): start-up, and per key, the median of the warm repeats (the
first of each key, cold, left out), for the program's own keys with nothing open and, with the
component, for the tooltip keys and the program's keys with a bubble open. A frame that read
no input (a clock tick) is not a key's. Ratios: each key of the build with the component over
the same key without it, and the tooltip keys over the program's own list move or scroll
without the component.

    Benchmarks/inprogram.py [--build [--link-order]] [--with DIR --without DIR] [-n RUNS]
                            [--no-callgrind] [--repeats R] [--smaps] [--json PATH]

--build builds both, each in a build folder of its own (.build/inprogram/PRODUCT-with and
-without, with -plain after them without --link-order); with --link-order each is compiled with
function sections and no merged functions and, once built, linked again with its own start-up
order file (its functions in the order a callgrind run of its first frame and of the keys below
meets them), as scripts/build-release.sh links tooltip-tui with Benchmarks/startup-order.txt.
Without --build,
--with and --without name the folders of the two builds (.build/release and
.build/no-tooltips/release by default). --smaps prints where each build's resident memory is
at the first frame, and the build with the component's after a bubble.
Python 3.11 standard library only; valgrind for the instruction counts.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from driver import PTY_ENV, Burst, PtyProgram, Timeout, proc_cpu, proc_minor_faults, proc_status_kb  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
QUIET_MS = 60
CALLGRIND_QUIET_MS = 400  # valgrind slows a program some fifty times
ENV = PTY_ENV

# Keys as the terminal sends them with keypad mode on (both programs turn it on).
DOWN, UP, PGDN, PGUP = b"\x1bOB", b"\x1bOA", b"\x1b[6~", b"\x1b[5~"
TAB, BACKTAB, ESC, HINT, QUIT = b"\t", b"\x1b[Z", b"\x1b", b"i", b"q"

# Each program: its binary's name, what its first frame's status row holds, whether a clock
# redraws it each second, its own keys (pairs that leave the screen as they found it), and the
# tooltip keys in an order that also ends where it began (`own` marks the program's own keys sent
# with a bubble open).
PROGRAMS = {
    "job-monitor": {
        "marker": b"q: quit",
        "clock": True,
        "own": [("Down", DOWN), ("Up", UP), ("PgDn", PGDN), ("PgUp", PGUP)],
        "tooltip": [
            ("Tab (select)", TAB),
            ("i (open)", HINT),
            ("PgDn, open", PGDN),
            ("PgUp, open", PGUP),
            ("Esc (close)", ESC),
            ("Esc (leave)", ESC),
        ],
        "reference": {"PgDn, open": "PgDn", "PgUp, open": "PgUp"},
        "base": "Down",
    },
    "toolbar-own-curses": {
        "marker": b"q: quit",
        "clock": False,
        "own": [("Down", DOWN), ("Up", UP)],
        "tooltip": [
            ("Shift-Tab (select)", BACKTAB),
            ("i (open)", HINT),
            ("Esc (close)", ESC),
            ("Tab (leave)", TAB),
        ],
        "reference": {},
        "base": "Down",
    },
}
BUILDS = ("with", "without")


# ---------------------------------------------------------------------------------------------
# Building.


DEFINES = {"with": [], "without": ["-Xswiftc", "-DNO_TOOLTIPS"]}
WORK = ROOT / ".build/inprogram"
# Compiled so that the order file can place every function the run meets: each function in a
# section of its own (else lld can move only a source file's code as a whole), and no merged
# functions (LLVM's function merging leaves thunks without a symbol, which no order file can name
# and which stay where the file put them). Added unless the link settings hold them already; the
# second also unless they gather those unnamed functions themselves (a linker script), where it
# buys nothing.
ORDER_COMPILE = [("-Xfrontend", "-function-sections"), ("-Xfrontend", "-disable-llvm-merge-functions-pass")]
GATHERS_UNNAMED = "unnamed-functions.ld"


def order_compile_flags(link_flags: list[str]) -> list[str]:
    """What ORDER_COMPILE adds to `link_flags` (build-release.sh's)."""
    gathered = any(flag.endswith(GATHERS_UNNAMED) for flag in link_flags)
    return [
        word for pair in ORDER_COMPILE
        if pair[1] not in link_flags and not (gathered and pair[1] == "-disable-llvm-merge-functions-pass")
        for word in pair
    ]


def scratch(product: str, variant: str, link_order: bool = True) -> Path:
    """Each build of each product has a build folder of its own, so that no build's flags ever
    change (SwiftPM would compile everything again) and its order file stays at one path. The
    plain link has folders of its own too: it is compiled without ORDER_COMPILE, and the Swift
    compiler keeps an object file whose IR did not change even when such code generation flags
    did (a folder switched between the two would hold objects of both)."""
    return WORK / (f"{product}-{variant}" if link_order else f"{product}-{variant}-plain")


def build(products: list[str], link_order: bool) -> dict[str, dict[str, str]]:
    """Both builds of each product with the link settings of scripts/build-release.sh, each
    with an order file of its own: empty, or (link_order) the functions a callgrind run of that
    build meets, first met first, as Benchmarks/startup_order.py writes tooltip-tui's. Returns
    the binaries."""
    import startup_order  # noqa: PLC0415

    binaries: dict[str, dict[str, str]] = {}
    for product in products:
        spec = PROGRAMS[product]
        for variant, define in DEFINES.items():
            folder = scratch(product, variant, link_order)
            folder.mkdir(parents=True, exist_ok=True)
            order = folder / "order.txt"
            order.write_text("")
            flags = subprocess.run(
                [str(ROOT / "scripts/build-release.sh"), "--link-flags", str(order)],
                capture_output=True, text=True, check=True,
            ).stdout.split()
            if link_order:
                flags += order_compile_flags(flags)
            command = [
                "swift", "build", "-c", "release", "--static-swift-stdlib", "--scratch-path", str(folder),
                "--product", product, *[arg for flag in flags for arg in ("-Xswiftc", flag)], *define,
            ]
            binary = folder / "release" / product
            # SwiftPM does not know the order file is an input: relink.
            binary.unlink(missing_ok=True)
            subprocess.run(command, cwd=ROOT, check=True, stdout=sys.stderr)
            if link_order:
                keys = spec["own"] + (spec["tooltip"] if variant == "with" else [])
                with tempfile.TemporaryDirectory() as tmp:
                    profile = os.path.join(tmp, "callgrind.out")
                    counted_frames(str(binary), spec, keys * 2, profile=profile)
                    order.write_text("\n".join(startup_order.first_met(profile, str(binary))) + "\n")
                binary.unlink()
                subprocess.run(command, cwd=ROOT, check=True, stdout=sys.stderr)
            binaries.setdefault(product, {})[variant] = str(binary)
    subprocess.run(["sync"], check=False)  # a fresh binary's dirty page cache counts as the process's
    return binaries


# ---------------------------------------------------------------------------------------------
# Wall-clock runs.


def next_burst(program: PtyProgram, timeout: float) -> Burst:
    """The next burst of output (a clock tick), read until quiet."""
    return program.collect(Burst(sent=time.monotonic_ns()), QUIET_MS, timeout=timeout)


def run_once(
    binary: str, spec: dict, args: argparse.Namespace, smaps: bool = False, bubble: bool = False
) -> dict[str, float]:
    """One run of one build: first frame, idle, its own keys, (with `bubble`, the tooltip keys:
    a bubble opened and closed), q."""
    program = PtyProgram([binary], 80, 24, ENV)
    r: dict[str, float] = {}
    try:
        first = program.collect(Burst(sent=program.spawned), QUIET_MS, until=spec["marker"], timeout=10)
        r["first_frame_ms"] = first.ms_to_last() or 0
        r["first_frame_cpu_ms"] = proc_cpu(program.pid)["cpu_ns"] / 1e6
        r["first_frame_faults"] = proc_minor_faults(program.pid)
        r["first_frame_rss_kb"] = proc_status_kb(program.pid, "VmHWM")
        r["first_frame_bytes"] = first.size
        if smaps:
            r["smaps"] = smaps_by_mapping(program.pid)

        before = proc_cpu(program.pid)
        started = time.monotonic()
        if spec["clock"]:
            ticks = []
            while time.monotonic() - started < args.idle:
                ticks.append(next_burst(program, 2.0).size)
            r["tick_bytes"] = statistics.median(ticks[1:] or ticks)  # the first may be cut short
        else:
            r["idle_bytes"] = program.drain(args.idle)
        after = proc_cpu(program.pid)
        seconds = time.monotonic() - started
        r["idle_cpu_us_per_s"] = (after["cpu_ns"] - before["cpu_ns"]) / 1000 / seconds
        r["idle_wakeups_per_s"] = (after["wakeups"] - before["wakeups"]) / seconds

        sizes: dict[str, list[int]] = {}
        for _ in range(args.repeats):
            if spec["clock"]:
                next_burst(program, 2.0)  # just after a tick: the keys' answers come alone
            for name, key in spec["own"]:
                sizes.setdefault(name, []).append(program.stimulus(key, QUIET_MS).size)
        for name, values in sizes.items():
            r[f"{name} bytes"] = statistics.median(values)
        r["peak_rss_kb"] = proc_status_kb(program.pid, "VmHWM")
        if bubble:
            for _, key in spec["tooltip"]:
                program.stimulus(key, QUIET_MS)
            r["bubble_rss_kb"] = proc_status_kb(program.pid, "VmHWM")
        program.quit(binary)
        return r
    except BaseException:
        program.kill()
        raise


def bubble_rss(binary: str, spec: dict) -> tuple[int, dict[str, int]]:
    """Peak RSS of the build with the component after its own keys and one bubble (open and
    close), and where its resident memory is then."""
    program = PtyProgram([binary], 80, 24, ENV)
    try:
        program.collect(Burst(sent=program.spawned), QUIET_MS, until=spec["marker"], timeout=10)
        for _, key in spec["own"] + spec["tooltip"]:
            program.stimulus(key, QUIET_MS)
        peak = proc_status_kb(program.pid, "VmHWM")
        mapped = smaps_by_mapping(program.pid)
        program.send(QUIT)
        program.finish()
        return peak, mapped
    except BaseException:
        program.kill()
        raise


def smaps_by_mapping(pid: int) -> dict[str, int]:
    """Resident KiB at this moment by mapping: the binary's code, read-only data and writable
    data apart, each library, heap, stack, the rest."""
    totals: dict[str, int] = {}
    name = "?"
    program = os.path.realpath(f"/proc/{pid}/exe")
    kinds = {"r-xp": "code", "r--p": "read-only", "rw-p": "writable"}
    with open(f"/proc/{pid}/smaps") as f:
        for line in f:
            head = line.split()
            if re.match(r"^[0-9a-f]+-[0-9a-f]+ ", line):
                path = head[5] if len(head) > 5 else "[anonymous]"
                name = os.path.basename(path) if path.startswith("/") else path
                if path == program:
                    name = f"the program: {kinds.get(head[1], head[1])}"
            elif head[0] == "Rss:":
                totals[name] = totals.get(name, 0) + int(head[1])
    return totals


# ---------------------------------------------------------------------------------------------
# Instructions.


def callgrind_frames(binary: str, spec: dict, keys: list[tuple[str, bytes]]) -> tuple[int, dict[str, list[int]]]:
    """One run under callgrind with a profile dumped after each doupdate: the start's
    instructions (to the first frame), and each key's, in order, by name."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "callgrind.out")
        counted_frames(binary, spec, keys, profile=out, options=("--dump-after=doupdate",))
        dumps = sorted(glob.glob(out + ".*"), key=lambda p: int(p.rsplit(".", 1)[1]))
        frames = [(total(p), reads(p)) for p in dumps]
    start = frames[0][0]
    # The frames that read input, in order: one per key (the clock's ticks read none).
    answered = [cost for cost, read in frames[1:] if read]
    if len(answered) != len(keys):
        raise RuntimeError(f"{binary}: {len(answered)} frames read input for {len(keys)} keys")
    costs: dict[str, list[int]] = {}
    for (name, _), cost in zip(keys, answered):
        costs.setdefault(name, []).append(cost)
    return start, costs


def counted_frames(binary: str, spec: dict, keys: list[tuple[str, bytes]], profile: str, options: tuple = ()) -> None:
    """One run of `binary` under callgrind: the first frame, `keys`, then q; the profile (or
    profiles, with --dump-after) go to `profile`."""
    with tempfile.TemporaryDirectory() as tmp:
        # valgrind 3.19 gives up on the DWARF of the static Swift runtime: count a copy without
        # debug sections (the symbol table stays).
        copy = os.path.join(tmp, "program")
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        out = profile
        argv = [
            "valgrind", "--tool=callgrind", "--demangle=no", *options, f"--callgrind-out-file={out}",
            f"--log-file={os.path.join(tmp, 'log')}", copy,
        ]
        program = PtyProgram(argv, 80, 24, ENV)
        try:
            program.collect(Burst(sent=program.spawned), CALLGRIND_QUIET_MS, until=spec["marker"], timeout=120)
            for _, key in keys:
                program.stimulus(key, CALLGRIND_QUIET_MS, timeout=60)
            program.quit(f"{binary} under callgrind", timeout=120)
        except BaseException:
            program.kill()
            raise


def total(profile: str) -> int:
    with open(profile) as f:
        for line in f:
            if line.startswith("totals:") or line.startswith("summary:"):
                return int(line.split()[1])
    raise RuntimeError(f"no total in {profile}")


def reads(profile: str) -> bool:
    """Whether the profile's stretch called read(2) (the loop took input)."""
    with open(profile) as f:
        return any(re.match(r"c?fn=\(\d+\) (?:__GI___libc_)?read$", line.strip()) for line in f)


# ---------------------------------------------------------------------------------------------
# Tables.


def fmt(value: float | None, digits: int = 2) -> str:
    if value is None:
        return "-"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.{digits}f}".rstrip("0").rstrip(".")


def wall_table(name: str, runs: dict[str, list[dict]], spec: dict, n: int) -> tuple[str, dict]:
    figures = [
        ("first_frame_ms", "spawn to first frame (ms)"),
        ("first_frame_cpu_ms", "CPU time to first frame (ms)"),
        ("first_frame_faults", "page faults to first frame"),
        ("first_frame_rss_kb", "peak RSS at first frame (KiB)"),
        ("first_frame_bytes", "first frame (bytes)"),
        ("tick_bytes" if spec["clock"] else "idle_bytes", "clock tick (bytes)" if spec["clock"] else "idle (bytes)"),
        ("idle_cpu_us_per_s", "idle CPU (µs/s)"),
        ("idle_wakeups_per_s", "idle wake-ups (/s)"),
        *[(f"{key} bytes", f"{key}, nothing open (bytes)") for key, _ in spec["own"]],
        ("peak_rss_kb", "peak RSS after its own keys (KiB)"),
    ]
    summary: dict[str, dict[str, float]] = {}
    lines = [f"{name}: median of {n} runs each, alternating", "", "| figure | with | without | added |", "| --- | --- | --- | --- |"]
    for key, title in figures:
        values = {b: statistics.median(run[key] for run in runs[b]) for b in BUILDS}
        summary[key] = values
        lines.append(f"| {title} | {fmt(values['with'])} | {fmt(values['without'])} | {fmt(values['with'] - values['without'])} |")
    # Each run of the build with the component opens a bubble after its own keys: the median of
    # those peaks, against the build without it after its own keys (its peak there).
    peaks = sorted(run["bubble_rss_kb"] for run in runs["with"])
    bubble = statistics.median(peaks)
    without = summary["peak_rss_kb"]["without"]
    summary["bubble_rss_kb"] = {"with": bubble, "least_added": peaks[0] - without, "most_added": peaks[-1] - without}
    lines.append(f"| peak RSS after a bubble too (KiB) | {fmt(bubble)} | - | {fmt(bubble - without)} |")
    lines.append(f"| the same, each run: least, most added (KiB) | | | {fmt(peaks[0] - without)}, {fmt(peaks[-1] - without)} |")
    return "\n".join(lines), summary


def instruction_table(name: str, spec: dict, counted: dict[str, tuple[int, dict[str, list[int]]]]) -> tuple[str, dict]:
    def warm(costs: list[int]) -> float:
        return statistics.median(costs[1:] or costs)

    with_start, with_keys = counted["with"]
    without_start, without_keys = counted["without"]
    lines = [
        f"{name}: instructions under callgrind (start: spawn to the first frame; keys: the warm median)",
        "",
        "| figure | with | without | with / without |",
        "| --- | --- | --- | --- |",
        f"| start-up | {with_start:,} | {without_start:,} | {with_start / without_start:.3f} |",
    ]
    summary: dict[str, dict[str, float]] = {"start": {"with": with_start, "without": without_start}}
    for key, _ in spec["own"]:
        a, b = warm(with_keys[key]), warm(without_keys[key])
        summary[key] = {"with": a, "without": b, "cold_with": with_keys[key][0], "cold_without": without_keys[key][0]}
        lines.append(f"| {key}, nothing open | {a:,.0f} | {b:,.0f} | {a / b:.3f} |")
    for key, _ in spec["tooltip"]:
        reference = spec["reference"].get(key, spec["base"])
        a, b = warm(with_keys[key]), warm(without_keys[reference])
        summary[key] = {"with": a, "reference": reference, "without": b, "cold_with": with_keys[key][0]}
        lines.append(f"| {key} (against {reference} without) | {a:,.0f} | {b:,.0f} | {a / b:.3f} |")
    return "\n".join(lines), summary


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", action="store_true", help="build both variants first")
    parser.add_argument("--with", dest="with_dir", default=str(ROOT / ".build/release"))
    parser.add_argument("--without", dest="without_dir", default=str(ROOT / ".build/no-tooltips/release"))
    parser.add_argument("--programs", nargs="+", default=list(PROGRAMS), choices=list(PROGRAMS))
    parser.add_argument("-n", type=int, default=11, help="wall-clock runs of each build (default 11)")
    parser.add_argument("--repeats", type=int, default=5, help="each key per run (default 5)")
    parser.add_argument("--idle", type=float, default=3.5, help="seconds of idle per run (default 3.5)")
    parser.add_argument("--no-callgrind", action="store_true")
    parser.add_argument(
        "--link-order", action="store_true",
        help="with --build: link each build with its own start-up order file, as tooltip-tui is")
    parser.add_argument("--smaps", action="store_true", help="resident memory by mapping at the first frame")
    parser.add_argument("--json")
    args = parser.parse_args()

    if args.build:
        built = build(args.programs, args.link_order)
    else:
        dirs = {"with": args.with_dir, "without": args.without_dir}
        built = {name: {b: os.path.join(dirs[b], name) for b in BUILDS} for name in args.programs}
    record: dict[str, dict] = {}
    for name in args.programs:
        spec = PROGRAMS[name]
        binaries = built[name]
        for b, path in binaries.items():
            if not os.access(path, os.X_OK):
                print(f"inprogram.py: no {b}-tooltips build of {name} at {path} (try --build)", file=sys.stderr)
                return 2
        runs: dict[str, list[dict]] = {b: [] for b in BUILDS}
        for i in range(args.n):
            for b in BUILDS if i % 2 == 0 else reversed(BUILDS):
                runs[b].append(run_once(binaries[b], spec, args, bubble=b == "with"))
        text, summary = wall_table(name, runs, spec, args.n)
        print(text + "\n")
        record[name] = {"wall": summary, "runs": runs}
        if args.smaps:
            _, after_bubble = bubble_rss(binaries["with"], spec)
            mapped = {b: run_once(binaries[b], spec, args, smaps=True)["smaps"] for b in BUILDS}
            names = sorted(set(mapped["with"]) | set(mapped["without"]), key=lambda m: -mapped["with"].get(m, 0))
            print(f"{name}: resident KiB at the first frame by mapping, and with the component after a bubble\n")
            print("| mapping | with | without | added | with, after a bubble | added |")
            print("| --- | --- | --- | --- | --- | --- |")
            for m in names:
                a, b, c = mapped["with"].get(m, 0), mapped["without"].get(m, 0), after_bubble.get(m, 0)
                if a >= 64 or b >= 64 or c >= 64:  # the locale files and such, 4 KiB each, left out
                    print(f"| {m} | {a} | {b} | {a - b} | {c} | {c - b} |")
            print()
            record[name]["smaps"] = {**mapped, "with, after a bubble": after_bubble}
        if not args.no_callgrind:
            own = spec["own"] * args.repeats
            counted = {
                "with": callgrind_frames(binaries["with"], spec, own + spec["tooltip"] * args.repeats),
                "without": callgrind_frames(binaries["without"], spec, own),
            }
            text, summary = instruction_table(name, spec, counted)
            print(text + "\n")
            record[name]["instructions"] = summary
            record[name]["instructions_raw"] = {b: {"start": s, "keys": k} for b, (s, k) in counted.items()}
    if args.json:
        Path(args.json).write_text(json.dumps(record, indent=1))
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except (Timeout, RuntimeError, subprocess.CalledProcessError) as error:
        print(f"inprogram.py: {error}", file=sys.stderr)
        sys.exit(1)
