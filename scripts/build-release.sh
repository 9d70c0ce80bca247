#!/bin/sh
# The release build of tooltip-tui that BENCHMARKS.md measures: the same program as a plain
# `swift build -c release`, linked for a smaller and quicker start.
#
#   scripts/build-release.sh [more swift build arguments]
#
# - the static Swift stdlib, so the binary needs no Swift runtime installed;
# - lld with the functions the start runs side by side (Benchmarks/startup-order.txt, written
#   by Benchmarks/startup_order.py): the kernel maps code in 64 KiB windows around each page
#   touched, so fewer windows touched is less resident code;
# - no dynamic export of the package's public symbols (nothing loads them at run time: the
#   loader would only search them on every symbol it resolves);
# - relative relocations packed (DT_RELR, glibc 2.36 or later): the executable's 35,000
#   relocations take 7 KiB instead of 840 KiB, all of which the loader reads at every start.
# SwiftPM cannot carry linker flags in Package.swift without making the package unusable as a
# dependency, so they live here.
set -eu
cd "$(dirname "$0")/.."
# SwiftPM does not know the link order file is an input: remove the binary so a changed order
# file is linked in (a relink takes a second).
rm -f .build/release/tooltip-tui
exec swift build -c release --static-swift-stdlib --product tooltip-tui \
  -Xswiftc -use-ld=lld \
  -Xlinker --symbol-ordering-file=Benchmarks/startup-order.txt -Xlinker --no-warn-symbol-ordering \
  -Xlinker --no-export-dynamic \
  -Xlinker -z -Xlinker pack-relative-relocs \
  "$@"
