"""Published casino house ways: the Taj Mahal and Casino Canberra (docs/house-ways.md).

Sources: "Pai Gow Tiles House Way from the Taj Mahal" and "Pai Gow Tiles House Way from the
Casino Canberra", The Wizard of Odds. Each worked example below quotes the rule it checks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pytest

from paigow.games.tiles.hands4 import all_combinations, distinct_hands, kind_key
from paigow.games.tiles.settings import Setting
from paigow.games.tiles.tiles import Tile, parse_tiles
from paigow.games.tiles.ways import get_way, way_names
from paigow.games.tiles.ways.base import HouseWay
from paigow.games.tiles.ways.canberra import CanberraWay, canberra_rule
from paigow.games.tiles.ways.regulation import RegulationWay
from paigow.games.tiles.ways.taj_mahal import TajMahalWay, taj_mahal_rule

RuleFn = Callable[[Sequence[Tile]], tuple[str, Setting]]

WAYS: dict[str, tuple[HouseWay, RuleFn]] = {
    "taj-mahal": (TajMahalWay(), taj_mahal_rule),
    "canberra": (CanberraWay(), canberra_rule),
}


def _split(s: Setting) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The kinds of the high and low hands (tiles of one kind play alike)."""
    return tuple(sorted(t.kind for t in s.high.tiles)), tuple(sorted(t.kind for t in s.low.tiles))


@dataclass(frozen=True)
class Example:
    """A worked example: ``tiles`` set by ``way`` as ``setting`` under rule ``rule``."""

    way: str
    rule: str
    source: str
    tiles: str
    setting: str


