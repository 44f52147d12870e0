"""Elo, error bar, LOS and SPRT arithmetic against values worked out by hand.

Run with `python3 -m pytest scripts/tests` or
`python3 -m unittest discover scripts/tests`.
"""

import math
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from matchlib import stats  # noqa: E402
from matchlib.stats import (MatchStats, SprtConfig, elo_estimate, elo_from_score,  # noqa: E402
                            elo_pentanomial, elo_trinomial, llr_pentanomial,
                            llr_pentanomial_normal, los, mle_with_mean, pair_index,
                            score_from_elo, sprt_bounds)


class EloTest(unittest.TestCase):
    def test_even_score_is_zero_elo(self):
        self.assertEqual(elo_from_score(0.5), 0.0)

    def test_three_quarters(self):
        # 0.75 -> 1/s - 1 = 1/3 -> -400 * log10(1/3) = 400 * 0.477121... = 190.848...
        self.assertAlmostEqual(elo_from_score(0.75), 190.85, places=2)
        self.assertAlmostEqual(elo_from_score(0.25), -190.85, places=2)

    def test_other_known_points(self):
        # 10/11 -> 1/s - 1 = 0.1 -> +400 Elo;  100/101 -> +800 Elo.
        self.assertAlmostEqual(elo_from_score(10 / 11), 400.0, places=9)
        self.assertAlmostEqual(elo_from_score(100 / 101), 800.0, places=9)

    def test_inverse(self):
        for elo in (-600, -100, -5, 0, 3.5, 50, 400):
            self.assertAlmostEqual(elo_from_score(score_from_elo(elo)), elo, places=9)
        self.assertAlmostEqual(score_from_elo(400), 10 / 11, places=12)

    def test_extremes(self):
        self.assertEqual(elo_from_score(1.0), math.inf)
        self.assertEqual(elo_from_score(0.0), -math.inf)


class ErrorBarTest(unittest.TestCase):
    def test_pentanomial_symmetric_sample(self):
        # [LL, LD, DD, WD, WW] = [0, 10, 20, 10, 0]: 40 pairs, mean 0.5,
        # variance = (10 * 0.25^2 + 10 * 0.25^2) / 40 = 0.03125,
        # se = sqrt(0.03125 / 40) = 0.0279508, half width = 1.959964 * se = 0.0547830,
        # Elo(0.5547830) = -400 log10(0.445217/0.554783) = 400 * 0.095553 = 38.22;
        # symmetric -> error 38.22.
        est = elo_pentanomial([0, 10, 20, 10, 0])
        se = math.sqrt(0.03125 / 40)
        hi = 0.5 + 1.959964 * se
        expected = -400 * math.log10(1 / hi - 1)
        self.assertAlmostEqual(est.elo, 0.0, places=9)
        self.assertAlmostEqual(est.error, expected, places=3)
        self.assertAlmostEqual(est.error, 38.22, delta=0.01)

    def test_pentanomial_asymmetric_sample(self):
        # [2, 8, 20, 14, 6]: 50 pairs; sum of scores = 8*0.25 + 20*0.5 + 14*0.75 + 6 = 28.5
        # mean = 0.57; variance = (2*0.57^2 + 8*0.32^2 + 20*0.07^2 + 14*0.18^2 + 6*0.43^2)/50
        #      = (0.6498 + 0.8192 + 0.098 + 0.4536 + 1.1094) / 50 = 3.13 / 50 = 0.0626
        est = elo_pentanomial([2, 8, 20, 14, 6])
        mean, var = 0.57, 0.0626
        half = 1.959964 * math.sqrt(var / 50)
        lo = -400 * math.log10(1 / (mean - half) - 1)
        hi = -400 * math.log10(1 / (mean + half) - 1)
        self.assertAlmostEqual(est.elo, -400 * math.log10(1 / 0.57 - 1), places=9)
        self.assertAlmostEqual(est.elo, 49.0, delta=0.1)
        self.assertAlmostEqual(est.error, (hi - lo) / 2, places=3)

    def test_trinomial(self):
        # W=30, D=40, L=30: mean 0.5, variance = (30*0.25 + 30*0.25) / 100 = 0.15
        est = elo_trinomial(30, 40, 30)
        half = 1.959964 * math.sqrt(0.15 / 100)
        expected = -400 * math.log10(1 / (0.5 + half) - 1)
        self.assertAlmostEqual(est.error, expected, places=3)

    def test_estimate_uses_pairs_when_available(self):
        # 40 pairs [0,10,20,10,0] (10 LD, 20 DD, 10 WD) are 80 games with
        # W=10 D=60 L=10.  With all pairs complete the error must equal the
        # pure pentanomial one.
        est = elo_estimate(10, 60, 10, [0, 10, 20, 10, 0])
        self.assertAlmostEqual(est.error, elo_pentanomial([0, 10, 20, 10, 0]).error, places=9)
        self.assertAlmostEqual(est.elo, 0.0, places=9)

    def test_pair_variance_smaller_than_game_variance_when_correlated(self):
        # Openings that favour one colour make WL pairs common: pairing removes that noise.
        paired = elo_estimate(30, 0, 30, [0, 0, 30, 0, 0])
        unpaired = elo_estimate(30, 0, 30, None)
        self.assertLess(paired.error, unpaired.error)
        self.assertEqual(paired.error, 0.0)

    def test_no_games(self):
        self.assertEqual(elo_estimate(0, 0, 0).error, math.inf)


