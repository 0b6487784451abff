"""Vocabulary of the published casino house ways (Taj Mahal, Casino Canberra).

The published ways name tiles by their pip total, with "high" and "low" telling apart two
tiles of the same total: the 12 is the Teen (6-6), the 2 the Day (1-1), the high 8 the Yun
(4-4) and the low 8 a mixed eight (2-6/3-5), the high 4 the Gor (1-3) and the low 4 the Bon
(2-2), the high 10 the Mooy (5-5) and the low 10 the Ping (4-6), the high 7 the Tit (1-6) and
the low 7 a mixed seven (2-5/3-4), the high 6 the Chong (3-3) and the low 6 the Look (1-5); the
11 is the Foo (5-6), a 9 a mixed nine (3-6/4-5), a 5 a mixed five (1-4/2-3). The two gee joon
tiles (1-2, 2-4) are called "gee" and are never meant by "6" or "3".

A hand is named by its points and, where it matters, its highest tile: a "high nine" is a
9-point hand whose highest tile is the 12 or the 2; a "low 3" is a 3-point hand whose highest
tile ranks below the high 6; "6/8" is a low hand of 6 points with a high hand of 8.

This module also holds the rule that both ways word alike: play a high nine, gong or
wong whenever possible (:func:`wong_gong_high_nine`).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import Setting, settings_of
from paigow.games.tiles.tiles import Tile

__all__ = [
    "BON",
    "CHONG",
    "DAY",
    "EIGHT",
    "EIGHTS",
    "ELEVENS",
    "FIVE",
    "FIVES",
    "FOO",
    "FOURS",
    "GEE",
    "GEES",
    "GOR",
    "LOOK",
    "MOOY",
    "NINE",
    "NINES",
    "PING",
    "SEVEN",
    "SEVENS",
    "SIXES",
    "TEEN",
    "TEENS",
    "TEEN_OR_DAY",
    "TENS",
    "TIT",
    "YUN",
    "Deal",
    "Kinds",
    "at_least",
    "by_high",
    "by_low",
    "choose",
    "high_nine_or_better",
    "kinds_of",
    "low_three_or_less",
    "one",
    "wong_gong_high_nine",
]

# Kind numbers (see paigow.games.tiles.tiles).
TEEN, DAY, YUN, GOR, MOOY, CHONG, BON, FOO, PING, TIT, LOOK = range(11)
NINE, EIGHT, SEVEN, FIVE, GEE = 11, 12, 13, 14, 15

Kinds = frozenset[int]

TEENS: Final[Kinds] = frozenset({TEEN})
TEEN_OR_DAY: Final[Kinds] = frozenset({TEEN, DAY})
FOURS: Final[Kinds] = frozenset({GOR, BON})
FIVES: Final[Kinds] = frozenset({FIVE})
SIXES: Final[Kinds] = frozenset({CHONG, LOOK})
SEVENS: Final[Kinds] = frozenset({TIT, SEVEN})
EIGHTS: Final[Kinds] = frozenset({YUN, EIGHT})
NINES: Final[Kinds] = frozenset({NINE})
TENS: Final[Kinds] = frozenset({MOOY, PING})
ELEVENS: Final[Kinds] = frozenset({FOO})
GEES: Final[Kinds] = frozenset({GEE})


def one(kind: int) -> Kinds:
    """The class holding the single kind ``kind`` (e.g. ``one(GOR)``: the high 4)."""
    return frozenset({kind})


def at_least(hand: Hand, points: int) -> bool:
    """True when ``hand`` is worth at least ``points`` points; pairs, wongs and gongs count
    as better than any points hand ("6/8 or better")."""
    return hand.is_pair or hand.value >= points


def high_nine_or_better(hand: Hand) -> bool:
    """True for a pair, wong, gong, or a 9-point hand whose highest tile is the 12 or the 2."""
    return hand.is_pair or (hand.value == 9 and hand.top_rank <= 2)


def low_three_or_less(hand: Hand) -> bool:
    """True for a "low 3 or less": 0 to 2 points, or 3 points with a highest tile ranking
    below the high 6 (3-3). A "high 3" (highest tile the high 6 or better) is not."""
    if hand.is_pair:
        return False
    return hand.value < 3 or (hand.value == 3 and hand.top_rank > 6)


def _kinds(hand: Hand) -> tuple[int, int]:
    a, b = sorted(t.kind for t in hand.tiles)
    return (-a, -b)


def _order(s: Setting) -> tuple[tuple[int, int], tuple[int, int]]:
    # A fixed order of kinds, used only between settings of identical strengths.
    return (_kinds(s.high), _kinds(s.low))


def choose(candidates: Sequence[Setting], key: Callable[[Setting], tuple[int, ...]]) -> Setting:
    """The candidate with the largest ``key``; between equal keys, a fixed order of the tiles'
    kinds (which never changes how the setting plays: equal keys are equal strengths), then
    the first candidate."""
    return max(candidates, key=lambda s: (key(s), _order(s)))


def _labelled(s: Setting) -> Setting:
    # Two hands of equal rank: call "high" the one with the better kinds (a fixed, kind-only
    # choice, so that tiles of one kind are always set alike).
    if s.high.strength == s.low.strength and _kinds(s.low) > _kinds(s.high):
        return Setting(s.low, s.high)
    return s


def by_high(s: Setting) -> tuple[int, int]:
    """Sort key: best high hand, then best low hand."""
    return (s.high.strength, s.low.strength)


def by_low(s: Setting) -> tuple[int, int]:
    """Sort key: best low hand, then best high hand."""
    return (s.low.strength, s.high.strength)


def kinds_of(hand: Hand) -> set[int]:
    """The kinds of the hand's two tiles."""
    return {t.kind for t in hand.tiles}


