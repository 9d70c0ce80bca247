#!/bin/sh
# The release build of tooltip-tui that BENCHMARKS.md measures: the same program as a plain
# `swift build -c release`, linked for a smaller and quicker start.
#
#   scripts/build-release.sh [more swift build arguments]
#   scripts/build-release.sh --link-flags [ORDER-FILE]  # the link settings as swiftc arguments
#
# - the static Swift stdlib, so the binary needs no Swift runtime installed;
# - lld with the functions the start runs side by side (Benchmarks/startup-order.txt, written
#   by Benchmarks/startup_order.py): the kernel maps code in 64 KiB windows around each page
#   touched, so fewer windows touched is less resident code;
# - no dynamic export of the package's public symbols (nothing loads them at run time: the
#   loader would only search them on every symbol it resolves);
# - relative relocations packed (DT_RELR, glibc 2.36 or later): the executable's 35,000
#   relocations take 7 KiB instead of 840 KiB, all of which the loader reads at every start.
# - concrete generic types' metadata reached through accessor functions instead of mangled
#   names (-disable-concrete-type-metadata-mangled-name-accessors): the runtime no longer
#   demangles a name the first time each such type is used, 180,000 instructions of the start.
# - each function in a section of its own (-function-sections), so that the order file moves
#   the functions a session runs and not the whole of each source file's code with them: the
#   session's own code lies in a few 64 KiB windows instead of some dozen (with the order file
#   written from a link map, Benchmarks/startup_order.py --map: about 450 KiB less resident);
#   the compiler's unnamed functions, which no order file can name, go together after the
#   code (scripts/unnamed-functions.ld).
# - the package's C code with each variable in a section of its own (-fdata-sections), so that
#   the order file's zero-initialized part gathers the variables the start touches, not a whole
#   file's 11 KB of them (Swift emits one .bss per file; the runtime's C++ has one per variable).
# SwiftPM cannot carry linker flags in Package.swift without making the package unusable as a
# dependency, so they live here. Benchmarks/run.sh links the floor programs it compares with
# the same settings (--link-flags), each with its own order file; another program's release
# build can take them too, with an order file of its own or none.
set -eu

SCRIPTS=$(cd "$(dirname "$0")" && pwd)

link_flags() {
  echo "-use-ld=lld${1:+ -Xlinker --symbol-ordering-file=$1 -Xlinker --no-warn-symbol-ordering}" \
    "-Xlinker --no-export-dynamic -Xlinker -z -Xlinker pack-relative-relocs" \
    "-Xfrontend -disable-concrete-type-metadata-mangled-name-accessors -Xfrontend -function-sections" \
    "-Xlinker -T -Xlinker $SCRIPTS/unnamed-functions.ld"
}

if [ "${1:-}" = "--link-flags" ]; then
  link_flags "${2:-}"
  exit 0
fi

cd "$(dirname "$0")/.."
FLAGS=$(link_flags Benchmarks/startup-order.txt)
CFLAGS="-Xcc -fdata-sections"
BIN=$(swift build -c release --show-bin-path)
# SwiftPM does not recompile what it compiled before when only -Xswiftc flags change: a release
# tree built with other settings is removed first.
if [ -d "$BIN" ] && [ "$(cat "$BIN/.build-release-flags" 2>/dev/null)" != "$FLAGS $CFLAGS" ]; then
  rm -rf "$BIN"
fi
# SwiftPM does not know the link order file is an input: remove the binary so a changed order
# file is linked in (a relink takes a second).
rm -f "$BIN/tooltip-tui"
# shellcheck disable=SC2046  # the flags are words without spaces, one -Xswiftc each
swift build -c release --static-swift-stdlib --product tooltip-tui \
  $(for flag in $FLAGS; do printf ' -Xswiftc %s' "$flag"; done) $CFLAGS \
  "$@"
echo "$FLAGS $CFLAGS" >"$BIN/.build-release-flags"