EXAMPLES: tuple[Example, ...] = (
    # --- Taj Mahal: pair rules
    Example("taj-mahal", "pair-A", "Never split the following pairs (4, 5, 6, 10, 11)",
            "1-5 1-5 6-6 1-1", "1-5 1-5 / 6-6 1-1"),
    Example("taj-mahal", "pair-B", "Split Gee Joon with 6-4, 6-5, or 6-6",
            "1-2 2-4 3-3 1-3", "2-4 3-3 / 1-2 1-3"),
    Example("taj-mahal", "pair-C", "Split 2s and 12s to make 6/8 or better",
            "6-6 6-6 4-5 1-3", "6-6 4-5 / 6-6 1-3"),
    Example("taj-mahal", "pair-C", "... and when the other two tiles are 9 and 11",
            "6-6 6-6 3-6 5-6", "6-6 3-6 / 6-6 5-6"),
    Example("taj-mahal", "pair-keep", "Split 2s and 12s to make 6/8 or better (6/6: kept)",
            "6-6 6-6 1-3 2-2", "6-6 6-6 / 1-3 2-2"),
    Example("taj-mahal", "pair-D", "Split 9s with any combination of 2, 10, and 12 tiles",
            "3-6 4-5 1-1 5-5", "1-1 3-6 / 4-5 5-5"),
    Example("taj-mahal", "pair-E", "Split 8's with any combination of 2, 10, 11, or 12 tiles",
            "4-4 4-4 6-6 4-6", "6-6 4-4 / 4-4 4-6"),
    Example("taj-mahal", "pair-E", "Split 8's ... Also split with 9 and 11",
            "2-6 3-5 4-5 5-6", "3-5 5-6 / 2-6 4-5"),
    Example("taj-mahal", "pair-F", "Split 7s with 2, 10, 11, or 12, including a 2 or 12",
            "1-6 1-6 1-1 5-5", "1-1 1-6 / 1-6 5-5"),
    Example("taj-mahal", "pair-keep", "Split 7s ... including at least one 2 or 12 (none)",
            "1-6 1-6 5-5 5-6", "1-6 1-6 / 5-5 5-6"),
    # --- Taj Mahal: wong, gong and high nine rules
    Example("taj-mahal", "wong", "Play high nine first, then gong, then wong",
            "6-6 1-6 4-5 1-3", "6-6 1-6 / 4-5 1-3"),
    Example("taj-mahal", "wong", "If given the choice of the 2 or 12 tile, use the 12",
            "6-6 1-1 4-5 2-3", "6-6 4-5 / 1-1 2-3"),
    Example("taj-mahal", "wong-max-high", "If that results in a low 3 or less, maximize high",
            "6-6 1-6 4-5 5-6", "6-6 4-5 / 1-6 5-6"),
    Example("taj-mahal", "wong-exception", "With 2 or 12, 9, 8, and low 4, play 3/gong",
            "6-6 4-5 2-6 2-2", "6-6 2-6 / 4-5 2-2"),
    # --- Taj Mahal: two small tiles rule
    Example("taj-mahal", "small", "Play the lowest high hand in that range (7, not 8 or 9)",
            "1-3 2-3 1-2 5-6", "1-3 1-2 / 2-3 5-6"),
    Example("taj-mahal", "small", "With both 2 and 12, play the 12 in the high hand",
            "6-6 1-1 2-3 3-3", "6-6 3-3 / 1-1 2-3"),
    Example("taj-mahal", "small-A", "Play 2 and 12 together with 5+10",
            "6-6 1-1 2-3 5-5", "2-3 5-5 / 6-6 1-1"),
    Example("taj-mahal", "small-A", "Play 2 and 12 together with 6+11",
            "6-6 1-1 3-3 5-6", "3-3 5-6 / 6-6 1-1"),
    Example("taj-mahal", "small-B", "Play 6/6 with 2 or 12, 4, 5, and 11",
            "6-6 1-3 1-4 5-6", "6-6 1-3 / 1-4 5-6"),
    Example("taj-mahal", "small-C", "Play 12 in the low hand with 2, 12, and 4+5",
            "6-6 1-1 1-3 2-3", "1-1 2-3 / 6-6 1-3"),
    Example("taj-mahal", "small-C", "Play 12 in the low hand with 2, 12, and 4+6",
            "6-6 1-1 1-3 1-5", "1-1 1-5 / 6-6 1-3"),
    # --- Taj Mahal: balancing rule
    Example("taj-mahal", "balance", "Balance the two hands as much as possible",
            "1-3 4-6 5-6 6-6", "1-3 4-6 / 6-6 5-6"),
    Example("taj-mahal", "balance-A", "Play high 7/9 with high 4, low 4, 5, gee",
            "1-3 2-2 2-3 1-2", "2-2 2-3 / 1-3 1-2"),
    Example("taj-mahal", "balance-B", "Play high 3/9 with high 4, low 4, 5, 9",
            "1-3 2-2 1-4 3-6", "2-2 1-4 / 1-3 3-6"),
    Example("taj-mahal", "balance-C", "Play the high 9 with high 4, low 4, 5, and any 6",
            "1-3 2-2 1-4 3-3", "1-3 1-4 / 2-2 3-3"),
    Example("taj-mahal", "balance-D", "Play the high 9 with high 6, low 6, gee, and any 4",
            "3-3 1-5 2-4 2-2", "3-3 2-4 / 1-5 2-2"),
    Example("taj-mahal", "balance-E", "Maximize the high hand with high 6, low 6, 11, and 4",
            "3-3 1-5 5-6 1-3", "3-3 5-6 / 1-5 1-3"),
    Example("taj-mahal", "balance-F", "Play the 8-point high hand with high 6, low 6, 12, 5",
            "3-3 1-5 6-6 2-3", "6-6 1-5 / 3-3 2-3"),
    # --- Casino Canberra: exceptions
    Example("canberra", "exc-A", "Play 3-wong with teen, teen, 9 and 11",
            "6-6 6-6 4-5 5-6", "6-6 4-5 / 6-6 5-6"),
    Example("canberra", "exc-B", "Play 7-9 with high-8, high-10, 11 and 7",
            "4-4 5-5 5-6 1-6", "4-4 5-6 / 5-5 1-6"),
    Example("canberra", "exc-C", "Play 7-9 with gee/joon, 6, 5, and teen/day",
            "1-2 3-3 2-3 6-6", "1-2 3-3 / 2-3 6-6"),
    Example("canberra", "exc-D", "Play a 9 with gee, 4, 5, and another tile not making a pair",
            "2-4 1-3 1-4 5-5", "1-3 1-4 / 2-4 5-5"),
    Example("canberra", "exc-E", "Play high-7 & low-8 with high-8, low-8, 9, and low-10",
            "4-4 2-6 3-6 4-6", "2-6 4-6 / 4-4 3-6"),
    Example("canberra", "exc-F", "Play high-3 & low-9 with high-6, low-6, gee/joon, and 7",
            "3-3 1-5 1-2 1-6", "1-5 1-2 / 3-3 1-6"),
    Example("canberra", "exc-G", "Play 3-gong with 12/2, 8, 9, and low-4",
            "1-1 4-4 3-6 2-2", "1-1 4-4 / 3-6 2-2"),
    Example("canberra", "exc-H", "Play low-1, high-7 with 6, 11, low-6, and 5",
            "3-3 5-6 1-5 1-4", "3-3 5-6 / 1-5 1-4"),
    Example("canberra", "exc-I", "Play low-2, high-7 with high-8, low-8, 9, and low-4",
            "4-4 3-5 4-5 2-2", "4-4 4-5 / 3-5 2-2"),
    # --- Casino Canberra: pair rules
    Example("canberra", "pair-A", "Never split the following pairs (..., gee-joon)",
            "1-2 2-4 3-3 1-3", "1-2 2-4 / 3-3 1-3"),
    Example("canberra", "pair-B", "Split 2's and 12's to make 6/8 or better",
            "6-6 6-6 4-5 1-3", "6-6 4-5 / 6-6 1-3"),
    Example("canberra", "pair-finally", "12,12,gee,4: retaining the pair results in 7-pair",
            "6-6 6-6 1-2 1-3", "6-6 6-6 / 1-3 1-2"),
    Example("canberra", "pair-C", "Split 9's to make 9-9 or higher",
            "3-6 4-5 5-5 4-6", "3-6 5-5 / 4-5 4-6"),
    Example("canberra", "pair-D", "Split 8's to make 7-9, or 8-8 or higher",
            "2-6 3-5 1-1 5-6", "1-1 2-6 / 3-5 5-6"),
    Example("canberra", "pair-E", "Split 7's to make 7-High Nine or higher",
            "1-6 1-6 6-6 5-5", "6-6 1-6 / 1-6 5-5"),
    # --- Casino Canberra: wong, gong and high nine rule
    Example("canberra", "wong", "Given the choice, play high-9 first, then gong, then wong",
            "6-6 1-6 4-5 1-3", "6-6 1-6 / 4-5 1-3"),
    Example("canberra", "wong-max-high", "If that results in a low-3 or less, maximize high",
            "6-6 1-6 4-5 5-6", "6-6 4-5 / 1-6 5-6"),
    # --- Casino Canberra: all other hands
    Example("canberra", "other-2", "If the maximum low hand is at least a high-3, play that",
            "1-1 1-3 5-5 6-6", "6-6 1-1 / 1-3 5-5"),
    Example("canberra", "other-3", "If the maximum high is at least a 7, play that; high tile low",
            "1-5 2-2 3-3 5-6", "1-5 5-6 / 3-3 2-2"),
    Example("canberra", "other-4", "Otherwise, maximize the low hand; high tile in the low hand",
            "1-3 1-6 3-3 4-4", "3-3 1-6 / 4-4 1-3"),
)  # fmt: skip


