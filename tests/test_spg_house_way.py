"""The Supreme Pai Gow dealer way ``spg-house`` (R-SPG-20; rules (a)-(d) modelled on R-HW-01
with the R-HW-03 tie-breaks): valid on all 316,251 hands, never a foul (R-SPG-21), independent
of card order and suits, and as documented rule by rule."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Sequence
from functools import cache

import pytest

from paigow.errors import ConfigError, InvalidSettingError
from paigow.games.cards.cards import DECK, Card, card_hand_key, card_points, parse_cards
from paigow.games.cards.exact import rank_space
from paigow.games.cards.hands import CardSetting, card_settings_of, is_foul, is_foul_split
from paigow.games.cards.house_way import SPG_WAYS, CardWay, get_card_way, house_way_rule

WAY = SPG_WAYS["spg-house"]


def _key(setting: CardSetting) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    return (card_hand_key(*setting.high.cards), card_hand_key(*setting.low.cards))


def _reference_keys(cards: Sequence[Card]) -> set[tuple[tuple[int, int, int], ...]]:
    """The (high, low) hand keys the rules text allows, written with paigow.games.cards.cards
    only."""
    options = card_settings_of(cards)
    if sum(c.is_joker for c in cards) == 2:  # (a)
        return {_key(o) for o in options if card_hand_key(*o.high.cards) == (2, 14, 0)}
    strong = [o for o in options if card_hand_key(*o.high.cards)[0] >= 1]  # (b) pair or face
    sevens = [o for o in options if card_points(*o.high.cards) >= 7]  # (c)
    for group in (strong, sevens):
        if group:
            best = max(_key(o) for o in group)
            return {best}
    # (d): highest with lowest in the order K Q J 10 9 ... 2 A (jokers never get here)
    assert not any(c.is_joker for c in cards)
    order = sorted(cards, key=lambda c: "A23456789TJQK".index(str(c)[0]))
    hi_lo = {order[0], order[-1]}
    return {_key(o) for o in options if hi_lo in ({*o.high.cards}, {*o.low.cards})}


def test_registry_and_protocol() -> None:
    assert set(SPG_WAYS) == {"spg-house"}
    assert get_card_way("spg-house") is WAY
    assert isinstance(WAY, CardWay)
    assert WAY.name == "spg-house" and WAY.description
    with pytest.raises(ConfigError, match="spg-house"):
        get_card_way("regulation")


@cache
def _class_keys() -> dict[tuple[int, ...], tuple[int, int]]:
    space = rank_space()
    return {k: WAY.set(cards).key() for k, cards in zip(space.keys, space.cards, strict=True)}


PARTS = 4


@pytest.mark.parametrize("part", range(PARTS))
def test_r_spg_20_every_one_of_the_316251_hands_is_set_validly_and_order_free(part: int) -> None:
    """All C(54,4) hands (in four interleaved parts): a split of the four cards, never a foul
    (R-SPG-21), the same setting whatever the card order, and hand strengths that depend on the
    ranks only (equal to those of the hand's rank class)."""
    expected = _class_keys()
    n = 0
    for i, cards in enumerate(itertools.combinations(DECK, 4)):
        if i % PARTS != part:
            continue
        n += 1
        setting = WAY.set(cards)
        assert set(setting.cards) == set(cards)
        assert setting.high.strength >= setting.low.strength
        assert not is_foul_split(setting.high.cards, setting.low.cards)
        assert WAY.set(cards[::-1]) == setting
        assert setting.key() == expected[tuple(sorted(c.code // 4 for c in cards))]
    assert n == len(range(part, 316_251, PARTS))


def test_rule_counts_over_all_hands() -> None:
    """How often each rule applies, over the 316,251 hands (rank classes weighted)."""
    space = rank_space()
    rules: Counter[str] = Counter()
    for cards, weight in zip(space.cards, space.weight.tolist(), strict=True):
        rules[house_way_rule(cards)[0]] += weight
    assert rules == {"a": 1326, "b": 136_365, "c": 168_832, "d": 9728}
    assert sum(rules.values()) == 316_251


def test_random_orders_give_the_same_setting() -> None:
    rng = random.Random(11)
    for _ in range(3000):
        cards = rng.sample(DECK, 4)
        shuffled = cards[:]
        rng.shuffle(shuffled)
        assert WAY.set(shuffled) == WAY.set(cards)


def test_rules_text_on_every_rank_class_and_random_hands() -> None:
    """The setting is the one rules (a)-(d) allow, checked on the 2,366 rank classes and on
    random physical hands against a checker written from the rules text."""
    rng = random.Random(3)
    hands: list[Sequence[Card]] = list(rank_space().cards)
    hands += [rng.sample(DECK, 4) for _ in range(5000)]
    for cards in hands:
        assert _key(WAY.set(cards)) in _reference_keys(cards), cards


def test_rule_d_never_sees_a_joker() -> None:
    for cards in rank_space().cards:
        rule, _ = house_way_rule(cards)
        if any(c.is_joker for c in cards):
            assert rule != "d", cards


@pytest.mark.parametrize(
    ("cards", "rule", "expected"),
    [
        ("Jk Jk 9s 8s", "a", "Jk1 Jk2 / 9s 8s"),
        ("Jk Jk As Ad", "a", "Jk1 Jk2 / Ad As"),
        ("9c 9d Tc Kc", "b", "9c 9d / Kc Tc"),
        ("Ks Kd 5s 5d", "b", "Kd Ks / 5d 5s"),
        ("7s 7h 7d 7c", "b", "7c 7d / 7h 7s"),
        ("7s 7h 7d 2c", "b", "7h 7s / 7d 2c"),
        ("2c 2d Ks Qd", "b", "2c 2d / Ks Qd"),
        ("Ks Qd 9h 8c", "b", "Ks Qd / 9h 8c"),
        ("Ks Qd Jh 5c", "b", "Ks Qd / Jh 5c"),
        ("3c 4c Tc Kc", "c", "4c 3c / Kc Tc"),
        ("4s 5s 3d 6d", "c", "6d 3d / 5s 4s"),
        ("Jk 5c Tc Kc", "c", "5c Jk1 / Kc Tc"),
        ("2c 4c 9c Ac", "d", "4c 2c / 9c Ac"),
        ("2c 3c Kc Ac", "d", "3c 2c / Kc Ac"),
    ],
)
def test_documented_examples(cards: str, rule: str, expected: str) -> None:
    got_rule, setting = house_way_rule(parse_cards(cards))
    assert (got_rule, str(setting)) == (rule, expected)
    assert not is_foul(setting)


def test_bad_input_is_rejected() -> None:
    with pytest.raises(InvalidSettingError):
        WAY.set(parse_cards("Ks Qd 7h"))
    with pytest.raises(InvalidSettingError):
        WAY.set(parse_cards("Ks Qd 7h Ks"))
