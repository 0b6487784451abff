"""The fast engine (dominance counts by inclusion–exclusion) against the reference enumeration.

The reference (:mod:`paigow.games.tiles.exact.reference`) weights every pair of classes by the
multiplicity matrix; the engine never builds that matrix. Both must give the same integer
counts for every class and every one of its three splits, from the player's and the banker's
side, on both hand spaces (3,620 kinds, 8,130 tile multisets), under every profile's rules
(R-RANK-11 zero rules, R-SETTLE-05 outcomes), against the shipped ways and random tables.
"""

from __future__ import annotations

import csv
import random
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from depth import DEEP
from paigow.exact.dominance import DominanceCounter
from paigow.exact.results import EdgeResult
from paigow.games.outcomes import CompareRules
from paigow.games.tiles.exact.edge import edge, edges, side_counts
from paigow.games.tiles.exact.reference import reference_edge, reference_split_counts
from paigow.games.tiles.exact.space import HandSpace, kind_space, pip_space
from paigow.games.tiles.exact.strategy import WayArrays, arrays_from_choice, way_arrays
from paigow.games.tiles.hands4 import all_combinations, distinct_hands
from paigow.games.tiles.settings import settings_of
from paigow.games.tiles.ways import get_way
from paigow.profiles import get_profile, profile_names

FIVE = Fraction(1, 20)
TILE_PROFILES = [n for n in profile_names() if get_profile(n).meta.game == "tiles"]
#: Every distinct rule set of the profiles, and one with no zero rule at all.
RULES = sorted(
    {get_profile(n).compare_rules for n in TILE_PROFILES}
    | {CompareRules(zero_zero_banker=False, low_zero_loses=False)},
    key=repr,
)
SPACES = {"kinds": kind_space, "pips": pip_space}


def _random_way(space: HandSpace, seed: int) -> WayArrays:
    rng = np.random.default_rng(seed)
    choice = rng.integers(0, 3, space.size).astype(np.int8)
    return arrays_from_choice(f"random {seed}", space, choice)


def _check_split_counts(opponent: WayArrays, rules: CompareRules) -> None:
    space = opponent.space
    for as_banker in (False, True):
        fast = side_counts(opponent, space.split_high, space.split_low, rules, as_banker=as_banker)
        ref = reference_split_counts(opponent, rules, as_banker=as_banker)
        assert (fast[0] == ref[0]).all(), f"wins differ ({space.name}, banker={as_banker})"
        assert (fast[1] == ref[1]).all(), f"losses differ ({space.name}, banker={as_banker})"


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_every_split_of_every_kind_class_matches_reference(rules: CompareRules) -> None:
    """3,620 classes x 3 splits, both sides, against every shipped way and a random one."""
    sp = kind_space()
    for name in ("regulation", "taj-mahal", "canberra"):
        _check_split_counts(way_arrays(get_way(name), sp), rules)
    _check_split_counts(_random_way(sp, 1), rules)


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_every_split_of_every_pip_class_matches_reference(rules: CompareRules) -> None:
    """8,130 tile multisets x 3 splits, both sides (the space of ways that set 3-6 unlike
    4-5, or 1-2 unlike 2-4), against a random way of that space."""
    sp = pip_space()
    _check_split_counts(_random_way(sp, 2), rules)
    if DEEP:
        # A second opponent for every split: the shipped regulation way, which sets the tiles
        # of a kind alike, lifted to the pip space. Every run checks every shipped way against
        # the reference under every rule set on the kind space (the test above), and the pip
        # space against ways that set tiles of a kind differently (the random way here, the
        # per-combination table of test_random_table_ways_match_reference[4]).
        _check_split_counts(way_arrays(get_way("regulation"), sp), rules)


ReferenceEdge = Callable[[WayArrays, WayArrays, CompareRules], EdgeResult]


@pytest.fixture(scope="module")
def shared_reference_edge() -> ReferenceEdge:
    """``reference_edge`` computed once per (player way, dealer way, rules): the profiles that
    share a rule set (colorado and generic, lucky-chances and maryland) share its reference."""
    done: dict[tuple[str, str, CompareRules], EdgeResult] = {}

    def get(p: WayArrays, d: WayArrays, rules: CompareRules) -> EdgeResult:
        key = (p.name, d.name, rules)
        if key not in done:
            done[key] = reference_edge(p, d, rules=rules, commission=FIVE)
        return done[key]

    return get


@pytest.mark.parametrize("profile", TILE_PROFILES)
def test_edge_matches_reference_on_every_profile(
    profile: str, shared_reference_edge: ReferenceEdge
) -> None:
    """The exact edge of every pair of shipped ways equals the reference, class by class."""
    prof = get_profile(profile)
    sp = kind_space()
    ways = [way_arrays(get_way(n), sp) for n in ("regulation", "taj-mahal", "canberra")]
    for p in ways:
        for d in ways:
            fast = edge(p, d, rules=prof.compare_rules, commission=FIVE)
            ref = shared_reference_edge(p, d, prof.compare_rules)
            assert (fast.win, fast.push, fast.lose) == (ref.win, ref.push, ref.lose)
            assert fast.detail is not None and ref.detail is not None
            assert (fast.detail.win == ref.detail.win).all()
            assert (fast.detail.lose == ref.detail.lose).all()
            assert fast.deals == 736_281_000


