#!/bin/sh
# Every benchmark in one command: builds the release binaries (tooltip-tui with the static Swift
# stdlib and its start-up link order, the C baseline and its Swift port, the core benchmarks), runs
# the pty driver (tooltip-tui, then the Swift port, against the baseline, alternating), start-up and
# memory above the floors against the port (startup.py, the goals' ratios), the scale run
# (many anchors, long copy), a scene file's cost beside the built-in scene (scenefile.py), the
# component inside two example programs against the same programs without it (inprogram.py), the core
# timings and their callgrind instruction counts, prints the tables and keeps everything in
# Benchmarks/results/ (not tracked by git).
#
#   Benchmarks/run.sh [-n ITERATIONS] [--size COLSxROWS] [--no-callgrind] [--pty-only | --core-only]
#                     [--snapshot-binary PATH]
#
# --no-callgrind skips the instruction counts (valgrind), which take about a minute.
# --snapshot-binary names another tooltip-tui for the --snapshot --ansi screens the minimal
# encodings come from (the default is the one built here).
set -eu

ITERATIONS=11
SIZE=80x24
CALLGRIND=1
PTY=1
CORE=1
SNAPSHOT=
while [ $# -gt 0 ]; do
  case "$1" in
    -n) ITERATIONS="$2"; shift 2 ;;
    --size) SIZE="$2"; shift 2 ;;
    --no-callgrind) CALLGRIND=0; shift ;;
    --pty-only) CORE=0; shift ;;
    --core-only) PTY=0; shift ;;
    --snapshot-binary) SNAPSHOT="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) echo "run.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
  esac
done

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BENCH="$ROOT/Benchmarks"
STAMP=$(date +%Y%m%d-%H%M%S)
OUT="$BENCH/results/$STAMP"
mkdir -p "$OUT"
export SWIFT_BACKTRACE=enable=no

echo "== building (release)" >&2
if [ "$PTY" = 1 ]; then
  # The release build (scripts/build-release.sh): the static stdlib, linked by lld with the
  # functions the start runs side by side (Benchmarks/startup-order.txt, written by
  # startup_order.py), no exported symbols, packed relocations: the same program as a plain
  # release build, with less to load.
  "$ROOT/scripts/build-release.sh" >&2
  make -s -C "$BENCH/baseline" baseline >&2
  # The start-up floors: the least a Swift program (static stdlib), a Swift program linked like
  # tooltip-tui (static stdlib and FoundationEssentials) and a C program cost.
  swiftc -O -static-stdlib "$BENCH/floor/hello.swift" -o "$BENCH/floor/hello-swift" >&2
  swiftc -O -static-stdlib "$BENCH/floor/hello-foundation.swift" -o "$BENCH/floor/hello-foundation" >&2
  # The same floor linked the way scripts/build-release.sh links tooltip-tui (its own start's
  # functions first), so a link setting cannot pass for the program's own saving.
  # shellcheck disable=SC2046  # the link settings are words without spaces
  swiftc -O -static-stdlib $("$ROOT/scripts/build-release.sh" --link-flags "$BENCH/floor/hello-foundation-order.txt") \
    "$BENCH/floor/hello-foundation.swift" -o "$BENCH/floor/hello-foundation-linked" >&2
  ${CC:-cc} -O2 "$BENCH/floor/hello.c" -o "$BENCH/floor/hello-c" >&2
  # The C baseline written in Swift, linked like tooltip-tui (its own start's functions first):
  # what any Swift program pays for doing the demo's job (running Swift code that drives
  # ncurses) above the Swift+FE floor.
  # shellcheck disable=SC2046
  swiftc -O -static-stdlib -swift-version 6 -I "$BENCH/floor/ncurses" \
    $("$ROOT/scripts/build-release.sh" --link-flags "$BENCH/floor/baseline-swift-order.txt") \
    "$BENCH/floor/baseline.swift" -o "$BENCH/floor/baseline-swift" >&2
  # The linked floor splitting one line into grapheme clusters: the least any text component
  # adds to it (the memory goal's allowance, startup.py).
  # shellcheck disable=SC2046
  swiftc -O -static-stdlib $("$ROOT/scripts/build-release.sh" --link-flags "$BENCH/floor/hello-graphemes-order.txt") \
    "$BENCH/floor/hello-graphemes.swift" -o "$BENCH/floor/hello-graphemes-linked" >&2
fi
if [ "$CORE" = 1 ]; then
  (cd "$BENCH/core" && swift build -c release) >&2
fi
# A binary written moments ago sits in dirty page-cache pages, which /proc counts as the
# process's private dirty memory until they are written back: write them back first.
sync

{
  echo "machine: $(nproc) CPUs, $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
    "$(uname -sr); $(swift --version 2>/dev/null | head -1); commit $(git -C "$ROOT" rev-parse --short HEAD)"
  echo
} | tee "$OUT/summary.txt"

