#!/usr/bin/env python3
"""The public API of the library modules, read from their symbol graphs, as CHANGELOG lines.

    scripts/api.py [GRAPHS]        every public symbol, by module: one line per type with its
                                   members, then the module's free functions and constants
    scripts/api.py OLD NEW         what NEW adds to OLD and what it removes, in the same form
    scripts/api.py --flat [GRAPHS] every public symbol, one a line: module, type, declaration
                                   (tab-separated): the form of the release listing in api/.
                                   The declaration is the whole signature, as the symbol graph
                                   spells it (`func handle(_ value: Int32, mouse: MEVENT? = nil)
                                   -> Bool`), so a changed parameter or result type is a symbol
                                   removed and one added
    scripts/api.py --check         compares the API now (.build/symbol-graphs) with the last
                                   release's listing (the newest api/*.txt) and fails (exit 1)
                                   when a symbol added or removed is not named in CHANGELOG.md's
                                   "Unreleased" section (as `Type.member`, or `Type` for a type)

GRAPHS defaults to .build/symbol-graphs, which scripts/docs.sh writes (one folder per module).
The fourth library product, CNcurses (ncursesw through Sources/CNcurses/shim.h), has no symbol
graph of its own: its API is the shim's own names, read from shim.h (every `tk_` function and
struct and every `TK_` constant), each with its C declaration (`int tk_getmaxx(WINDOW *w)`,
`const attr_t TK_A_BOLD`); ncurses' own functions are ncurses' API, versioned by ncurses.
To compare two versions: copy .build/symbol-graphs aside, check out the other version, run
scripts/docs.sh again, then `scripts/api.py OLD .build/symbol-graphs`. A renamed symbol shows as
one removed and one added: the CHANGELOG entry names both (the old name and its replacement).
"""

import json
import pathlib
import re
import sys

MODULES = ["TooltipKit", "TooltipCurses", "TooltipScenes", "CNcurses"]
SHIM = pathlib.Path(__file__).resolve().parent.parent / "Sources" / "CNcurses" / "shim.h"

# How each kind of symbol is introduced in Swift, so an entry reads as a declaration.
KEYWORDS = {
    "swift.class": "class", "swift.struct": "struct", "swift.enum": "enum",
    "swift.protocol": "protocol", "swift.typealias": "typealias", "swift.associatedtype": "associatedtype",
    "swift.enum.case": "case", "swift.property": "var", "swift.type.property": "static var",
    "swift.method": "func", "swift.type.method": "static func", "swift.func.op": "static func",
    "swift.init": "", "swift.subscript": "", "swift.type.subscript": "static",
    "swift.func": "func", "swift.var": "let",
}
TYPES = {"swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.typealias"}


def declaration(symbol):
    """The symbol's whole declaration, its fragments' spellings joined:
    `struct Anchor`, `func send(_ input: TooltipInput, layout: SceneLayout) -> [TooltipEvent]`."""
    fragments = symbol.get("declarationFragments")
    if not fragments:  # no fragments (never seen): the keyword and title, as before
        keyword = KEYWORDS.get(symbol["kind"]["identifier"], symbol["kind"]["displayName"].lower())
        return f"{keyword} {symbol['names']['title']}".strip()
    return " ".join("".join(f["spelling"] for f in fragments).split())


# What may come before the keyword of a declaration, and the keywords that introduce one.
MODIFIERS = {"static", "class", "final", "mutating", "nonmutating", "convenience", "required", "override",
             "public", "open", "package", "nonisolated", "indirect", "lazy", "weak", "unowned", "dynamic",
             "prefix", "postfix", "infix", "consuming", "borrowing", "__consuming", "optional", "isolated"}
INTRODUCERS = {"func", "var", "let", "case", "init", "subscript", "struct", "class", "enum", "protocol",
               "typealias", "associatedtype", "actor", "macro", "deinit"}


