#!/usr/bin/env bash
# Side-by-side speed of several daba binaries: runs `daba bench` with each in
# turn, ROUNDS times (alternating, so a change in the machine's load hits every
# binary alike), and prints each run's nodes, time and nps, then the median nps
# of each binary and its ratio to the first. Only ratios within one run mean
# anything on a shared machine; run it when nothing else is running.
#
#   scripts/bench_compare.sh [-r ROUNDS] [-d DEPTH] BINARY...
set -euo pipefail

rounds=5
depth=""
while getopts "r:d:" opt; do
  case $opt in
    r) rounds=$OPTARG ;;
    d) depth=$OPTARG ;;
    *) echo "usage: $0 [-r ROUNDS] [-d DEPTH] BINARY..." >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ]; then
  echo "usage: $0 [-r ROUNDS] [-d DEPTH] BINARY..." >&2
  exit 2
fi

declare -A all
for ((r = 1; r <= rounds; r++)); do
  for bin in "$@"; do
    start=$(date +%s.%N)
    last=$("$bin" bench $depth | tail -n 1)
    end=$(date +%s.%N)
    nodes=$(echo "$last" | awk '{print $1}')
    nps=$(echo "$last" | awk '{print $3}')
    secs=$(echo "$end - $start" | bc)
    echo "round $r  $bin  nodes $nodes  time ${secs}s  nps $nps"
    all[$bin]="${all[$bin]:-} $nps"
  done
done

base=""
for bin in "$@"; do
  median=$(echo ${all[$bin]} | tr ' ' '\n' | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}')
  if [ -z "$base" ]; then base=$median; fi
  ratio=$(echo "scale=3; $median / $base" | bc)
  echo "median  $bin  nps $median  ratio $ratio"
done
