#!/usr/bin/env python3
"""A tiny, deliberately faulty UCI engine for testing the match runner.

It plays random legal moves (seeded) and reports 'info depth 1 score cp S'.
Faults are triggered at the engine's N-th move of a game (1-based):

    --crash-at N     exit with status 3 instead of answering
    --illegal-at N   answer with an illegal move
    --hang-at N      never answer (ignores stop; only a kill ends it)
    --slow-at N      sleep --delay seconds before answering
    --no-uciok       never finish the UCI handshake
    --score CP       the score it reports (default 0)
"""

import argparse
import random
import sys
import time

import chess


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--crash-at", type=int)
    p.add_argument("--illegal-at", type=int)
    p.add_argument("--hang-at", type=int)
    p.add_argument("--slow-at", type=int)
    p.add_argument("--delay", type=float, default=1.0)
    p.add_argument("--no-uciok", action="store_true")
    p.add_argument("--score", type=int, default=0)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    rng = random.Random(args.seed)
    board = chess.Board()
    own_moves = 0

    def out(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    for raw in sys.stdin:
        line = raw.strip()
        if not line:
            continue
        cmd = line.split()[0]
        if cmd == "uci":
            if args.no_uciok:
                continue
            out("id name FakeEngine")
            out("id author test")
            out("option name Hash type spin default 16 min 1 max 1024")
            out("uciok")
        elif cmd == "isready":
            out("readyok")
        elif cmd == "ucinewgame":
            own_moves = 0
        elif cmd == "position":
            tokens = line.split()
            if tokens[1] == "startpos":
                board = chess.Board()
                rest = tokens[2:]
            else:
                fen_end = tokens.index("moves") if "moves" in tokens else len(tokens)
                board = chess.Board(" ".join(tokens[2:fen_end]))
                rest = tokens[fen_end:]
            if rest and rest[0] == "moves":
                for uci in rest[1:]:
                    board.push_uci(uci)
        elif cmd == "go":
            own_moves += 1
            if args.crash_at == own_moves:
                return 3
            if args.hang_at == own_moves:
                while True:
                    time.sleep(3600)
            if args.slow_at == own_moves:
                time.sleep(args.delay)
            moves = list(board.legal_moves)
            out(f"info depth 1 score cp {args.score} nodes 1 time 0")
            if args.illegal_at == own_moves:
                # Well-formed but never legal: the king captures its own piece.
                king = board.king(board.turn)
                own = [sq for sq in board.pieces(chess.PAWN, board.turn)] or [
                    sq for sq in chess.SQUARES
                    if board.color_at(sq) == board.turn and sq != king]
                out(f"bestmove {chess.square_name(king)}{chess.square_name(own[0])}")
                continue
            out(f"bestmove {rng.choice(moves).uci() if moves else '(none)'}")
        elif cmd == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
