#!/usr/bin/env python3
"""Writes Sources/TooltipKit/Text/WidthTable.swift, the core's display width of every Unicode
scalar, from the Unicode Character Database files of one Unicode version.

    scripts/widths.py [--ucd DIR] [--output FILE] [--check]

DIR defaults to /usr/share/unicode (Debian's `unicode-data` package); the Unicode version is
read from its ReadMe.txt and named in the generated file's header, with this script and the
files read. --check writes nothing and fails when the checked-in file differs from what the
data gives (the file is never edited by hand).

The rules are the ones glibc's locale generator (localedata/unicode-gen/utf8_gen.py) applies,
which is what the core measured with before the table, and what ncurses and most terminals
count columns by:

- a scalar that is not assigned (not in UnicodeData.txt), a surrogate (Cs), a control (Cc) or
  the line or paragraph separator (Zl, Zp) cannot be measured (the core draws U+FFFD for it);
- East Asian Width W or F (EastAsianWidth.txt) is 2 columns, and so are U+3248..U+324F (circled
  numbers on black squares, "A") and U+4DC0..U+4DFF (Yijing hexagram symbols, "N"), as glibc
  counts them;
- a nonspacing or enclosing mark (Mn, Me), a format character (Cf) or a scalar of bidi class NSM
  is 0 columns, but not a Prepended_Concatenation_Mark (PropList.txt: U+0600..U+0605 and the
  like, drawn with a width of their own) nor U+00AD SOFT HYPHEN, which are 1;
- the Hangul Jamo medial vowels and final consonants (U+1160..U+11FF, U+D7B0..U+D7FF), which
  join the initial consonant before them into one syllable block, are 0 columns;
- every other assigned scalar (private use included) is 1 column.

Emoji presentation needs no rule of its own: every Emoji_Presentation scalar is W. A grapheme's
width is the sum of its scalars' (Text.swift), so a variation selector (Mn) adds nothing.

The table is two-staged: the scalars in blocks of 128, a block number for each block
(`blocks`, two characters from "0" to "o" each, high then low six bits) and each distinct
block's 128 widths (`widths`, one digit each:
0, 1, 2, or 3 for a scalar that cannot be measured), both string literals the binary keeps as
read-only bytes: nothing to build at start-up, one lookup of two bytes per scalar.

Python 3.11 standard library only.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Sources/TooltipKit/Text/WidthTable.swift"
BLOCK = 128
UNMEASURED = 3
# The block-number alphabet: the 64 characters from "0" (0x30) to "o" (0x6F), two per block number
# (4096 blocks at most), so a digit's value is its byte less 0x30. The backslash among them is
# escaped in the literal.
DIGITS = "".join(chr(c) for c in range(0x30, 0x70))
INPUTS = ["UnicodeData.txt", "EastAsianWidth.txt", "PropList.txt"]


def ranges(path: Path, wanted: re.Pattern[str]):
    """The code point ranges of the data lines of `path` whose property field matches `wanted`."""
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        points, value = (field.strip() for field in line.split(";")[:2])
        if not wanted.fullmatch(value):
            continue
        first, _, last = points.partition("..")
        yield int(first, 16), int(last or first, 16)


def version(ucd: Path) -> str:
    """The Unicode version of the files in `ucd`, from their ReadMe.txt."""
    text = (ucd / "ReadMe.txt").read_text(encoding="utf-8")
    found = re.search(r"Version (\d+\.\d+\.\d+) of the Unicode Standard", text) or re.search(
        r"Unicode (\d+\.\d+\.\d+)", text
    )
    if not found:
        raise SystemExit(f"widths.py: no Unicode version in {ucd / 'ReadMe.txt'}")
    return found.group(1)


def widths(ucd: Path) -> list[int]:
    """The width of every code point 0..0x10FFFF by the rules above (UNMEASURED for none)."""
    table = [UNMEASURED] * 0x110000
    assigned: dict[int, tuple[str, str]] = {}
    pending: int | None = None
    for line in (ucd / "UnicodeData.txt").read_text(encoding="utf-8").splitlines():
        fields = line.split(";")
        point, name, category, bidi = int(fields[0], 16), fields[1], fields[2], fields[4]
        if name.endswith(", First>"):
            pending = point
            continue
        start = pending if name.endswith(", Last>") and pending is not None else point
        pending = None
        for p in range(start, point + 1):
            assigned[p] = (category, bidi)
    for point, (category, _) in assigned.items():
        if category not in ("Cs", "Cc", "Zl", "Zp"):
            table[point] = 1
    for first, last in ranges(ucd / "EastAsianWidth.txt", re.compile("W|F")):
        for p in range(first, last + 1):
            if p in assigned and table[p] != UNMEASURED:
                table[p] = 2
    for p in [*range(0x3248, 0x3250), *range(0x4DC0, 0x4E00)]:
        if p in assigned:
            table[p] = 2
    for point, (category, bidi) in assigned.items():
        if category in ("Mn", "Me", "Cf") or bidi == "NSM":
            table[point] = 0
    for first, last in ranges(ucd / "PropList.txt", re.compile("Prepended_Concatenation_Mark")):
        for p in range(first, last + 1):
            table[p] = 1
    table[0x00AD] = 1
    for p in [*range(0x1160, 0x1200), *range(0xD7B0, 0xD800)]:
        if p in assigned:
            table[p] = 0
    return table


def chunks(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def swift(table: list[int], unicode_version: str) -> str:
    """The generated Swift file for `table`."""
    distinct: dict[tuple[int, ...], int] = {}
    numbers: list[int] = []
    for start in range(0, len(table), BLOCK):
        block = tuple(table[start : start + BLOCK])
        numbers.append(distinct.setdefault(block, len(distinct)))
    if len(distinct) > len(DIGITS) ** 2:
        raise SystemExit("widths.py: too many distinct blocks for two digits each")
    blocks = "".join(DIGITS[n // len(DIGITS)] + DIGITS[n % len(DIGITS)] for n in numbers)
    digits = "".join("".join(str(w) for w in block) for block in distinct)
    # Multi-line literals with every line break escaped: short lines, one string.
    def literal(text: str, width: int) -> str:
        lines = ("    " + line.replace("\\", "\\\\") for line in chunks(text, width))
        return "\\\n".join(lines) + "\n    "

    inputs = ", ".join(INPUTS)
    return f'''// Generated by scripts/widths.py from the Unicode Character Database {unicode_version}:
// {inputs} (Debian's unicode-data package, /usr/share/unicode).
// Do not edit: run `python3 scripts/widths.py` after changing the script or the data.
// swift-format-ignore-file

/// The display width of every Unicode scalar, generated from the Unicode Character Database:
/// 0, 1 or 2 columns, or none for a scalar that cannot be measured (unassigned, a surrogate, a
/// control, the line or paragraph separator).
///
/// Compiled in, so the core measures the same on every machine, whatever the host's C library
/// and locales; the rules are glibc's (scripts/widths.py says which), the measure terminal
/// libraries advance the cursor by.
package enum WidthTable {{
  /// The version of the Unicode Character Database the table was generated from.
  package static let unicodeVersion = "{unicode_version}"

  /// The scalars in blocks of {BLOCK}: each block's number in ``widths``, two characters each
  /// from "0" (0x30) to "o" (0x6F), the high six bits first (the backslash is escaped).
  static let blocks: StaticString = """
{literal(blocks, 96)}"""

  /// The {len(distinct)} distinct blocks, {BLOCK} widths each: a digit per scalar, 3 for one
  /// that cannot be measured.
  static let widths: StaticString = """
{literal(digits, BLOCK)}"""

  /// The width of the scalar `value` (below 0x110000): 0, 1, 2, or 3 when it cannot be measured.
  @inline(__always) package static func width(_ value: UInt32) -> UInt8 {{
    let entry = Int(value >> {BLOCK.bit_length() - 1}) &* 2
    let high = Int(blocks.utf8Start[entry] &- 0x30)
    let block = high &<< 6 | Int(blocks.utf8Start[entry &+ 1] &- 0x30)
    return widths.utf8Start[block &* {BLOCK} &+ Int(value & {BLOCK - 1})] &- 0x30
  }}
}}
'''


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ucd", default="/usr/share/unicode", help="the Unicode Character Database files")
    p.add_argument("--output", default=str(OUTPUT), help="the Swift file to write")
    p.add_argument("--check", action="store_true", help="fail when the output file is not what the data gives")
    p.add_argument("--dump", help="also write every scalar's width, one line 'HEX WIDTH' (-1: none), to this file")
    args = p.parse_args()
    ucd = Path(args.ucd)
    table = widths(ucd)
    text = swift(table, version(ucd))
    if args.dump:
        Path(args.dump).write_text(
            "".join(f"{p:X} {-1 if w == UNMEASURED else w}\n" for p, w in enumerate(table)), encoding="utf-8"
        )
    out = Path(args.output)
    if args.check:
        if not out.exists() or out.read_text(encoding="utf-8") != text:
            print(f"widths.py: {out} is not what {ucd} gives; run scripts/widths.py", file=sys.stderr)
            return 1
        return 0
    out.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
