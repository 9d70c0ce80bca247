#!/usr/bin/env bash
# The demo and every example built as a user's program would build them: from a package outside
# this one that depends on a clean copy of it by path and sees only its library products.
#
#   1. the files git knows (tracked, and new ones not ignored) are copied to DIR/TooltipKit, so
#      nothing built or left lying in the working tree takes part;
#   2. DIR/Outside is a package depending on that copy (`.package(path:)`), with Demo/ and each
#      Examples/* program as an executable target of its own, their sources copied in;
#   3. every import in those sources must name a library product of this package or a module of
#      the toolchain: an import of any other module of this package (a C shim that is no product,
#      a test support target), or an @testable import, fails;
#   4. `swift build` of the outside package must end with no error and no warning.
#
# Usage: scripts/outside_build.sh                  all of it, in a temporary directory removed after
#        scripts/outside_build.sh --keep DIR       in DIR, kept (a second run with the same DIR is
#                                                  an incremental build: about 20 s)
#        scripts/outside_build.sh --imports-only   step 3 alone (no build: about a second)
# Exit status 0 when the programs build from outside, 1 otherwise (each failure on a line).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
root=$PWD

keep=""
imports_only=0
while [ $# -gt 0 ]; do
  case "$1" in
    --keep)
      [ $# -ge 2 ] || { echo "usage: scripts/outside_build.sh [--keep DIR] [--imports-only]" >&2; exit 2; }
      keep=$2
      shift 2
      ;;
    --imports-only) imports_only=1; shift ;;
    *) echo "usage: scripts/outside_build.sh [--keep DIR] [--imports-only]" >&2; exit 2 ;;
  esac
done

