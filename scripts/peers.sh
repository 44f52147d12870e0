#!/usr/bin/env bash
# Perft speed of Daba's movegen side by side with the chess, cozy-chess and
# shakmaty crates. Builds benches/peers (a standalone crate, outside the
# workspace, with the same release profile as Daba) and runs it; all
# arguments go to the binary:
#
#   scripts/peers.sh [--rounds N] [--depth D] [--fen FEN | --suite]
#
# RUSTFLAGS is passed through when set (e.g. RUSTFLAGS="-C target-cpu=native")
# and then applies to every library alike; by default the flags come from the
# project's .cargo/config.toml (target-cpu=x86-64-v2), which cargo finds from
# inside benches/peers, so every library gets Daba's default build flags.
# The markdown table goes to stdout, progress and build output to stderr.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
crate="$root/benches/peers"

if [[ -n "${RUSTFLAGS:-}" ]]; then
    echo "peers.sh: RUSTFLAGS=\"$RUSTFLAGS\"" >&2
else
    unset RUSTFLAGS
    echo "peers.sh: RUSTFLAGS not set (.cargo/config.toml: target-cpu=x86-64-v2, the main project's default build)" >&2
fi

# Build from inside the crate so cargo finds the same config files whatever
# the caller's current directory; niced, as the machine is shared.
cd "$crate"
nice -n 10 cargo build --release --target-dir "$crate/target" >&2
exec "$crate/target/release/peers" "$@"
