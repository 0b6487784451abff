"""The trainer's scores and explanations against slow per-deal enumerations.

For a sample of dealt hands, every physical hand the dealer can hold is enumerated one by one,
set by the dealer's way and compared with the rules written from RULES.md alone
(``tests/reference.py`` for the tiles, R-RANK-13; the card keys of ``paigow.games.cards.cards`` and
the R-SPG-05 zero rule for the cards). The trainer's EVs, best setting, EV lost, house-way match
and the breakdown of its explanation must agree exactly (R-SETTLE-05, R-SPG-23).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from functools import cache
from typing import Any

import pytest

from paigow.games.cards.cards import DECK, Card, card_hand_key, card_points
from paigow.games.cards.hands import CardHand, CardSetting
from paigow.games.cards.house_way import get_card_way
from paigow.games.outcomes import Outcome, outcome_of
from paigow.games.tiles.tiles import FULL_SET, Tile
from paigow.games.tiles.ways import get_way
from paigow.profiles import get_profile
from paigow.trainer import Trainer
from paigow.trainer.problem import Problem
from reference import pips, player_wins

Key = tuple[int, int]


def _value(outcome: Outcome, commission: Fraction) -> Fraction:
    return {Outcome.WIN: 1 - commission, Outcome.PUSH: Fraction(0), Outcome.LOSE: Fraction(-1)}[
        outcome
    ]


def _commission(profile: str) -> Fraction:
    return Fraction(Decimal(get_profile(profile).commission.rate))


# --- tiles: R-RANK-13 from tests/reference.py ------------------------------------------------


#: ``player_wins`` of tests/reference.py, remembered: a pure function of two pairs of tiles
#: (and the rules), asked 20,475 times per setting about a few hundred distinct hands.
_player_wins = cache(player_wins)

TwoTiles = tuple[Key, Key]


def _two(h: Any) -> TwoTiles:
    """The pips of a two-tile hand, read from the tiles' names."""
    return (pips(str(h.tiles[0])), pips(str(h.tiles[1])))


def _pips_of(setting: Any) -> tuple[TwoTiles, TwoTiles]:
    """(high hand, low hand) of a setting, as pips."""
    return _two(setting.high), _two(setting.low)


def _tile_outcomes(
    mine: tuple[TwoTiles, TwoTiles], dealt: list[tuple[TwoTiles, TwoTiles]], profile: str
) -> list[Outcome]:
    """R-RANK-13 on both hands of my setting against each dealer's, settings given as pips
    (:func:`_pips_of`)."""
    rules = get_profile(profile).compare_rules
    kw = {"zero_zero_banker": rules.zero_zero_banker, "low_zero_loses": rules.low_zero_loses}
    return [
        outcome_of(
            _player_wins(mine[0], high, low=False, **kw),
            _player_wins(mine[1], low, low=True, **kw),
        )
        for high, low in dealt
    ]


def _tile_deals(pieces: Sequence[Tile], dealer_way: str) -> list[Any]:
    """The dealer's setting of each of the C(28,4) = 20,475 physical hands left."""
    way = get_way(dealer_way)
    rest = list(FULL_SET)
    for t in pieces:
        rest.remove(t)
    cache: dict[tuple[str, ...], Any] = {}
    out = []
    for combo in itertools.combinations(rest, 4):
        key = tuple(sorted(map(str, combo)))
        if key not in cache:
            cache[key] = way.set(combo)
        out.append(cache[key])
    assert len(out) == 20_475
    return out


# --- cards: R-SPG-02..05 from the card keys ----------------------------------------------------


def _card_key(h: CardHand) -> tuple[int, int, int]:
    return card_hand_key(*h.cards)


def _zero(h: CardHand) -> bool:
    """R-SPG-05 (points reading): a point-total hand worth zero."""
    a, b = h.cards
    pair = card_hand_key(a, b)[0] == 2
    face = card_hand_key(a, b)[0] == 1
    return not pair and not face and card_points(a, b) == 0


