"""Exact Supreme Pai Gow main-game math (R-SPG-04, R-SPG-05, R-SPG-21, R-SPG-23): the class
engine against a plain enumeration of physical cards, the optimal way against the house way,
the deal counts, and the figures printed in docs/supreme-pai-gow.md."""

from __future__ import annotations

import itertools
import random
import time
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from paigow.exact.results import EdgeResult
from paigow.games.cards.cards import DECK, Card, card_hand_key, card_points, parse_cards
from paigow.games.cards.exact import (
    OptimalCardWay,
    multiplicity,
    rank_space,
    spg_advise,
    spg_edge,
    spg_optimal,
    spg_way_arrays,
)
from paigow.games.cards.hands import CardSetting, card_settings_of
from paigow.games.cards.house_way import SPG_WAYS

DOC = Path(__file__).resolve().parents[1] / "docs" / "supreme-pai-gow.md"
WAY = SPG_WAYS["spg-house"]
DEALS = 316_251 * 230_300
I64 = npt.NDArray[np.int64]

#: Dense rank of every two-card hand key of paigow.games.cards.cards (larger is better).
RANK = {
    k: i for i, k in enumerate(sorted({card_hand_key(*h) for h in itertools.combinations(DECK, 2)}))
}


def _rank(cards: tuple[Card, Card]) -> int:
    return RANK[card_hand_key(*cards)]


@cache
def _dealer_combos() -> npt.NDArray[np.int64]:
    combos = np.array(list(itertools.combinations(range(50), 4)), dtype=np.int64)
    assert len(combos) == 230_300
    return combos


