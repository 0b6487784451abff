"""Every test of the randomness battery has the null distribution it claims.

A test whose p-values are not uniform under a fair source either cries wolf or hides a flaw
(for instance, the position test needs the factor (n-1)/n: without it a fair tile wash would
fail one time in seven at a nominal 5%, a fair card shuffle one time in six). Each test runs
here on many data sets drawn uniformly by NumPy's PCG64 with fixed seeds; their p-values must
average about 1/2 and fall below 0.05 about 5% of the time.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from paigow.games.tiles.tiles import ALL_TILES, FULL_SET
from paigow.qa.discrete_tests import dice_total_probs, frequency, joint_rolls, serial_pairs
from paigow.qa.result import Result
from paigow.qa.sampling import CARD_RANK, TILE_KIND
from paigow.qa.sequence_tests import (
    coupon_collector,
    equidistribution,
    gaps,
    permutations,
    runs_above_below,
    runs_up_down,
    serial_correlation,
)
from paigow.qa.shuffle_tests import (
    adjacent_pairs,
    hand_patterns,
    order_patterns,
    positions,
    rank_uniforms,
)

REPS = 120
FULL = np.array([t.index for t in FULL_SET])
COPIES = np.array([t.copies for t in ALL_TILES])
RANKS = np.bincount(CARD_RANK, minlength=14)
ONES = np.ones(54, dtype=np.int64)
PAIRS = np.full(16, 2)

G = np.random.Generator


def _tiles(g: G, n: int) -> np.ndarray:
    return FULL[np.argsort(g.random((n, 32)), axis=1)]


def _cards(g: G, n: int) -> np.ndarray:
    return np.argsort(g.random((n, 54)), axis=1)


CASES: dict[str, Callable[[G], Result]] = {
    "position of each tile": lambda g: positions("", _tiles(g, 1000), COPIES),
    "position of each kind": lambda g: positions("", TILE_KIND[_tiles(g, 1000)], PAIRS),
    "position of each card": lambda g: positions("", _cards(g, 400), ONES),
    "position of each rank": lambda g: positions("", CARD_RANK[_cards(g, 400)], RANKS),
    "adjacent tiles": lambda g: adjacent_pairs("", _tiles(g, 3000), COPIES),
    "adjacent card ranks": lambda g: adjacent_pairs("", CARD_RANK[_cards(g, 2000)], RANKS),
    "stacks by kind": lambda g: hand_patterns("", TILE_KIND[_tiles(g, 1000)], PAIRS),
    "cards by rank": lambda g: hand_patterns("", CARD_RANK[_cards(g, 1000)], RANKS),
    "order of tiles": lambda g: order_patterns("", _tiles(g, 2000), COPIES),
    "order of cards": lambda g: order_patterns("", _cards(g, 1000), ONES),
    "wash rank uniform": lambda g: equidistribution("", rank_uniforms(_tiles(g, 1000), COPIES), 20),
    "shuffle rank uniform": lambda g: equidistribution("", rank_uniforms(_cards(g, 500), ONES), 20),
    "runs up and down": lambda g: runs_up_down("", g.random(2000)),
    "runs above/below": lambda g: runs_above_below("", g.integers(3, 19, 2000), 10.5),
    "serial correlation": lambda g: serial_correlation("", g.integers(1, 7, 2000), [1])[0],
    "permutations of 5": lambda g: permutations("", g.random(3000), 5),
    "gaps": lambda g: gaps("", g.random(2000)),
    "coupon collector": lambda g: coupon_collector("", g.integers(0, 8, 4000), 8, 60),
    "dice faces": lambda g: frequency("", g.integers(0, 6, 600), np.full(6, 1 / 6)),
    "dice totals": lambda g: frequency(
        "", g.integers(1, 7, (600, 3)).sum(axis=1), dice_total_probs()
    ),
    "whole rolls": lambda g: joint_rolls("", g.integers(1, 7, (3000, 3))),
    "serial pairs": lambda g: serial_pairs("", g.integers(0, 7, 1500), np.full(7, 1 / 7)),
}


@pytest.mark.parametrize("name", list(CASES))
def test_p_values_are_uniform_for_a_fair_source(name: str) -> None:
    g = np.random.default_rng(list(CASES).index(name))
    ps = np.array([CASES[name](g).p for _ in range(REPS)])
    # With 120 draws the mean of uniform p-values has sd 0.026 and the share below 0.05
    # has sd 0.02: these bounds are about 4 sd wide.
    assert 0.39 < ps.mean() < 0.61, f"mean p {ps.mean():.3f}"
    assert np.mean(ps < 0.05) < 0.135, f"{np.mean(ps < 0.05):.3f} of p below 0.05"
    assert np.mean(ps > 0.95) < 0.135, f"{np.mean(ps > 0.95):.3f} of p above 0.95"
