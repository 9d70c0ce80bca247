#!/usr/bin/env python3
"""Writes the link order of tooltip-tui's functions for its start: every function of the
executable that runs in the session the benchmarks measure (driver.run_once: the first frame,
three opens and closes, a Tab round the anchors, two clicks on an anchor and two on an empty
cell, then q), in the order callgrind first meets them, one mangled symbol a line.

The release build gives the file to the linker (lld's --symbol-ordering-file; see run.sh), which
puts those functions side by side at the start of the code instead of scattered over 9 MB of
it: the kernel maps code in windows of 64 KiB or more around each page touched, so fewer windows
touched is less resident memory and fewer page faults. A symbol that no longer exists is
skipped, so a stale file costs memory, never correctness; regenerate it after changes to what
the demo runs at start:

    Benchmarks/startup_order.py --tui .build/release/tooltip-tui -o Benchmarks/startup-order.txt

With --map FILE (lld's link map of that binary: `scripts/build-release.sh -Xlinker -Map=FILE`,
or `-Xlinker -Map=FILE` beside `--link-flags`) the functions that lie in small input sections
(the project's, compiled with -function-sections, and the runtime's) come first and those that
lie in large ones after them (the stdlib's `Swift.o` holds 1.5 MB of code in one section, some
Foundation and dispatch objects one each): the linker places a section where its first listed
function stands, so one function of a large section listed early moved the whole section into
the middle of the start's code and split it in two. A name that several sections define, a
large one among them (a local helper each object has its own copy of), comes after the small
sections' names: the large sections whose copy does not run (the regex libraries' 900 KB) then
lie between the small sections and the large ones that run, not among them. So the session's
small sections lie side by side in some 280 KB, the large ones after them.

The start's part ends with a part `# zero-initialized data`: the executable's .bss variables
the same run reads or writes from its entry point on (valgrind's lackey, each address mapped to
the symbol that holds it with `nm -S`; names several objects define left out), first touched
first, and with --map those in input sections of a page or more (the stdlib's `Swift.o` keeps
86 KB in one, the runtime's metadata allocator a 64 KB pool) after the others. lld orders any
input section by a symbol it holds, so the sections the start touches (the runtime's C++ has
one per variable, the package's C code too, built with -fdata-sections, and Swift one per
source file) lie side by side in a few pages instead of some twenty: each page of .bss a start
touches costs one or two page faults (read, then written). For tooltip-tui (--tui), the small
sections its first frame touches (a second run, quit at the first frame) come before the large
ones, and the small ones only the rest of the session touches after them.

With --scene FILE (and --tui) the functions that reading a scene file runs follow: those a
`--snapshot --scene FILE` run meets and a `--snapshot` run of the built-in scene does not, first
met first (the decoder, the runtime's metadata and conformance look-ups it starts), so a scene
file's decoding touches a few windows of code after the start's instead of some thirty scattered
ones (docs/perf-log/2026-12-01-scene-file.md and the scene-file logs after it):

    scripts/build-release.sh -Xlinker -Map=.build/release/tooltip-tui.map
    Benchmarks/startup_order.py --tui .build/release/tooltip-tui --map .build/release/tooltip-tui.map \
        --scene Examples/toolbar.json -o Benchmarks/startup-order.txt

With --append as well, the start's part is the one already in the output file, and only the
scene file's functions that are not in it are added at its end.

The scene part leaves out names that several objects define (local helpers such as
`__swift_allocate_boxed_opaque_existential_1Tm`): lld would move every object's section holding
one, including sections where nothing of a scene file runs.

A line `# scene file` starts the scene part and `# conformance descriptors` the last part (lld
skips lines that start with `#`): --append keeps the lines above `# scene file` as the start's
part and adds to the scene part, so the start's part can be regenerated on its own and the scene
file's part added again after it.

With --scene, the file ends with the executable's protocol conformance descriptors (every
`...Mc` symbol): the first conformance look-up that misses the runtime's cache, which decoding
any JSON object through JSONDecoder makes (`String: Hashable` for the dictionary of each keyed
container), reads every descriptor of the executable. Side by side in `.rodata` they are about
300 KB (the sections that hold them) instead of 3,423 places spread over 1.8 MB. The ordering
applies per output section, so this part does not move any code. --append replaces this part.

With --floor instead of --tui it writes the same for a one-line floor program
(Benchmarks/floor), run until it prints its line and reads its key: run.sh links the floor that
is built like tooltip-tui with it, so both sides of the comparison get the same treatment.

`--self-test` checks the link-map reading and the ordering on a map worked out by hand.

Python 3.11 standard library only; needs valgrind.
"""

