#!/usr/bin/env python3
"""Counts the tooltip glue lines of an example program, by one stated rule.

A line is glue when, blank lines and comments aside, it
  1. names (not as a member after a dot) the program's tooltips value (`tips`, or `session` for a terminal the library owns) or a public
     symbol of TooltipKit or TooltipCurses (read from Sources/: its public types and
     top-level functions), `import TooltipKit` and `import TooltipCurses` included; or
  2. continues a statement begun on a glue line (its parentheses, brackets or braces are still
     open: the body of a glue `if` or `for` is glue, but a function whose signature names a
     library type is one line), or names a constant or variable whose value is the library's
     (`var state = TooltipState(...)`, `let consumed = tips.handle(...)`; not a value the
     program's own call returns through `TerminalGuard.blocking`); or
  3. lies in a declaration whose doc comment begins "Tooltips:" (code that exists only for the
     tooltips, such as the scene builder), from the comment to its closing brace or bracket.
The lines `#if !NO_TOOLTIPS`, `#else` and `#endif` (which build the program without its
tooltips, for the benchmarks) are not glue, nor is that `#if`'s `#else` branch (the program
without them).
The copy itself (headlines and supporting lines kept in the program's own tables) is content,
not glue; and so is the program drawing its own rows, whatever it draws them with: ncurses in a
program that owns it, the library's cell grid in one whose terminal the library owns, where the
declarations that draw (the frame, the program's colours) have doc comments that begin
"Drawing:" and are left out but for their lines that name a library symbol other than the
grid's own vocabulary (the frame's signature taking the tooltip state), and their line that
draws the tooltips over the program's cells (`grid.draw(layout, state:)`).
A C program (a `.c` file, on the C API of tooltip.h) is counted by the same rules in C's terms:
a line is glue when, blank lines and comments aside, it names a `ttk_` or `TTK_` name or
`tooltip.h`, or a variable whose type or value is the library's (`ttk_tips *tips = ...`,
`int consumed = ttk_handle(...)`; not a value the program's own `wgetch` returns through
`ttk_guard_wgetch`), or continues a statement begun on a glue line; and a statement
after a comment that begins "Tooltips:" is glue to its end (a loop that adds the anchors).
Usage: glue_lines.py [-v] FILE... (prints "count path" for each; -v lists the lines).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
VALUES = {"tips", "session"}
DECLARATION = re.compile(r"\s*(?:(?:private|public|static|mutating|final)\s+)*(?:func|init|struct|enum|class|extension)\b")


def library_symbols():
    names = set()
    for module in ("TooltipKit", "TooltipCurses"):
        for path in (ROOT / "Sources" / module).rglob("*.swift"):
            text = path.read_text()
            names.update(re.findall(r"public (?:final )?(?:struct|enum|class|protocol|actor) (\w+)", text))
            names.update(re.findall(r"^public func (\w+)", text, re.M))
    return names | {"TooltipKit", "TooltipCurses"}


DRAWING = {"CellGrid", "Style", "TerminalColor", "RGB", "Attributes", "Cell", "Point", "Rect", "Size"}


def words_outside_drawing(body, symbols):
    """Whether `body` names a library symbol other than the grid's drawing vocabulary, or draws
    the tooltips (the grid's `draw(_:state:)` or `drawTooltips(_:state:)`)."""
    names = set(re.findall(r"(?<![.\w])([A-Z]\w*)", body))
    return bool(names & (symbols - DRAWING)) or re.search(r"\.draw(?:Tooltips)?\(\w+, state:", body) is not None


def code(line):
    """The line without a trailing // comment or string contents."""
    line = re.sub(r'"(?:\\.|[^"\\])*"', '""', line)
    return line.split("//", 1)[0]


def _opened_on_tooltips(lines, index):
    """Whether the `#else` at `index` belongs to an `#if !NO_TOOLTIPS`."""
    depth = 0
    for line in reversed(lines[:index]):
        stripped = line.strip()
        if stripped.startswith("#endif"):
            depth += 1
        elif stripped.startswith("#if"):
            if depth == 0:
                return stripped.replace(" ", "") == "#if!NO_TOOLTIPS"
            depth -= 1
    return False


def count(path, symbols, show=False):
    lines = pathlib.Path(path).read_text().splitlines()
    names = set(symbols | VALUES)
    words = re.compile(r"(?<![.\w])(" + "|".join(sorted(names)) + r")\b")
    glue = 0
    number = 0
    depth = 0  # open ( [ { of a glue statement
    block = None  # brace depth of a "Tooltips:" declaration, once it opened
    pending = False  # a "Tooltips:" doc comment was seen
    skipping = None  # open brackets of a "Drawing:" declaration being left out
    skip_pending = False
    without = []  # for each open #if: whether its lines are the program built without tooltips
    for raw in lines:
        number += 1
        before = glue
        stripped = raw.strip()
        # `#if !NO_TOOLTIPS` ... `#else` ... `#endif`: the directives are not glue, and the
        # `#else` branch is the program built without its tooltips, so none of it is either.
        directive = re.match(r"#(if|elseif|else|endif)\b", stripped)
        if directive:
            if directive.group(1) == "if":
                without.append(False)
            elif directive.group(1) == "endif":
                without.pop()
            else:
                without[-1] = _opened_on_tooltips(lines, number - 1)
            continue
        if any(without):
            continue
        if stripped.startswith("///") and "Tooltips:" in stripped and not pending:
            pending = True
            continue
        if stripped.startswith("/// Drawing:"):
            skipping = 0
            skip_pending = True
            continue
        if skip_pending or skipping is not None:
            body = code(raw)
            if words_outside_drawing(body, symbols):
                glue += 1
                if show:
                    print(f"{number:4} {raw}")
            skipping = (skipping or 0) + body.count("(") + body.count("[") + body.count("{") - body.count(
                ")") - body.count("]") - body.count("}")
            skip_pending = False
            if skipping <= 0 and not stripped.startswith("///"):
                skipping = None
            continue
        if not stripped or stripped.startswith("//"):
            continue
        body = code(raw)
        opens = body.count("(") + body.count("[") - body.count(")") - body.count("]")
        braces = body.count("{") - body.count("}")
        if pending or block is not None:
            glue += 1
            if show:
                print(f"{number:4} {raw}")
            if pending:
                pending = False
                block = 0
            block += braces + opens
            if block <= 0:
                block = None
            continue
        if depth > 0:
            glue += 1
            if show:
                print(f"{number:4} {raw}")
            depth = max(0, depth + opens + braces)
            continue
        if words.search(body):
            # A declaration that only names a library type (a `size: Size` parameter) is one
            # line of glue, not its whole body.
            if DECLARATION.match(body):
                braces = 0
            glue += 1
            if show:
                print(f"{number:4} {raw}")
            depth = max(0, opens + braces)
            bound = re.match(r"\s*(?:let|var)\s+(\w+)(?:\s*:\s*\[?(\w+)\]?)?\s*=\s*(\w*)", body)
            if bound and bound.group(1) not in names and ".blocking" not in body and (
                bound.group(2) in names or bound.group(3) in names
            ):
                names.add(bound.group(1))
                words = re.compile(r"(?<![.\w])(" + "|".join(sorted(names)) + r")\b")
    return glue


def c_code(line, in_comment):
    """The C line without comments and string contents, and whether a /* comment stays open."""
    out = ""
    i = 0
    while i < len(line):
        if in_comment:
            end = line.find("*/", i)
            if end < 0:
                return out, True
            in_comment = False
            i = end + 2
        elif line.startswith("/*", i):
            in_comment = True
            i += 2
        elif line.startswith("//", i):
            break
        elif line[i] in "\"'":
            quote = line[i]
            j = i + 1
            while j < len(line) and line[j] != quote:
                j += 2 if line[j] == "\\" else 1
            out += quote + quote
            i = j + 1
        else:
            out += line[i]
            i += 1
    return out, in_comment


def count_c(path, show=False):
    """The glue lines of a C program on tooltip.h, by the module docstring's C rules."""
    names = set()
    library = r"\bttk_\w+|\bTTK_\w+|tooltip\.h"
    glue = 0
    depth = 0  # open ( [ { of a glue statement
    marked = False  # a "Tooltips:" comment came: the next statement is glue
    in_comment = False
    for number, raw in enumerate(pathlib.Path(path).read_text().splitlines(), 1):
        if re.match(r"\s*/\*\s*Tooltips:", raw) and not in_comment:
            marked = True
        body, in_comment = c_code(raw, in_comment)
        if not body.strip():
            continue
        opens = sum(body.count(c) for c in "([{") - sum(body.count(c) for c in ")]}")
        words = library + "".join(rf"|\b{name}\b" for name in names)
        is_glue = depth > 0 or marked or re.search(words, body)
        if not is_glue:
            continue
        glue += 1
        if show:
            print(f"{number:4} {raw}")
        bound = re.match(r"\s*(?:const\s+)?(\w+)\s*\*?\s*(\w+)\s*(?:=\s*(.*)|;)", body)
        value = bound.group(3) or "" if bound else ""
        if bound and (bound.group(1).startswith("ttk_") or (re.match(words, value) and "ttk_guard_wgetch" not in value)):
            names.add(bound.group(2))
        depth = max(0, depth + opens)
        if marked and depth > 0:
            marked = False  # the statement opened: it is glue until it closes
        elif marked and body.rstrip().endswith((";", "}")):
            marked = False  # a braceless loop's header leaves it on for the statement after
    return glue


if __name__ == "__main__":
    symbols = library_symbols()
    show = "-v" in sys.argv[1:]
    for path in [arg for arg in sys.argv[1:] if arg != "-v"]:
        print(count_c(path, show) if path.endswith(".c") else count(path, symbols, show), path)
