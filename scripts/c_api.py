#!/usr/bin/env python3
"""The C API of TooltipKit (Sources/TooltipC/include/tooltip.h), its declarations normalized.

    scripts/c_api.py             the header's declarations, one a line: each function's
                                 prototype, each enum constant with its value, each macro, each
                                 typedef and struct field, comments and spacing gone (the form
                                 of the listing in api/c/)
    scripts/c_api.py --check     compares the header with the newest listing in api/c/ and fails
                                 (exit 1) when a declaration added, removed or changed is not
                                 named in CHANGELOG.md's "Unreleased" section (by its `ttk_` or
                                 `TTK_` name); 0 otherwise

The listing in api/c/ is that of the version CHANGELOG's "Unreleased" section is to become
(api/c/0.3.0.txt while the C API is new); at a release it is written again with
`scripts/c_api.py > api/c/X.Y.Z.txt`, as `api/X.Y.Z.txt` is for the Swift API.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
HEADER = ROOT / "Sources" / "TooltipC" / "include" / "tooltip.h"
LISTINGS = ROOT / "api" / "c"


def declarations(text):
    """The normalized declarations of a header's text, in order."""
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    lines = []
    for macro in re.finditer(r"^\s*#define\s+(TTK_\w+)\s+(.*)$", text, re.M):
        lines.append(f"#define {macro.group(1)} {macro.group(2).strip()}")
    body = re.sub(r"^\s*#.*$", " ", text, flags=re.M)
    body = re.sub(r'extern\s+"C"\s*\{|^\s*\}\s*$', " ", body, flags=re.M)
    struct = None  # the struct whose fields are being read
    for statement in body.split(";"):
        statement = " ".join(statement.split())
        if not statement:
            continue
        enum = re.match(r"enum (\w+) \{(.*)\}$", statement)
        if enum:
            for constant in enum.group(2).split(","):
                name, _, value = (part.strip() for part in constant.partition("="))
                if name:
                    lines.append(f"enum {enum.group(1)} {name} = {value}")
            continue
        opened = re.match(r"typedef struct (\w+) \{ ?(.*)$", statement)
        if opened:
            struct = opened.group(1)
            lines.append(f"typedef struct {struct}")
            statement = opened.group(2)
        if struct and statement.startswith("}"):
            lines.append(f"typedef struct {struct} {statement.lstrip('} ').strip()}")
            struct = None
            continue
        if struct:
            lines.append(f"struct {struct} field {statement}")
            continue
        lines.append(re.sub(r"\s*([(),*])\s*", r"\1", statement).replace(",", ", ").replace("*", " *").replace("  ", " "))
    return lines


def newest_listing():
    listings = sorted(LISTINGS.glob("*.txt"), key=lambda p: tuple(int(n) for n in p.stem.split(".")))
    return listings[-1] if listings else None


def unreleased():
    text = (ROOT / "CHANGELOG.md").read_text()
    start = re.search(r"^## \[Unreleased\]", text, re.M).start()
    end = text.find("\n## [", start + 1)
    return text[start:end if end >= 0 else len(text)]


def check():
    last = newest_listing()
    if last is None:
        print("c_api.py: no listing in api/c/", file=sys.stderr)
        return 2
    now = declarations(HEADER.read_text())
    before = last.read_text().splitlines()
    changed = [("+", line) for line in now if line not in before] + [("-", line) for line in before if line not in now]
    named = unreleased()
    missing = []
    for sign, line in changed:
        names = re.findall(r"\b(?:ttk|TTK)_\w+", line)
        if not names or not any(re.search(rf"\b{re.escape(name)}\b", named) for name in names):
            missing.append(f"{sign} {line}")
    for line in missing:
        print("c_api.py: not named in CHANGELOG's Unreleased section: " + line, file=sys.stderr)
    print("C API (tooltip.h) against api/c/%s: %d added, %d removed, %d not named in CHANGELOG"
          % (last.name, sum(s == "+" for s, _ in changed), sum(s == "-" for s, _ in changed), len(missing)))
    return 1 if missing else 0


if __name__ == "__main__":
    if sys.argv[1:] == ["--check"]:
        sys.exit(check())
    if sys.argv[1:]:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    print("\n".join(declarations(HEADER.read_text())))