from __future__ import annotations

import argparse
import bisect
import os
import re
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import driver  # noqa: E402
import keycost  # noqa: E402


def first_met(profile: str, binary: str) -> list[str]:
    """The executable's functions in a callgrind profile, in the order the run first met them."""
    names: list[str] = []
    seen: set[str] = set()
    with open(profile) as f:
        for line in f:
            m = re.match(r"c?fn=\(\d+\) (.+)$", line)
            if m and m.group(1) not in seen:
                seen.add(m.group(1))
                names.append(m.group(1))
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    code = {p[2] for p in (line.split() for line in listing.splitlines()) if len(p) == 3 and p[1] in "tTwW"}
    return [name for name in names if name in code]


def session_under_callgrind(binary: str, profile: str) -> None:
    """The session of driver.run_once (first frame, three opens and closes, Tab round the
    anchors, two clicks on an anchor and two on an empty cell, q) under callgrind."""
    session_under_valgrind(["--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                            f"--log-file={profile}.log"], binary)


def session_under_valgrind(tool: list[str], binary: str, start_only: bool = False) -> None:
    """The session of session_under_callgrind under valgrind with the arguments `tool`; with
    `start_only`, only its first frame and the `q` that ends it."""
    quiet = keycost.QUIET_MS
    argv = ["valgrind", *tool, binary]
    prog = driver.PtyProgram(argv, 80, 24, driver.PTY_ENV)
    try:
        prog.collect(driver.Burst(sent=prog.spawned), quiet, until=driver.SCENE["status_marker"], timeout=120)
        if start_only:
            prog.quit(f"{binary} under valgrind", timeout=120)
            return
        for key in [driver.ENTER, driver.ESC] * 3 + [driver.TAB] * driver.SCENE["anchor_count"]:
            prog.stimulus(key, quiet, timeout=60)
        for _ in range(2):
            for x, y in (driver.SCENE["anchor_cell"], driver.SCENE["empty_cell"]):
                prog.send(driver.sgr_mouse(x, y, True))
                prog.drain(quiet / 1000)
                prog.stimulus(driver.sgr_mouse(x, y, False), quiet, timeout=60)
        prog.quit(f"{binary} under valgrind", timeout=120)
    except BaseException:
        prog.kill()
        raise


# The C run time's code in the executable, which runs at every start and exit but which
# callgrind counts under "(below main)" or the caller's name: ordered first like the rest.
C_START = ["_start", "frame_dummy", "register_tm_clones", "deregister_tm_clones", "__do_global_dtors_aux"]


def executed_functions(binary: str, floor: bool = False) -> list[str]:
    """The mangled names of the executable's functions that run, in first-met order: the demo's
    session (session_under_callgrind), or a floor program's line and key; the C run time's
    start first."""
    with tempfile.TemporaryDirectory() as tmp:
        # valgrind 3.19 gives up on the DWARF of the static Swift runtime (see keycost.py).
        copy = os.path.join(tmp, os.path.basename(binary))
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        profile = os.path.join(tmp, "callgrind.out")
        if floor:
            subprocess.run(
                ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
                 f"--log-file={os.path.join(tmp, 'log')}", copy],
                input=b"x", stdout=subprocess.DEVNULL, check=True,
            )
        else:
            session_under_callgrind(copy, profile)
        names = first_met(profile, binary)
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    defined = {p[2] for p in (line.split() for line in listing.splitlines()) if len(p) == 3}
    start = [name for name in C_START if name in defined and name not in names]
    return start + names


# Where valgrind (amd64) loads a position-independent executable.
VALGRIND_PIE_BASE = 0x108000


def bss_range(binary: str) -> tuple[int, int]:
    """The link-time address range of the executable's .bss."""
    listing = subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        m = re.match(r"\s*\[\s*\d+\]\s+\.bss\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if m:
            start = int(m.group(1), 16)
            return start, start + int(m.group(2), 16)
    raise RuntimeError(f"{binary} has no .bss")


def touched_addresses(binary: str, floor: bool, start_only: bool = False) -> list[int]:
    """The link-time addresses of the executable's .bss that the program (the session of
    session_under_callgrind, or only its first frame with `start_only`, or a floor's line and
    key) reads or writes from its entry point on (not the loader's work before it), first
    touched first: the first and last byte of each access (valgrind's lackey, whose trace is
    read from a pipe as it runs)."""
    low, high = bss_range(binary)
    header = subprocess.run(["readelf", "-h", binary], capture_output=True, text=True, check=True).stdout
    base = VALGRIND_PIE_BASE if re.search(r"Type:\s+DYN", header) else 0
    entry = re.search(r"Entry point address:\s+0x([0-9a-f]+)", header)
    assert entry, header
    entered = f"I  {int(entry.group(1), 16) + base:08x},"
    seen: dict[int, None] = {}

    def read(fifo: str) -> None:
        with open(fifo, errors="replace") as trace:
            for line in trace:
                if line.startswith(entered):
                    break
            for line in trace:
                # " L 0402d000,8", " S ...", " M ..."; instructions ("I  ...") and valgrind's own lines skipped
                if line[:1] != " " or line[1:2] not in ("L", "S", "M"):
                    continue
                comma = line.index(",")
                address = int(line[3:comma], 16) - base
                if low <= address < high:
                    # the first and the last byte: a word may hold two small variables
                    seen.setdefault(address, None)
                    seen.setdefault(address + int(line[comma + 1 :]) - 1, None)

    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, os.path.basename(binary))
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        fifo = os.path.join(tmp, "trace")
        os.mkfifo(fifo)
        reader = threading.Thread(target=read, args=(fifo,))
        reader.start()
        tool = ["--tool=lackey", "--trace-mem=yes", f"--log-file={fifo}"]
        try:
            if floor:
                subprocess.run(["valgrind", *tool, copy], input=b"x", stdout=subprocess.DEVNULL, check=True)
            else:
                session_under_valgrind(tool, copy, start_only)
        finally:
            reader.join(timeout=600)
    return list(seen)


def touched_bss(binary: str, floor: bool = False, start_only: bool = False) -> list[str]:
    """The executable's .bss symbols the run touches (touched_addresses), first
    touched first; names that several objects define are left out (lld would move every
    object's section holding one)."""
    listing = subprocess.run(["nm", "--defined-only", "-n", "-S", binary], capture_output=True, text=True, check=True).stdout
    counts: dict[str, int] = {}
    symbols: list[tuple[int, int, str]] = []
    low, high = bss_range(binary)
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) < 3:
            continue
        counts[parts[-1]] = counts.get(parts[-1], 0) + 1
        if parts[-2] in "bB":
            start = int(parts[0], 16)
            size = int(parts[1], 16) if len(parts) == 4 else 0
            if low <= start < high:
                symbols.append((start, size, parts[-1]))
    starts = [start for start, _, _ in symbols]
    names: dict[str, None] = {}
    for address in touched_addresses(binary, floor, start_only):
        i = bisect.bisect_right(starts, address) - 1
        if i < 0:
            continue
        start, size, name = symbols[i]
        if (size == 0 or address < start + size) and counts[name] == 1:
            names.setdefault(name, None)
    return list(names)


