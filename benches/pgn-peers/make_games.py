#!/usr/bin/env python3
"""Writes the PGN file `pgn-peers speed` reads: random legal games (python-chess),
seeded, with what real files carry: seven tags and a few more, `[%eval]` and
`[%clk]` comments, NAGs, a variation now and then.

    python3 benches/pgn-peers/make_games.py --games 10000 --seed 1 > /tmp/games.pgn
"""
import argparse
import random

import chess
import chess.pgn


def game(rng: random.Random, number: int) -> str:
    board = chess.Board()
    out = chess.pgn.Game()
    out.headers.update(Event="pgn-peers", Site="?", Date="2026.12.05", Round=str(number),
                       White=f"Player {rng.randrange(100)}", Black=f"Player {rng.randrange(100)}",
                       Result="*", ECO="A00", WhiteElo=str(rng.randrange(1000, 2800)),
                       TimeControl="300+3")
    node = out
    for ply in range(rng.randrange(40, 140)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        if ply % 9 == 4 and len(moves) > 1:
            other = rng.choice([m for m in moves if m != move])
            node.add_variation(other).comment = "an alternative"
        node = node.add_main_variation(move)
        board.push(move)
        node.comment = f"[%eval {rng.uniform(-3, 3):.2f}] [%clk 0:04:{rng.randrange(60):02d}]"
        if rng.random() < 0.05:
            node.nags.add(rng.choice([1, 2, 4, 6]))
    return str(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    for number in range(1, args.games + 1):
        print(game(rng, number))
        print()


if __name__ == "__main__":
    main()
