#!/usr/bin/env python3
"""Makes the opening files in tests/data/ that the match scripts use by default.

Two files, both Daba's own (no third-party opening suite travels with the
repository):

- `--chess960 FILE`: the 960 Chess960 start positions in Scharnagl's order
  (number 0 to 959, 518 being the standard start), castling rights in X-FEN.
- `--standard FILE`: balanced standard openings. From the start position each
  side plays uniformly random legal moves for `--plies` plies; the position is
  kept when it is new, the game is not over, and Daba's search at `--nodes`
  nodes (one thread) scores it within `--max-cp` centipawns, so games from it
  are decided by play, not by the opening. With the same seed, nodes and
  binary, the file is the same.

    python3 scripts/make_openings.py --daba target/release/daba \\
        --standard tests/data/openings.epd --count 1000 --plies 8 --seed 1 \\
        --chess960 tests/data/chess960.epd

Needs python-chess (scripts/requirements.txt).
"""
from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import chess
import chess.engine


def chess960_starts() -> list[str]:
    """The 960 start positions as EPD lines, in Scharnagl's numbering."""
    return [
        chess.Board.from_chess960_pos(n).epd() for n in range(960)
    ]


def random_opening(rng: random.Random, plies: int) -> chess.Board | None:
    """The start position after `plies` random legal moves; None if the game ended."""
    board = chess.Board()
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            return None
        board.push(rng.choice(moves))
    return None if board.is_game_over() else board


def balanced_openings(
    daba: Path, count: int, plies: int, nodes: int, max_cp: int, seed: int
) -> list[str]:
    rng = random.Random(seed)
    kept: list[str] = []
    seen: set[str] = set()
    tried = 0
    with chess.engine.SimpleEngine.popen_uci(str(daba)) as engine:
        engine.configure({"Threads": 1, "Hash": 16})
        while len(kept) < count:
            tried += 1
            if tried > count * 100:
                raise SystemExit(f"only {len(kept)} balanced openings in {tried} tries")
            board = random_opening(rng, plies)
            if board is None or board.epd() in seen:
                continue
            seen.add(board.epd())
            # A fresh table each time, so a position's score does not depend
            # on the ones searched before it.
            info = engine.analyse(board, chess.engine.Limit(nodes=nodes), game=object())
            score = info["score"].white()
            if score.is_mate() or abs(score.score()) > max_cp:
                continue
            kept.append(board.epd())
    print(f"standard: kept {len(kept)} of {tried} random openings", file=sys.stderr)
    return kept


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--daba", type=Path, default=Path("target/release/daba"))
    parser.add_argument("--standard", type=Path, help="write balanced standard openings here")
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--plies", type=int, default=8)
    parser.add_argument("--nodes", type=int, default=10000)
    parser.add_argument("--max-cp", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--chess960", type=Path, help="write the 960 start positions here")
    args = parser.parse_args()
    if not args.standard and not args.chess960:
        parser.error("nothing to make: give --standard FILE and/or --chess960 FILE")
    if args.chess960:
        args.chess960.write_text("\n".join(chess960_starts()) + "\n")
    if args.standard:
        if not args.daba.exists():
            print(f"error: {args.daba} not found (cargo build --release)", file=sys.stderr)
            return 2
        lines = balanced_openings(
            args.daba, args.count, args.plies, args.nodes, args.max_cp, args.seed
        )
        args.standard.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
