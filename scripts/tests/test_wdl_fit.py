"""The WDL fit (scripts/wdl_fit.py) on synthetic games drawn from a known model.

Run with `python3 -m pytest scripts/tests`.
"""

import math
import os
import random
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import wdl_fit  # noqa: E402

# Placements with known material (pawn 1, minor 3, rook 5, queen 9) and
# pieces on both sides, so none is a bare king.
PLACEMENTS = {
    2: "4k3/p7/8/8/8/8/P7/4K3",
    16: "r3k3/ppp5/8/8/8/8/PPP5/R3K3",
    40: "r1b1k2r/ppp2ppp/8/8/8/8/PPP2PPP/R1B1K2R",
    78: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
}
BARE = "4k3/8/8/8/8/8/8/Q3K3"


def synthetic_games(path, ka, kb, games, seed):
    """Writes text lines of games whose outcomes follow the model (ka, kb).

    Every game is one material value and one score per position (side to
    move's view); the result is drawn from the model at the game's first
    position, so the fit sees outcomes with exactly the model's rates.
    """
    rng = random.Random(seed)
    with open(path, "w") as f:
        for _ in range(games):
            mat = rng.choice(list(PLACEMENTS))
            x = mat / 78
            a, b = wdl_fit.poly(ka, x), wdl_fit.poly(kb, x)
            s = rng.randint(-600, 600)
            pw, pd, _ = wdl_fit.probabilities(s, a, b)
            u = rng.random()
            white_result = "1.0" if u < pw else "0.5" if u < pw + pd else "0.0"
            # All positions of a game have White to move, the same score and
            # rising move numbers; a new game starts at move 1.
            for move in range(1, 6):
                f.write(f"{PLACEMENTS[mat]} w - - 0 {move} | {s} | {white_result}\n")


class WdlFitTest(unittest.TestCase):
    def test_recovers_the_model_that_made_the_games(self):
        ka, kb = [300.0, -200.0], [120.0, 40.0]
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "games.txt")
            synthetic_games(path, ka, kb, 20000, seed=1)
            (train, held), positions, games = wdl_fit.load(path, daba="unused")
        self.assertEqual(games, 20000)
        self.assertEqual(positions, 100000)
        rows = wdl_fit.project(train, "material", wdl_fit.not_bare)
        fa, fb = wdl_fit.fit(rows, [300.0, 0.0], [150.0, 0.0])
        for m in (2, 40, 78):
            x = m / 78
            self.assertAlmostEqual(wdl_fit.poly(fa, x), wdl_fit.poly(ka, x), delta=25)
            self.assertAlmostEqual(wdl_fit.poly(fb, x), wdl_fit.poly(kb, x), delta=15)
        # The true model scores the held-out games about as well as the fit,
        # and far better than knowing nothing (ln 3).
        held_rows = wdl_fit.project(held, "material", wdl_fit.not_bare)
        fitted = wdl_fit.mean_log_loss(held_rows, fa, fb)
        true = wdl_fit.mean_log_loss(held_rows, ka, kb)
        self.assertLess(abs(fitted - true), 0.01)
        self.assertLess(fitted, math.log(3) - 0.2)

    def test_bare_kings_are_counted_apart(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "games.txt")
            with open(path, "w") as f:
                f.write(f"{BARE} w - - 0 1 | 900 | 0.5\n")
                f.write(f"{PLACEMENTS[16]} w - - 0 1 | 100 | 1.0\n")
            (train, held), _, games = wdl_fit.load(path, daba="unused")
        cells = {**train, **held}
        self.assertEqual(games, 2)
        self.assertEqual(sum(sum(v[1:]) for k, v in cells.items() if wdl_fit.bare(k)), 1)
        self.assertEqual(sum(sum(v[1:]) for k, v in cells.items() if wdl_fit.not_bare(k)), 1)

    def test_an_outcome_the_model_calls_impossible_costs_a_finite_amount(self):
        # A draw at +5000: the model's draw probability rounds to 0, which
        # must score as a large finite loss, not end the sum (it once gave nan).
        rows = [(5000.0, 0.5, 0, 1, 0), (0.0, 0.5, 0, 1, 0)]
        loss = wdl_fit.mean_log_loss(rows, [200.0], [100.0])
        self.assertTrue(math.isfinite(loss))
        self.assertGreater(loss, -math.log(wdl_fit.P_FLOOR) / 2 - 1)

    def test_reads_the_model_in_wdl_rs(self):
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        ka, kb = wdl_fit.current_model(root)
        self.assertEqual((len(ka), len(kb)), (4, 4))
        for m in range(79):
            self.assertGreater(wdl_fit.poly(ka, m / 78), 0)
            self.assertGreater(wdl_fit.poly(kb, m / 78), 0)


if __name__ == "__main__":
    unittest.main()
