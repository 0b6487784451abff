"""The exact math engine against slow, obviously-correct enumerations over physical tiles."""

from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction

import numpy as np
import numpy.typing as npt
import pytest

from paigow.cli.main import main
from paigow.exact.results import commission_of
from paigow.games.outcomes import CompareRules, Outcome
from paigow.games.tiles.exact.advise import advise
from paigow.games.tiles.exact.api import edge_of, resolve, setting_advice
from paigow.games.tiles.exact.edge import edge
from paigow.games.tiles.exact.optimal import _split_counts
from paigow.games.tiles.exact.space import kind_space, pip_space
from paigow.games.tiles.exact.strategy import way_arrays
from paigow.games.tiles.settings import compare_settings, settings_of
from paigow.games.tiles.tiles import FULL_SET, Tile
from paigow.games.tiles.ways import get_way, way_names
from paigow.profiles import get_profile

FIVE = Fraction(1, 20)
GENERIC = get_profile("generic").compare_rules
MARYLAND = get_profile("maryland").compare_rules


def test_kind_space_counts() -> None:
    """3,620 distinct hands weigh 35,960; every hand leaves 20,475 dealer hands."""
    sp = kind_space()
    assert sp.size == 3620
    assert int(sp.weight.sum()) == 35960
    rows = sp.multiplicity().sum(axis=1, dtype=np.int64)
    assert (rows == 20475).all()
    assert int(sp.weight @ rows) == 35960 * 20475 == 736_281_000


def test_pip_space_counts() -> None:
    sp = pip_space()
    assert sp.size == 8130
    assert int(sp.weight.sum()) == 35960
    rng = random.Random(1)
    for cls in rng.sample(range(sp.size), 20):
        assert int(sp.multiplicity_row(cls).sum()) == 20475


def _brute_multiplicity(tiles: tuple[Tile, ...]) -> dict[tuple[int, ...], int]:
    rest = list(FULL_SET)
    for t in tiles:
        rest.remove(t)
    out: dict[tuple[int, ...], int] = {}
    for combo in itertools.combinations(rest, 4):
        key = tuple(sorted(t.kind for t in combo))
        out[key] = out.get(key, 0) + 1
    return out


def test_multiplicity_matches_brute_force() -> None:
    """M[P, D] equals a direct count of the dealer's hands among the 28 remaining tiles."""
    sp = kind_space()
    m = sp.multiplicity()
    rng = random.Random(2)
    for cls in [0, 1, sp.size - 1, *rng.sample(range(sp.size), 6)]:
        brute = _brute_multiplicity(sp.tiles[cls])
        row = m[cls]
        for d in range(sp.size):
            key = tuple(sorted(t.kind for t in sp.tiles[d]))
            assert int(row[d]) == brute.get(key, 0)
        assert (sp.multiplicity_row(cls) == row).all()


def _reference_counts(
    tiles: list[Tile], player_setting_index: int, rules: CompareRules
) -> tuple[int, int, int]:
    """Pure-Python enumeration of all 20,475 dealer hands, dealer set by regulation."""
    reg = get_way("regulation")
    rest = list(FULL_SET)
    for t in tiles:
        rest.remove(t)
    mine = settings_of(tiles)[player_setting_index]
    counts = {Outcome.WIN: 0, Outcome.PUSH: 0, Outcome.LOSE: 0}
    for combo in itertools.combinations(rest, 4):
        counts[compare_settings(mine, reg.set(combo), rules).result] += 1
    return counts[Outcome.WIN], counts[Outcome.PUSH], counts[Outcome.LOSE]


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_advise_matches_reference_enumeration(seed: int) -> None:
    """Advice counts equal a per-deal enumeration of the physical dealer hands (R-SETTLE-05)."""
    rng = random.Random(seed)
    tiles = rng.sample(list(FULL_SET), 4)
    rules = MARYLAND if seed % 2 else GENERIC
    sp = kind_space()
    reg = get_way("regulation")
    adv = advise(
        tiles,
        way_arrays(reg, sp),
        rules=rules,
        commission=FIVE,
        house_setting=reg.set(tiles),
    )
    options = settings_of(tiles)
    for score in adv.settings:
        j = next(i for i, s in enumerate(options) if s.key() == score.setting.key())
        assert (score.win, score.push, score.lose) == _reference_counts(tiles, j, rules)
        assert score.ev == (score.win * (1 - FIVE) - score.lose) / Fraction(20475)


def _physical_edge(player_way: str, dealer_way: str, rules: CompareRules) -> tuple[int, int, int]:
    """Reference edge: every physical player hand against every disjoint dealer hand.

    Works over the 35,960 index combinations of the 32 physical tiles, with the ways applied
    to each combination directly (no classes, no weights). The player hands are taken a block
    of rows at a time, each row against every dealer hand, the disjoint ones kept by a mask.
    """
    combos = list(itertools.combinations(range(32), 4))
    masks = np.array([sum(1 << i for i in c) for c in combos], dtype=np.uint32)

    def strengths(way_name: str) -> tuple[npt.NDArray[np.int16], npt.NDArray[np.int16]]:
        way = get_way(way_name)
        cache: dict[tuple[Tile, ...], tuple[int, int]] = {}
        hs, ls = [], []
        for c in combos:
            ts = tuple(sorted((FULL_SET[i] for i in c), key=lambda t: t.sort_key))
            if ts not in cache:
                s = way.set(ts)
                cache[ts] = (s.high.strength, s.low.strength)
            hs.append(cache[ts][0])
            ls.append(cache[ts][1])
        return np.array(hs, dtype=np.int16), np.array(ls, dtype=np.int16)

    ph, pl = strengths(player_way)
    dh, dl = (ph, pl) if dealer_way == player_way else strengths(dealer_way)
    win = push = lose = 0
    for lo in range(0, len(combos), 16):  # rows: player hands; columns: dealer hands
        rows = slice(lo, lo + 16)
        sel = (masks[rows, None] & masks[None, :]) == 0
        hw = ph[rows, None] > dh[None, :]
        lw = pl[rows, None] > dl[None, :]
        if rules.low_zero_loses:
            lw[pl[rows] < 20] = False
        if rules.zero_zero_banker:
            hw[ph[rows] < 20] &= dh >= 20
        both = hw & lw & sel
        neither = ~(hw | lw) & sel
        w, ls = int(np.count_nonzero(both)), int(np.count_nonzero(neither))
        win += w
        lose += ls
        push += int(np.count_nonzero(sel)) - w - ls
    return win, push, lose