@pytest.mark.parametrize("ex", EXAMPLES, ids=[f"{e.way}:{e.rule}:{e.tiles}" for e in EXAMPLES])
def test_worked_examples(ex: Example) -> None:
    """Each published rule sets its own example hand as the rule says (``ex.source``)."""
    _, rule = WAYS[ex.way]
    name, got = rule(parse_tiles(ex.tiles))
    want = Setting.parse(ex.setting)
    assert name == ex.rule, ex.source
    assert want.same_tiles(parse_tiles(ex.tiles))
    assert _split(got) == _split(want), f"{ex.source}: got {got}, want {want}"


@pytest.mark.parametrize("name", sorted(WAYS))
def test_every_combination_gets_a_valid_setting(name: str) -> None:
    """All 35,960 combinations: same four tiles, high hand not below the low hand."""
    way, _ = WAYS[name]
    n = 0
    for combo in all_combinations():
        s = way.set(combo)
        assert s.same_tiles(combo), combo
        assert s.high.strength >= s.low.strength, combo
        n += 1
    assert n == 35_960


@pytest.mark.parametrize("name", sorted(WAYS))
def test_input_order_does_not_matter(name: str) -> None:
    """Shuffled input gives the identical setting (same tiles in the same hands)."""
    way, _ = WAYS[name]
    rng = random.Random(20240917)
    hands = [h.tiles for h in distinct_hands()]
    for tiles in rng.sample(hands, 600):
        want = way.set(tiles)
        for _ in range(4):
            shuffled = list(tiles)
            rng.shuffle(shuffled)
            got = way.set(shuffled)
            assert got == want, tiles


@pytest.mark.parametrize("name", sorted(WAYS))
def test_kind_symmetric(name: str) -> None:
    """Tiles of one kind are set alike: each combination splits like its distinct hand."""
    way, _ = WAYS[name]
    assert way.kind_symmetric
    by_kind: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {
        h.kinds: _split(way.set(h.tiles)) for h in distinct_hands()
    }
    for combo in all_combinations():
        assert _split(way.set(combo)) == by_kind[kind_key(list(combo))], combo


@pytest.mark.parametrize("name", sorted(WAYS))
def test_every_rule_is_used(name: str) -> None:
    """Every published rule, and each exception, decides at least one hand."""
    _, rule = WAYS[name]
    used = {rule(h.tiles)[0] for h in distinct_hands()}
    examples = {e.rule for e in EXAMPLES if e.way == name}
    assert examples <= used
    expected_rules = {
        "taj-mahal": {f"pair-{c}" for c in "ABCDEF"}
        | {f"small-{c}" for c in "ABC"}
        | {f"balance-{c}" for c in "ABCDEF"}
        | {"pair-keep", "wong", "wong-max-high", "wong-exception", "small", "balance"},
        "canberra": {f"exc-{c}" for c in "ABCDEFGHI"}
        | {f"pair-{c}" for c in "ABCDE"}
        | {"pair-finally", "pair-keep", "wong", "wong-max-high"}
        | {"other-2", "other-3", "other-4"},
    }[name]
    assert used == expected_rules


def test_registered() -> None:
    """The ways are available by name and alias, and satisfy the house-way protocol."""
    assert {"taj-mahal", "canberra"} <= set(way_names())
    assert get_way("taj").name == "taj-mahal"
    assert get_way("Casino-Canberra").name == "canberra"
    for name in ("taj-mahal", "canberra"):
        assert isinstance(get_way(name), HouseWay)


def test_differs_from_regulation_way() -> None:
    """The published ways are not the regulation way: many hands are set otherwise."""
    reg = RegulationWay()
    for way, _ in WAYS.values():
        diff = sum(
            h.weight for h in distinct_hands() if way.set(h.tiles).key() != reg.set(h.tiles).key()
        )
        assert 0 < diff < 35_960
