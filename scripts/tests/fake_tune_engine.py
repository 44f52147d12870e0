#!/usr/bin/env python3
"""A tiny UCI engine whose strength depends on a tunable option, for testing
scripts/spsa.py.

Options: SKILL (spin 0..100, default 20) and NOISE (spin 0..100, default 50,
no effect on play).  `--crash-at N` exits at the engine's N-th move of a game,
to test that failures are counted.  The UCI command `tunables` prints them in OpenBench's
SPSA input format, as Daba's tuning build does.

With probability 1 - |SKILL - 70| / 70 a move is the greedy one (mate if
possible, else the capture of the most valuable piece), otherwise a random
legal move.  The choice depends only on the position and the options
(a CRC, not Python's randomised hash), so the games are reproducible.  It
reports the material balance from its own side as its score, so that
resign adjudication ends lopsided games early.
"""

import sys
import zlib

import chess

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}
BEST = 70


def material(board: chess.Board, color: bool) -> int:
    return sum(VALUES[p.piece_type] * (1 if p.color == color else -1)
               for p in board.piece_map().values())


def choose(board: chess.Board, options: dict) -> chess.Move:
    moves = sorted(board.legal_moves, key=lambda m: m.uci())
    seed = zlib.crc32(f"{board.fen()}|{options['SKILL']}|{options['NOISE']}".encode())
    greedy_chance = max(0.0, 1.0 - abs(options["SKILL"] - BEST) / BEST)
    if (seed % 10000) / 10000.0 >= greedy_chance:
        return moves[(seed // 10000) % len(moves)]
    for move in moves:
        board.push(move)
        mate = board.is_checkmate()
        board.pop()
        if mate:
            return move

    def gain(move: chess.Move) -> int:
        victim = board.piece_at(move.to_square)
        return VALUES[victim.piece_type] if victim else (0.5 if board.is_en_passant(move) else 0)
    return max(moves, key=gain)


def main() -> int:
    crash_at = int(sys.argv[sys.argv.index("--crash-at") + 1]) if "--crash-at" in sys.argv else None
    own_moves = 0
    options = {"SKILL": 20, "NOISE": 50}
    board = chess.Board()

    def out(text: str) -> None:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()

    for raw in sys.stdin:
        tokens = raw.split()
        if not tokens:
            continue
        cmd = tokens[0]
        if cmd == "uci":
            out("id name FakeTune")
            out("option name Hash type spin default 16 min 1 max 1024")
            out("option name Threads type spin default 1 min 1 max 64")
            out("option name SKILL type spin default 20 min 0 max 100")
            out("option name NOISE type spin default 50 min 0 max 100")
            out("uciok")
        elif cmd == "tunables":
            out("SKILL, int, 20, 0, 100, 10, 0.2")
            out("NOISE, int, 50, 0, 100, 10, 0.2")
        elif cmd == "setoption" and "name" in tokens and "value" in tokens:
            name = tokens[tokens.index("name") + 1]
            if name in options:
                options[name] = int(tokens[tokens.index("value") + 1])
        elif cmd == "isready":
            out("readyok")
        elif cmd == "position":
            if tokens[1] == "startpos":
                board = chess.Board()
            else:
                end = tokens.index("moves") if "moves" in tokens else len(tokens)
                board = chess.Board(" ".join(tokens[2:end]))
            if "moves" in tokens:
                for uci in tokens[tokens.index("moves") + 1:]:
                    board.push_uci(uci)
        elif cmd == "ucinewgame":
            own_moves = 0
        elif cmd == "go":
            own_moves += 1
            if own_moves == crash_at:
                return 3
            move = choose(board, options)
            out(f"info depth 1 score cp {100 * material(board, board.turn)} nodes 1 time 0")
            out(f"bestmove {move.uci()}")
        elif cmd == "quit":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
