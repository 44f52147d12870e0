"""The opening files in tests/data/ (scripts/make_openings.py) are what it says."""

import os
import sys

import chess

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from make_openings import chess960_starts  # noqa: E402
from matchlib.openings import OWN_CHESS960, OWN_OPENINGS, read_openings  # noqa: E402


def lines(path):
    with open(path) as f:
        return [line.strip() for line in f if line.strip()]


def test_the_chess960_file_is_the_960_starts_in_scharnagl_order():
    starts = lines(OWN_CHESS960)
    assert starts == chess960_starts()
    assert len(set(starts)) == 960
    assert starts[518].startswith("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq")


def test_the_standard_openings_are_distinct_playable_eight_ply_positions():
    openings = lines(OWN_OPENINGS)
    assert len(openings) == 1000
    assert len(set(openings)) == 1000
    for epd in openings:
        board, _ = chess.Board.from_epd(epd)
        assert board.is_valid(), epd
        assert board.turn == chess.WHITE and not board.is_game_over(), epd
        # Eight plies from the start: 32 pieces at most, the start's 32 minus captures.
        assert len(board.piece_map()) <= 32
    # The match runner reads them as standard (not Chess960) openings.
    assert not any(o.chess960 for o in read_openings(OWN_OPENINGS))