def _dealer_hands(player: Sequence[Card]) -> tuple[I64, I64, I64, I64]:
    """Every one of the C(50,4) dealer hands left by ``player``, set by the house way.

    Returns the dealer's high and low hand ranks per physical hand (by paigow.games.cards.cards
    keys), and the rank-type code and count of each distinct dealer rank multiset. The house way is
    called once per rank multiset: its strengths depend on ranks only (test_spg_house_way checks all
    316,251 hands).
    """
    rest = np.array([c.code for c in DECK if c not in player], dtype=np.int64)
    hands = rest[_dealer_combos()]
    types = np.sort(hands // 4, axis=1)
    enc = ((types[:, 0] * 14 + types[:, 1]) * 14 + types[:, 2]) * 14 + types[:, 3]
    uniq, first, inv, counts = np.unique(
        enc, return_index=True, return_inverse=True, return_counts=True
    )
    hi = np.zeros(len(uniq), dtype=np.int64)
    lo = np.zeros(len(uniq), dtype=np.int64)
    for u, i in enumerate(first):
        s = WAY.set([DECK[int(c)] for c in hands[i]])
        hi[u], lo[u] = _rank(s.high.cards), _rank(s.low.cards)
    return hi[inv], lo[inv], uniq, counts


def _reference(
    setting: CardSetting, dealer: tuple[I64, I64, I64, I64], *, literal: bool
) -> tuple[int, int, int]:
    """(win, push, lose) of ``setting`` over the dealer hands: copies to the dealer (R-SPG-04),
    a zero low never wins (R-SPG-05, either reading), win = both, lose = neither (R-SPG-23)."""
    dh, dl, _, _ = dealer
    low = setting.low.cards
    zero = card_points(*low) == 0 if literal else card_hand_key(*low)[:2] == (0, 0)
    hw = _rank(setting.high.cards) > dh
    lw = (_rank(low) > dl) & (not zero)
    win, lose = int((hw & lw).sum()), int((~hw & ~lw).sum())
    return win, len(dh) - win - lose, lose


def _sample_hands() -> list[tuple[Card, ...]]:
    rng = random.Random(2024)
    fixed = [
        "Jk Jk As Ad",
        "As Ad Ac Ah",
        "Jk 5c Tc Kc",
        "Ks Qd Jh Tc",
        "Ts Td Kh Kc",
        "5s 5d 2c 8h",
    ]
    hands = [parse_cards(t) for t in fixed]
    hands += [tuple(rng.sample(DECK, 4)) for _ in range(34)]
    return hands


SAMPLES = _sample_hands()


def _row(result: EdgeResult, cls: int) -> tuple[int, int, int]:
    d = result.detail
    assert d is not None
    w, lz, t = int(d.win[cls]), int(d.lose[cls]), int(d.total[cls])
    return w, t - w - lz, lz


@pytest.mark.parametrize("literal", [False, True], ids=["zero-points", "zero-literal"])
def test_edge_rows_equal_a_physical_enumeration(literal: bool) -> None:
    """For sampled player hands, all 230,300 physical dealer hands: the class engine's counts
    for the house way and for the optimal way equal a plain count."""
    house = spg_edge("spg-house", "spg-house", literal_zero=literal)
    optimal = spg_optimal("spg-house", literal_zero=literal)
    opt = spg_edge(optimal, "spg-house", literal_zero=literal)
    space = rank_space()
    for cards in SAMPLES:
        dealer = _dealer_hands(cards)
        cls = space.class_of(cards)
        assert _row(house, cls) == _reference(WAY.set(cards), dealer, literal=literal), cards
        assert _row(opt, cls) == _reference(optimal.set(cards), dealer, literal=literal), cards


def test_multiplicities_equal_physical_counts() -> None:
    space = rank_space()
    m = multiplicity()
    for cards in SAMPLES[:8]:
        _, _, uniq, counts = _dealer_hands(cards)
        row = np.zeros(space.size, dtype=np.int64)
        for code, n in zip(uniq.tolist(), counts.tolist(), strict=True):
            key = (code // 2744, code // 196 % 14, code // 14 % 14, code % 14)
            row[space.index[key]] = n
        cls = space.class_of(cards)
        assert (m[cls].astype(np.int64) == row).all()
        assert (space.multiplicity_row(cls) == row).all()


def test_weights_and_deal_counts() -> None:
    space = rank_space()
    assert space.size == 2366
    assert int(space.weight.sum()) == 316_251
    assert (multiplicity().sum(axis=1, dtype=np.int64) == 230_300).all()
    physical = Counter(
        tuple(sorted(c.code // 4 for c in h)) for h in itertools.combinations(DECK, 4)
    )
    assert {k: int(space.weight[i]) for k, i in space.index.items()} == dict(physical)
    for literal in (False, True):
        r = spg_edge("spg-house", "spg-house", literal_zero=literal)
        assert r.deals == DEALS == 72_832_605_300
        d = r.detail
        assert d is not None and int(d.total @ d.weight) == DEALS


@pytest.mark.parametrize("literal", [False, True], ids=["zero-points", "zero-literal"])
def test_optimal_is_never_worse_than_the_house_way_in_any_class(literal: bool) -> None:
    house = spg_edge("spg-house", "spg-house", literal_zero=literal).detail
    best = spg_edge("optimal", "spg-house", literal_zero=literal).detail
    assert house is not None and best is not None
    ev_house = house.win * 19 - house.lose * 20  # per class, over the same 230,300 hands
    ev_best = best.win * 19 - best.lose * 20
    assert (ev_best >= ev_house).all()
    assert (ev_best > ev_house).any()


def test_advice_scores_every_setting_exactly() -> None:
    optimal = spg_optimal("spg-house")
    opt = spg_edge(optimal, "spg-house")
    for cards in SAMPLES[:10]:
        advice = spg_advise(cards, "spg-house")
        dealer = _dealer_hands(cards)
        keys = {o.key() for o in card_settings_of(cards)}
        assert {sc.setting.key() for sc in advice.settings} == keys
        for sc in advice.settings:
            assert (sc.win, sc.push, sc.lose) == _reference(sc.setting, dealer, literal=False)
            assert sc.ev == Fraction(sc.win * 19 - sc.lose * 20, 20 * 230_300)
            assert not sc.setting.is_foul
        assert advice.settings[advice.house].setting.key() == WAY.set(cards).key()
        best = advice.settings[advice.best]
        assert best.ev == max(sc.ev for sc in advice.settings)
        w, _, lz = _row(opt, rank_space().class_of(cards))
        assert Fraction(w * 19 - lz * 20, 20 * 230_300) == best.ev
        assert advice.to_json()["best"] == advice.best


def test_optimal_way_sets_physical_cards_consistently() -> None:
    optimal = spg_optimal("spg-house")
    assert isinstance(optimal, OptimalCardWay)
    assert spg_way_arrays(optimal) is optimal.arrays
    rng = random.Random(9)
    for _ in range(500):
        cards = rng.sample(DECK, 4)
        s = optimal.set(cards)
        assert s.same_cards(cards) and not s.is_foul
        assert optimal.set(cards[::-1]).key() == s.key()


def test_edge_is_fast_after_start_up() -> None:
    spg_edge("spg-house", "spg-house")
    best = min(_timed() for _ in range(3))
    assert best < 1.0


def _timed() -> float:
    t = time.perf_counter()
    spg_edge("spg-house", "spg-house", literal_zero=True)
    return time.perf_counter() - t


def test_docs_print_the_computed_figures() -> None:
    text = DOC.read_text(encoding="utf-8")
    for literal in (False, True):
        for player in ("spg-house", "optimal"):
            r = spg_edge(player, "spg-house", literal_zero=literal)
            for n in (r.win, r.push, r.lose):
                assert f"{n:,}" in text, (player, literal, n)
            assert f"{float(r.player_ev) * 100:.4f} %" in text
            assert f"{float(r.banker_ev) * 100:.4f} %" in text
            assert str(r.player_ev) in text
            assert str(r.banker_ev) in text
        house = spg_way_arrays("spg-house")
        best = spg_optimal("spg-house", literal_zero=literal).arrays
        differ = (best.high != house.high) | (best.low != house.low)
        classes, hands = int(differ.sum()), int(rank_space().weight[differ].sum())
        assert f"{classes} " in text and f"{hands:,} hands" in text


def test_banker_advice_matches_enumeration() -> None:
    """The banker's view (R-SPG-24, R-BANK-13): counts equal a loop over every one of the
    230,300 player hands, each set by the house way, copies and zero lows to the banker."""
    import itertools

    from paigow.games.cards.cards import DECK as FULL_DECK
    from paigow.games.cards.cards import parse_cards as cards_of
    from paigow.games.cards.exact import spg_advise_banker
    from paigow.games.cards.hands import NJ as NJ_RULES
    from paigow.games.cards.hands import compare_card_settings as compare
    from paigow.games.cards.house_way import get_card_way
    from paigow.games.outcomes import Outcome

    held = list(cards_of("Ks Qd 7h 2c"))
    adv = spg_advise_banker(held)
    way = get_card_way("spg-house")
    rest = [c for c in FULL_DECK if c not in held]
    # The house way's hands depend on ranks only (test_spg_house_way checks every hand), so
    # one setting per rank multiset serves every suit of it.
    cache: dict[tuple[int, ...], object] = {}
    counts = [dict.fromkeys(Outcome, 0) for _ in adv.settings]
    for combo in itertools.combinations(rest, 4):
        key = tuple(sorted(c.code // 4 for c in combo))
        ps = cache.get(key)
        if ps is None:
            ps = cache[key] = way.set(combo)
        for i, sc in enumerate(adv.settings):
            counts[i][compare(ps, sc.setting, NJ_RULES).result] += 1  # type: ignore[arg-type]
    for i, sc in enumerate(adv.settings):
        assert (sc.win, sc.lose) == (counts[i][Outcome.LOSE], counts[i][Outcome.WIN])
