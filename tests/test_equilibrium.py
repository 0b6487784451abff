"""The two-sided game and its equilibrium (`paigow equilibrium`), checked independently.

Both best replies are recomputed here from the class-by-class multiplicity matrix and the
plain hand comparison of the reference enumeration (R-RANK-11/13, R-SETTLE-05), in rational
arithmetic, without the engine's dominance counts or the solver: the gains the engine reports
must equal them exactly, and for the equilibrium they are exactly 0.
"""

from __future__ import annotations

import csv
import json
import random
from fractions import Fraction
from math import lcm
from pathlib import Path

import numpy as np
import pytest

from paigow.cli.main import main
from paigow.games.outcomes import CompareRules
from paigow.games.tiles.exact.edge import wins_matrix
from paigow.games.tiles.exact.game import Game
from paigow.games.tiles.exact.space import HandSpace, kind_space
from paigow.games.tiles.exact.strategy_exact import Evaluation, MixedStrategy, evaluate
from paigow.games.tiles.tiles import format_tiles
from paigow.profiles import get_profile

Probs = list[dict[int, Fraction]]


def _probs(strategy: MixedStrategy, n: int) -> Probs:
    return [strategy.probabilities(c) for c in range(n)]


def _utilities(
    sp: HandSpace, rules: CompareRules, keep: Fraction, opponent: Probs, *, player: bool
) -> list[list[Fraction]]:
    """Exact EV numerators (in deals, before dividing by the deals) of every class and split
    against the opponent's strategy, by the reference enumeration.

    Every pair of classes is weighed by the multiplicity matrix: the opponent's classes that
    play a split purely are summed as one block of integers, those that mix it are weighted by
    their probabilities, written over one common denominator ``den`` (exact integers; the
    result is a Fraction per class and split)."""
    n = sp.size
    pure = [len(p) == 1 for p in opponent]
    # the opponent's classes playing split j purely (summed as a block) and those mixing it
    on = [np.array([pure[q] and j in opponent[q] for q in range(n)]) for j in range(3)]
    mixing = [[q for q in range(n) if not pure[q] and j in opponent[q]] for j in range(3)]
    den = lcm(1, *(opponent[q][j].denominator for j in range(3) for q in mixing[j]))
    # opponent[q][j] == scaled[j][k] / den exactly, for q = mixing[j][k]
    scaled = [
        np.array([int(opponent[q][j] * den) for q in mixing[j]], dtype=object) for j in range(3)
    ]
    whole = np.zeros((n, 3), dtype=np.int64)  # against the pure classes
    mixed = np.zeros((n, 3), dtype=object)  # against the mixing ones, times den
    # a deal pays keep.numerator or -keep.denominator, times M (at most 16): int16 holds it
    assert 16 * max(keep.numerator, keep.denominator) <= np.iinfo(np.int16).max
    for lo in range(0, n, 512):
        hi = min(lo + 512, n)
        m = sp.multiplicity_block(lo, hi).astype(np.int16)  # rows: us, columns: the opponent
        m_win, m_lose = m * np.int16(keep.numerator), m * np.int16(keep.denominator)
        for i in range(3):
            mh, ml = sp.split_high[lo:hi, i], sp.split_low[lo:hi, i]
            for j in range(3):
                oh, ol = sp.split_high[:, j], sp.split_low[:, j]
                if player:
                    hw = wins_matrix(mh, oh, low=False, rules=rules)
                    lw = wins_matrix(ml, ol, low=True, rules=rules)
                    win, lose = hw & lw, ~(hw | lw)
                else:  # the opposing player wins when it beats us
                    hw = wins_matrix(oh, mh, low=False, rules=rules).T
                    lw = wins_matrix(ol, ml, low=True, rules=rules).T
                    win, lose = ~(hw | lw), hw & lw
                pay = m_win * win - m_lose * lose
                whole[lo:hi, i] += pay[:, on[j]].sum(axis=1, dtype=np.int64)
                if mixing[j]:
                    mixed[lo:hi, i] += pay[:, mixing[j]].astype(object) @ scaled[j]
    return [
        [int(whole[c, i]) + Fraction(int(mixed[c, i]), den) for i in range(3)] for c in range(n)
    ]


