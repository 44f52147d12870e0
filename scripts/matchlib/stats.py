"""Match statistics: logistic Elo, error bars, LOS and the pentanomial GSPRT.

Everything here is plain arithmetic on result counts; nothing depends on
python-chess, so the module can be tested without it.

Conventions
-----------
* Scores are per game, in [0, 1] (win = 1, draw = 1/2, loss = 0), always from
  the point of view of the *first* engine of the match.
* A game pair is two games on the same opening with colours reversed.  Its
  score is the mean of the two game scores, so it takes the five values
  0, 1/4, 1/2, 3/4, 1.  The pentanomial counts are ordered
  [LL, LD, DD+WL, WD, WW], i.e. by pair score 0 .. 1.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Optional, Sequence, Tuple

# Two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054

PENTANOMIAL_SCORES = (0.0, 0.25, 0.5, 0.75, 1.0)
TRINOMIAL_SCORES = (0.0, 0.5, 1.0)  # loss, draw, win


# --------------------------------------------------------------------------
# Elo <-> score
# --------------------------------------------------------------------------

def elo_from_score(score: float) -> float:
    """Logistic Elo difference that corresponds to an expected score.

    elo = -400 * log10(1/score - 1); +inf / -inf at the ends.
    """
    if score >= 1.0:
        return math.inf
    if score <= 0.0:
        return -math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


def score_from_elo(elo: float) -> float:
    """Expected score for a logistic Elo difference (inverse of elo_from_score)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


# --------------------------------------------------------------------------
# Moments of a discrete score distribution
# --------------------------------------------------------------------------

def _mean_var(counts: Sequence[float], values: Sequence[float]) -> Tuple[float, float, float]:
    """(n, mean, population variance) of values weighted by counts."""
    n = float(sum(counts))
    if n <= 0:
        return 0.0, 0.5, 0.0
    mean = sum(c * v for c, v in zip(counts, values)) / n
    var = sum(c * (v - mean) ** 2 for c, v in zip(counts, values)) / n
    return n, mean, var


def pentanomial_mean_var(ptnml: Sequence[float]) -> Tuple[float, float, float]:
    """(pairs, mean pair score, variance of one pair score), per-game units."""
    if len(ptnml) != 5:
        raise ValueError("pentanomial needs 5 counts [LL, LD, DD/WL, WD, WW]")
    return _mean_var(ptnml, PENTANOMIAL_SCORES)


def trinomial_mean_var(wins: int, draws: int, losses: int) -> Tuple[float, float, float]:
    """(games, mean game score, variance of one game score)."""
    return _mean_var((losses, draws, wins), TRINOMIAL_SCORES)


# --------------------------------------------------------------------------
# Elo with error bar
# --------------------------------------------------------------------------

@dataclass(frozen=True)
class EloEstimate:
    elo: float       # point estimate (logistic)
    error: float     # half width of the confidence interval in Elo
    lower: float     # Elo at the lower end of the score interval
    upper: float     # Elo at the upper end of the score interval
    score: float     # mean score used for the estimate

    def format(self, digits: int = 1) -> str:
        return f"{format_elo(self.elo, digits)} +/- {format_error(self.error, digits)}"


def _interval_from_moments(n: float, mean: float, var: float, z: float) -> EloEstimate:
    if n <= 0:
        return EloEstimate(0.0, math.inf, -math.inf, math.inf, 0.5)
    half = z * math.sqrt(var / n)
    lo_s, hi_s = mean - half, mean + half
    lo, hi = elo_from_score(lo_s), elo_from_score(hi_s)
    if math.isinf(lo) or math.isinf(hi):
        err = math.inf
    else:
        err = (hi - lo) / 2.0
    return EloEstimate(elo_from_score(mean), err, lo, hi, mean)


def elo_pentanomial(ptnml: Sequence[float], z: float = Z95) -> EloEstimate:
    """Elo and confidence half-width from pentanomial (game-pair) counts.

    The standard error of the mean score is sqrt(var_pair / pairs), where
    var_pair is the sample variance of the five pair scores; the score
    interval mean +/- z*se is mapped through elo_from_score and the error is
    half the width of the resulting Elo interval.
    """
    n, mean, var = pentanomial_mean_var(ptnml)
    return _interval_from_moments(n, mean, var, z)


def elo_trinomial(wins: int, draws: int, losses: int, z: float = Z95) -> EloEstimate:
    """Same as elo_pentanomial but treating games as independent (W/D/L)."""
    n, mean, var = trinomial_mean_var(wins, draws, losses)
    return _interval_from_moments(n, mean, var, z)


