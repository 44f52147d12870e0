#!/usr/bin/env bash
# Runs the cargo-fuzz targets in fuzz/ (libFuzzer, AddressSanitizer).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]   each target for SECONDS (default 30), all by default
#   MAX_RUNS=10000000 scripts/fuzz.sh 3600 fen   stop at 10M executions or one hour
#   FUZZ_JOBS=2 scripts/fuzz.sh 30          two targets at a time (a fuzzer uses one core)
#   scripts/fuzz.sh build                   only build the targets (CI builds them early, in the background)
#
# The committed seeds in fuzz/corpus/<target> are read, never written: new
# inputs go to $FUZZ_WORK/<target> (default target/fuzz-work), crashes to
# fuzz/artifacts/<target>. Needs cargo-fuzz (`cargo install cargo-fuzz`);
# RUSTC_BOOTSTRAP=1 lets the stable toolchain build with the sanitizer flags.
# Exit status: 0 when no target found a crash, else 1.
set -euo pipefail
cd "$(dirname "$0")/.."
export RUSTC_BOOTSTRAP=1
if [ "${1:-}" = build ]; then
  (cd fuzz && cargo fuzz build -O)
  exit 0
fi
seconds=${1:-30}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  # Every [[bin]] of fuzz/Cargo.toml, so a new target cannot be left out.
  mapfile -t targets < <(awk '/^\[\[bin\]\]/ { bin = 1; next } bin && /^name = / { gsub(/"/, "", $3); print $3; bin = 0 }' fuzz/Cargo.toml)
fi
jobs=${FUZZ_JOBS:-1}
work=${FUZZ_WORK:-$PWD/target/fuzz-work}
(cd fuzz && cargo fuzz build -O)

# One target: its log in $work/<target>.log, a line saying how it went,
# and a $work/<target>.failed file when it found something.
fuzz_one() {
  local t=$1 log="$work/$1.log"
  mkdir -p "$work/$t"
  rm -f "$work/$t.failed"
  # -close_fd_mask=1: the UCI target prints what the engine would print.
  if (cd fuzz && cargo fuzz run -O "$t" "$work/$t" "corpus/$t" -- \
        -max_total_time="$seconds" ${MAX_RUNS:+-runs=$MAX_RUNS} -close_fd_mask=1 -print_final_stats=1) >"$log" 2>&1; then
    echo "$t: ok, $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') executions at $(grep -E '^stat::average_exec_per_sec' "$log" | awk '{print $2}') per second"
  else
    touch "$work/$t.failed"
    echo "$t: FAILED; the log is $log"
    grep -E 'panicked|ERROR|SUMMARY|artifact' "$log" | head -20 || true
  fi
}

mkdir -p "$work"
running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  fuzz_one "$t" &
  running=$((running + 1))
done
wait
status=0
for t in "${targets[@]}"; do
  if [ -e "$work/$t.failed" ]; then status=1; fi
done
exit $status
