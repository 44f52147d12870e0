"""Opening positions: EPD/FEN files (and PGN files), ordering, Chess960.

An EPD/FEN file holds one position per line:

    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1     (FEN)
    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -         (no counters)
    rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - id "x"; (EPD opcodes)

Empty lines and lines starting with '#' are skipped.  Each opening is played
twice by the runner (a game pair, colours reversed).
"""

from __future__ import annotations

import os
import random
import re
from dataclasses import dataclass
from typing import Iterable, List, Optional, Sequence, Tuple

import chess
import chess.pgn

_STANDARD_CASTLING = set("KQkq-")

# Daba's own opening files (made by scripts/make_openings.py), the default of
# the scripts that need openings; they travel with the repository.
_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests", "data")
OWN_OPENINGS = os.path.normpath(os.path.join(_DATA, "openings.epd"))
OWN_CHESS960 = os.path.normpath(os.path.join(_DATA, "chess960.epd"))


@dataclass(frozen=True)
class Opening:
    fen: str                       # root position
    moves: Tuple[str, ...] = ()    # UCI moves played from the root (PGN books)
    chess960: bool = False
    source: str = ""               # e.g. "book.epd:12"

    def board(self) -> chess.Board:
        board = chess.Board(self.fen, chess960=self.chess960)
        for uci in self.moves:
            board.push_uci(uci)
        return board


def _looks_like_960_castling(field_text: str) -> bool:
    """Shredder/X-FEN castling letters (e.g. 'HAha', 'Bb') mean Chess960."""
    return any(ch not in _STANDARD_CASTLING for ch in field_text)


def parse_epd_line(line: str, chess960: bool = False) -> Optional[chess.Board]:
    """Board for one EPD/FEN line; None for blank/comment lines.

    Raises ValueError for a malformed or illegal position.
    """
    text = line.strip()
    if not text or text.startswith("#"):
        return None
    tokens = text.split()
    if len(tokens) < 4:
        raise ValueError(f"need at least 4 FEN fields: {text!r}")
    if len(tokens) >= 6 and tokens[4].isdigit() and tokens[5].isdigit():
        # Full FEN (maybe followed by ';' comments or other fields).
        fen = " ".join(tokens[:6])
        board = chess.Board(fen, chess960=chess960)
    elif len(tokens) == 5 and tokens[4].isdigit():
        # Placement, side, castling, e.p. and only the half-move clock.
        board = chess.Board(" ".join(tokens[:5]) + " 1", chess960=chess960)
    else:
        # EPD: 4 fields and optional opcodes (hmvc / fmvn are honoured).
        board, _ops = chess.Board.from_epd(text, chess960=chess960)
    status = board.status()
    if status != chess.STATUS_VALID:
        raise ValueError(f"illegal position ({status!r}): {text!r}")
    return board


_CASTLING_FIELD = re.compile(r"[A-Ha-hKQkq]+")


def _should_be_960(lines: Sequence[str]) -> bool:
    """True when some position line uses Shredder/X-FEN castling letters."""
    for line in lines:
        tokens = line.split()
        if len(tokens) < 4 or line.lstrip().startswith("#") or tokens[0].count("/") != 7:
            continue
        if _CASTLING_FIELD.fullmatch(tokens[2]) and _looks_like_960_castling(tokens[2]):
            return True
    return False


def filename_says_960(path: str) -> bool:
    """Auto-detection by name: frc960.epd, chess960.epd, dfrc.epd, ..."""
    name = os.path.basename(path).lower()
    return bool(re.search(r"960|frc|fischer", name))