if [ "$PTY" = 1 ]; then
  echo "== tooltip-tui against the C baseline under a pty ($ITERATIONS runs each, alternating)" >&2
  python3 "$BENCH/driver.py" \
    --tui "$ROOT/.build/release/tooltip-tui" \
    --baseline "$BENCH/baseline/baseline" \
    ${SNAPSHOT:+--snapshot-binary "$SNAPSHOT"} \
    --floor "$BENCH/floor/hello-swift" "$BENCH/floor/hello-foundation" "$BENCH/floor/hello-c" \
      "$BENCH/floor/hello-foundation-linked" \
    -n "$ITERATIONS" --size "$SIZE" --out "$OUT" | tee -a "$OUT/summary.txt"
  echo | tee -a "$OUT/summary.txt"
  echo "== the Swift port of the baseline against the C baseline ($ITERATIONS runs each, alternating)" >&2
  python3 "$BENCH/driver.py" \
    --tui "$BENCH/floor/baseline-swift" --tui-name swift-port \
    --baseline "$BENCH/baseline/baseline" \
    --snapshot-binary "${SNAPSHOT:-$ROOT/.build/release/tooltip-tui}" \
    --floor "$BENCH/floor/hello-swift" "$BENCH/floor/hello-foundation" "$BENCH/floor/hello-c" \
      "$BENCH/floor/hello-foundation-linked" \
    -n "$ITERATIONS" --size "$SIZE" --out "$OUT/swift-port" | tee -a "$OUT/summary.txt"
  echo | tee -a "$OUT/summary.txt"
  if [ "$CALLGRIND" = 1 ] && command -v valgrind >/dev/null 2>&1; then
    echo "== start-up and memory above the floors: tooltip-tui against the Swift port (the goals' ratios)" >&2
    python3 "$BENCH/startup.py" --tui "tooltip-tui=$ROOT/.build/release/tooltip-tui" \
      --port "$BENCH/floor/baseline-swift" --baseline "$BENCH/baseline/baseline" \
      --floor-linked "$BENCH/floor/hello-foundation-linked" --floor-c "$BENCH/floor/hello-c" \
      --graphemes "$BENCH/floor/hello-graphemes-linked" -n "$ITERATIONS" \
      --json "$OUT/startup.json" | tee -a "$OUT/summary.txt"
    echo | tee -a "$OUT/summary.txt"
    echo "== instructions per key under callgrind" >&2
    python3 "$BENCH/keycost.py" --tui "$ROOT/.build/release/tooltip-tui" \
      --baseline "$BENCH/baseline/baseline" --profiles "$OUT/profiles" | tee -a "$OUT/summary.txt"
    echo | tee -a "$OUT/summary.txt"
  fi
fi

if [ "$PTY" = 1 ]; then
  echo "== scale: 8 against 10,000 anchors, a one-line against a 1 MB headline, snapshot memory" >&2
  python3 "$BENCH/scale.py" --tui "$ROOT/.build/release/tooltip-tui" -n 5 \
    --json "$OUT/scale.json" | tee -a "$OUT/summary.txt"
  echo | tee -a "$OUT/summary.txt"
fi

if [ "$PTY" = 1 ]; then
  echo "== a scene file: snapshots of a 1 KB and a 100 KB file beside the built-in scene" >&2
  if [ "$CALLGRIND" = 1 ]; then COUNT=; else COUNT=--no-callgrind; fi
  python3 "$BENCH/scenefile.py" "$ROOT/.build/release/tooltip-tui" --names tooltip-tui -n "$ITERATIONS" \
    $COUNT --json "$OUT/scenefile.json" | tee -a "$OUT/summary.txt"
  echo | tee -a "$OUT/summary.txt"
fi

if [ "$PTY" = 1 ]; then
  echo "== the component inside a program: the job monitor and the file browser, with and without it" >&2
  # Each build linked with its own start-up order file (--link-order, as tooltip-tui is), which
  # needs valgrind to write.
  if [ "$CALLGRIND" = 1 ] && command -v valgrind >/dev/null 2>&1; then COUNT=--link-order; else COUNT=--no-callgrind; fi
  python3 "$BENCH/inprogram.py" --build -n "$ITERATIONS" $COUNT --smaps \
    --json "$OUT/inprogram.json" | tee -a "$OUT/summary.txt"
  echo | tee -a "$OUT/summary.txt"
fi

if [ "$CORE" = 1 ]; then
  echo "== core benchmarks (wall clock)" >&2
  "$BENCH/core/.build/release/tooltip-bench-core" --json "$OUT/core.json" | tee -a "$OUT/summary.txt"
  echo | tee -a "$OUT/summary.txt"
  if [ "$CALLGRIND" = 1 ] && command -v valgrind >/dev/null 2>&1; then
    echo "== core benchmarks (callgrind instruction counts)" >&2
    python3 "$BENCH/instructions.py" "$BENCH/core/.build/release/tooltip-bench-core" \
      --json "$OUT/instructions.json" | tee -a "$OUT/summary.txt"
  fi
fi

ln -sfn "$STAMP" "$BENCH/results/latest"
echo "results: $OUT" >&2
