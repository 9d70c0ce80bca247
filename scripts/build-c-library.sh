#!/usr/bin/env bash
# Builds TooltipKit's C library (the TooltipC product, release) and installs it as a C library:
#
#   scripts/build-c-library.sh [--prefix DIR]      (default: .build/c)
#
#   DIR/include/tooltip.h                 the one header (Sources/TooltipC/include/tooltip.h)
#   DIR/lib/libtooltipkit.so.X.Y.Z        the library, its soname libtooltipkit.so.X.Y (0.x: a
#   DIR/lib/libtooltipkit.so.X.Y          minor version may change the API, so the soname
#   DIR/lib/libtooltipkit.so              carries it), and the links a linker and a loader follow
#   DIR/lib/pkgconfig/tooltipkit.pc       Cflags and Libs (with an rpath to DIR/lib)
#
# Then: PKG_CONFIG_PATH=DIR/lib/pkgconfig cc prog.c $(pkg-config --cflags --libs tooltipkit).
# The Swift runtime is linked in (-static-stdlib) and hidden (only the ttk_ functions are
# exported): a machine running the program needs libncursesw6, libstdc++6 and glibc, no Swift.
# docs/C-API.md is the guide. Prints the prefix's absolute path last.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

prefix=.build/c
while [ $# -gt 0 ]; do
  case "$1" in
  --prefix)
    prefix=$2
    shift 2
    ;;
  *)
    echo "usage: scripts/build-c-library.sh [--prefix DIR]" >&2
    exit 2
    ;;
  esac
done

# The package's version (tooltipKitVersion), and the file names it gives.
version=$(sed -n 's/^public let tooltipKitVersion = "\(.*\)"$/\1/p' Sources/TooltipKit/Version.swift)
numbers=${version%%-*}
[ -n "$numbers" ] || {
  echo "no tooltipKitVersion in Sources/TooltipKit/Version.swift" >&2
  exit 1
}
soname=libtooltipkit.so.${numbers%.*}

scratch=.build/c-release
# The C targets' debug information in DWARF 4 (-gdwarf-4): valgrind 3.19, Debian 12's, cannot
# read the DWARF 5 clang writes by default, and gives up on the library before running anything.
swift build -c release --product TooltipC --scratch-path "$scratch" -Xswiftc -static-stdlib -Xcc -gdwarf-4 \
  -Xlinker "-soname=$soname" -Xlinker "--version-script=$PWD/scripts/tooltipkit-exports.map" >&2

mkdir -p "$prefix/include" "$prefix/lib/pkgconfig"
prefix=$(cd "$prefix" && pwd)
cp Sources/TooltipC/include/tooltip.h "$prefix/include/tooltip.h"
cp "$scratch/release/libTooltipC.so" "$prefix/lib/libtooltipkit.so.$numbers"
ln -sf "libtooltipkit.so.$numbers" "$prefix/lib/$soname"
ln -sf "$soname" "$prefix/lib/libtooltipkit.so"
cat >"$prefix/lib/pkgconfig/tooltipkit.pc" <<EOF
prefix=$prefix
includedir=\${prefix}/include
libdir=\${prefix}/lib

Name: tooltipkit
Description: Tooltips for C programs that own ncurses (TooltipKit's C API)
Version: $version
Requires: ncursesw
Cflags: -I\${includedir}
Libs: -L\${libdir} -Wl,-rpath,\${libdir} -ltooltipkit
EOF
echo "$prefix"