def parse(declared):
    """(keyword, base name) of a listing's declaration: ("func", "handle") for `func handle(_ value:
    Int32) -> Bool`, ("init", "init") for `init?(rawValue: Int)`, ("static func", "==") for an
    operator, ("c", "tk_getmaxx") for the C declaration of a shim name."""
    c_name = re.match(r"(?!func |let |var |static )(?:.*?)\b((?:tk|TK)_\w+)\s*(?:\(.*)?$", declared)
    if c_name:  # `const struct tk_x *tk_y(void)`: the name declared, not a type it names
        return "c", c_name.group(1)
    words = re.sub(r"@\w+(\([^)]*\))?", " ", declared).split()
    keyword = []
    while words and words[0] in MODIFIERS and not (
            words[0] == "class" and (len(words) < 2 or words[1] not in INTRODUCERS)):
        keyword.append(words.pop(0))
    if not words:
        return " ".join(keyword), ""
    first = words.pop(0)
    match = re.match(r"(init|subscript|deinit)\b", first)
    if match:
        return " ".join(keyword + [match.group(1)]), match.group(1)
    keyword.append(first)
    rest = " ".join(words)
    name = re.match(r"`?(\w+|[^\s\w(`]+)", rest)  # an identifier, or an operator
    return " ".join(keyword), name.group(1) if name else rest


def shim(header=SHIM):
    """{(type path or "", declaration)} for the shim's own names, each with its C declaration:
    `int tk_getmaxx(WINDOW *w)`, `const attr_t TK_A_BOLD`, `struct tk_x` (a struct as a type)."""
    text = header.read_text()
    entries = set()
    for result, name, parameters in re.findall(
            r"^static inline ([\w\s\*]*?)\b(tk_\w+)\(([^)]*)\)\s*\{", text, re.M):
        entries.add(("", " ".join(("%s%s(%s)" % (result.replace("*", " *").strip() + " ", name,
                                                   parameters)).replace("* ", "*").split())))
    for kind, name in re.findall(r"^static (const [\w\s\*]+?)\b(TK_\w+)\s*=", text, re.M):
        entries.add(("", " ".join((kind + " " + name).split())))
    for name in re.findall(r"^struct (tk_\w+)\s*\{", text, re.M):
        entries.add((name, ""))
    return entries


def read(folder):
    """{module: {(type path or "", declaration)}} for every public symbol the module declares.

    Symbols the compiler synthesizes (a protocol's default `!=`) and members inherited from
    the standard library are not the module's API and are left out.
    """
    api = {"CNcurses": shim()}
    for module in MODULES[:-1]:
        entries = set()
        for path in sorted(pathlib.Path(folder, module).glob("*.symbols.json")):
            graph = json.loads(path.read_text())
            for symbol in graph["symbols"]:
                if "::SYNTHESIZED::" in symbol["identifier"]["precise"] or "location" not in symbol:
                    continue
                if symbol["kind"]["identifier"] == "swift.extension":  # its members are listed
                    continue
                if symbol.get("accessLevel") not in ("public", "open"):
                    continue
                components = symbol["pathComponents"]
                owner = ".".join(components[:-1])
                if symbol["kind"]["identifier"] in TYPES:
                    entries.add((".".join(components), ""))
                    if owner:  # a nested type is also a member of its owner
                        entries.add((owner, declaration(symbol)))
                else:
                    entries.add((owner, declaration(symbol)))
        api[module] = entries
    return api


def kinds(folder):
    """{(module, type path): keyword} for the types, to introduce each type's line."""
    found = {("CNcurses", name): "struct" for name, declared in shim() if not declared}
    for module in MODULES[:-1]:
        for path in pathlib.Path(folder, module).glob("*.symbols.json"):
            for symbol in json.loads(path.read_text())["symbols"]:
                if symbol["kind"]["identifier"] in TYPES:
                    found[(module, ".".join(symbol["pathComponents"]))] = KEYWORDS[symbol["kind"]["identifier"]]
    return found


def lines(api, type_kinds, indent="  "):
    """Markdown list lines: each module, then a line per type (members in backticks)."""
    out = []
    for module in MODULES:
        entries = api.get(module, set())
        if not entries:
            continue
        out.append(f"- **{module}**")
        owners = sorted({owner for owner, _ in entries if owner})
        for owner in owners:
            members = sorted(d for o, d in entries if o == owner and d)
            keyword = type_kinds.get((module, owner))
            if keyword is None:  # an extension of another module's type
                head = f"extension of `{owner}`"
            elif (owner, "") in entries:
                head = f"`{keyword} {owner}`"
            else:  # the type was there before; only members changed
                head = f"in `{owner}`"
            out.append(f"{indent}- {head}" + (": " + ", ".join(f"`{m}`" for m in members) if members else ""))
        for _, declared in sorted((o, d) for o, d in entries if not o and d):
            out.append(f"{indent}- `{declared}`")
    return out


