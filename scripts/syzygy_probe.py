#!/usr/bin/env python3
"""Prints python-chess's Syzygy WDL and DTZ for each FEN read from stdin.

Usage: scripts/syzygy_probe.py TABLE_DIR < fens.txt

One line out per line in: `WDL DTZ` (python-chess's conventions: WDL -2..2
for the side to move, DTZ in plies to the next zeroing move, signed like the
WDL), or `none` when a table is missing or the FEN is invalid. The Rust test
tests/syzygy.rs compares Daba's prober with these values.
"""
import sys

import chess
import chess.syzygy


def main() -> int:
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    with chess.syzygy.open_tablebase(sys.argv[1]) as tb:
        for line in sys.stdin:
            fen = line.strip()
            if not fen:
                continue
            try:
                board = chess.Board(fen)
                wdl = tb.probe_wdl(board)
                dtz = tb.probe_dtz(board)
                print(f"{wdl} {dtz}")
            except (ValueError, KeyError, chess.syzygy.MissingTableError):
                print("none")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