def _gain_and_value(
    sp: HandSpace, own: Probs, util: list[list[Fraction]], keep: Fraction
) -> tuple[Fraction, Fraction]:
    value = best = Fraction(0)
    for c in range(sp.size):
        w = int(sp.weight[c])
        value += w * sum(p * util[c][j] for j, p in own[c].items())
        best += w * max(util[c])
    deals = int(sp.weight.sum()) * sp.opposing_hands * keep.denominator
    return (best - value) / deals, value / deals


def _check(game: Game, player: MixedStrategy, banker: MixedStrategy) -> Evaluation:
    """evaluate() against the independent enumeration; returns the evaluation."""
    sp = game.space
    ev = evaluate(game, player, banker)
    xp, yb = _probs(player, sp.size), _probs(banker, sp.size)
    up = _utilities(sp, game.rules, game.keep, yb, player=True)
    ub = _utilities(sp, game.rules, game.keep, xp, player=False)
    pg, pv = _gain_and_value(sp, xp, up, game.keep)
    bg, bv = _gain_and_value(sp, yb, ub, game.keep)
    assert (ev.player_gain, ev.player_ev) == (pg, pv)
    assert (ev.banker_gain, ev.banker_ev) == (bg, bv)
    return ev


@pytest.mark.parametrize("profile", ["generic", "maryland"])
def test_gains_of_random_mixed_strategies_match_an_independent_enumeration(profile: str) -> None:
    """evaluate() on strategies that mix a few hands with random rational probabilities."""
    rng = random.Random(7)
    game = Game(kind_space(), get_profile(profile).compare_rules, Fraction(1, 20))
    n = game.space.size

    def random_strategy() -> MixedStrategy:
        choice = np.array([rng.randrange(3) for _ in range(n)], dtype=np.int8)
        mixed = {}
        for c in rng.sample(range(n), 5):
            a = Fraction(rng.randrange(1, 9), 9)
            mixed[c] = {0: a, 2: 1 - a}
        return MixedStrategy(choice, mixed)

    _check(game, random_strategy(), random_strategy())


def _read(path: Path, sp: HandSpace) -> MixedStrategy:
    """A strategy from the CSV written by `paigow equilibrium`."""
    from paigow.cli.equilibrium_cmd import setting_of_split

    by_tiles = {format_tiles(sp.tiles[c]): c for c in range(sp.size)}
    rows: dict[int, dict[int, Fraction]] = {}
    with path.open(encoding="utf-8") as f:
        reader = csv.reader(f)
        assert next(reader) == ["tiles", "setting", "probability"]
        for tiles, setting, prob in reader:
            c = by_tiles[tiles]
            j = next(j for j in range(3) if setting_of_split(sp, c, j).csv() == setting)
            rows.setdefault(c, {})[j] = Fraction(prob)
    assert len(rows) == sp.size
    assert all(sum(p.values()) == 1 and all(v > 0 for v in p.values()) for p in rows.values())
    choice = np.array([min(rows[c]) for c in range(sp.size)], dtype=np.int8)
    return MixedStrategy(choice, {c: p for c, p in rows.items() if len(p) > 1})


@pytest.mark.parametrize(("profile", "commission"), [("generic", "0"), ("maryland", "0.05")])
def test_equilibrium_is_exact(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], profile: str, commission: str
) -> None:
    """Both best-reply gains are exactly 0, recomputed from the CSVs independently of the
    solver; without commission the game has a value (the banker's EV is minus the player's)."""
    out = tmp_path / "eq"
    argv = ["equilibrium", "--profile", profile, "--commission", commission, "--out", str(out)]
    assert main([*argv, "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert {
        "player_ev",
        "banker_ev",
        "player_gain",
        "banker_gain",
        "mixed_hands",
        "seconds",
    } <= set(d)
    assert d["exact"] and d["player_gain_exact"] == "0" and d["banker_gain_exact"] == "0"
    c = Fraction(commission)
    if c == 0:
        assert Fraction(d["banker_ev_exact"]) == -Fraction(d["player_ev_exact"])
    else:  # the house's commission: the two sides' EVs add up to less than 0
        assert Fraction(d["banker_ev_exact"]) + Fraction(d["player_ev_exact"]) < 0
    game = Game(kind_space(), get_profile(profile).compare_rules, c)
    player = _read(out / "player.csv", game.space)
    banker = _read(out / "banker.csv", game.space)
    assert len(player.mixed) + len(banker.mixed) == d["mixed_hands"]
    ev = _check(game, player, banker)
    assert ev.player_gain == 0 and ev.banker_gain == 0
    assert str(ev.player_ev) == d["player_ev_exact"]