@dataclass(frozen=True, slots=True)
class Deal:
    """Four tiles in canonical order with their three settings, and pattern look-ups.

    Tiles are addressed by their position 0..3 in :attr:`tiles`.
    """

    tiles: tuple[Tile, ...]
    settings: tuple[Setting, Setting, Setting]

    @staticmethod
    def of(tiles: Sequence[Tile]) -> Deal:
        """The deal of ``tiles`` in any order (validated: four tiles one set can hold)."""
        ordered = tuple(sorted(tiles, key=lambda t: t.sort_key))
        a, b, c = settings_of(ordered)
        return Deal(ordered, (_labelled(a), _labelled(b), _labelled(c)))

    def kind(self, i: int) -> int:
        """Kind of the tile at position ``i``."""
        return self.tiles[i].kind

    def count(self, kinds: Kinds) -> int:
        """How many of the four tiles are of one of ``kinds``."""
        return sum(1 for t in self.tiles if t.kind in kinds)

    def index(self, kinds: Kinds) -> int | None:
        """Position of the first tile of one of ``kinds``, or None."""
        return next((i for i, t in enumerate(self.tiles) if t.kind in kinds), None)

    def pairs(self) -> list[int]:
        """The kinds held twice (pairs, including mixed pairs and the gee joon pair)."""
        ks = [t.kind for t in self.tiles]
        return sorted({k for k in ks if ks.count(k) == 2})

    def together(self, i: int, j: int) -> Setting:
        """The setting in which the tiles at positions ``i`` and ``j`` form one hand."""
        if i == j:
            raise ValueError("two different positions are needed")
        # settings_of pairs tile 0 with tile 1, 2, 3 in turn.
        partner = (j if i == 0 else i) if 0 in (i, j) else 6 - i - j
        return self.settings[partner - 1]

    def match(self, *slots: Kinds) -> tuple[int, ...] | None:
        """Positions of the tiles filling ``slots`` (one tile per slot, each tile of a kind in
        its slot), or None when the four tiles do not fit the four slots."""
        if len(slots) != 4:
            raise ValueError("a pattern has four slots")
        for perm in itertools.permutations(range(4)):
            if all(self.tiles[p].kind in slot for p, slot in zip(perm, slots, strict=True)):
                return perm
        return None

    def others(self, kind: int) -> list[int]:
        """Kinds of the two tiles that are not of the pair kind ``kind``."""
        return [t.kind for t in self.tiles if t.kind != kind]

    def kept(self, kind: int) -> Setting:
        """The setting that keeps the pair of ``kind`` together."""
        i, j = (p for p, t in enumerate(self.tiles) if t.kind == kind)
        return self.together(i, j)

    def split(self, kind: int) -> Setting:
        """The setting that splits the pair of ``kind``, one tile in each hand."""
        i, j = (p for p, t in enumerate(self.tiles) if t.kind == kind)
        options = [s for s in self.settings if s is not self.together(i, j)]
        return choose(options, by_high)

    def other_hand(self, s: Setting, i: int) -> Hand:
        """The hand of ``s`` that does not hold the tile at position ``i`` (no pair held)."""
        return s.low if self.tiles[i] in s.high.tiles else s.high


def wong_gong_high_nine(deal: Deal) -> tuple[Setting, bool] | None:
    """The high nine, gong or wong rule, as worded alike by the Taj Mahal and Casino Canberra.

    "Play a high nine (high tile 2 or 12), gong, or wong whenever possible. Given the choice of
    the 2 or 12 tile, use the 12. Given the choice, play high nine first, then gong, then wong.
    However, if doing so results in a low 3 (where high tile is less than high 6) or less, then
    maximize the high hand."

    Returns None when no such hand can be made (for a hand without a pair), else the setting
    that plays it in priority order and whether its low hand is a low 3 or less (the caller
    then maximizes the high hand, unless an exception keeps this setting). Where two tiles of
    different kinds give the same priority (e.g. a gong with the 4-4 or with a mixed eight),
    the better remaining hand is kept (the published text does not say).
    """
    t = deal.index(TEENS)
    if t is None:
        t = deal.index(one(DAY))
    if t is None:
        return None
    for partners in (SEVENS, EIGHTS, NINES):  # high nine, gong, wong
        cands = [deal.together(t, j) for j in range(4) if j != t and deal.kind(j) in partners]
        if cands:
            best = choose(cands, lambda s: (deal.other_hand(s, t).strength,))
            return best, low_three_or_less(best.low)
    return None
