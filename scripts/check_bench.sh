#!/usr/bin/env bash
# Checks that `daba bench` gives the node count of the most recent commit whose
# message has a line `Bench: <N>` (see docs/testing.md). Builds the release
# binary first unless DABA is set.
set -euo pipefail
cd "$(dirname "$0")/.."

daba=${DABA:-target/release/daba}
if [ -z "${DABA:-}" ]; then
  cargo build --release --bin daba >/dev/null
fi

actual=$("$daba" bench | tail -n 1 | awk '{print $1}')
expected=$(git log --format=%B 2>/dev/null | grep -E '^Bench: [0-9]+\s*$' | head -n 1 | awk '{print $2}' || true)

if [ -z "$expected" ]; then
  echo "check_bench: no 'Bench: <N>' line in the history (shallow clone?); bench is $actual"
  exit 0
fi
if [ "$actual" != "$expected" ]; then
  echo "check_bench: daba bench gives $actual nodes, the history says Bench: $expected"
  echo "A commit that changes search behaviour must end with the line 'Bench: $actual'."
  exit 1
fi
echo "check_bench: bench $actual matches the history"