LARGE_SECTION = 8192  # bytes: a section of several functions this large was not split by function


def link_map_lines(link_map: str) -> Iterator[tuple[str | None, int, int, str]]:
    """The lines of an lld link map as (output section, indent, size, text): after VMA, LMA,
    Size and Align, an output section (no indent), an input section (8 spaces) or a symbol (16
    spaces); the output section is the one the line lies in."""
    output = None
    with open(link_map) as f:
        for line in f:
            m = re.match(r"\s*[0-9a-f]+\s+[0-9a-f]+\s+([0-9a-f]+)\s+\d+ (\s*)(\S.*)$", line)
            if not m:
                continue
            indent = len(m.group(2))
            text = m.group(3).strip()
            if indent == 0:
                output = text
            yield output, indent, int(m.group(1), 16), text


def large_sections_of(link_map: str) -> dict[str, list[bool]]:
    """For each function symbol of the output's .text in an lld link map, whether each input
    section that defines it (a local name can be defined in many) is a large one: at least
    LARGE_SECTION bytes holding more than one function (a single large function is no
    different from a small one)."""
    members: list[list[str]] = []
    sizes: list[int] = []
    for output, indent, size, text in link_map_lines(link_map):
        if output == ".text" and indent == 8:
            members.append([])
            sizes.append(size)
        elif output == ".text" and indent == 16 and members:
            members[-1].append(text)
    large: dict[str, list[bool]] = {}
    for names, size in zip(members, sizes):
        for name in names:
            large.setdefault(name, []).append(size >= LARGE_SECTION and len(names) > 1)
    return large


