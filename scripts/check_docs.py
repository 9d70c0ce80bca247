#!/usr/bin/env python3
"""Checks what the documentation says about the package against the package itself, where a
machine can: the library products (README, CONTRIBUTING, the DocC articles and the version's
doc comment against Package.swift), the version the dependency examples ask for and the
fixes `.upToNextMinor` takes (against `tooltipKitVersion` and CHANGELOG.md's releases), and the
triggers the docs list (against the cases of `Trigger`).

    python3 scripts/check_docs.py [--root DIR]

Prints one line per disagreement, naming the file and line, and exits 1 if there is any, else
0. `Tests/CommandLineTests/DocsAgreementTests.swift` runs it on the repository and on copies
with one thing wrong.
"""

import argparse
import pathlib
import re
import sys

NUMBERS = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10,
}

# The pages that say what the package ships and how to depend on it.
PAGES = [
    "README.md",
    "CONTRIBUTING.md",
    "Sources/TooltipKit/Version.swift",
]
CATALOGS = "Sources/*/*.docc/*.md"


def read(root: pathlib.Path, relative: str) -> str:
    return (root / relative).read_text(encoding="utf-8")


def pages(root: pathlib.Path) -> list[str]:
    found = [page for page in PAGES if (root / page).exists()]
    found += sorted(str(path.relative_to(root)) for path in root.glob(CATALOGS))
    return found


def line_of(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def library_products(root: pathlib.Path) -> list[str]:
    return re.findall(r'\.library\(\s*name:\s*"([^"]+)"', read(root, "Package.swift"))


def parse_version(text: str) -> tuple[tuple[int, int, int], str | None] | None:
    match = re.fullmatch(r"(\d+)\.(\d+)\.(\d+)(?:-([0-9A-Za-z.-]+))?", text)
    if not match:
        return None
    return (int(match[1]), int(match[2]), int(match[3])), match[4]


def check_products(root: pathlib.Path, problems: list[str]) -> None:
    """Every count of the package's products or modules in a sentence about its version is the
    number of library products, and the README names each product."""
    products = library_products(root)
    if not products:
        problems.append("Package.swift: no .library products found")
        return
    count = len(products)
    pattern = re.compile(r"\b(" + "|".join(NUMBERS) + r")\s+(library\s+products|library\s+modules|modules|products)\b",
                         re.IGNORECASE)
    for page in pages(root):
        text = read(root, page)
        for match in pattern.finditer(text):
            # The sentence the count is in: from the last full stop before it to the next one.
            start = max(text.rfind(". ", 0, match.start()), text.rfind("\n\n", 0, match.start()))
            end_stop = [i for i in (text.find(". ", match.end()), text.find("\n\n", match.end())) if i >= 0]
            sentence = text[start + 1:min(end_stop) if end_stop else len(text)]
            if "version" not in sentence.lower():
                continue
            said = NUMBERS[match[1].lower()]
            noun = " ".join(match[2].split())
            if said != count or noun != "library products":
                problems.append(
                    f"{page}:{line_of(text, match.start())}: says \"{match[0]}\" share a version; "
                    f"Package.swift has {count} library products ({', '.join(products)})")
    readme = read(root, "README.md")
    for product in products:
        if not re.search(r"\b" + re.escape(product) + r"\b", readme):
            problems.append(f"README.md: never names the library product {product}")
    for page in pages(root):
        text = read(root, page)
        for match in re.finditer(r'\.product\(name:\s*"([^"]+)"', text):
            if match[1] not in products:
                problems.append(
                    f"{page}:{line_of(text, match.start())}: .product(name: \"{match[1]}\") is not a library "
                    f"product of Package.swift ({', '.join(products)})")


def check_version(root: pathlib.Path, problems: list[str]) -> None:
    """The dependency examples ask for the newest release (`tooltipKitVersion` at a release; the
    CHANGELOG's newest release between releases), and say which fixes `.upToNextMinor` takes."""
    source = read(root, "Sources/TooltipKit/Version.swift")
    match = re.search(r'tooltipKitVersion\s*=\s*"([^"]+)"', source)
    parsed = parse_version(match[1]) if match else None
    if not parsed:
        problems.append("Sources/TooltipKit/Version.swift: no semantic tooltipKitVersion")
        return
    numbers, pre_release = parsed
    releases = [tuple(int(part) for part in found)
                for found in re.findall(r"^## \[(\d+)\.(\d+)\.(\d+)\] - ", read(root, "CHANGELOG.md"), re.MULTILINE)]
    if pre_release is None:
        expected = numbers
    else:
        if not releases:
            problems.append("CHANGELOG.md: no release heading, so no version for the docs to ask for")
            return
        expected = releases[0]
        if not expected < numbers:
            problems.append(f"Version.swift: {match[1]} is not after the newest release {expected}")
    wanted = ".".join(map(str, expected))
    minor = f"{expected[0]}.{expected[1]}"
    following = f"{expected[0]}.{expected[1] + 1}"
    for page in pages(root):
        text = read(root, page)
        for found in re.finditer(r'from:\s*"([^"]+)"', text):
            if found[1] != wanted:
                problems.append(
                    f"{page}:{line_of(text, found.start())}: asks for from: \"{found[1]}\"; the newest release is "
                    f"{wanted} (tooltipKitVersion {match[1]})")
        for found in re.finditer(r"the fixes of (\d+\.\d+)", text):
            if found[1] != minor:
                problems.append(
                    f"{page}:{line_of(text, found.start())}: says .upToNextMinor takes the fixes of {found[1]}; "
                    f"from: \"{wanted}\" takes those of {minor}")
        for found in re.finditer(r"leaves (\d+\.\d+) to a change", text):
            if found[1] != following:
                problems.append(
                    f"{page}:{line_of(text, found.start())}: says .upToNextMinor leaves {found[1]}; "
                    f"from: \"{wanted}\" leaves {following}")


def check_triggers(root: pathlib.Path, problems: list[str]) -> None:
    """Each list of triggers in the docs names every case of `Trigger`: the Getting started
    article's (``Trigger``: `.a`, `.b` ...) and DEMO.md's scene key (`trigger` (`a`/`b`/...))."""
    source = read(root, "Sources/TooltipKit/Model/Trigger.swift")
    cases = re.findall(r"^\s*case\s+(\w+)", source, re.MULTILINE)
    if not cases:
        problems.append("Sources/TooltipKit/Model/Trigger.swift: no case found")
        return
    lists = 0
    for page in pages(root) + ["docs/DEMO.md"]:
        if not (root / page).exists():
            continue
        text = read(root, page)
        for found in re.finditer(r"\(``Trigger``:([^)]*)\)", text):
            lists += 1
            named = set(re.findall(r"`\.(\w+)`", found[1]))
            missing = [case for case in cases if case not in named]
            if missing:
                problems.append(
                    f"{page}:{line_of(text, found.start())}: its list of triggers leaves out "
                    + ", ".join(f".{case}" for case in missing))
        for found in re.finditer(r"`trigger` \(([^)]*)\)", text):
            lists += 1
            named = set(re.findall(r"`(\w+)`", found[1]))
            missing = [case for case in cases if case not in named]
            if missing:
                problems.append(
                    f"{page}:{line_of(text, found.start())}: its scene-file triggers leave out " + ", ".join(missing))
    if lists == 0:
        problems.append("no list of triggers found: the Getting started article has (``Trigger``: ...)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", type=pathlib.Path, default=pathlib.Path(__file__).resolve().parent.parent)
    root = parser.parse_args().root
    problems: list[str] = []
    check_products(root, problems)
    check_version(root, problems)
    check_triggers(root, problems)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