def elo_estimate(wins: int, draws: int, losses: int,
                 ptnml: Optional[Sequence[int]] = None, z: float = Z95) -> EloEstimate:
    """Elo from all games' score; error bar from the pentanomial variance.

    The point estimate uses every finished game (W/D/L).  The error bar uses
    the pair variance once at least two pairs are complete (that is the
    statistically right model for paired openings; one pair has no spread
    to measure), else the per-game variance.
    """
    n_games = wins + draws + losses
    if n_games == 0:
        return EloEstimate(0.0, math.inf, -math.inf, math.inf, 0.5)
    score = (wins + 0.5 * draws) / n_games
    if ptnml is not None and sum(ptnml) >= 2:
        n_pairs, _, var_pair = pentanomial_mean_var(ptnml)
        # Express the pair variance per game so it scales with all games:
        # one pair = 2 games, so var(mean of 2N games) = var_pair / N.
        se = math.sqrt(var_pair / n_pairs)
        # Rescale to the number of games actually in the point estimate.
        se *= math.sqrt((2.0 * n_pairs) / n_games)
    else:
        _, _, var_game = trinomial_mean_var(wins, draws, losses)
        se = math.sqrt(var_game / n_games)
    half = z * se
    lo, hi = elo_from_score(score - half), elo_from_score(score + half)
    err = math.inf if (math.isinf(lo) or math.isinf(hi)) else (hi - lo) / 2.0
    return EloEstimate(elo_from_score(score), err, lo, hi, score)


# --------------------------------------------------------------------------
# Likelihood of superiority
# --------------------------------------------------------------------------

def los(wins: int, losses: int) -> float:
    """Likelihood of superiority from wins and losses (draws carry no information).

    Normal approximation: LOS = Phi((W - L) / sqrt(W + L))
                              = (1 + erf((W - L) / sqrt(2 (W + L)))) / 2.
    """
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


# --------------------------------------------------------------------------
# GSPRT on pentanomial frequencies (logistic Elo bounds)
# --------------------------------------------------------------------------

def sprt_bounds(alpha: float, beta: float) -> Tuple[float, float]:
    """(lower, upper) LLR bounds: ln(beta/(1-alpha)) and ln((1-beta)/alpha)."""
    if not (0.0 < alpha < 1.0 and 0.0 < beta < 1.0):
        raise ValueError("alpha and beta must lie in (0, 1)")
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


def _tilt_multiplier(probs: Sequence[float], values: Sequence[float], target: float) -> float:
    """Lagrange multiplier of the most likely distribution with a given mean.

    Maximising sum_i p^_i log p_i subject to sum p_i = 1 and
    sum p_i x_i = target gives p_i = p^_i / (1 + lam (x_i - target)), where
    lam solves f(lam) = sum_i p^_i (x_i - target) / (1 + lam (x_i - target)) = 0.
    f is strictly decreasing on the interval that keeps every denominator
    positive, so bisection finds the root.
    """
    support = [(p, x - target) for p, x in zip(probs, values) if p > 0]
    above = [d for _, d in support if d > 0]
    below = [d for _, d in support if d < 0]
    if not above or not below:
        raise ValueError("target mean is not inside the support of the sample")
    lo = -1.0 / max(above)   # 1 + lam*d > 0 for the largest positive d
    hi = -1.0 / min(below)   # 1 + lam*d > 0 for the most negative d
    span = hi - lo
    lo += span * 1e-15
    hi -= span * 1e-15

    def f(lam: float) -> float:
        return sum(p * d / (1.0 + lam * d) for p, d in support)

    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if f(mid) > 0.0:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-15:
            break
    return 0.5 * (lo + hi)


def mle_with_mean(probs: Sequence[float], values: Sequence[float], target: float) -> list:
    """The distribution on `values` closest (in likelihood) to `probs` with mean `target`."""
    lam = _tilt_multiplier(probs, values, target)
    return [p / (1.0 + lam * (x - target)) for p, x in zip(probs, values)]


# Empty pentanomial cells get this pseudo-count so that the constrained
# maximum-likelihood problem always has a solution (a sample made only of
# WW pairs would otherwise have no distribution with a mean below 1).
PSEUDO_COUNT = 1e-3


