#!/usr/bin/env python3
"""Fits each calibrated level's performance: the rating at which the level's
results against every rated reference it played are most likely.

    python3 scripts/fit_levels.py lab/levels-calibration/first-mapping

Reads the match summaries that scripts/calibrate_levels.py leaves
(`elo<LEVEL>-vs-<reference>.json`), skips the random mover and level pairs,
and treats every game's points as a Bernoulli trial with the Elo model's
expected score `1 / (1 + 10^((rating - R) / 400))`. The maximum-likelihood R
uses every match, also the 0% and 100% ones that have no finite Elo of
their own; its 95% interval is where the log-likelihood lies within 1.92 of
its maximum. lab/journal.md ("Calibration of the playing levels") turns these
figures into the knots of engine/src/levels.rs.
"""

from __future__ import annotations

import glob
import math
import os
import sys
from typing import Dict, List, Optional, Sequence, Tuple

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import calibrate_levels  # noqa: E402  (the references and their ratings)

# (reference rating, games, points)
Match = Tuple[float, int, float]


def log_likelihood(rating: float, matches: Sequence[Match]) -> float:
    total = 0.0
    for reference, games, points in matches:
        expected = 1.0 / (1.0 + 10.0 ** ((reference - rating) / 400.0))
        total += points * math.log(expected) + (games - points) * math.log(1.0 - expected)
    return total


def fit(matches: Sequence[Match], low: float = -1000.0, high: float = 4500.0,
        step: float = 0.5) -> Tuple[float, float, float]:
    """(best, lower, upper): the most likely rating and its 95% interval,
    searched on a grid from `low` to `high` (an end of the grid means the
    results do not bound it)."""
    grid = [low + i * step for i in range(int((high - low) / step) + 1)]
    values = [log_likelihood(r, matches) for r in grid]
    best = max(range(len(grid)), key=values.__getitem__)
    inside = [r for r, v in zip(grid, values) if v >= values[best] - 1.92]
    return grid[best], min(inside), max(inside)


def read(json_dir: str) -> Dict[int, List[Tuple[str, Match]]]:
    """Level -> [(reference key, match)] for the rated references."""
    refs = calibrate_levels.references()
    levels: Dict[int, List[Tuple[str, Match]]] = {}
    for path in sorted(glob.glob(os.path.join(json_dir, "elo*-vs-*.json"))):
        stem = os.path.basename(path)[:-len(".json")]
        level, _, opponent = stem.partition("-vs-")
        ref = refs.get(opponent)
        if ref is None or ref.engine is None:
            continue
        summary = calibrate_levels.finished_summary(path)
        if summary is None:
            continue
        games = summary["wins"] + summary["draws"] + summary["losses"]
        points = summary["wins"] + 0.5 * summary["draws"]
        levels.setdefault(int(level[len("elo"):]), []).append((opponent, (ref.rating, games, points)))
    return levels


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1 or not os.path.isdir(args[0]):
        print(__doc__.splitlines()[2].strip(), file=sys.stderr)
        return 2
    for level, matches in sorted(read(args[0]).items()):
        best, lower, upper = fit([m for _, m in matches])
        played = ", ".join(f"{key} {m[2]:g}/{m[1]}" for key, m in matches)
        print(f"level {level}: {played}: performance {best:.0f} (95%: {lower:.0f} to {upper:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
