"""End-of-game rules and score-based adjudication, fed with score sequences."""

import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from matchlib.adjudication import (BLACK, WHITE, Adjudicator, DrawRule, ResignRule,  # noqa: E402
                                   result_score)

try:
    import chess
    HAVE_CHESS = True
except ImportError:  # pragma: no cover
    HAVE_CHESS = False


def feed(adj, scores, start_move=1, first=WHITE):
    """Feed alternating moves; scores are (white_cp, black_cp) per full move.

    Returns (index of the half-move that triggered, outcome) or (None, None).
    """
    color = first
    move_number = start_move
    ply = 0
    for white_cp, black_cp in scores:
        for cp in (white_cp, black_cp):
            if color == BLACK:
                move_number += 1          # full-move number after Black's move
            ply += 1
            outcome = adj.update(color, cp, move_number, plies=ply)
            if outcome is not None:
                return ply, outcome
            color = not color
    return None, None


class DrawAdjudicationTest(unittest.TestCase):
    def test_draw_after_streak(self):
        adj = Adjudicator(draw=DrawRule(movenumber=0, movecount=3, score=10))
        ply, outcome = feed(adj, [(5, -5), (0, 3), (10, -10), (0, 0)])
        self.assertEqual(outcome, ("1/2-1/2", "Draw by adjudication"))
        self.assertEqual(ply, 6)     # both engines have 3 moves inside the window

    def test_streak_broken(self):
        adj = Adjudicator(draw=DrawRule(movenumber=0, movecount=3, score=10))
        ply, outcome = feed(adj, [(5, -5), (0, 30), (10, -10), (0, 0)])
        self.assertIsNone(outcome)   # Black's 30 cp resets its count to 0, then 2 < 3

    def test_missing_score_breaks_streak(self):
        adj = Adjudicator(draw=DrawRule(movenumber=0, movecount=2, score=10))
        # White: 1, reset by None, 1, 2 -> Black already has 3 -> ply 7.
        ply, outcome = feed(adj, [(0, 0), (None, 0), (0, 0), (0, 0)])
        self.assertEqual(ply, 7)

    def test_movenumber_gate(self):
        # Quiet scores from move 1 on, but nothing before move 40 is complete.
        adj = Adjudicator(draw=DrawRule(movenumber=40, movecount=8, score=10))
        ply, outcome = feed(adj, [(0, 0)] * 60)
        self.assertEqual(outcome[0], "1/2-1/2")
        # Black's 40th move is ply 80: the first chance.
        self.assertEqual(ply, 80)
        # From a FEN starting at move 35, move 40 is complete after 12 plies.
        adj = Adjudicator(draw=DrawRule(movenumber=40, movecount=2, score=10))
        ply, outcome = feed(adj, [(0, 0)] * 10, start_move=35)
        self.assertEqual(ply, 12)

    def test_mate_scores_are_not_draws(self):
        adj = Adjudicator(draw=DrawRule(movenumber=0, movecount=2, score=10))
        self.assertEqual(feed(adj, [(100000, -100000)] * 5), (None, None))


class ResignAdjudicationTest(unittest.TestCase):
    def test_both_agree(self):
        adj = Adjudicator(resign=ResignRule(movecount=3, score=1000))
        # White says it is winning, Black agrees it is lost.
        ply, outcome = feed(adj, [(900, -900), (1000, -1000), (1200, -1100), (1500, -1400)])
        self.assertEqual(outcome, ("1-0", "Black loses by adjudication"))
        self.assertEqual(ply, 8)     # moves 2, 3, 4 of each side

    def test_black_wins(self):
        adj = Adjudicator(resign=ResignRule(movecount=2, score=500))
        ply, outcome = feed(adj, [(-600, 700), (-800, 900)])
        self.assertEqual(outcome, ("0-1", "White loses by adjudication"))

    def test_disagreement_means_no_adjudication(self):
        adj = Adjudicator(resign=ResignRule(movecount=3, score=1000))
        # White believes it is winning, Black thinks it is fine.
        self.assertEqual(feed(adj, [(1500, -100)] * 10), (None, None))
        # One-sided rule: the losing engine's own opinion is enough.
        adj = Adjudicator(resign=ResignRule(movecount=3, score=1000, twosided=False))
        ply, outcome = feed(adj, [(100, -1500)] * 10)
        self.assertEqual(outcome[0], "1-0")
        self.assertEqual(ply, 6)

    def test_streak_must_be_consecutive(self):
        adj = Adjudicator(resign=ResignRule(movecount=3, score=1000))
        seq = [(1200, -1200), (1200, -1200), (300, -300), (1200, -1200), (1200, -1200)]
        self.assertEqual(feed(adj, seq), (None, None))

    def test_parse(self):
        rule = ResignRule.parse(["movecount=3", "score=1000"])
        self.assertEqual((rule.movecount, rule.score, rule.twosided), (3, 1000, True))
        rule = DrawRule.parse(["movenumber=40", "movecount=8", "score=10"])
        self.assertEqual((rule.movenumber, rule.movecount, rule.score), (40, 8, 10))
        with self.assertRaises(ValueError):
            DrawRule.parse(["moves=3"])
        with self.assertRaises(ValueError):
            ResignRule.parse(["score=abc"])


