"""Drills deal only hands of their category: checked over every hand class of both games
against a classifier written from the rule texts (R-RANK-03 pairs, R-RANK-06 gee joon,
R-SPG-02 card pairs and jokers), and the pieces dealt for a class are a legal hand of it."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence
from math import comb
from pathlib import Path
from typing import Any

import pytest

from paigow.errors import ConfigError
from paigow.games.cards.cards import Card, card_hand_key
from paigow.games.cards.exact import rank_space
from paigow.games.tiles.tiles import FULL_SET
from paigow.trainer import CATEGORIES, DRILLS, Trainer, drill_name
from paigow.trainer.categories import SPLITS
from reference import pair_rank, pips, rank_key

TwoHands = tuple[tuple[Any, Any], tuple[Any, Any]]

TILES = Trainer("generic")
CARDS = Trainer("nj-supreme")


def _classify(
    pieces: Sequence[Any],
    same: Callable[[Any, Any], bool],
    better: Callable[[tuple[Any, Any], tuple[Any, Any]], bool],
    wild: Callable[[Any], bool],
) -> frozenset[str]:
    """The categories from the definitions in docs/trainer.md, by brute force.

    ``same``: two pieces make a pair (of one kind); ``better(h1, h2)``: h1 ranks above h2.
    """
    out = set()
    pairs = [(i, j) for i, j in itertools.combinations(range(4), 2) if same(pieces[i], pieces[j])]
    out.add("pairs" if pairs else "no-pair")
    if any(wild(p) for p in pieces):
        out.add("gee-joon")
    if any(same(pieces[a], pieces[b]) and same(pieces[c], pieces[d]) for a, b, c, d in SPLITS):
        out.add("two-pairs")

    def high_low(a: int, b: int, c: int, d: int) -> tuple[tuple[Any, Any], tuple[Any, Any]]:
        h1, h2 = (pieces[a], pieces[b]), (pieces[c], pieces[d])
        return (h2, h1) if better(h2, h1) else (h1, h2)

    def at_least(x: tuple[Any, Any], y: tuple[Any, Any]) -> bool:
        return not better(y, x)

    keeps: list[TwoHands] = []
    splits: list[TwoHands] = []
    for a, b, c, d in SPLITS:
        kept = same(pieces[a], pieces[b]) or same(pieces[c], pieces[d])
        (keeps if kept else splits).append(high_low(a, b, c, d))
    if keeps and any(
        not any(at_least(kh, sh) and at_least(kl, sl) for kh, kl in keeps) for sh, sl in splits
    ):
        out.add("split")
    return frozenset(out)


def _tile_categories(tiles: Sequence[Any]) -> frozenset[str]:
    ps = [pips(str(t)) for t in tiles]

    def same(a: Any, b: Any) -> bool:
        r = pair_rank(a, b)
        return r is not None and r <= 16  # R-RANK-03: 17..20 are wongs and gongs

    def better(x: tuple[Any, Any], y: tuple[Any, Any]) -> bool:
        return rank_key(*x) < rank_key(*y)

    return _classify(ps, same, better, lambda p: p in ((1, 2), (2, 4)))


def _card_categories(cards: Sequence[Card]) -> frozenset[str]:
    def same(a: Card, b: Card) -> bool:
        return a.rank == b.rank  # jokers have rank 0

    def better(x: tuple[Card, Card], y: tuple[Card, Card]) -> bool:
        return card_hand_key(*x) > card_hand_key(*y)

    return _classify(list(cards), same, better, lambda c: c.is_joker)


GAMES = [(TILES, _tile_categories), (CARDS, _card_categories)]


@pytest.mark.parametrize(("trainer", "classify"), GAMES, ids=["tiles", "cards"])
def test_every_class_has_the_categories_of_its_pieces(
    trainer: Trainer, classify: Callable[[Sequence[Any]], frozenset[str]]
) -> None:
    """All 3,620 tile classes and 2,366 card classes: the dealt pieces belong to the class, and
    the class's categories (hence every drill's members) are those of the pieces."""
    g = trainer.game
    rng = random.Random(5)
    for cls in range(len(g.table.keys)):
        pieces = g.pieces_of(cls, rng)
        assert g.class_of(pieces) == cls
        assert classify(pieces) == g.table.categories[cls]
    for drill in CATEGORIES:
        assert all(drill in g.table.categories[c] for c in g.table.members(drill))
        others = set(range(len(g.table.keys))) - set(g.table.members(drill))
        assert not any(drill in g.table.categories[c] for c in others)


@pytest.mark.parametrize(("trainer", "classify"), GAMES, ids=["tiles", "cards"])
def test_drills_deal_only_their_category(
    trainer: Trainer, classify: Callable[[Sequence[Any]], frozenset[str]]
) -> None:
    rng = random.Random(8)
    for drill in DRILLS:
        for _ in range(40):
            p = trainer.deal(drill, rng)
            assert p.drill == drill
            assert drill == "all" or drill in classify(p.pieces)
            assert p.categories == classify(p.pieces)


def test_drill_sizes_match_counting_formulas() -> None:
    """No pair: four different kinds (two tiles each) or rank types (4 cards, 2 jokers)."""
    t, c = TILES.game.table, CARDS.game.table
    assert t.hands("all") == comb(32, 4)
    assert t.hands("no-pair") == comb(16, 4) * 2**4
    assert t.hands("pairs") == comb(32, 4) - comb(16, 4) * 2**4
    assert t.hands("two-pairs") == comb(16, 2)
    assert c.hands("all") == comb(54, 4)
    assert c.hands("no-pair") == comb(13, 4) * 4**4 + comb(13, 3) * 4**3 * 2
    jokerless = comb(52, 4)
    assert c.hands("gee-joon") == comb(54, 4) - jokerless
    # two pairs: two ranks twice, four of a kind, or a natural pair with the two jokers
    assert c.hands("two-pairs") == comb(13, 2) * 6 * 6 + 13 + 13 * 6
    assert t.hands("gee-joon") == comb(32, 4) - comb(30, 4)


def test_a_kind_held_once_is_either_tile() -> None:
    """The two tiles of a mixed kind (3-6 and 4-5) are dealt equally often in the long run:
    the class draw is weighted, the copy draw uniform (deal probabilities of a fair deal)."""
    g = TILES.game
    cls = g.class_of(TILES.game.parse_pieces("6-6 3-6 1-1 2-2"))
    rng = random.Random(3)
    seen = Counter(str(next(t for t in g.pieces_of(cls, rng) if t.kind == 11)) for _ in range(400))
    assert set(seen) == {"3-6", "4-5"}
    assert 150 < seen["3-6"] < 250


def test_the_all_drill_follows_the_physical_deal() -> None:
    """Over many deals, hands with a pair come up about as often as in a fair deal
    (6,840 of 35,960 = 19.0 %)."""
    rng = random.Random(9)
    n = 3000
    with_pair = sum("pairs" in TILES.deal("all", rng).categories for _ in range(n))
    assert abs(with_pair / n - 6840 / 35960) < 0.03


def test_card_classes_are_the_engine_s() -> None:
    assert CARDS.game.table.keys == rank_space().keys


def test_drill_names() -> None:
    assert drill_name("Split or not") == "split"
    assert drill_name("jokers") == "gee-joon"
    assert drill_name("weak") == "weak"
    with pytest.raises(ConfigError, match="unknown drill 'trips'"):
        drill_name("trips")


def test_full_set_is_what_the_tile_classes_weigh() -> None:
    assert sum(TILES.game.table.weights) == comb(len(FULL_SET), 4)


def test_docs_print_the_drill_sizes() -> None:
    """docs/trainer.md lists every drill's hands and classes as computed."""
    doc = (Path(__file__).resolve().parents[1] / "docs" / "trainer.md").read_text("utf-8")
    for drill in DRILLS:
        row = next(line for line in doc.splitlines() if line.startswith(f"| `{drill}` |"))
        cells = [c.strip() for c in row.strip("|").split("|")]
        for cell, g in zip(cells[-2:], (TILES.game, CARDS.game), strict=True):
            hands, members = g.table.hands(drill), len(g.table.members(drill))
            assert cell == f"{hands:,} ({members:,})", (drill, cell)
