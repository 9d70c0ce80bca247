#!/usr/bin/env bash
# Fuzz the TooltipKit core with libFuzzer for SECONDS seconds (default 60).
#
# Inputs run up to 1 KB from the start (-len_control=0): enough bytes for a scene and all 64
# steps, so deep sequences are tried at once rather than after hours of growing inputs.
#
# The same bytes also run through the terminal input parser (InputParser): whole and in chunks;
# over a slow link (split at points and delivered after gaps read from the bytes, timing out what
# is pending as a reader does); inside a bracketed paste; and as extreme values for the layout
# and the state machine (screens and areas of Int.max sides, holds of Int64.max seconds,
# timestamps far apart).
#
# Builds Fuzz/FuzzCore.swift with the property tests' generators and invariants
# (Tests/PropertyTests/Support) against the core, instrumented for libFuzzer and
# AddressSanitizer, then runs one job at the lowest priority. Findings (inputs that trap)
# land in .build/fuzz/findings/; the corpus grows in .build/fuzz/corpus/.
#
#   scripts/fuzz.sh 1800            # half an hour
#   scripts/fuzz.sh 0 FILE          # replay one input (a finding) and exit
#   scripts/fuzz.sh check           # CI: build, then run 500 generated inputs (no corpus kept)
set -euo pipefail

seconds="${1:-60}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="$root/.build/fuzz"
mkdir -p "$build/corpus" "$build/findings"

echo "fuzz.sh: building $build/fuzz-core" >&2
mapfile -t core < <(find "$root/Sources/TooltipKit" -name '*.swift' | sort)
swiftc -parse-as-library -O -g -sanitize=fuzzer,address -swift-version 6 \
  -module-name TooltipKit -package-name TooltipKit \
  -emit-module -emit-module-path "$build/TooltipKit.swiftmodule" \
  -emit-library -static -o "$build/libTooltipKit.a" "${core[@]}"
swiftc -parse-as-library -O -g -sanitize=fuzzer,address -swift-version 6 \
  -module-name StateOracle -package-name TooltipKit -I "$build" \
  -emit-module -emit-module-path "$build/StateOracle.swiftmodule" \
  -emit-library -static -o "$build/libStateOracle.a" "$root"/Tests/StateOracle/*.swift
mapfile -t support < <(find "$root/Tests/PropertyTests/Support" -name '*.swift' | sort)
swiftc -parse-as-library -O -g -sanitize=fuzzer,address -swift-version 6 \
  -module-name FuzzCore -package-name TooltipKit -I "$build" \
  "$root/Fuzz/FuzzCore.swift" "${support[@]}" \
  "$build/libStateOracle.a" "$build/libTooltipKit.a" -use-ld=lld -o "$build/fuzz-core"

if [[ "$seconds" == check ]]; then
  echo "fuzz.sh: 500 inputs up to 1 KB, no corpus kept" >&2
  exec "$build/fuzz-core" -runs=500 -seed=1 -max_len=1024 -len_control=0 -timeout=60 -rss_limit_mb=3072 \
    -artifact_prefix="$build/findings/"
fi

if [[ "$seconds" == 0 && $# -ge 2 ]]; then
  exec "$build/fuzz-core" "${@:2}"
fi

echo "fuzz.sh: fuzzing for $seconds s (one job, nice 19)" >&2
exec nice -n 19 "$build/fuzz-core" \
  -max_total_time="$seconds" -timeout=60 -rss_limit_mb=3072 -max_len=1024 -len_control=0 \
  -print_final_stats=1 -artifact_prefix="$build/findings/" "$build/corpus"