# The programs: the demo and each folder under Examples/ that holds Swift sources.
programs=(Demo)
for folder in Examples/*/; do
  folder=${folder%/}
  compgen -G "$folder/*.swift" >/dev/null && programs+=("$folder")
done

# Step 3 first: it needs no copy and fails fast. The library products and every module of this
# package are read from Package.swift (as written there: `swift package dump-package` would wait
# for a build of this package that is running, a test's among them).
python3 - "$root" "${programs[@]}" <<'EOF'
import pathlib, re, sys

root, programs = pathlib.Path(sys.argv[1]), sys.argv[2:]
manifest = (root / "Package.swift").read_text()
# The C library (a dynamic product, for C programs) is no product a Swift program imports.
products = set(re.findall(r'\.library\(\s*name:\s*"([^"]+)"(?!,\s*type:\s*\.dynamic)', manifest))
modules = {name.replace("-", "_") for name in re.findall(
    r'\.(?:target|executableTarget|testTarget|systemLibrary|binaryTarget|macro|plugin)\(\s*name:\s*"([^"]+)"', manifest)}
# `import X`, `public import X`, `@preconcurrency import X`, `import struct X.Y`, `@testable import X`.
form = re.compile(
    r"^\s*((?:@\w+(?:\([^)]*\))?\s+)*)(?:(?:public|package|internal|fileprivate|private)\s+)?"
    r"import\s+(?:(?:struct|class|enum|protocol|typealias|func|let|var)\s+)?(\w+)")
failures = []
for program in programs:
    for source in sorted((root / program).rglob("*.swift")):
        for number, line in enumerate(source.read_text().splitlines(), 1):
            match = form.match(line)
            if not match:
                continue
            attributes, module = match.group(1), match.group(2)
            where = f"{source.relative_to(root)}:{number}"
            if "@testable" in attributes or "@_implementationOnly" in attributes:
                failures.append(f"{where}: {attributes.strip()} import {module}: programs import products as they are")
            elif module in modules and module not in products:
                failures.append(f"{where}: imports {module}, a module of this package that is no library product"
                                f" (products: {', '.join(sorted(products))})")
for failure in failures:
    print(failure)
if failures:
    sys.exit(1)
print(f"imports: {len(programs)} programs import only library products ({', '.join(sorted(products))})"
      " and the toolchain's modules")
EOF
[ "$imports_only" = 1 ] && exit 0

if [ -n "$keep" ]; then
  mkdir -p "$keep"
  work=$(cd "$keep" && pwd)
else
  work=$(mktemp -d "${TMPDIR:-/tmp}/tooltipkit-outside.XXXXXX")
  trap 'rm -rf "$work"' EXIT
fi

# Steps 1 and 2: copies that keep a file untouched when its content is the same (so a kept
# directory builds incrementally), and remove what is no longer there.
python3 - "$root" "$work" "${programs[@]}" <<'EOF'
import filecmp, pathlib, re, shutil, subprocess, sys

root, work, programs = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2]), sys.argv[3:]

def mirror(files, destination):
    """Copies {relative path: source} into destination; removes every other file there."""
    destination.mkdir(parents=True, exist_ok=True)
    for relative, source in files.items():
        target = destination / relative
        if target.is_file() and filecmp.cmp(source, target, shallow=False):
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        shutil.copymode(source, target)
    keep = set(files) | {pathlib.Path("Package.swift")}
    for path in sorted(destination.rglob("*"), reverse=True):
        relative = path.relative_to(destination)
        if relative.parts[0] in (".build", ".swiftpm") or relative == pathlib.Path("Package.resolved"):
            continue
        if path.is_file() and relative not in keep:
            path.unlink()
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()

listed = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=root,
                        check=True, capture_output=True).stdout.decode().split("\0")
files = {pathlib.Path(f): root / f for f in listed if f and (root / f).is_file()}
mirror(files, work / "TooltipKit")
(work / "TooltipKit" / "Package.swift").write_bytes((root / "Package.swift").read_bytes())

sources, targets, panels = {}, [], set()
for program in programs:
    name = pathlib.Path(program).name
    for source in (root / program).rglob("*.swift"):
        sources[pathlib.Path("Sources", name, source.relative_to(root / program))] = source
        # A program that calls panel.h's functions itself links the panel library, as a user's
        # would (CNcurses declares them; TooltipCurses loads the library only for its own panels).
        if re.search(r"\bnew_panel\(", source.read_text()):
            panels.add(name)
    targets.append(name)
mirror(sources, work / "Outside")
products = ['.product(name: "%s", package: "TooltipKit")' % p for p in
            re.findall(r'\.library\(\s*name:\s*"([^"]+)"(?!,\s*type:\s*\.dynamic)',
                       (root / "Package.swift").read_text())]
manifest = "\n".join([
    "// swift-tools-version:6.0",
    "// A user's package: the demo and the examples of TooltipKit as its own programs.",
    "import PackageDescription",
    "",
    "let package = Package(",
    '  name: "Outside",',
    '  dependencies: [.package(path: "../TooltipKit")],',
    "  targets: [",
    *['    .executableTarget(name: "%s", dependencies: [%s]%s),' % (
        t, ", ".join(products), ', linkerSettings: [.linkedLibrary("panelw")]' if t in panels else "")
      for t in targets],
    "  ],",
    "  swiftLanguageModes: [.v6]",
    ")",
    "",
])
path = work / "Outside" / "Package.swift"
if not path.is_file() or path.read_text() != manifest:
    path.write_text(manifest)
print(f"outside: {len(files)} files of the package in {work}/TooltipKit, {len(targets)} programs in {work}/Outside")
EOF

# Step 4.
log="$work/build.log"
status=0
swift build --package-path "$work/Outside" >"$log" 2>&1 || status=$?
if [ "$status" != 0 ] || grep -qE "(error|warning):" "$log"; then
  grep -E "(error|warning):" "$log" | sort -u || tail -20 "$log"
  echo "outside build: FAILED ($(grep -cE "error:" "$log" || true) error lines, $(grep -cE "warning:" "$log" || true) warning lines; status $status)"
  exit 1
fi
echo "outside build: ${#programs[@]} programs built from outside with no error and no warning"