class MaxMovesTest(unittest.TestCase):
    def test_maxmoves(self):
        adj = Adjudicator(maxmoves=10)
        ply, outcome = feed(adj, [(None, None)] * 20)
        self.assertEqual(ply, 20)
        self.assertEqual(outcome, ("1/2-1/2", "Draw by move limit"))


class ResultScoreTest(unittest.TestCase):
    def test_scores(self):
        self.assertEqual(result_score("1-0", WHITE), 1.0)
        self.assertEqual(result_score("1-0", BLACK), 0.0)
        self.assertEqual(result_score("0-1", BLACK), 1.0)
        self.assertEqual(result_score("1/2-1/2", WHITE), 0.5)
        with self.assertRaises(ValueError):
            result_score("*", WHITE)


@unittest.skipUnless(HAVE_CHESS, "python-chess not installed")
class RulesTest(unittest.TestCase):
    def outcome(self, fen, *moves):
        from matchlib.adjudication import rules_outcome
        board = chess.Board(fen)
        for san in moves:
            board.push_san(san)
        return rules_outcome(board)

    def test_mate_on_the_hundredth_half_move_is_a_win(self):
        # Half-move clock 99; Ra8# is the 100th half-move without capture or
        # pawn move: checkmate takes precedence over the fifty-move rule.
        self.assertEqual(self.outcome("6k1/8/6K1/8/8/8/8/R7 w - - 99 80", "Ra8#"),
                         ("1-0", "White mates"))

    def test_fifty_moves_without_mate(self):
        self.assertEqual(self.outcome("6k1/8/6K1/8/8/8/8/R7 w - - 99 80", "Ra7"),
                         ("1/2-1/2", "Draw by fifty moves rule"))

    def test_stalemate(self):
        self.assertEqual(self.outcome("7k/8/6Q1/8/8/8/8/K7 b - - 0 1"),
                         ("1/2-1/2", "Draw by stalemate"))

    def test_insufficient_material(self):
        self.assertEqual(self.outcome("8/8/4k3/8/8/3NK3/8/8 b - - 0 1"),
                         ("1/2-1/2", "Draw by insufficient mating material"))

    def test_threefold(self):
        moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]
        self.assertIsNone(self.outcome(chess.STARTING_FEN, *moves))
        self.assertEqual(self.outcome(chess.STARTING_FEN, *moves, "Ng8"),
                         ("1/2-1/2", "Draw by 3-fold repetition"))

    def test_black_mates(self):
        self.assertEqual(self.outcome(chess.STARTING_FEN, "f3", "e5", "g4", "Qh4#"),
                         ("0-1", "Black mates"))

    def test_comment_format(self):
        from matchlib.game import format_move_comment
        import chess.engine
        self.assertEqual(format_move_comment(chess.engine.Cp(35), 12, 0.12), "+0.35/12 0.120s")
        self.assertEqual(format_move_comment(chess.engine.Cp(-120), 7, 1.5), "-1.20/7 1.500s")
        self.assertEqual(format_move_comment(chess.engine.Mate(3), 20, 0.01), "+M3/20 0.010s")
        self.assertEqual(format_move_comment(chess.engine.Mate(-2), 9, 0.01), "-M2/9 0.010s")
        self.assertEqual(format_move_comment(None, None, 0.25), "0.250s")


if __name__ == "__main__":
    unittest.main()