def llr_pentanomial(ptnml: Sequence[float], elo0: float, elo1: float) -> float:
    """Generalised log-likelihood ratio of H1 (elo1) against H0 (elo0).

    For each hypothesis the pentanomial distribution is the maximum-likelihood
    one whose mean pair score equals score_from_elo(elo); the LLR is
    sum_i n_i log(p1_i / p0_i) over the five cells.
    """
    counts = [float(c) for c in ptnml]
    if len(counts) != 5:
        raise ValueError("pentanomial needs 5 counts")
    if sum(counts) <= 0:
        return 0.0
    counts = [c if c > 0 else PSEUDO_COUNT for c in counts]
    n = sum(counts)
    probs = [c / n for c in counts]
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    lam0 = _tilt_multiplier(probs, PENTANOMIAL_SCORES, s0)
    lam1 = _tilt_multiplier(probs, PENTANOMIAL_SCORES, s1)
    # log(p1/p0) = log(1 + lam0 (x - s0)) - log(1 + lam1 (x - s1))
    return sum(c * (math.log(1.0 + lam0 * (x - s0)) - math.log(1.0 + lam1 * (x - s1)))
               for c, x in zip(counts, PENTANOMIAL_SCORES))


def llr_pentanomial_normal(ptnml: Sequence[float], elo0: float, elo1: float) -> float:
    """Normal approximation of the same LLR (a cross-check for the exact one).

    LLR ~= N (s1 - s0) (2 mean - s0 - s1) / (2 var), with N pairs, the mean
    pair score and the pair-score variance.
    """
    n, mean, var = pentanomial_mean_var(ptnml)
    if n <= 0 or var <= 0:
        return 0.0
    s0, s1 = score_from_elo(elo0), score_from_elo(elo1)
    return n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)


@dataclass(frozen=True)
class SprtConfig:
    elo0: float = 0.0
    elo1: float = 5.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not self.elo1 > self.elo0:
            raise ValueError("SPRT needs elo1 > elo0")
        sprt_bounds(self.alpha, self.beta)  # validates alpha, beta

    @property
    def bounds(self) -> Tuple[float, float]:
        return sprt_bounds(self.alpha, self.beta)

    def llr(self, ptnml: Sequence[float]) -> float:
        return llr_pentanomial(ptnml, self.elo0, self.elo1)

    def decision(self, llr: float) -> Optional[str]:
        """'H1' (elo >= elo1 accepted), 'H0' (elo <= elo0 accepted) or None."""
        lower, upper = self.bounds
        if llr >= upper:
            return "H1"
        if llr <= lower:
            return "H0"
        return None


# --------------------------------------------------------------------------
# Result bookkeeping
# --------------------------------------------------------------------------

def pair_index(score_a: float, score_b: float) -> int:
    """Pentanomial cell (0..4) for two game scores of the same engine."""
    total = score_a + score_b  # 0, 0.5, 1, 1.5, 2
    idx = int(round(total * 2))
    if not 0 <= idx <= 4:
        raise ValueError(f"bad game scores {score_a}, {score_b}")
    return idx


@dataclass
class MatchStats:
    """Running W/D/L and pentanomial counts from the first engine's side."""
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def __post_init__(self) -> None:
        self.ptnml = [0, 0, 0, 0, 0]

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def pairs(self) -> int:
        return sum(self.ptnml)

    @property
    def score(self) -> float:
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.5

    def add_game(self, score: float) -> None:
        if score == 1.0:
            self.wins += 1
        elif score == 0.5:
            self.draws += 1
        elif score == 0.0:
            self.losses += 1
        else:
            raise ValueError(f"bad game score {score}")

    def add_pair(self, score_a: float, score_b: float) -> None:
        self.ptnml[pair_index(score_a, score_b)] += 1

    def elo(self) -> EloEstimate:
        return elo_estimate(self.wins, self.draws, self.losses, self.ptnml)

    def los(self) -> float:
        return los(self.wins, self.losses)


# --------------------------------------------------------------------------
# Formatting helpers
# --------------------------------------------------------------------------

def format_elo(elo: float, digits: int = 1) -> str:
    if math.isinf(elo):
        return "+inf" if elo > 0 else "-inf"
    if round(elo, digits) == 0:
        elo = 0.0   # no "-0.0"
    return f"{elo:+.{digits}f}"


def format_error(err: float, digits: int = 1) -> str:
    if math.isinf(err) or math.isnan(err):
        return "inf"
    return f"{err:.{digits}f}"


def p50_p99_max(values: Sequence[float]) -> Optional[Tuple[float, float, float]]:
    """The median, the 99th percentile and the largest of `values`, by nearest
    rank (the value at index `n * q // 100` of the sorted list); None when
    there are none. Used for latency summaries (soak, UCI storm)."""
    if not values:
        return None
    v = sorted(values)
    n = len(v)
    return v[n // 2], v[min(n - 1, n * 99 // 100)], v[-1]
