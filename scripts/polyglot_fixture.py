#!/usr/bin/env python3
"""Writes tests/data/polyglot_keys.txt: positions and their Polyglot keys as
python-chess computes them (chess.polyglot.zobrist_hash), for tests/book.rs.

Each line is `start FEN | UCI moves | final FEN | key`:
- the start is the standard position, a Chess960 start position or a hand-made
  FEN (then with no moves);
- the moves are random legal moves, biased towards pawn moves so that many
  positions have an en-passant square, with and without a pawn that can take;
- the final FEN writes the en-passant square after every double push
  (`en_passant="fen"`), Shredder castling for Chess960;
- the key is the final position's Polyglot key in hex.

The file is deterministic for a given seed: python3 scripts/polyglot_fixture.py
[--seed N] > tests/data/polyglot_keys.txt
"""

import argparse
import random

import chess
import chess.polyglot

# Hand-made positions: en passant that is pseudo-legal but illegal (a pinned
# pawn, a king exposed along the rank), en passant with no pawn beside the
# pushed one, both adjacent pawns, lost and kept castling rights, Chess960
# rights with inner rooks.
HAND_MADE = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
    "rnbqkbnr/pppp1ppp/8/8/4p2P/8/PPPPPPP1/RNBQKBNR b KQkq h3 0 2",
    "4k3/8/8/K2pP2r/8/8/8/8 w - d6 0 1",
    "4k3/8/8/r2pP2K/8/8/8/8 w - d6 0 1",
    "8/8/8/8/k2Pp2Q/8/8/4K3 b - d3 0 1",
    "4k3/4r3/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",
    "4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b Kq - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w Qk - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R b - - 0 1",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
    "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w Gb - 0 1",
    "rk5r/8/8/8/8/8/8/RK5R b HAha - 0 1",
    "2r1kr2/8/8/8/8/8/8/2R1KR2 w FCfc - 0 1",
]


def pick(board, rng):
    moves = list(board.legal_moves)
    pawn_moves = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
    # Double pushes that land beside an enemy pawn make en-passant keys.
    enemy_pawns = board.pieces(chess.PAWN, not board.turn)
    beside = [
        m for m in pawn_moves
        if abs(m.to_square - m.from_square) == 16
        and any(
            chess.square_rank(s) == chess.square_rank(m.to_square)
            and abs(chess.square_file(s) - chess.square_file(m.to_square)) == 1
            for s in enemy_pawns
        )
    ]
    if beside and rng.random() < 0.7:
        return rng.choice(beside), True
    if pawn_moves and rng.random() < 0.6:
        return rng.choice(pawn_moves), False
    return rng.choice(moves), False


def line(start, moves, board, chess960):
    final = board.fen(en_passant="fen", shredder=chess960)
    key = chess.polyglot.zobrist_hash(board)
    return f"{start} | {' '.join(moves)} | {final} | {key:016x}"


def game(rng, board, chess960):
    start = board.fen(shredder=chess960)
    length = rng.randint(1, 60)
    moves = []
    for _ in range(length):
        if board.is_game_over():
            break
        move, beside = pick(board, rng)
        moves.append(board.uci(move, chess960=chess960))
        board.push(move)
        # End some games on such a push, where the key has an en-passant file.
        if beside and rng.random() < 0.3:
            break
    return line(start, moves, board, chess960)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--games960", type=int, default=150)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    out = []
    for fen in HAND_MADE:
        chess960 = fen.split()[2] not in ("-",) and any(c not in "KQkq" for c in fen.split()[2])
        board = chess.Board(fen, chess960=chess960)
        out.append(line(fen, [], board, chess960))
    for _ in range(args.games):
        out.append(game(rng, chess.Board(), False))
    for _ in range(args.games960):
        board = chess.Board.from_chess960_pos(rng.randrange(960))
        out.append(game(rng, board, True))
    print("# Polyglot keys by python-chess " + chess.__version__ + " (scripts/polyglot_fixture.py"
          + f" --seed {args.seed} --games {args.games} --games960 {args.games960})")
    print("# start FEN | UCI moves | final FEN (en passant after every double push) | key")
    for entry in out:
        print(entry)


if __name__ == "__main__":
    main()
