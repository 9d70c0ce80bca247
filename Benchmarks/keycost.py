#!/usr/bin/env python3
"""Instructions each program executes to start, and per key, counted by valgrind's callgrind
under a pseudo-terminal: robust where wall-clock round trips of a fraction of a millisecond
drown in a shared machine's noise.

For each program: one run that starts, draws its first frame and quits on q; runs that add
one Enter + Esc pair (or one Tab) before the q, whose extra instructions are the cost of the
first ("cold") open and close; and runs that add k more, whose extra instructions divided by k
are the steady ("warm") cost. With --profiles, keeps the callgrind profiles of the pair runs
and lists the functions whose self cost grows with the warm pairs.

    keycost.py --tui BINARY --baseline BINARY [-k 20] [--profiles DIR] [--tui-name A] [--baseline-name B]

Python 3.11 standard library only; needs valgrind.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import driver  # noqa: E402  (the pty machinery)

QUIET_MS = 400  # valgrind slows the program down some fifty times


def counted_run(binary: str, keys: list[bytes], profile: str | None, options: tuple[str, ...] = ()) -> int:
    """Instructions of one run under callgrind: first frame, `keys`, then q; `options` are more
    callgrind options."""
    with tempfile.TemporaryDirectory() as tmp:
        log = os.path.join(tmp, "log")
        out = profile or os.path.join(tmp, "callgrind.out")
        argv = ["valgrind", "--tool=callgrind", *options, f"--callgrind-out-file={out}", f"--log-file={log}", binary]
        env = driver.PTY_ENV
        prog = driver.PtyProgram(argv, 80, 24, env)
        try:
            prog.collect(driver.Burst(sent=prog.spawned), QUIET_MS, until=driver.SCENE["status_marker"], timeout=120)
            for key in keys:
                prog.stimulus(key, QUIET_MS, timeout=60)
            prog.quit(f"{binary} under callgrind", timeout=120)
        except BaseException:
            prog.kill()
            raise
        text = Path(log).read_text()
        m = re.search(r"Collected\s*:\s*(\d+)", text)
        if not m:
            raise RuntimeError(f"no instruction count for {binary}")
        return int(m.group(1))


def self_costs(profile: str) -> dict[str, int]:
    """Instructions per function (self cost) of a callgrind profile, by callgrind_annotate."""
    out = subprocess.run(
        ["callgrind_annotate", "--inclusive=no", "--threshold=100", profile],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    costs: dict[str, int] = {}
    for line in out.splitlines():
        m = re.match(r"\s*([\d,]+) \([\d. %]+\)\s+(.*?)(?: \[.*\])?$", line)
        if m and "PROGRAM TOTALS" not in m.group(2):
            name = m.group(2).split(":", 1)[-1]
            costs[name] = costs.get(name, 0) + int(m.group(1).replace(",", ""))
    return costs


def demangled(names: list[str]) -> list[str]:
    """Swift symbols made readable by `swift demangle`, when the toolchain is there."""
    try:
        out = subprocess.run(
            ["swift", "demangle", "--simplified", "--compact"],
            input="\n".join(names) + "\n",
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout.splitlines()
    except (OSError, subprocess.SubprocessError):
        return names
    return out if len(out) == len(names) else names


def per_key_functions(start: str, keys: str, count: int) -> list[tuple[str, float]]:
    """The functions whose self cost grows with the keys, per key, most expensive first."""
    before, after = self_costs(start), self_costs(keys)
    diff = {f: (after.get(f, 0) - before.get(f, 0)) / count for f in after}
    return sorted(((f, c) for f, c in diff.items() if c > 0), key=lambda item: -item[1])


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tui", required=True)
    p.add_argument("--baseline", required=True)
    p.add_argument("--tui-name", default="tooltip-tui", help="the first program's name in the table")
    p.add_argument(
        "--baseline-name", default="baseline", help="the second's (another tooltip-tui build, to compare two builds)"
    )
    p.add_argument("-k", type=int, default=20, help="keys (or key pairs) per counted run (default 20)")
    p.add_argument("--profiles", help="keep the callgrind profiles of the Enter + Esc runs here")
    args = p.parse_args()

    rows = []
    hot: dict[str, list[tuple[str, float]]] = {}
    work = tempfile.TemporaryDirectory()
    for name, binary in ((args.tui_name, args.tui), (args.baseline_name, args.baseline)):
        # valgrind 3.19 gives up on the DWARF of the static Swift runtime: count a copy without
        # debug sections (the symbol table stays, so profiles still name every function).
        copy = os.path.join(work.name, name)
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        binary = copy
        profiles = {"one-pair": None, "pairs": None}
        if args.profiles:
            Path(args.profiles).mkdir(parents=True, exist_ok=True)
            profiles = {what: str(Path(args.profiles) / f"callgrind.{name}.{what}") for what in profiles}
        k = args.k
        start = counted_run(binary, [], None)
        one_pair = counted_run(binary, [driver.ENTER, driver.ESC], profiles["one-pair"])
        pairs = counted_run(binary, [driver.ENTER, driver.ESC] * (k + 1), profiles["pairs"])
        one_tab = counted_run(binary, [driver.TAB], None)
        tabs = counted_run(binary, [driver.TAB] * (k + 1), None)
        rows.append((name, start, one_pair - start, (pairs - one_pair) / k, one_tab - start, (tabs - one_tab) / k))
        if args.profiles:
            hot[name] = per_key_functions(profiles["one-pair"], profiles["pairs"], k)

    print(f"instructions under callgrind, 80x24 (warm: {args.k} more keys or key pairs, per key or pair)")
    head = ("program", "start + quit", "1st Enter+Esc", "Enter+Esc", "1st Tab", "Tab")
    print(f"{head[0]:<12} {head[1]:>13} {head[2]:>14} {head[3]:>11} {head[4]:>9} {head[5]:>9}")
    for name, *figures in rows:
        print(f"{name:<12} {figures[0]:>13,} {figures[1]:>14,} {figures[2]:>11,.0f} {figures[3]:>9,} {figures[4]:>9,.0f}")
    a, b = rows
    ratios = [x / y for x, y in zip(a[1:], b[1:])]
    print(f"{'A/B':<12} {ratios[0]:>13.2f} {ratios[1]:>14.2f} {ratios[2]:>11.2f} {ratios[3]:>9.2f} {ratios[4]:>9.2f}")
    for name, functions in hot.items():
        print(f"\n{name}: where one warm Enter + Esc pair spends its instructions (self cost, top 20)")
        top = functions[:20]
        for (_, cost), function in zip(top, demangled([f for f, _ in top])):
            print(f"  {cost:>10,.0f}  {function[:150]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