def flat(api):
    """The listing's lines: module, owner type (empty for a free symbol) and declaration."""
    return sorted("%s\t%s\t%s" % (module, owner, declared) for module in MODULES
                  for owner, declared in api.get(module, ()))


def named(line):
    """How CHANGELOG names the symbol of a listing line: `Type.member`, `Type`, or `member`."""
    _, owner, declared = line.split("\t")
    if not declared:
        return owner
    base = parse(declared)[1]
    return "%s.%s" % (owner, base) if owner else base


def unreleased(changelog):
    """The text of CHANGELOG's "Unreleased" section."""
    text = pathlib.Path(changelog).read_text()
    start = re.search(r"^## \[Unreleased\]", text, re.M).start()
    end = text.find("\n## [", start + 1)
    return text[start:end if end >= 0 else len(text)]


def check(folder=".build/symbol-graphs", listings="api", changelog="CHANGELOG.md", now_listing=None):
    """Exit status 1, with each unnamed change on stderr, when the API now differs from the newest
    release listing in a symbol CHANGELOG's Unreleased section does not name; 0 otherwise. The API
    now is read from the symbol graphs in `folder`, or from the listing file `now_listing`."""
    releases = sorted(pathlib.Path(listings).glob("*.txt"),
                      key=lambda p: tuple(int(n) for n in p.stem.split(".")))
    if not releases:
        print("api.py: no release listing in %s/" % listings, file=sys.stderr)
        return 2
    last = releases[-1]
    before = set(last.read_text().splitlines())
    now = set(pathlib.Path(now_listing).read_text().splitlines() if now_listing else flat(read(folder)))
    notes = unreleased(changelog)
    missing = []
    for sign, changed in (("+", sorted(now - before)), ("-", sorted(before - now))):
        # Types added, removed or changed whole (a struct become a typealias): their members
        # are named with them.
        whole = set()
        for _, parent, declared in (line.split("\t") for line in changed):
            keyword, name = parse(declared) if declared else ("", "")
            if not declared:
                whole.add(parent)
            elif keyword.split(" ")[-1] in ("class", "struct", "enum", "protocol", "typealias"):
                whole.add("%s.%s" % (parent, name) if parent else name)
        for line in changed:
            owner = line.split("\t")[1]
            if named(line) not in notes and not (owner in whole and "`%s`" % owner in notes):
                missing.append("%s %s (%s)" % (sign, line.replace("\t", " "), named(line)))
    for line in missing:
        print("api.py: not named in CHANGELOG's Unreleased section: " + line, file=sys.stderr)
    print("public API against %s: %d added, %d removed, %d not named in CHANGELOG"
          % (last.name, len(now - before), len(before - now), len(missing)))
    return 1 if missing else 0


def main(arguments):
    if arguments[:1] == ["--check"] and len(arguments) in (1, 4):
        # --check NOW_LISTING LISTINGS_DIR CHANGELOG: the same check on files (for its own test).
        return check() if len(arguments) == 1 else check(
            now_listing=arguments[1], listings=arguments[2], changelog=arguments[3])
    if arguments[:1] == ["--flat"] and len(arguments) <= 2:
        print("\n".join(flat(read(arguments[1] if len(arguments) == 2 else ".build/symbol-graphs"))))
        return 0
    if len(arguments) > 2 or any(a.startswith("-") for a in arguments):
        print(__doc__.strip(), file=sys.stderr)
        return 2
    if len(arguments) < 2:
        folder = arguments[0] if arguments else ".build/symbol-graphs"
        print("\n".join(lines(read(folder), kinds(folder))))
        return 0
    old, new = read(arguments[0]), read(arguments[1])
    type_kinds = {**kinds(arguments[0]), **kinds(arguments[1])}
    for title, api in (("Added", {m: new[m] - old[m] for m in MODULES}),
                       ("Removed", {m: old[m] - new[m] for m in MODULES})):
        print(f"### {title}\n")
        print("\n".join(lines(api, type_kinds)) or "(nothing)")
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