def _write_table(path: Path, rng: random.Random, *, per_combination: bool) -> None:
    """A random house-way table: a random split of every hand (per kind class, or per
    combination so that tiles of one kind may be set differently)."""
    with path.open("w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["tiles", "setting"])
        if per_combination:
            seen: dict[tuple[object, ...], str] = {}
            for combo in all_combinations():
                if combo not in seen:
                    seen[combo] = rng.choice(settings_of(combo)).csv()
                w.writerow([" ".join(map(str, combo)), seen[combo]])
        else:
            for h in distinct_hands():
                w.writerow([" ".join(map(str, h.tiles)), rng.choice(settings_of(h.tiles)).csv()])


@pytest.mark.parametrize("seed", [3, 4])
def test_random_table_ways_match_reference(tmp_path: Path, seed: int) -> None:
    """Random ``table:`` ways as player and dealer, over the space each needs."""
    rng = random.Random(seed)
    per_combination = seed % 2 == 0
    files = []
    for i in range(2):
        p = tmp_path / f"way{i}.csv"
        _write_table(p, rng, per_combination=per_combination)
        files.append(get_way(f"table:{p}"))
    sp = pip_space() if not all(f.kind_symmetric for f in files) else kind_space()
    assert sp.name == ("pips" if per_combination else "kinds")
    player, dealer = (way_arrays(f, sp) for f in files)
    rules = RULES[seed % len(RULES)]
    fast = edge(player, dealer, rules=rules, commission=FIVE)
    ref = reference_edge(player, dealer, rules=rules, commission=FIVE)
    assert (fast.win, fast.push, fast.lose) == (ref.win, ref.push, ref.lose)
    _check_split_counts(dealer, rules)


@pytest.mark.parametrize("space", ["kinds", "pips"])
def test_many_ways_at_once_equal_one_at_a_time(space: str) -> None:
    sp = SPACES[space]()
    rules = get_profile("maryland").compare_rules
    dealer = way_arrays(get_way("canberra"), sp)
    players = [_random_way(sp, s) for s in range(5)] + [way_arrays(get_way("regulation"), sp)]
    together = edges(players, dealer, rules=rules, commission=FIVE)
    for p, r in zip(players, together, strict=True):
        one = edge(p, dealer, rules=rules, commission=FIVE)
        assert (r.win, r.push, r.lose) == (one.win, one.push, one.lose)
        assert r.player_way == p.name


def test_weighted_counts_are_expectations_over_settings() -> None:
    """Probability weights (a mixed strategy): the counts are the weighted sums of the pure
    counts of each split (what the equilibrium solver relies on)."""
    sp = kind_space()
    rng = np.random.default_rng(5)
    probs = rng.random((sp.size, 3))
    probs /= probs.sum(axis=1, keepdims=True)
    mixed = DominanceCounter(sp.subsets(), sp.split_high, sp.split_low, probs)
    a = sp.split_high[:, :1].astype(np.int64)
    b = sp.split_low[:, 1:2].astype(np.int64)
    got = mixed.counts(a, b)
    want = [np.zeros(sp.size) for _ in range(3)]
    for lo in range(0, sp.size, 512):
        rows = slice(lo, lo + 512)
        m = sp.multiplicity_block(lo, min(lo + 512, sp.size)).astype(np.float64)
        for j in range(3):
            below_x = sp.split_high[None, :, j] < a[rows]  # (player, dealer)
            below_y = sp.split_low[None, :, j] < b[rows]
            for acc, cond in zip(want, (below_x & below_y, below_x, below_y), strict=True):
                acc[rows] += (m * cond) @ probs[:, j]
    for g, w in zip(got, want, strict=True):
        assert np.allclose(g[:, 0], w, rtol=0, atol=1e-7)


def test_a_reweighted_counter_counts_as_one_built_with_those_weights() -> None:
    """``reweighted`` (the equilibrium solver's fast path: one counter's points, new weights at
    every iteration) gives exactly the counts of a counter built from scratch with the new
    weights, for probabilities and for integer weights, and leaves the counter it came from
    as it was."""
    sp = kind_space()
    rng = np.random.default_rng(11)
    base = DominanceCounter(sp.subsets(), sp.split_high, sp.split_low, None)
    a = sp.split_high[:, :2].astype(np.int64)
    b = sp.split_low[:, 1:].astype(np.int64)
    before = base.counts(a, b)
    probs = rng.random((sp.size, 3))
    probs /= probs.sum(axis=1, keepdims=True)
    ints = rng.integers(0, 4, size=(sp.size, 3))
    for w in (probs, ints):
        fresh = DominanceCounter(sp.subsets(), sp.split_high, sp.split_low, w)
        again = base.reweighted(w)
        assert again.exact == fresh.exact == (w is ints)
        for got, want in zip(again.counts(a, b), fresh.counts(a, b), strict=True):
            assert got.dtype == want.dtype and np.array_equal(got, want)
    for got, want in zip(base.counts(a, b), before, strict=True):
        assert np.array_equal(got, want)


def test_totals_are_every_disjoint_hand() -> None:
    for sp in (kind_space(), pip_space()):
        counter = way_arrays(get_way("regulation"), sp).counter()
        assert (counter.total() == 20475).all()