def small_sections_first(names: list[str], link_map: str) -> list[str]:
    """`names` in their order: those in small input sections, then those that several sections
    define, a large one among them, then those in one large section (see the module's doc)."""
    sections = large_sections_of(link_map)
    small: list[str] = []
    large: list[str] = []
    shared: list[str] = []
    for name in names:
        kinds = sections.get(name, [False])
        if not any(kinds):
            small.append(name)
        elif len(kinds) == 1:
            large.append(name)
        else:
            shared.append(name)
    return small + shared + large


def bss_section_sizes(link_map: str) -> dict[str, int]:
    """For each symbol of the output's .bss in an lld link map, the size of the input section
    that holds it."""
    sizes: dict[str, int] = {}
    section = 0
    for output, indent, size, text in link_map_lines(link_map):
        if output == ".bss" and indent == 8:
            section = size
            # lld's map shows C++ names demangled; a section of its own is named by the
            # mangled one (-fdata-sections)
            own = re.search(r"\(\.bss\.(.+)\)$", text)
            if own:
                sizes[own.group(1)] = section
        elif output == ".bss" and indent == 16:
            sizes[text] = section
    return sizes


def small_bss_first(names: list[str], link_map: str, start: list[str] | None = None) -> list[str]:
    """`names` (.bss symbols) in their order, those in input sections of a page or more after
    the others: the stdlib's `Swift.o` keeps its 86 KB of zero-initialized data in one section,
    the runtime's metadata allocator a 64 KB pool, of which a start touches a few pages; among
    the small sections they would spread those a start touches over many pages.

    With `start`, the names the first frame touches, the small ones of those come first, then
    the large ones, then the other small ones: Swift emits one .bss section per source file,
    so a variable the session touches later brings its file's section in among the start's
    pages; after the large sections, what the first frame touches lies in fewer pages, and the
    first page of `Swift.o` (which the start touches) shares the last of them."""
    sizes = bss_section_sizes(link_map)
    small = [name for name in names if sizes.get(name, 0) < 4096]
    large = [name for name in names if sizes.get(name, 0) >= 4096]
    if start is None:
        return small + large
    first = set(start)
    early = [name for name in start if sizes.get(name, 0) < 4096]
    return early + large + [name for name in small if name not in first]


def snapshot_functions(binary: str, extra: list[str]) -> list[str]:
    """The executable's functions that a `--snapshot --size 80x24` run with `extra` arguments
    meets, in first-met order."""
    with tempfile.TemporaryDirectory() as tmp:
        copy = os.path.join(tmp, os.path.basename(binary))
        subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
        profile = os.path.join(tmp, "callgrind.out")
        subprocess.run(
            ["valgrind", "--tool=callgrind", "--demangle=no", f"--callgrind-out-file={profile}",
             f"--log-file={os.path.join(tmp, 'log')}", copy, "--snapshot", "--size", "80x24", *extra],
            stdout=subprocess.DEVNULL, check=True,
        )
        return first_met(profile, binary)


def scene_file_functions(binary: str, scene: str) -> list[str]:
    """The functions reading and decoding the scene file `scene` adds to a snapshot of the
    built-in scene, first met first."""
    builtin = set(snapshot_functions(binary, []))
    return [name for name in snapshot_functions(binary, ["--scene", scene]) if name not in builtin]


def defined_more_than_once(binary: str) -> set[str]:
    """Names of the executable's functions that several objects define (local helpers such as
    `__swift_allocate_boxed_opaque_existential_1Tm`, emitted in every object that needs one).

    lld moves the section of every symbol with a listed name, so listing such a name moves the
    sections of all the objects that define it, whichever copy ran: JSONEncoder.swift.o's 67 KB,
    where nothing of a scene file runs, sat in the middle of the scene part that way. The copies
    a scene file runs lie in sections the part holds through other names (the decoder's, the
    scene code's), so the scene part leaves these names out."""
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    counts: dict[str, int] = {}
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            counts[parts[2]] = counts.get(parts[2], 0) + 1
    return {name for name, count in counts.items() if count > 1}


def conformance_descriptors(binary: str) -> list[str]:
    """The executable's protocol conformance descriptors, in address order."""
    listing = subprocess.run(["nm", "--defined-only", "-n", binary], capture_output=True, text=True, check=True).stdout
    names: list[str] = []
    seen: set[str] = set()
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "dDrR" and parts[2].endswith("Mc") and parts[2] not in seen:
            seen.add(parts[2])
            names.append(parts[2])
    return names


