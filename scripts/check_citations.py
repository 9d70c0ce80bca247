#!/usr/bin/env python3
"""Checks that the repository cites only what it holds: no file cites the contract document
kept outside the repository (by its name, as a document), every citation of the behaviour
reference (`BEHAVIOUR n`, `docs/BEHAVIOUR.md` section n) names a section that
docs/BEHAVIOUR.md has, and every repo-relative link or path to a document exists.

    python3 scripts/check_citations.py [--root DIR]

Looks at the files git tracks under DIR (every file, when DIR is not a git checkout), text
only. Prints one line per problem, `FILE:LINE: what`, and exits 1 if there is any, else 0.
`Tests/CommandLineTests/DocsAgreementTests.swift` runs it.
"""

import argparse
import pathlib
import re
import subprocess
import sys

# The outside document's name, spelled so that this file does not cite it.
OUTSIDE = "SP" + "EC"
OUTSIDE_CITATION = re.compile(r"\b" + OUTSIDE + r"\b")
REFERENCE = "docs/BEHAVIOUR.md"
# `BEHAVIOUR 3`, `BEHAVIOUR section 3`, `BEHAVIOUR.md 3`, `docs/BEHAVIOUR.md section 3`.
REFERENCE_CITATION = re.compile(r"\bBEHAVIOUR(?:\.md)?\s+(?:section\s+)?(\d+)\b")
# A Markdown link's target: [text](target).
MARKDOWN_LINK = re.compile(r"\]\(([^)\s]+)\)")
# A path to a document of the repository's, written out anywhere: docs/..., or a top-level page.
DOC_PATH = re.compile(r"(?<![\w./-])((?:docs|api|scripts|Examples)/[\w./-]*[\w-]\.(?:md|svg|tsv|txt|py|sh|json))\b")
TOP_PAGE = re.compile(r"(?<![\w./-])([A-Z][A-Z_]+\.md)\b")
TEXT_SUFFIXES = {
    ".md", ".swift", ".py", ".sh", ".h", ".c", ".txt", ".json", ".tsv", ".yml", ".yaml", ".modulemap", ".ld", ".supp",
    "",
}


def tracked(root: pathlib.Path) -> list[pathlib.Path]:
    try:
        listing = subprocess.run(["git", "-C", str(root), "ls-files", "-z"], capture_output=True, check=True)
        names = [name for name in listing.stdout.decode().split("\0") if name]
        return [root / name for name in names]
    except (subprocess.CalledProcessError, FileNotFoundError):
        return [path for path in root.rglob("*") if path.is_file() and ".build" not in path.parts and ".git" not in path.parts]


def sections(root: pathlib.Path) -> set[int]:
    reference = root / REFERENCE
    if not reference.exists():
        return set()
    return {int(number) for number in re.findall(r"^## (\d+)\. ", reference.read_text(encoding="utf-8"), re.MULTILINE)}


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parent.parent)
    root = parser.parse_args().root.resolve()
    problems: list[str] = []
    known = sections(root)
    if not known:
        problems.append(f"{REFERENCE}: missing, or without numbered sections (## 1. ...)")
    for path in tracked(root):
        if path.suffix not in TEXT_SUFFIXES or not path.is_file():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        name = str(path.relative_to(root))
        for match in OUTSIDE_CITATION.finditer(text):
            problems.append(f"{name}:{line_of(text, match.start())}: cites {OUTSIDE}, a document outside the "
                            f"repository: cite {REFERENCE} (BEHAVIOUR n) instead")
        for match in REFERENCE_CITATION.finditer(text):
            if int(match[1]) not in known:
                problems.append(f"{name}:{line_of(text, match.start())}: cites section {match[1]} of {REFERENCE}, "
                                f"which has sections {sorted(known)}")
        targets: list[tuple[int, pathlib.Path, str]] = []
        if path.suffix == ".md":
            for match in MARKDOWN_LINK.finditer(text):
                target = match[1].split("#")[0]
                if not target or re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("<"):
                    continue
                base = root if target.startswith("/") else path.parent
                targets.append((match.start(), base / target.lstrip("/"), match[1]))
        for match in DOC_PATH.finditer(text):
            targets.append((match.start(), root / match[1], match[1]))
        for match in TOP_PAGE.finditer(text):
            # A page named alone: beside the file, at the top, or among the guides in docs/.
            places = [path.parent / match[1], root / match[1], root / "docs" / match[1]]
            targets.append((match.start(), next((place for place in places if place.exists()), places[0]), match[1]))
        for offset, target, written in targets:
            if "*" in written or "X.Y.Z" in written or not target.name:
                continue
            if not target.exists():
                problems.append(f"{name}:{line_of(text, offset)}: links {written}, which does not exist")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
