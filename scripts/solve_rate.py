#!/usr/bin/env python3
"""Solve rate of a UCI engine on EPD test suites (`bm` / `am` operations).

Usage: python3 scripts/solve_rate.py --engine target/release/daba --ms 1000 tests/data/*.epd

Each position gets `go movetime <ms>` after `ucinewgame`; a position counts as
solved when the engine's final move is one of the `bm` moves (or none of the
`am` moves). Prints one line per suite and a total.
"""

import argparse
import sys
import time

import chess
import chess.engine


def parse_epd(line):
    """Splits an EPD line into a board and its operations.

    Written by hand because the suites use unquoted `id` operands and spaces
    before `;` or inside moves (`bm Nf6 + ;`), which python-chess rejects.
    """
    fields = line.split(None, 4)
    board = chess.Board(" ".join(fields[:4]) + " 0 1")
    ops = {}
    for op in (fields[4] if len(fields) > 4 else "").split(";"):
        words = op.split()
        if not words:
            continue
        opcode, operands = words[0], words[1:]
        if opcode in ("bm", "am"):
            moves = [board.parse_san(w) for w in operands if w not in ("+", "#")]
            ops[opcode] = moves
        else:
            ops[opcode] = " ".join(operands)
    return board, ops


def load_suite(path):
    positions = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            positions.append(parse_epd(line))
    return positions


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--engine", required=True, help="path of the UCI engine")
    parser.add_argument("--ms", type=int, default=1000, help="milliseconds per position")
    parser.add_argument("--hash", type=int, default=16)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("suites", nargs="+")
    args = parser.parse_args()

    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Hash": args.hash, "Threads": args.threads})
    total_solved = total = 0
    started = time.time()
    for path in args.suites:
        solved = 0
        positions = load_suite(path)
        for board, ops in positions:
            result = engine.play(board, chess.engine.Limit(time=args.ms / 1000), game=object())
            move = result.move
            good = ops.get("bm")
            bad = ops.get("am")
            ok = (good is not None and move in good) or (good is None and bad is not None and move not in bad)
            solved += ok
            if args.verbose:
                name = ops.get("id", board.fen())
                want = " ".join(board.san(m) for m in (good or [])) or "not " + " ".join(board.san(m) for m in bad)
                print(f"{'ok ' if ok else 'MISS'} {name}: played {board.san(move)}, wanted {want}")
        print(f"{path}: {solved}/{len(positions)} solved at {args.ms} ms per position")
        total_solved += solved
        total += len(positions)
    engine.quit()
    print(f"total: {total_solved}/{total} ({100.0 * total_solved / max(total, 1):.1f}%) in {time.time() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
