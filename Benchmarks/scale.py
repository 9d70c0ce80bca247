#!/usr/bin/env python3
"""How tooltip-tui's cost grows with the scene: many anchors, and very long copy.

Runs the binary under a pseudo-terminal on generated scene files (kept in a temporary folder
and removed at the end) and reports medians:

  anchors   the same screen with 8 anchors and with 10,000 (one every 6 columns and 2 rows,
            all on screen): round trips of Tab, of an arrow (Right and Left in turn, between
            two anchors), and of a click on the selected anchor (press, a pause, release;
            opening and closing in turn), and the ratio of the two.
  copy      an anchor whose headline is one line, and the same with a 1 MB headline: the
            round trip of the Enter that opens it, then of keys while it is open (`p`, which
            redraws the title row and keeps the tooltip open), and the ratio of the two.
  snapshot  `--snapshot --open` of scene files with a 1 MB and an 8 MB line: wall time and
            peak RSS, against the file's size.

    scale.py --tui BINARY [-n RUNS] [--keys K] [--anchors N] [--copy-mb M] [--snapshot-mb M ...]
             [--json FILE]

Python 3.11 standard library only. Linux only.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import driver  # noqa: E402  (the pty machinery)

RIGHT, LEFT, TAB, ENTER = b"\x1bOC", b"\x1bOD", b"\t", b"\r"
COPY_KEY = b"p"  # toggles the dismissal policy: the title row changes, the tooltip stays open

GALLERY = [  # the gallery's eight anchors: placement, size, x, y (scene coordinates)
    ("top", "sm", 18, 5), ("top", "md", 58, 5), ("left", "sm", 34, 9), ("right", "sm", 44, 9),
    ("left", "md", 33, 12), ("right", "md", 44, 12), ("bottom", "sm", 18, 16), ("bottom", "md", 58, 16),
]


def grid_scene(count: int, columns: int) -> dict:
    """`count` anchors, one every 6 columns and 2 rows, `columns` to a row, every fourth sm."""
    anchors = []
    placements = ["top", "bottom", "left", "right"]
    for i in range(count):
        size = "sm" if i % 4 == 3 else "md"
        anchors.append({
            "id": f"a{i}", "x": (i % columns) * 6 + (2 if size == "sm" else 1), "y": (i // columns) * 2 + 1,
            "size": size, "placement": placements[i % 4], "headline": f"Anchor {i}",
            "supporting": "A one-line tooltip.",
        })
    return {"anchors": anchors}


def gallery_scene() -> dict:
    return {"anchors": [
        {"id": f"{p}-{s}", "x": x, "y": y, "size": s, "placement": p, "headline": f"{p} · {s}",
         "supporting": "A one-line tooltip."}
        for p, s, x, y in GALLERY
    ]}


def copy_scene(headline: str) -> dict:
    """The anchor first in reading order has `headline`; a second anchor has a short one."""
    return {"anchors": [
        {"id": "copy", "x": 10, "y": 16, "placement": "top", "headline": headline, "supporting": "Short."},
        {"id": "other", "x": 60, "y": 18, "placement": "bottom", "headline": "Other"},
    ]}


def long_copy(size: int) -> str:
    piece = "Send it to your teammates. "
    return (piece * (size // len(piece) + 1))[:size].rstrip() + "."


ENV = {
    "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
    "TERM": "xterm-256color",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
    "SWIFT_BACKTRACE": "enable=no",
}


def session(binary: str, scene: Path, cols: int, rows: int, marker: bytes, script, quiet_ms: float) -> dict:
    """Runs the binary on `scene`, waits for its first frame (holding `marker`), calls
    `script(prog, r)` to measure, then quits."""
    prog = driver.PtyProgram([binary, "--scene", str(scene)], cols, rows, ENV)
    r: dict = {}
    try:
        first = driver.Burst(sent=prog.spawned)
        prog.collect(first, quiet_ms, until=marker, timeout=60)
        r["first_frame_ms"] = first.ms_to_last()
        script(prog, r)
        r["peak_rss_kb"] = driver.proc_status_kb(prog.pid, "VmHWM")
        prog.quit(binary, timeout=30)
        return r
    except BaseException:
        prog.kill()
        raise


def round_trip(prog, key: bytes, quiet_ms: float) -> float:
    burst = prog.stimulus(key, quiet_ms, timeout=20)
    if not burst.size:
        raise RuntimeError(f"no answer to {key!r}")
    return burst.ms_to_last()


def cpu_ms(prog) -> float:
    """The program's CPU time so far (schedstat, all threads), in milliseconds."""
    return driver.proc_cpu(prog.pid)["cpu_ns"] / 1e6