class LosTest(unittest.TestCase):
    def test_even(self):
        self.assertEqual(los(7, 7), 0.5)
        self.assertEqual(los(0, 0), 0.5)

    def test_ten_wins_no_losses(self):
        # LOS = (1 + erf((W-L)/sqrt(2(W+L))))/2 = (1 + erf(10/sqrt(20)))/2
        #     = (1 + erf(2.236068))/2 = (1 + 0.998435)/2 = 0.999217,
        # i.e. Phi(z) with z = (W-L)/sqrt(W+L) = sqrt(10) = 3.1623.
        self.assertGreater(los(10, 0), 0.99)
        self.assertAlmostEqual(los(10, 0), 0.999217, places=5)

    def test_symmetry_and_draws_ignored(self):
        self.assertAlmostEqual(los(3, 10) + los(10, 3), 1.0, places=12)
        # z = (60-40)/sqrt(100) = 2 -> Phi(2) = 0.977250
        self.assertAlmostEqual(los(60, 40), 0.977250, places=5)


class SprtTest(unittest.TestCase):
    def test_bounds(self):
        lower, upper = sprt_bounds(0.05, 0.05)
        # ln(0.05/0.95) = -ln(19) = -2.944439
        self.assertAlmostEqual(lower, -2.944439, places=6)
        self.assertAlmostEqual(upper, 2.944439, places=6)
        lower, upper = sprt_bounds(0.05, 0.10)
        self.assertAlmostEqual(lower, math.log(0.10 / 0.95), places=12)
        self.assertAlmostEqual(upper, math.log(0.90 / 0.05), places=12)

    def test_all_ww_pairs_closed_form(self):
        # With every pair WW, the most likely distribution with mean s puts
        # s on WW and 1-s on LL, so LLR = N ln(s1/s0) exactly (the tiny
        # pseudo-counts on empty cells change it only slightly).
        s0, s1 = score_from_elo(0), score_from_elo(5)
        expected = 30 * math.log(s1 / s0)      # 30 * ln(0.507195/0.5) = 0.4286
        self.assertAlmostEqual(llr_pentanomial([0, 0, 0, 0, 30], 0, 5), expected, delta=0.01)
        expected_ll = 30 * math.log((1 - s1) / (1 - s0))
        self.assertAlmostEqual(llr_pentanomial([30, 0, 0, 0, 0], 0, 5), expected_ll, delta=0.01)

    def test_two_point_sample_closed_form(self):
        # Only LD (0.25) and WD (0.75) pairs: the constrained MLE keeps that
        # support, with P(0.75) = q = (s - 0.25) / 0.5.  LLR = a ln((1-q1)/(1-q0)) + b ln(q1/q0).
        a, b = 40, 60
        s0, s1 = score_from_elo(0), score_from_elo(10)
        q0, q1 = (s0 - 0.25) / 0.5, (s1 - 0.25) / 0.5
        expected = a * math.log((1 - q1) / (1 - q0)) + b * math.log(q1 / q0)
        self.assertAlmostEqual(llr_pentanomial([0, a, 0, b, 0], 0, 10), expected, delta=0.01 * abs(expected))

    def test_clearly_positive_and_negative(self):
        positive = [10, 200, 500, 300, 40]     # mean 0.538, about +26 Elo
        negative = list(reversed(positive))    # mean 0.462, about -26 Elo
        llr_pos = llr_pentanomial(positive, 0, 5)
        llr_neg = llr_pentanomial(negative, 0, 5)
        lower, upper = sprt_bounds(0.05, 0.05)
        self.assertGreater(llr_pos, upper)
        self.assertLess(llr_neg, lower)
        # Normal approximation by hand: N (s1-s0)(2 mean - s0 - s1) / (2 var),
        # N = 1050 pairs, mean = 565/1050 = 0.538095 (mirror: 0.461905),
        # var = 0.040215 for both, s0 = 0.5, s1 = 0.507195:
        #   positive: 1050 * 0.007195 *  0.068995 / 0.080431 = +6.48
        #   negative: 1050 * 0.007195 * -0.083385 / 0.080431 = -7.83
        # and the exact GSPRT gives +6.39 / -7.65.
        n = 1050
        s0, s1 = 0.5, score_from_elo(5)
        for sample, llr in ((positive, llr_pos), (negative, llr_neg)):
            mean = sum(c * x for c, x in zip(sample, (0, 0.25, 0.5, 0.75, 1))) / n
            var = sum(c * (x - mean) ** 2 for c, x in zip(sample, (0, 0.25, 0.5, 0.75, 1))) / n
            approx = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)
            self.assertAlmostEqual(llr_pentanomial_normal(sample, 0, 5), approx, places=9)
            # The exact GSPRT and its normal approximation agree within a few per cent.
            self.assertAlmostEqual(llr, approx, delta=0.05 * abs(approx))
        self.assertAlmostEqual(llr_pos, 6.39, delta=0.01)
        self.assertAlmostEqual(llr_neg, -7.65, delta=0.01)
        # The mirrored sample is further from the midpoint (s0+s1)/2 = 0.5036,
        # so it carries more evidence.
        self.assertGreater(-llr_neg, llr_pos)

    def test_midpoint_sample_is_neutral(self):
        # A sample whose mean lies halfway between s0 and s1 favours neither.
        elo0, elo1 = -5, 5          # s0 + s1 = 1, midpoint 0.5
        self.assertAlmostEqual(llr_pentanomial([5, 20, 50, 20, 5], elo0, elo1), 0.0, places=6)

    def test_more_data_more_evidence(self):
        small = llr_pentanomial([1, 20, 50, 30, 4], 0, 5)
        large = llr_pentanomial([10, 200, 500, 300, 40], 0, 5)
        self.assertGreater(small, 0)
        self.assertGreater(large, 5 * small)

    def test_no_pairs(self):
        self.assertEqual(llr_pentanomial([0, 0, 0, 0, 0], 0, 5), 0.0)

    def test_constrained_mle(self):
        probs = [0.02, 0.18, 0.5, 0.25, 0.05]
        target = 0.48
        p = mle_with_mean(probs, stats.PENTANOMIAL_SCORES, target)
        self.assertAlmostEqual(sum(p), 1.0, places=10)
        self.assertAlmostEqual(sum(pi * x for pi, x in zip(p, stats.PENTANOMIAL_SCORES)), target, places=10)

        def loglik(q):
            return sum(a * math.log(b) for a, b in zip(probs, q))

        best = loglik(p)
        # Moving along directions that keep the sum and the mean must not help.
        for d in ([1, -2, 1, 0, 0], [0, 1, -2, 1, 0], [0, 0, 1, -2, 1], [1, -1, -1, 1, 0]):
            self.assertAlmostEqual(sum(d), 0)
            self.assertAlmostEqual(sum(di * x for di, x in zip(d, stats.PENTANOMIAL_SCORES)), 0)
            for eps in (1e-3, -1e-3):
                q = [pi + eps * di for pi, di in zip(p, d)]
                self.assertLessEqual(loglik(q), best + 1e-12)

    def test_decision(self):
        cfg = SprtConfig(elo0=0, elo1=5, alpha=0.05, beta=0.05)
        self.assertEqual(cfg.decision(3.0), "H1")
        self.assertEqual(cfg.decision(-3.0), "H0")
        self.assertIsNone(cfg.decision(0.5))
        with self.assertRaises(ValueError):
            SprtConfig(elo0=5, elo1=0)
        with self.assertRaises(ValueError):
            SprtConfig(alpha=0)


