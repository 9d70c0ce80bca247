#!/usr/bin/env bash
# Runs the test suite under AddressSanitizer and UndefinedBehaviorSanitizer, then valgrind
# memcheck over `tooltip-tui --snapshot` runs and over a scripted interactive session in
# tmux. Prints one summary line per part.
#
#   scripts/sanitizers.sh                  # everything
#   scripts/sanitizers.sh PropertyTests    # only tests matching a filter under the sanitizers
#   PARTS=valgrind scripts/sanitizers.sh   # some parts only: address, undefined, valgrind
#   TOOLTIP_TUI=path/to/tooltip-tui PARTS=valgrind scripts/sanitizers.sh   # another build
#
# Each sanitizer builds in its own scratch path (.build/asan, .build/ubsan), so the normal
# .build is left alone. Exit status: 0 when every part ran and passed, 1 when a part failed,
# 3 when every part that ran passed but one could not run (the interactive session before the
# interactive mode exists): a part that did not run is never reported as a pass.
set -uo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
filter="${1:-}"
parts=" ${PARTS:-address undefined valgrind} "
logs="$root/.build/sanitizers"
mkdir -p "$logs"
failed=0
skipped=0
summary=()

note() { summary+=("$1"); echo "sanitizers.sh: $1" >&2; }

# --- AddressSanitizer and UndefinedBehaviorSanitizer over `swift test` ---
# The end-to-end test that injects crashes into the binary (a trap, a forced unwrap, SIGSEGV,
# abort) expects each to end the program by its signal with the Swift runtime's crash report
# on stderr. Under the sanitizers that needs their own signal handlers off, and under ASan
# also its checked memcpy, which reports the crash reporter's own reads of the stack; so that
# test runs on its own with those options, and the rest of the suite with ASan at full
# strength.
faults="everyWayOutRestoresTheTerminal"
passthrough="handle_segv=0:handle_sigbus=0:handle_abort=0:handle_sigill=0:handle_sigfpe=0"

# Runs `swift test` with the sanitizer options given; notes the result under `name`.
sanitized_test() {
  local name="$1" log="$2" asan="$3" ubsan="$4"
  shift 4
  echo "sanitizers.sh: swift test $* (log: $log)" >&2
  local start=$SECONDS status result reports
  # Swift's own crash backtracer reads memory in ways ASan reports, and then hangs inside the
  # report: it is off for the test process (the binary under test gets its own setting).
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="$asan" UBSAN_OPTIONS="$ubsan" \
    LSAN_OPTIONS="suppressions=$root/scripts/lsan.supp" \
    swift test "$@" >"$log" 2>&1
  status=$?
  result="$(grep -E '^(✔|✘) Test run with' "$log" | tail -1)"
  reports="$(grep -cE 'ERROR: AddressSanitizer|runtime error:|ERROR: LeakSanitizer' "$log")"
  if [[ "$result" == *"with 0 tests"* ]]; then
    failed=1
    note "$name: FAILED: no test matched; see $log"
  elif [[ $status -eq 0 && "$reports" -eq 0 ]]; then
    note "$name: passed in $((SECONDS - start)) s: ${result:-no Swift Testing summary}"
  else
    failed=1
    note "$name: FAILED (exit $status, $reports sanitizer reports) in $((SECONDS - start)) s; see $log"
  fi
}

selection=(--skip "$faults")
[[ -n "$filter" ]] && selection=(--filter "$filter")
if [[ "$parts" == *" address "* ]]; then
  asan=(--sanitize=address --scratch-path "$root/.build/asan")
  sanitized_test address "$logs/test-address.log" "detect_leaks=1" "" "${asan[@]}" "${selection[@]}"
  if [[ -z "$filter" ]]; then
    sanitized_test "address, injected crashes" "$logs/test-address-faults.log" \
      "detect_leaks=1:replace_intrin=0:$passthrough" "" "${asan[@]}" --filter "$faults"
  fi
fi
if [[ "$parts" == *" undefined "* ]]; then
  # swiftc has no -sanitize=undefined on Linux (Swift code traps on overflow and bounds by
  # itself): UBSan instruments the C code (the ncurses shim's inline functions, the terminal guard)
  # and its runtime is linked in; any report aborts the run.
  ubsan=(--scratch-path "$root/.build/ubsan"
    -Xcc -fsanitize=undefined -Xcc -fno-sanitize-recover=undefined
    -Xswiftc -Xclang-linker -Xswiftc -fsanitize=undefined)
  [[ -n "$filter" ]] && ubsan+=(--filter "$filter")
  sanitized_test undefined "$logs/test-undefined.log" "" "print_stacktrace=1:halt_on_error=1:$passthrough" \
    "${ubsan[@]}"
fi

# --- valgrind memcheck over snapshot runs ---
if [[ "$parts" != *" valgrind "* ]]; then
  printf '\nSummary:\n'
  printf '  %s\n' "${summary[@]}"
  exit $failed
fi
# valgrind 3.19 cannot read the DWARF 5 that clang writes for the C targets by default, so
# this build (in its own scratch path) asks for DWARF 4 throughout.
echo "sanitizers.sh: building tooltip-tui for valgrind" >&2
dwarf4=(--product tooltip-tui --scratch-path "$root/.build/valgrind" -Xcc -gdwarf-4 -Xswiftc -dwarf-version=4)
swift build "${dwarf4[@]}" >"$logs/build.log" 2>&1 || { note "build of tooltip-tui FAILED; see $logs/build.log"; exit 1; }
binary="${TOOLTIP_TUI:-$(swift build "${dwarf4[@]}" --show-bin-path)/tooltip-tui}"