def _card_outcome(mine: CardSetting, dealer: CardSetting) -> Outcome:
    hw = _card_key(mine.high) > _card_key(dealer.high)
    lw = not _zero(mine.low) and _card_key(mine.low) > _card_key(dealer.low)
    return outcome_of(hw, lw)


def _card_deals(pieces: Sequence[Card]) -> list[tuple[CardSetting, int]]:
    """The dealer's ``spg-house`` setting of each of the C(50,4) = 230,300 physical hands,
    as (setting, how many hands) per rank multiset: the way and the rules
    read ranks only (R-SPG-04), so identical rank multisets play identically."""
    way = get_card_way("spg-house")
    rest = [c for c in DECK if c not in pieces]
    counts: Counter[tuple[int, ...]] = Counter()
    first: dict[tuple[int, ...], tuple[Card, ...]] = {}
    for combo in itertools.combinations(rest, 4):
        key = tuple(sorted(c.code // 4 for c in combo))
        counts[key] += 1
        first.setdefault(key, combo)
    assert sum(counts.values()) == 230_300
    return [(way.set(first[k]), n) for k, n in counts.items()]


def _check(problem: Problem, outcomes: list[Counter[Outcome]], commission: Fraction) -> None:
    """EVs, best, EV lost and the house-way mark against the enumerated outcome counts."""
    evs = []
    for o, counted in zip(problem.options, outcomes, strict=True):
        n = sum(counted.values())
        assert (o.win, o.push, o.lose) == (
            counted[Outcome.WIN],
            counted[Outcome.PUSH],
            counted[Outcome.LOSE],
        )
        ev = sum((_value(k, commission) * v for k, v in counted.items()), Fraction(0)) / n
        assert o.ev == ev
        evs.append(ev)
    assert evs[problem.best] == max(evs)


def _scores_for_every_answer(trainer: Trainer, problem: Problem) -> None:
    evs = [o.ev for o in problem.options]
    house = trainer.way.set(problem.pieces).key()
    for i in range(len(problem.options)):
        s = trainer.score(problem, i)
        assert s.ev_lost == max(evs) - evs[i] >= 0
        assert s.is_best == (evs[i] == max(evs))
        assert s.matches_house == (problem.options[i].setting.key() == house)


TILE_CASES = [
    ("generic", "regulation", None, 11),
    ("maryland", "regulation", "taj-mahal", 12),
    ("lucky-chances", "regulation", None, 13),
    ("colorado", "canberra", "optimal", 14),
]


@pytest.mark.parametrize(("profile", "dealer", "way", "seed"), TILE_CASES)
def test_tile_scores_equal_a_per_deal_enumeration(
    profile: str, dealer: str, way: str | None, seed: int
) -> None:
    """R-SETTLE-05 win/push/lose over the 20,475 physical dealer hands, R-RANK-11 zero rules of
    each profile; the breakdown of best against every other setting re-counted hand by hand."""
    trainer = Trainer(profile, dealer=dealer, way=way)
    rng = random.Random(seed)
    c = _commission(profile)
    for drill in ("split", "gee-joon"):
        p = trainer.deal(drill, rng)
        deals = _tile_deals(p.pieces, dealer)
        dealt = [_pips_of(d) for d in deals]
        per_deal = [_tile_outcomes(_pips_of(o.setting), dealt, profile) for o in p.options]
        _check(p, [Counter(x) for x in per_deal], c)
        _scores_for_every_answer(trainer, p)
        for worse in range(len(p.options)):
            if worse == p.best:
                continue
            b = _breakdown(trainer, p, worse)
            moves = Counter(
                (trainer.game.band(d.high.strength), trainer.game.band(d.low.strength), x, y)
                for d, x, y in zip(deals, per_deal[worse], per_deal[p.best], strict=True)
                if x != y
            )
            got = {(s.dealer_high, s.dealer_low, s.before, s.after): s.hands for s in b.shifts}
            assert got == dict(moves)
            assert b.gain == p.options[p.best].ev - p.options[worse].ev


def _breakdown(trainer: Trainer, p: Problem, worse: int) -> Any:
    from paigow.trainer.explain import breakdown

    return breakdown(
        trainer.game, p, p.best, worse, dealer=trainer.dealer, commission=trainer.commission
    )


@pytest.mark.parametrize("seed", [21, 22])
def test_card_scores_equal_a_per_deal_enumeration(seed: int) -> None:
    """Supreme Pai Gow: every non-foul setting against the 230,300 dealer hands (R-SPG-04/05,
    R-SPG-21, R-SPG-23); the breakdown re-counted by dealer hand."""
    trainer = Trainer("nj-supreme")
    p = trainer.deal("split" if seed % 2 else "gee-joon", random.Random(seed))
    deals = _card_deals(p.pieces)
    outcomes = []
    for o in p.options:
        counted: Counter[Outcome] = Counter()
        for d, n in deals:
            counted[_card_outcome(o.setting, d)] += n
        outcomes.append(counted)
    _check(p, outcomes, _commission("nj-supreme"))
    _scores_for_every_answer(trainer, p)
    for worse in range(len(p.options)):
        if worse != p.best:
            b = _breakdown(trainer, p, worse)
            moved = sum(
                n
                for d, n in deals
                if _card_outcome(p.options[worse].setting, d)
                != _card_outcome(p.options[p.best].setting, d)
            )
            assert b.hands == moved
            assert b.gain == p.options[p.best].ev - p.options[worse].ev


@pytest.mark.parametrize("profile", ["generic", "maryland", "lucky-chances", "nj-supreme"])
def test_breakdown_sums_to_the_ev_difference(profile: str) -> None:
    """For many hands, the explanation's groups sum exactly to the EV the best setting gains
    over the house way (and over every other setting), and count each dealer hand once."""
    trainer = Trainer(profile)
    rng = random.Random(profile)
    for i in range(60):
        p = trainer.deal(("all", "pairs", "split", "no-pair")[i % 4], rng)
        for worse in range(len(p.options)):
            b = _breakdown(trainer, p, worse)
            assert b.gain == p.options[p.best].ev - p.options[worse].ev
            assert sum((g.ev for g in b.groups()), Fraction(0)) == b.gain
            assert sum(g.hands for g in b.groups()) == b.hands <= b.total
            assert b.total == p.options[worse].hands
            for s in b.shifts:
                assert s.before != s.after and s.hands > 0
        e = trainer.explain(p)
        if p.best == p.house:
            assert e.house_vs_best is None
        else:
            assert e.house_vs_best is not None
            assert e.house_vs_best.gain == p.options[p.best].ev - p.options[p.house].ev


def test_explanation_names_the_rule_as_paigow_set_does() -> None:
    """R-HW-01 rule letters, as ``paigow set`` prints them, and the wong example of the README."""
    t = Trainer("generic")
    p = t.parse("6-6 4-5 1-2 3-3")
    assert p.rule is not None and p.rule.startswith("rule (b) of R-HW-01")
    s = t.score(p, t.answer(p, "6-6 4-5"))
    assert s.is_best and s.matches_house and s.ev_lost == 0
    text = "\n".join(t.explain(p, s.choice).lines(p.options))
    assert "House way (regulation, rule (b) of R-HW-01" in text
    cards = Trainer("nj-supreme")
    q = cards.parse("As Ad Kh 5c")
    assert q.rule is not None and q.rule.startswith("rule (b)")


def test_best_differs_from_house_way_explained() -> None:
    """6-6 1-1 1-3 5-5 (the README's advise example): the regulation way plays 1-1 1-3 /
    6-6 5-5 by rule (d); keeping teen and day together gains, explained by dealer groups."""
    t = Trainer("generic")
    p = t.parse("6-6 1-1 1-3 5-5")
    assert p.best != p.house
    e = t.explain(p, p.house)
    assert e.house_vs_best is not None and e.yours_vs_best is None
    lines = e.lines(p.options)
    assert any("rule (d) of R-HW-01" in x for x in lines)
    assert any("more than the house way" in x for x in lines)
    assert any(x.startswith("  dealer high") for x in lines)
