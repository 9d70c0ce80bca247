#!/bin/sh
# Prints the line coverage of the TooltipKit core by its tests, and fails under the floor.
#
#   scripts/coverage.sh            build, run the core's tests with coverage, report
#   scripts/coverage.sh --no-run   report on the last `swift test --enable-code-coverage`
#
# The floor is 90% (COVERAGE_FLOOR overrides it). Exit 1 under it, 2 when nothing to report.
set -eu
cd "$(dirname "$0")/.."

floor="${COVERAGE_FLOOR:-90}"
if [ "${1:-}" != "--no-run" ]; then
  # The core's own unit tests: the figure is what they cover, not what end-to-end runs touch.
  mkdir -p .build
  log=.build/coverage-test.log
  if ! swift test --enable-code-coverage --filter TooltipKitTests >"$log" 2>&1; then
    echo "coverage.sh: the TooltipKit tests failed; see $log" >&2
    exit 1
  fi
fi

bin_dir="$(swift build --show-bin-path)"
binary="$bin_dir/TooltipKitPackageTests.xctest"
profile="$bin_dir/codecov/default.profdata"
if [ ! -f "$binary" ] || [ ! -f "$profile" ]; then
  echo "coverage.sh: no coverage data under $bin_dir (run swift test --enable-code-coverage)" >&2
  exit 2
fi

# The llvm-cov that ships with the Swift toolchain reads its profile format; fall back to PATH.
swift_bin="$(dirname "$(readlink -f "$(command -v swift)")")"
llvm_cov="$swift_bin/llvm-cov"
[ -x "$llvm_cov" ] || llvm_cov="$(command -v llvm-cov)"

# The TOTAL row of a report restricted to Sources/TooltipKit: its line columns are the
# 3rd and 2nd from the end of the columns (lines, missed lines, cover).
"$llvm_cov" report "$binary" -instr-profile="$profile" "$PWD/Sources/TooltipKit" |
  awk -v floor="$floor" '
    $1 == "TOTAL" { lines = $(NF - 5); missed = $(NF - 4); found = 1 }
    END {
      if (!found || lines == 0) { print "coverage.sh: no TooltipKit lines in the report" > "/dev/stderr"; exit 2 }
      pct = 100 * (lines - missed) / lines
      printf "TooltipKit line coverage: %.2f%% (%d of %d lines)\n", pct, lines - missed, lines
      if (pct < floor) { printf "coverage.sh: under the %s%% floor\n", floor > "/dev/stderr"; exit 1 }
    }'
