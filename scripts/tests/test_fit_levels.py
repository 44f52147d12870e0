"""scripts/fit_levels.py: the maximum-likelihood performance."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

import fit_levels  # noqa: E402


def test_an_even_score_is_the_reference_rating():
    best, lower, upper = fit_levels.fit([(1800, 100, 50.0)])
    assert best == pytest.approx(1800, abs=0.5)
    assert lower < 1800 < upper and upper - lower < 200


def test_a_shutout_is_bounded_by_the_other_match():
    # 7.5% against one engine, 0% against a slightly stronger one: below
    # the first match's own figure (1798 - 436), but finite.
    alone, _, _ = fit_levels.fit([(1798, 100, 7.5)])
    both, lower, upper = fit_levels.fit([(1798, 100, 7.5), (1870, 100, 0.0)])
    assert both < alone
    assert 1000 < lower < both < upper < alone + 50


def test_a_shutout_alone_is_unbounded():
    best, lower, _ = fit_levels.fit([(1798, 100, 0.0)], low=-1000)
    assert best == -1000 and lower == -1000
