"""End-of-game detection: the rules of chess and optional adjudication.

Rules (checked after every move, in this order, so that a mate given on the
100th half-move is a win and not a fifty-move draw):
    checkmate, stalemate, insufficient material, fifty-move rule (100 plies
    without capture or pawn move), threefold repetition.

Adjudication (all optional):
    draw   -- once move `movenumber` is complete (both sides have made it;
              the move number continues the FEN's counter), both engines have reported
              |score| <= `score` cp for `movecount` consecutive moves each;
    resign -- for `movecount` consecutive moves each, the engine of one side
              reported <= -`score` cp and (twosided, the default) the engine
              of the other side reported >= +`score` cp;
    maxmoves -- the game reached N full moves: draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple

from .kv import parse_kv

WHITE, BLACK = True, False  # same values as chess.WHITE / chess.BLACK

# (result, reason) e.g. ("1-0", "White mates")
Outcome = Tuple[str, str]


def _color_name(color: bool) -> str:
    return "White" if color else "Black"


def win_result(winner: bool) -> str:
    return "1-0" if winner else "0-1"


def rules_outcome(board) -> Optional[Outcome]:
    """Outcome by the rules for a python-chess Board, or None if play goes on."""
    if board.is_checkmate():
        winner = not board.turn
        return win_result(winner), f"{_color_name(winner)} mates"
    if board.is_stalemate():
        return "1/2-1/2", "Draw by stalemate"
    if board.is_insufficient_material():
        return "1/2-1/2", "Draw by insufficient mating material"
    if board.is_fifty_moves():
        return "1/2-1/2", "Draw by fifty moves rule"
    if board.is_repetition(3):
        return "1/2-1/2", "Draw by 3-fold repetition"
    return None


def _int_value(key: str, value: str) -> int:
    if key == "twosided":
        return int(value.strip().lower() in ("1", "true", "yes", "on"))
    return int(value)


def _parse_int_kv(pairs, allowed, what) -> Dict[str, int]:
    return parse_kv(pairs, allowed, what, _int_value, "an integer")


@dataclass(frozen=True)
class DrawRule:
    movenumber: int = 0
    movecount: int = 8
    score: int = 10

    @classmethod
    def parse(cls, pairs) -> "DrawRule":
        v = _parse_int_kv(pairs, ("movenumber", "movecount", "score"), "--draw")
        rule = cls(**v)
        if rule.movecount <= 0 or rule.score < 0 or rule.movenumber < 0:
            raise ValueError("--draw: movecount must be > 0, score and movenumber >= 0")
        return rule


@dataclass(frozen=True)
class ResignRule:
    movecount: int = 3
    score: int = 1000
    twosided: bool = True

    @classmethod
    def parse(cls, pairs) -> "ResignRule":
        v = _parse_int_kv(pairs, ("movecount", "score", "twosided"), "--resign")
        if "twosided" in v:
            v["twosided"] = bool(v["twosided"])
        rule = cls(**v)
        if rule.movecount <= 0 or rule.score <= 0:
            raise ValueError("--resign: movecount and score must be > 0")
        return rule


class Adjudicator:
    """Feed it each move's reported score; it tells when to adjudicate.

    `score_cp` is the score the moving engine reported from its own point of
    view, in centipawns (mate scores as large values), or None when the
    engine reported none -- a missing score breaks every streak.
    """

    def __init__(self, draw: Optional[DrawRule] = None, resign: Optional[ResignRule] = None,
                 maxmoves: Optional[int] = None):
        self.draw = draw
        self.resign = resign
        self.maxmoves = maxmoves
        self.draw_streak: Dict[bool, int] = {WHITE: 0, BLACK: 0}
        self.losing_streak: Dict[bool, int] = {WHITE: 0, BLACK: 0}
        self.winning_streak: Dict[bool, int] = {WHITE: 0, BLACK: 0}

    def update(self, color: bool, score_cp: Optional[int], fullmove_number: int,
               plies: Optional[int] = None) -> Optional[Outcome]:
        """Record the move just made by `color`.

        fullmove_number: the board's full-move number after the move
        (python-chess Board.fullmove_number; it goes up after Black's move).  plies: half-moves played in the game so
        far (for maxmoves); defaults to what fullmove_number implies.
        """
        if score_cp is None:
            self.draw_streak[color] = 0
            self.losing_streak[color] = 0
            self.winning_streak[color] = 0
        else:
            if self.draw is not None:
                self.draw_streak[color] = self.draw_streak[color] + 1 if abs(score_cp) <= self.draw.score else 0
            if self.resign is not None:
                self.losing_streak[color] = self.losing_streak[color] + 1 if score_cp <= -self.resign.score else 0
                self.winning_streak[color] = self.winning_streak[color] + 1 if score_cp >= self.resign.score else 0

        if self.resign is not None:
            n = self.resign.movecount
            for loser in (WHITE, BLACK):
                lost = self.losing_streak[loser] >= n
                if self.resign.twosided:
                    lost = lost and self.winning_streak[not loser] >= n
                if lost:
                    return win_result(not loser), f"{_color_name(loser)} loses by adjudication"

        if self.draw is not None:
            n = self.draw.movecount
            # Moves completed by both sides = fullmove_number - 1 after the move.
            if (fullmove_number - 1 >= self.draw.movenumber
                    and self.draw_streak[WHITE] >= n and self.draw_streak[BLACK] >= n):
                return "1/2-1/2", "Draw by adjudication"

        if self.maxmoves:
            if plies is None:
                plies = 2 * (fullmove_number - 1) + (0 if color == BLACK else 1)
            if plies >= 2 * self.maxmoves:
                return "1/2-1/2", "Draw by move limit"
        return None


def score_to_cp(pov_score, mate_score: int = 100000) -> Optional[int]:
    """python-chess Score (already from the mover's view) -> centipawns."""
    if pov_score is None:
        return None
    return pov_score.score(mate_score=mate_score)


def result_score(result: str, color: bool) -> float:
    """Game score (1, 0.5, 0) for `color` from a PGN result string."""
    if result == "1/2-1/2":
        return 0.5
    if result == "1-0":
        return 1.0 if color == WHITE else 0.0
    if result == "0-1":
        return 1.0 if color == BLACK else 0.0
    raise ValueError(f"unfinished result {result!r}")


__all__ = [
    "Adjudicator", "DrawRule", "ResignRule", "rules_outcome", "score_to_cp",
    "result_score", "win_result", "WHITE", "BLACK", "Outcome",
]