# Runs valgrind memcheck over the arguments; sets `lost` to the definitely lost bytes.
memcheck() {
  local log="$1"
  shift
  valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 \
    --log-file="$log" "$@"
}
definitely_lost() {
  local line
  line="$(grep -E 'definitely lost:' "$1" | tail -1)"
  if [[ -z "$line" ]]; then
    # No leak summary: valgrind found every block freed (or the run died first).
    if grep -q 'All heap blocks were freed' "$1"; then echo 0; else echo "?"; fi
  else
    echo "$line" | sed -E 's/.*definitely lost: ([0-9,]+) bytes.*/\1/' | tr -d ,
  fi
}
possibly_lost() {
  local bytes
  bytes="$(grep -E 'possibly lost:' "$1" | tail -1 | sed -E 's/.*possibly lost: ([0-9,]+) bytes.*/\1/' | tr -d ,)"
  echo "${bytes:-0}"
}
errors_in() { grep -E 'ERROR SUMMARY:' "$1" | tail -1 | sed -E 's/.*ERROR SUMMARY: ([0-9,]+) errors.*/\1/' | tr -d ,; }

# Each run: the exit status it must end with, then its arguments (every mode, the error path
# of a broken scene file included).
printf '{"anchors": [{"id": "a", "x": 1, "placement": "top"}]}' >"$logs/broken.json"
: >"$logs/empty.json"
runs=(
  "0 --snapshot --size 80x24"
  "0 --snapshot --size 80x24 --scene form --open share --ansi"
  "0 --snapshot --size 40x12 --scene edges --theme dark --fidelity file --ascii"
  "0 --snapshot --size 1x1 --bare"
  "0 --snapshot --size 120x40 --scene Examples/toolbar.json --open publish --ansi"
  "1 --check --size 80x24 --scene Examples/cropped.json"
  "1 --lint --scene Examples/lint-findings.json"
  "2 --snapshot --size 80x24 --scene $logs/broken.json"
  "2 --size 0x0 --snapshot"
  "2 --lint --scene $logs/empty.json"
)
for i in "${!runs[@]}"; do
  expected="${runs[$i]%% *}"
  arguments="${runs[$i]#* }"
  log="$logs/valgrind-run-$i.log"
  # shellcheck disable=SC2086
  memcheck "$log" "$binary" $arguments >"$logs/valgrind-run-$i.out" 2>"$logs/valgrind-run-$i.err"
  status=$?
  lost="$(definitely_lost "$log")"
  errors="$(errors_in "$log")"
  if [[ $status -eq $expected && "$lost" == 0 && "$errors" == 0 ]]; then
    note "valgrind tooltip-tui $arguments: exit $status, definitely lost $lost bytes, $errors errors (possibly lost $(possibly_lost "$log") bytes)"
  else
    failed=1
    note "valgrind tooltip-tui $arguments: FAILED (exit $status, expected $expected; definitely lost $lost bytes, $errors errors; $(head -c 200 "$logs/valgrind-run-$i.err")); see $log"
  fi
done

# --- valgrind memcheck over a scripted interactive session in tmux ---
socket="robust-$$"
log="$logs/valgrind-interactive.log"
err="$logs/valgrind-interactive.err"
done_file="$logs/valgrind-interactive.status"
rm -f "$log" "$err" "$done_file"
tmux -L "$socket" -f /dev/null new-session -d -x 100 -y 30 \
  "TERM=xterm-256color valgrind --tool=memcheck --leak-check=full --errors-for-leak-kinds=definite --error-exitcode=99 --log-file='$log' '$binary' 2>'$err'; echo \$? >'$done_file'"
# Under valgrind the program starts slowly: wait for it to draw, then drive it.
for _ in $(seq 1 120); do
  [[ -f "$done_file" ]] && break
  if [[ -n "$(tmux -L "$socket" capture-pane -p 2>/dev/null | tr -d '[:space:]')" ]]; then break; fi
  sleep 0.5
done
if [[ ! -f "$done_file" ]]; then
  sleep 2
  for key in Tab Tab Enter i Escape Right Down Left Up Space i '?' x Escape; do
    tmux -L "$socket" send-keys "$key"
    sleep 0.4
  done
  # What the session shows just before quitting, kept beside valgrind's log.
  tmux -L "$socket" capture-pane -p >"$logs/valgrind-interactive.screen" 2>/dev/null
  tmux -L "$socket" send-keys q
fi
for _ in $(seq 1 120); do
  [[ -f "$done_file" ]] && break
  sleep 0.5
done
tmux -L "$socket" kill-server 2>/dev/null
status="$(cat "$done_file" 2>/dev/null || echo "none")"
if [[ "$status" == 2 ]] && grep -qi 'not available' "$err"; then
  skipped=1
  note "valgrind interactive session: NOT RUN: this build has no interactive mode ($(head -c 200 "$err"))"
elif [[ "$status" == none ]]; then
  failed=1
  note "valgrind interactive session: FAILED: tooltip-tui did not quit after q; see $log"
else
  lost="$(definitely_lost "$log")"
  errors="$(errors_in "$log")"
  if [[ "$status" == 0 && "$lost" == 0 && "$errors" == 0 ]]; then
    allocations="$(grep -E 'total heap usage' "$log" | sed -E 's/.*usage: ([0-9,]+) allocs.*/\1/')"
    note "valgrind interactive session: exit 0, definitely lost $lost bytes, $errors errors (possibly lost $(possibly_lost "$log") bytes; $allocations allocations)"
  else
    failed=1
    note "valgrind interactive session: FAILED (exit $status, definitely lost $lost bytes, $errors errors); see $log"
  fi
fi

echo
echo "Summary:"
printf '  %s\n' "${summary[@]}"
if [[ $failed -ne 0 ]]; then exit 1; fi
if [[ $skipped -ne 0 ]]; then exit 3; fi
exit 0