SELF_TEST_MAP = """\
             VMA              LMA     Size Align Out     In      Symbol
          200000           200000     9000    16 .text
          200000           200000      180    16         a.o:(.text.hot_small)
          200000           200000      180     1                 hot_small
          200180           200180     4000    16         libswiftCore.a(Swift.o):(.text)
          200180           200180       40     1                 stdlib_one
          2001c0           2001c0       40     1                 helper
          204180           204180     2400    16         big.o:(.text.one_big_function)
          204180           204180     2400     1                 one_big_function
          206580           206580       30    16         b.o:(.text.helper)
          206580           206580       30     1                 helper
          2065b0           2065b0     2a50    16         libRegex.a(R.o):(.text)
          2065b0           2065b0       20     1                 helper
          2065d0           2065d0       20     1                 regex_only
          209000           209000       10    16 .data
          209000           209000       10    16         a.o:(.data)
          209000           209000       10     1                 not_code
          20a000           20a000     3010  4096 .bss
          20a000           20a000        8     8         a.o:(.bss)
          20a000           20a000        8     1                 hot_var
          20a010           20a010     2000    16         libswiftCore.a(Swift.o):(.bss)
          20a010           20a010        8     1                 stdlib_var
          20c010           20c010     1000     8         libswiftCore.a(M.cpp.o):(.bss._ZL4pool)
          20c010           20c010     1000     1                 pool
"""


def self_test() -> None:
    """small_sections_first and small_bss_first on a link map worked out by hand."""
    with tempfile.TemporaryDirectory() as tmp:
        link_map = os.path.join(tmp, "map")
        Path(link_map).write_text(SELF_TEST_MAP)
        large = large_sections_of(link_map)
        assert large["hot_small"] == [False], large
        assert large["one_big_function"] == [False], large  # one function, however large
        assert large["stdlib_one"] == [True], large
        assert sorted(large["helper"]) == [False, True, True], large
        assert "not_code" not in large, large
        names = ["stdlib_one", "helper", "hot_small", "one_big_function", "unknown"]
        got = small_sections_first(names, link_map)
        want = ["hot_small", "one_big_function", "unknown", "helper", "stdlib_one"]
        assert got == want, got
        assert bss_section_sizes(link_map) == {"hot_var": 8, "stdlib_var": 0x2000, "_ZL4pool": 0x1000, "pool": 0x1000}
        got = small_bss_first(["stdlib_var", "_ZL4pool", "hot_var", "unknown"], link_map)
        assert got == ["hot_var", "unknown", "stdlib_var", "_ZL4pool"], got
    print("self-test passed")


def main() -> int:
    if sys.argv[1:] == ["--self-test"]:
        self_test()
        return 0
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--tui", help="a release tooltip-tui (static stdlib)")
    which.add_argument("--floor", help="a floor program of Benchmarks/floor (prints a line, reads a key)")
    p.add_argument("--scene", help="with --tui: a scene file whose decoding's functions follow the start's")
    p.add_argument("--append", action="store_true", help="with --scene: keep the output file's start part")
    p.add_argument("--map", help="lld's link map of the binary: small input sections' functions first")
    p.add_argument("-o", "--output", required=True, help="the ordering file to write")
    args = p.parse_args()
    if args.scene and not args.tui:
        p.error("--scene needs --tui")
    if args.append and not args.scene:
        p.error("--append needs --scene")
    scene: list[str] = []
    if args.append:
        part = "start"
        names = []
        for line in Path(args.output).read_text().splitlines():
            line = line.strip()
            if line == "# zero-initialized data" and part == "start":
                names.append(line)
            elif line.startswith("#"):
                part = {"# scene file": "scene", "# conformance descriptors": "descriptors"}.get(line, part)
            elif line and part != "descriptors" and not line.endswith("Mc"):
                (scene if part == "scene" else names).append(line)
    else:
        binary = args.tui or args.floor
        names = executed_functions(binary, floor=args.floor is not None)
        if args.map:
            names = small_sections_first(names, args.map)
        bss = touched_bss(binary, floor=args.floor is not None)
        if args.map:
            start = touched_bss(binary, start_only=True) if args.tui else None
            bss = small_bss_first(bss, args.map, start)
        names += ["# zero-initialized data"] + bss
    lines = names
    if args.scene:
        known = set(names) | set(scene)
        scene += [name for name in scene_file_functions(args.tui, args.scene) if name not in known]
        shared = defined_more_than_once(args.tui)
        scene = [name for name in scene if name not in shared]
        lines = names + ["# scene file"] + scene + ["# conformance descriptors"] + conformance_descriptors(args.tui)
    Path(args.output).write_text("\n".join(lines) + "\n")
    print(f"{len(lines)} lines written to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