def anchors_script(keys: int, quiet_ms: float, press_ms: float, cell: tuple[int, int]):
    """Round trips (wall clock) and the program's CPU time per key (schedstat: what the
    program itself spends, which other load on the machine disturbs far less)."""
    def timed(prog, send) -> tuple[float, float]:
        before = cpu_ms(prog)
        ms = send()
        return ms, cpu_ms(prog) - before

    def script(prog, r):
        # From the first anchor, Right and Left in turn move between it and its neighbour.
        arrows = [timed(prog, lambda i=i: round_trip(prog, RIGHT if i % 2 == 0 else LEFT, quiet_ms))
                  for i in range(2 * (keys // 2))]
        tabs = [timed(prog, lambda: round_trip(prog, TAB, quiet_ms)) for _ in range(keys)]
        x, y = cell

        def click() -> float:
            prog.send(driver.sgr_mouse(x, y, True))
            prog.drain(press_ms / 1000)
            return prog.stimulus(driver.sgr_mouse(x, y, False), quiet_ms, timeout=60).ms_to_last()

        clicks = [timed(prog, click) for _ in range(keys)]
        for name, samples in (("arrow", arrows), ("tab", tabs), ("click", clicks)):
            r[name + "_ms"] = statistics.median(ms for ms, _ in samples)
            r[name + "_cpu_ms"] = statistics.median(cpu for _, cpu in samples)
    return script


def copy_script(keys: int, quiet_ms: float):
    def script(prog, r):
        r["open_ms"] = round_trip(prog, ENTER, quiet_ms)
        r["key_open_ms"] = statistics.median(round_trip(prog, COPY_KEY, quiet_ms) for _ in range(keys))
    return script


def snapshot(binary: str, scene: Path) -> dict:
    """Wall time and peak RSS of `--snapshot --open copy` on `scene`, the RSS as GNU time's
    %M reports it (the rusage of a child forked from Python would count Python's own pages)."""
    argv = [binary, "--snapshot", "--size", "80x24", "--scene", str(scene), "--open", "copy"]
    start = time.monotonic()
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, env=ENV, text=True)
    elapsed = time.monotonic() - start
    if proc.returncode != 0:
        raise RuntimeError(f"--snapshot on {scene.name}: exit status {proc.returncode}: {proc.stderr[-200:]}")
    return {"ms": elapsed * 1000, "peak_rss_kb": int(proc.stderr.strip().splitlines()[-1])}


def fmt(v) -> str:
    return driver.fmt(v)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tui", required=True, help="the tooltip-tui binary")
    p.add_argument("-n", "--runs", type=int, default=3, help="sessions of each case (default 3)")
    p.add_argument("--keys", type=int, default=8, help="keys of each kind per session (default 8)")
    p.add_argument("--anchors", type=int, default=10000, help="anchors of the large scene (default 10000)")
    p.add_argument("--copy-mb", type=float, default=1.0, help="size of the long headline in MB (default 1)")
    p.add_argument("--snapshot-mb", type=float, nargs="*", default=[1.0, 8.0],
                   help="long-line sizes of the --snapshot cases in MB (default 1 8)")
    p.add_argument("--quiet-ms", type=float, default=50.0, help="silence that ends an answer (default 50)")
    p.add_argument("--press-ms", type=float, default=80.0, help="pause between press and release (default 80)")
    p.add_argument("--cases", nargs="*", choices=["anchors", "copy", "snapshot"],
                   default=["anchors", "copy", "snapshot"], help="which cases to run (default all)")
    p.add_argument("--json", help="also write the results as JSON to this file")
    args = p.parse_args()

    columns = 100
    while columns * columns < args.anchors:  # a square grid of anchors
        columns += 1
    rows_of_anchors = (args.anchors + columns - 1) // columns
    cols, rows = columns * 6 + 2, rows_of_anchors * 2 + 3  # the grid, plus the chrome rows
    results: dict = {"screen": [cols, rows]}
    lines = []
    with tempfile.TemporaryDirectory(prefix="tooltip-scale-") as tmp:
        folder = Path(tmp)
        if "anchors" in args.cases:
            anchors_case(args, folder, columns, (cols, rows), results, lines)
        if "copy" in args.cases:
            copy_case(args, folder, results, lines)
        if "snapshot" in args.cases:
            snapshot_case(args, folder, results, lines)
    print("\n".join(lines))
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=2))
    return 0


def spread(values: list[float]) -> str:
    """The range of per-session figures, as `min-max`."""
    return f"{fmt(min(values))}-{fmt(max(values))}"