class BookkeepingTest(unittest.TestCase):
    def test_pair_index(self):
        self.assertEqual(pair_index(0, 0), 0)      # LL
        self.assertEqual(pair_index(0.5, 0), 1)    # LD
        self.assertEqual(pair_index(1, 0), 2)      # WL
        self.assertEqual(pair_index(0.5, 0.5), 2)  # DD
        self.assertEqual(pair_index(0.5, 1), 3)    # WD
        self.assertEqual(pair_index(1, 1), 4)      # WW

    def test_match_stats(self):
        s = MatchStats()
        for a, b in ((1, 0.5), (0.5, 0.5), (0, 1), (1, 1)):
            s.add_game(a)
            s.add_game(b)
            s.add_pair(a, b)
        self.assertEqual((s.wins, s.draws, s.losses), (4, 3, 1))
        self.assertEqual(s.ptnml, [0, 0, 2, 1, 1])
        self.assertAlmostEqual(s.score, 5.5 / 8)
        self.assertAlmostEqual(s.elo().elo, elo_from_score(5.5 / 8))


class LatencySummaryTest(unittest.TestCase):
    def test_nearest_rank_percentiles(self):
        self.assertIsNone(stats.p50_p99_max([]))
        self.assertEqual(stats.p50_p99_max([5.0]), (5.0, 5.0, 5.0))
        # 200 values 0..199 in any order: median index 100, p99 index 198.
        values = [(7 * i) % 200 for i in range(200)]
        self.assertEqual(stats.p50_p99_max(values), (100, 198, 199))


if __name__ == "__main__":
    unittest.main()
