#!/usr/bin/env python3
"""Where the code a run executes lies: how much of a program's text the kernel keeps resident
for it, with the ASLR noise taken out.

The kernel maps a program's code in 64 KiB windows around each page a run touches (fault-around),
and where the windows fall depends on the load address, so the peak RSS of one run moves by
+-150 KiB with it. This runs one of inprogram.py's programs under callgrind (--dump-instr=yes):
its first frame, its own keys and (with --bubble) the tooltip keys, then q; takes the address of
every instruction executed in the executable, the 4 KiB pages of its text they fall in, and
counts the 64 KiB windows those pages touch for each of the 16 ways a window can lie across
them. Prints the mean, least and most KiB, for the standard library's one large text section
(libswiftCore's Swift.o, which no order file can rearrange) and for the rest.

    Benchmarks/codepages.py BINARY PRODUCT [--bubble]

PRODUCT is job-monitor or toolbar-own-curses (inprogram.py's names). Python 3.11 standard
library only; valgrind, nm.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import inprogram  # noqa: E402

WINDOW_PAGES = 16  # 64 KiB of 4 KiB pages
# The first function of libswiftCore's Swift.o text section and that section's size (Swift 6.3.1).
STDLIB_FIRST = "$ss10_ArrayBodyV8_storageSo06_SwiftaB7StorageVvM.resume.0"
STDLIB_SIZE = 0x187EEA


def executed_addresses(profile: str) -> set[int]:
    """The addresses of the instructions callgrind saw executed in the executable (named
    `program` by inprogram.counted_frames)."""
    names: dict[str, str] = {}
    program: str | None = None
    current: str | None = None
    last = 0
    addresses: set[int] = set()
    with open(profile) as f:
        for line in f:
            line = line.strip()
            m = re.match(r"^(c?)ob=\((\d+)\)(?: (.*))?$", line)
            if m:
                if m.group(3):
                    names[m.group(2)] = m.group(3)
                    if m.group(3).endswith("/program"):
                        program = m.group(2)
                if not m.group(1):
                    current = m.group(2)
                continue
            if not line or line.startswith("calls=") or not (line[0] in "+-*" or line[0].isdigit()):
                continue
            token = line.split()[0]
            if token == "*":
                address = last
            elif token[0] in "+-":
                address = last + int(token, 0)
            else:
                address = int(token, 0)
            last = address
            if current is not None and current == program:
                addresses.add(address)
    return addresses


def stdlib_range(binary: str) -> tuple[int, int] | None:
    listing = subprocess.run(["nm", "--defined-only", binary], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == STDLIB_FIRST:
            start = int(parts[0], 16)
            return start, start + STDLIB_SIZE
    return None


def windows_kib(pages: set[int]) -> tuple[float, int, int]:
    """Mean, least and most KiB of 64 KiB windows over `pages`, over the 16 placements."""
    counts = [len({(page + shift) // WINDOW_PAGES for page in pages}) * 64 for shift in range(WINDOW_PAGES)]
    return statistics.mean(counts), min(counts), max(counts)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("binary")
    parser.add_argument("product", choices=list(inprogram.PROGRAMS))
    parser.add_argument("--bubble", action="store_true", help="send the tooltip keys too")
    args = parser.parse_args()
    spec = inprogram.PROGRAMS[args.product]
    keys = spec["own"] + (spec["tooltip"] if args.bubble else [])
    with tempfile.TemporaryDirectory() as tmp:
        profile = os.path.join(tmp, "callgrind.out")
        inprogram.counted_frames(args.binary, spec, keys, profile=profile, options=("--dump-instr=yes",))
        addresses = executed_addresses(profile)
    stdlib = stdlib_range(args.binary) or (0, 0)
    pages = {address // 4096 for address in addresses}
    inside = {address // 4096 for address in addresses if stdlib[0] <= address < stdlib[1]}
    for title, chosen in (("all", pages), ("standard library section", inside), ("the rest", pages - inside)):
        mean, least, most = windows_kib(chosen)
        print(f"{title}: {len(chosen)} pages run, {mean:,.0f} KiB resident expected ({least:,} to {most:,})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