def anchors_case(args, folder: Path, columns: int, screen: tuple[int, int], results: dict, lines: list[str]) -> None:
    """8 against `args.anchors` anchors on the same screen, sessions alternating; the ratio of
    the medians, and its spread over the sessions (each session's median against its pair's)."""
    cols, rows = screen
    few, many = folder / "few.json", folder / "many.json"
    few.write_text(json.dumps(gallery_scene()))
    many.write_text(json.dumps(grid_scene(args.anchors, columns)))
    runs: dict[str, list[dict]] = {"few": [], "many": []}
    cells = {"few": (18 + 0, 5 + 1), "many": (2, 2)}  # the first anchor's box, screen cells
    markers = {"few": b"A one-line tooltip.", "many": b"A one-line tooltip."}
    for _ in range(args.runs):
        for name, scene in (("few", few), ("many", many)):
            script = anchors_script(args.keys, args.quiet_ms, args.press_ms, cells[name])
            runs[name].append(session(args.tui, scene, cols, rows, markers[name], script, args.quiet_ms))
    count = {"few": len(GALLERY), "many": args.anchors}
    lines.append(f"anchors: a {cols}x{rows} terminal, {args.runs} sessions each, alternating, {args.keys} keys"
                 " of each kind a session; medians of the session medians, [the sessions' range]")
    lines.append(f"{'round trip (ms)':<34} {count['few']:>20,} {count['many']:>20,} {'ratio':>7}"
                 f" {'session pairs':>13}")
    results["anchors"] = {}
    for key, label in (("tab_ms", "Tab"), ("arrow_ms", "arrow (Right, Left)"), ("click_ms", "click (release)"),
                       ("tab_cpu_ms", "Tab: CPU time"), ("arrow_cpu_ms", "arrow: CPU time"),
                       ("click_cpu_ms", "click: CPU time (press + release)"),
                       ("first_frame_ms", "spawn to first frame"), ("peak_rss_kb", "peak RSS (KiB)")):
        fews = [r[key] for r in runs["few"]]
        manys = [r[key] for r in runs["many"]]
        a, b = statistics.median(fews), statistics.median(manys)
        pairs = [m / f for f, m in zip(fews, manys)]
        results["anchors"][key] = {"few": a, "many": b, "ratio": b / a}
        results.setdefault("anchors_sessions", {})[key] = {"few": fews, "many": manys, "pair_ratios": pairs}
        lines.append(f"{label:<34} {fmt(a):>7} [{spread(fews):>11}] {fmt(b):>7} [{spread(manys):>11}]"
                     f" {b / a:>7.2f} {min(pairs):>5.2f}-{max(pairs):<5.2f}")
    results.setdefault("runs", {})["anchors"] = runs


def copy_case(args, folder: Path, results: dict, lines: list[str]) -> None:
    """A one-line headline against a long one: Enter, then keys while it is open."""
    short, big = folder / "short.json", folder / "long.json"
    short.write_text(json.dumps(copy_scene("Send it to your teammates.")))
    big.write_text(json.dumps(copy_scene(long_copy(int(args.copy_mb * 1_000_000)))))
    copy_runs: dict[str, list[dict]] = {"short": [], "long": []}
    for _ in range(args.runs):
        for name, scene in (("short", short), ("long", big)):
            copy_runs[name].append(
                session(args.tui, scene, 80, 24, b"quit", copy_script(args.keys, args.quiet_ms), args.quiet_ms))
    lines.append("")
    lines.append(f"copy: an 80x24 terminal, a one-line headline against {args.copy_mb:g} MB, {args.runs} sessions")
    lines.append(f"{'(median, ms)':<32} {'one line':>10} {'long':>10} {'ratio':>7}")
    results["copy"] = {}
    for key, label in (("first_frame_ms", "spawn to first frame"), ("open_ms", "Enter opens it"),
                       ("key_open_ms", "a key while it is open"), ("peak_rss_kb", "peak RSS (KiB)")):
        a = statistics.median(r[key] for r in copy_runs["short"])
        b = statistics.median(r[key] for r in copy_runs["long"])
        results["copy"][key] = {"short": a, "long": b, "ratio": b / a}
        lines.append(f"{label:<32} {fmt(a):>10} {fmt(b):>10} {b / a:>7.2f}")
    results.setdefault("runs", {})["copy"] = copy_runs


def snapshot_case(args, folder: Path, results: dict, lines: list[str]) -> None:
    """`--snapshot --open` of long lines: time and peak RSS against the file's size."""
    lines.append("")
    lines.append("--snapshot --size 80x24 --open: peak RSS against the scene file's size")
    lines.append(f"{'long line':<12} {'file KiB':>10} {'time ms':>9} {'peak KiB':>10} {'peak/file':>10}")
    results["snapshot"] = []
    floor_file = folder / "snap-short.json"
    floor_file.write_text(json.dumps(copy_scene("Send it to your teammates.")))
    for mb in [0.0] + list(args.snapshot_mb):
        scene = floor_file
        if mb:
            scene = folder / f"snap-{mb:g}.json"
            scene.write_text(json.dumps(copy_scene(long_copy(int(mb * 1024 * 1024)))))
        size_kb = scene.stat().st_size / 1024
        s = snapshot(args.tui, scene)
        results["snapshot"].append({"mb": mb, "file_kb": size_kb, **s})
        label = "one line" if not mb else f"{mb:g} MiB"
        lines.append(f"{label:<12} {size_kb:>10.0f} {s['ms']:>9.0f} {s['peak_rss_kb']:>10,} "
                     f"{s['peak_rss_kb'] / size_kb:>10.2f}")
    base = results["snapshot"][0]["peak_rss_kb"]
    above = [f"{e['mb']:g} MiB {(e['peak_rss_kb'] - base) / e['file_kb']:.2f}x"
             for e in results["snapshot"][1:]]
    lines.append("above the one-line scene's peak, per byte of file: " + ", ".join(above))


if __name__ == "__main__":
    sys.exit(main())
