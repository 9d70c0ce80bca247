#!/usr/bin/env bash
# The README's dependency lines, tried as a newcomer would use them: a package of its own beside
# a fresh copy of this repository (the files git knows, in a folder named as the README's path
# says), whose manifest is made of the lines in the README's "Depend on a version" block, as
# written there. It builds a program that imports every product those lines name. Then, without
# building again, SwiftPM loads the same manifest with the copy in a folder of another name
# (`name:` must keep `package:` right), and with the URL line pointed at a git repository of the
# copy tagged with the version the line asks for (the URL's last part is kept, so SwiftPM names
# the dependency as it would from the real URL). Any failure fails the script.
#
#   scripts/readme_dependency.sh            # in a temporary directory, removed after
#   scripts/readme_dependency.sh --keep DIR # in DIR, kept (its build is reused by the next run)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
export PATH="/opt/swift/usr/bin:$PATH"

if [ "${1:-}" = "--keep" ]; then
  work=$(mkdir -p "$2" && cd "$2" && pwd)
else
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
fi

fail() {
  echo "readme_dependency: $*" >&2
  exit 1
}

# The README's block: the lines between "```swift" and "```" after "## Depend on a version".
block=$(awk '/^## Depend on a version/ { inside = 1; next }
  inside && /^## / { exit }
  inside && /^```swift/ { code = 1; next }
  inside && code && /^```/ { exit }
  inside && code { print }' "$root/README.md")
[ -n "$block" ] || fail "README.md has no swift block under \"## Depend on a version\""

# The path line, the URL line (commented out as the alternative) and every product named.
path_line=$(grep -m1 -o '\.package([^)]*path: *"[^"]*")' <<<"$block") ||
  fail "the README's block has no .package(... path: ...) line"
url_line=$(grep -m1 -o '\.package(url: *"[^"]*", *[^)]*([^)]*))' <<<"$block") ||
  fail "the README's block has no .package(url: ...) line"
products=$(grep -o '\.product(name: *"[^"]*", *package: *"[^"]*")' <<<"$block") ||
  fail "the README's block names no .product(name:package:)"
folder=$(sed -E 's/.*path: *"([^"]*)".*/\1/' <<<"$path_line")
case "$folder" in
  ../*) folder=${folder#../} ;;
  *) fail "the README's path ($folder) is not a folder beside the program's package (../NAME)" ;;
esac
url=$(sed -E 's/.*url: *"([^"]*)".*/\1/' <<<"$url_line")
version=$(sed -nE 's/.*from: *"([^"]*)".*/\1/p' <<<"$url_line")
[ -n "$version" ] || fail "the README's URL line names no version (from: \"X.Y.Z\")"
echo "README: $path_line"
echo "README: $url_line"
echo "README: $(tr '\n' ' ' <<<"$products")"

# A fresh copy: the files git knows, as they are in the working tree.
copy() {
  rm -rf "$1"
  mkdir -p "$1"
  (cd "$root" && git ls-files -z | tar --null -T - -cf -) | tar -xf - -C "$1"
}
copy "$work/$folder"

# The program's package: its manifest holds the README's lines as written; its program imports
# each product.
program="$work/readme-program"
mkdir -p "$program/Sources/readme-program"
{
  echo "// swift-tools-version:6.0"
  echo "import PackageDescription"
  echo
  echo "let package = Package("
  echo "  name: \"readme-program\","
  echo "  dependencies: [$path_line],"
  echo "  targets: [.executableTarget(name: \"readme-program\", dependencies: ["
  sed 's/^/    /; s/$/,/' <<<"$products"
  echo "  ])]"
  echo ")"
} >"$program/Package.swift"
{
  sed -E 's/.*name: *"([^"]*)".*/import \1/' <<<"$products"
  echo 'print("built")'
} >"$program/Sources/readme-program/main.swift"

echo "== build: the README's path line, the copy in ../$folder"
(cd "$program" && swift build 2>&1) | tee "$work/build.log"
if grep -E "(warning|error):" "$work/build.log"; then fail "the README's lines built with warnings or errors"; fi
[ "$("$program/.build/debug/readme-program")" = built ] || fail "the program built from the README's lines did not run"

echo "== the same path line with the clone in a folder of another name"
other="$work/other-name"
rm -rf "$other"
mkdir -p "$other"
copy "$other/tooltipkit-clone"
mkdir -p "$other/readme-program/Sources/readme-program"
cp "$program/Sources/readme-program/main.swift" "$other/readme-program/Sources/readme-program/"
sed "s|path: *\"\\.\\./$folder\"|path: \"../tooltipkit-clone\"|" "$program/Package.swift" >"$other/readme-program/Package.swift"
grep -q 'tooltipkit-clone' "$other/readme-program/Package.swift" || fail "could not point the path line at another folder"
(cd "$other/readme-program" && swift package show-dependencies) || fail "the README's path line fails for a clone in a folder of another name"

echo "== the URL line: a git repository of the copy, tagged $version, under the URL's last part"
repository="$work/git/${url##*/}"
rm -rf "$work/git"
mkdir -p "$repository"
copy "$repository"
(cd "$repository" && git init -q && git add -A && git -c user.name=readme -c user.email=readme@localhost commit -qm copy &&
  git tag "$version") || fail "could not make a tagged repository of the copy"
byurl="$work/by-url"
rm -rf "$byurl"
mkdir -p "$byurl/Sources/readme-program"
cp "$program/Sources/readme-program/main.swift" "$byurl/Sources/readme-program/"
local_line=${url_line/"\"$url\""/"\"file://$repository\""}
[ "$local_line" != "$url_line" ] || fail "could not point the URL line at the local repository"
sed "s|dependencies: \[\.package([^]]*)\],|dependencies: [$local_line],|" "$program/Package.swift" >"$byurl/Package.swift"
grep -q "file://" "$byurl/Package.swift" || fail "could not write the URL line into the manifest"
(cd "$byurl" && swift package show-dependencies) || fail "the README's URL line fails"
echo "the README's dependency lines work"