@pytest.mark.parametrize("profile", ["maryland"])
def test_edge_matches_physical_enumeration_full_space(profile: str) -> None:
    """The fast edge equals the reference over all 736,281,000 physical deals."""
    prof = get_profile(profile)
    res = edge_of("regulation", "regulation", prof, FIVE)
    assert (res.win, res.push, res.lose) == _physical_edge(
        "regulation", "regulation", prof.compare_rules
    )


def test_edge_regression_figures() -> None:
    """Published figures of this project (docs/math.md), regulation vs regulation."""
    res = edge_of("regulation", "regulation", get_profile("generic"), FIVE)
    assert res.deals == 736_281_000
    assert (res.win, res.push, res.lose) == (218_057_736, 291_324_440, 226_898_824)
    assert res.player_ev == Fraction(-49359937, 1840702500)
    md = edge_of("regulation", "regulation", get_profile("maryland"), FIVE)
    # Maryland's zero-zero rule turns 64 weighted pushes into losses.
    assert md.win == res.win and md.lose - res.lose == 64


def test_edge_pip_space_agrees_with_kind_space() -> None:
    """A symmetric way evaluated over the finer pip space gives identical counts."""
    reg = get_way("regulation")
    for sp in (kind_space(), pip_space()):
        wa = way_arrays(reg, sp)
        res = edge(wa, wa, rules=GENERIC, commission=FIVE)
        assert (res.win, res.push, res.lose) == (218_057_736, 291_324_440, 226_898_824)


@pytest.mark.parametrize("as_banker", [False, True])
def test_optimal_is_never_worse_for_every_hand(as_banker: bool) -> None:
    """`optimal` picks, for every one of the 3,620 hands, a setting of maximal exact EV."""
    prof = get_profile("generic")
    name = "optimal-banker" if as_banker else "optimal"
    (opp,) = resolve([("regulation", None)], prof, FIVE)
    (opt,) = resolve([(name, "regulation")], prof, FIVE)
    wins, losses = _split_counts(opp.space, opp, prof.compare_rules, as_banker=as_banker)
    ev = wins * 19 - losses * 20  # EV numerator with commission 1/20
    rows = np.arange(opp.space.size)
    best = ev.max(axis=1)
    assert (ev[rows, opt.choice] == best).all()
    # and so the optimal edge beats the house way's from the same side
    if as_banker:
        assert (
            edge_of("regulation", "optimal-banker", prof, FIVE).banker_ev
            >= edge_of("regulation", "regulation", prof, FIVE).banker_ev
        )
    else:
        assert (
            edge_of("optimal", "regulation", prof, FIVE).player_ev
            >= edge_of("regulation", "regulation", prof, FIVE).player_ev
        )


def test_optimal_beats_every_published_way() -> None:
    prof = get_profile("generic")
    best = edge_of("optimal", "regulation", prof, FIVE).player_ev
    for name in way_names():
        assert best >= edge_of(name, "regulation", prof, FIVE).player_ev


def test_advice_best_matches_optimal_way() -> None:
    prof = get_profile("generic")
    c = commission_of(prof)
    (opt,) = resolve([("optimal", "regulation")], prof, c)
    rng = random.Random(5)
    sp = opt.space
    for cls in rng.sample(range(sp.size), 40):
        tiles = list(sp.tiles[cls])
        adv = setting_advice(tiles, prof, c, opponent="regulation")
        best = adv.settings[adv.best]
        j = int(opt.choice[cls])
        assert best.setting.key() == (int(sp.split_high[cls, j]), int(sp.split_low[cls, j]))


def test_cli_edge_and_advise_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["edge", "--json", "--player", "regulation", "--dealer", "regulation"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["deals"] == 736_281_000
    assert set(d["counts"]) == {"win", "push", "lose"}
    assert isinstance(d["player_ev"], float) and isinstance(d["banker_ev"], float)
    assert main(["advise", "6-6", "4-5", "1-2", "3-3", "--json"]) == 0
    a = json.loads(capsys.readouterr().out)
    assert len(a["settings"]) == 3 and 0 <= a["best"] < 3
    assert {"high", "low", "ev", "win", "push", "lose"} <= set(a["settings"][0])
    assert abs(sum(a["settings"][0][k] for k in ("win", "push", "lose")) - 1) < 1e-12
    assert main(["advise", "6-6", "4-5", "1-2", "3-3", "--json", "--as-banker"]) == 0
    assert json.loads(capsys.readouterr().out)["role"] == "banker"
    assert main(["edge", "--commission", "two"]) == 2


def test_commission_zero_edge_is_symmetric() -> None:
    """With no commission, the banker's EV is exactly minus the player's."""
    res = edge_of("regulation", "regulation", get_profile("lucky-chances"), Fraction(0))
    assert res.banker_ev == -res.player_ev