def read_epd(path: str, chess960: Optional[bool] = None,
             warn=None) -> List[Opening]:
    """Read an EPD/FEN file.

    chess960: True/False forces the variant, None auto-detects it (file name
    or Shredder-FEN castling letters).  Bad lines are reported through
    `warn(msg)` and skipped; a file without any valid line raises ValueError.
    """
    with open(path, encoding="utf-8", errors="replace") as handle:
        lines = handle.read().splitlines()
    if chess960 is None:
        chess960 = filename_says_960(path) or _should_be_960(lines)
    openings: List[Opening] = []
    base = os.path.basename(path)
    for number, line in enumerate(lines, 1):
        try:
            board = parse_epd_line(line, chess960=chess960)
        except ValueError as err:
            if warn:
                warn(f"{base}:{number}: skipped ({err})")
            continue
        if board is None:
            continue
        openings.append(Opening(board.fen(shredder=chess960), (), chess960, f"{base}:{number}"))
    if not openings:
        raise ValueError(f"no valid positions in {path}")
    return openings


def read_pgn(path: str, chess960: Optional[bool] = None, plies: Optional[int] = None,
             warn=None) -> List[Opening]:
    """Read the main lines of a PGN file as openings (optionally cut to `plies`)."""
    openings: List[Opening] = []
    base = os.path.basename(path)
    with open(path, encoding="utf-8", errors="replace") as handle:
        index = 0
        while True:
            game = chess.pgn.read_game(handle)
            if game is None:
                break
            index += 1
            if game.errors:
                if warn:
                    warn(f"{base}: game {index} skipped ({game.errors[0]})")
                continue
            board = game.board()
            if chess960:
                board.chess960 = True
            root_fen = board.fen(shredder=board.chess960)
            moves = []
            for move in game.mainline_moves():
                if plies is not None and len(moves) >= plies:
                    break
                moves.append(move.uci())
                board.push(move)
            if board.is_game_over():
                if warn:
                    warn(f"{base}: game {index} skipped (opening ends the game)")
                continue
            openings.append(Opening(root_fen, tuple(moves), board.chess960, f"{base}#{index}"))
    if not openings:
        raise ValueError(f"no usable games in {path}")
    return openings


def read_openings(path: str, chess960: Optional[bool] = None, plies: Optional[int] = None,
                  warn=None) -> List[Opening]:
    if path.lower().endswith(".pgn"):
        return read_pgn(path, chess960=chess960, plies=plies, warn=warn)
    return read_epd(path, chess960=chess960, warn=warn)


class OpeningBook:
    """Gives the opening for each game pair.

    sequential: file order, wrapping around at the end.
    random: the list is shuffled once with `seed` (reproducible), then used
    in that order, wrapping around.
    Without a file: the standard start position, or for Chess960 a random
    start position (from the same seed) for every pair.
    """

    def __init__(self, openings: Optional[Sequence[Opening]] = None, order: str = "sequential",
                 seed: Optional[int] = None, chess960: bool = False, start: int = 1):
        if order not in ("sequential", "random"):
            raise ValueError("order must be 'sequential' or 'random'")
        self.order = order
        self.seed = seed
        self.chess960 = chess960
        self.start = max(1, start)
        self._rng = random.Random(seed)
        self._openings = list(openings or [])
        if self._openings and order == "random":
            self._rng.shuffle(self._openings)
        self._generated: dict = {}

    def __len__(self) -> int:
        return len(self._openings)

    def for_pair(self, pair: int) -> Opening:
        """Opening for game pair `pair` (0-based)."""
        if self._openings:
            return self._openings[(pair + self.start - 1) % len(self._openings)]
        if not self.chess960:
            return Opening(chess.STARTING_FEN, (), False, "startpos")
        if pair not in self._generated:
            # Deterministic per pair, independent of the order pairs are asked for.
            number = random.Random(f"{self.seed}-{pair}").randrange(960)
            board = chess.Board.from_chess960_pos(number)
            self._generated[pair] = Opening(board.fen(shredder=True), (), True, f"960#{number}")
        return self._generated[pair]


def iter_openings(book: OpeningBook, pairs: int) -> Iterable[Opening]:
    for pair in range(pairs):
        yield book.for_pair(pair)


__all__ = ["Opening", "OpeningBook", "read_epd", "read_pgn", "read_openings",
           "parse_epd_line", "filename_says_960"]

