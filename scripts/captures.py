#!/usr/bin/env python3
"""Regenerates every capture in docs/DEMO.md and every picture in docs/ from tooltip-tui itself.

    scripts/captures.py                 build tooltip-tui, then rewrite what differs
    scripts/captures.py --check         change nothing; list what differs, exit 1 if anything
    scripts/captures.py --binary PATH   use that tooltip-tui instead of building one

Captures (in docs/DEMO.md, the demo's guide): a fenced block right after a comment `<!-- capture: ARGS -->` holds what
`tooltip-tui ARGS` prints, each line with its trailing spaces removed. Pictures: each line of
docs/pictures.tsv names a file in docs/ and the arguments whose `--snapshot --svg` it holds.
The binary runs from the repository's root under C.UTF-8, without NO_COLOR, so relative paths
such as Examples/toolbar.json work and the output is the same on every machine.
Tests/CommandLineTests/CaptureTests.swift checks the same things on every `swift test`.
"""

import argparse
import os
import pathlib
import re
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
GUIDE = DOCS / "DEMO.md"
MANIFEST = DOCS / "pictures.tsv"
CAPTURE = re.compile(r"(<!-- capture: (?P<args>[^>]*?) -->\n```[a-z]*\n)(?P<body>.*?)(```)", re.DOTALL)


def environment():
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.update({"LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "SWIFT_BACKTRACE": "interactive=no"})
    return env


def run(binary, args):
    """tooltip-tui's stdout for `args`; status 0 and 1 (findings) are output, 2 is an error."""
    done = subprocess.run([binary, *args], cwd=ROOT, env=environment(), capture_output=True)
    if done.returncode not in (0, 1):
        sys.exit(f"captures.py: tooltip-tui {' '.join(args)} failed ({done.returncode}): "
                 f"{done.stderr.decode(errors='replace').strip()}")
    return done.stdout.decode()


def guide_text(binary, text):
    """The guide with every capture block replaced by the binary's output."""
    def replace(match):
        output = run(binary, match.group("args").split())
        lines = [line.rstrip(" ") for line in output.split("\n")]
        if lines and lines[-1] == "":
            lines.pop()
        return match.group(1) + "".join(line + "\n" for line in lines) + match.group(4)
    return CAPTURE.sub(replace, text), len(CAPTURE.findall(text))


def pictures():
    """(file name, arguments) for each line of docs/pictures.tsv."""
    for line in MANIFEST.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, args = line.split("\t", 1)
            yield name, ["--snapshot", "--svg", *args.split()]


def build():
    subprocess.run(["swift", "build", "--product", "tooltip-tui"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "tooltip-tui")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="list what differs, change nothing")
    parser.add_argument("--binary", help="the tooltip-tui to run (default: build one)")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary) if options.binary else build()

    differ = []
    old = GUIDE.read_text()
    new, count = guide_text(binary, old)
    if new != old:
        differ.append("docs/DEMO.md")
        if not options.check:
            GUIDE.write_text(new)
    names = []
    for name, args in pictures():
        names.append(name)
        picture = run(binary, args)
        target = DOCS / name
        if not target.exists() or target.read_text() != picture:
            differ.append(f"docs/{name}")
            if not options.check:
                target.write_text(picture)

    verb = "differ" if options.check else "rewritten"
    print(f"{count} captures in docs/DEMO.md, {len(names)} pictures; {verb}: {', '.join(differ) or 'none'}")
    return 1 if options.check and differ else 0


if __name__ == "__main__":
    sys.exit(main())
