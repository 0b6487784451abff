"""Pair Fortunes (R-PF-01..05): hand classes, pay tables and exact returns.

The wager is settled on the player's four dealt tiles in any arrangement (R-PF-03/04). A
*pair* is one of the sixteen pairs of R-RANK-03 ranks 1-16 (MD Ch.5 §F(1)): the supreme pair
(gee joon 1-2 + 2-4), the eleven matched pairs and the four mixed pairs. Every tile kind of
:mod:`paigow.games.tiles.tiles` has exactly two tiles, so a pair is exactly *two tiles of one kind*;
wongs and gongs are not pairs (AMB-88). A hand is paid once, at its highest class (AMB-87).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from enum import Enum
from fractions import Fraction
from functools import cache
from math import comb
from types import MappingProxyType
from typing import Final

from paigow.errors import ConfigError, IllegalActionError
from paigow.games.tiles.hands4 import distinct_hands
from paigow.games.tiles.tiles import Tile, parse_tiles

__all__ = [
    "PF_TABLES",
    "PFClass",
    "classify_pair_fortunes",
    "classify_pf_kinds",
    "pair_fortunes_counts",
    "pair_fortunes_return",
    "pf_paytable",
]

_HEAVEN: Final = 0  # kind of 6-6
_MIXED_KINDS: Final = frozenset((11, 12, 13, 14))  # 3-6/4-5, 2-6/3-5, 2-5/3-4, 1-4/2-3
_GEE_JOON: Final = 15  # 1-2 / 2-4


class PFClass(Enum):
    """Pair Fortunes hand classes of R-PF-04, highest first."""

    GJ_HEAVEN = "Gee Joon Pair and Heaven Pair"
    TWO_PAIR = "2 Pair"
    GEE_JOON = "Gee Joon Pair"
    MIXED = "Mixed Pair"
    IDENTICAL = "Identical Pair"
    NONE = "No pair"


def _table(gj_heaven: int, two: int, gee: int, mixed: int, ident: int) -> Mapping[PFClass, int]:
    return MappingProxyType(
        {
            PFClass.GJ_HEAVEN: gj_heaven,
            PFClass.TWO_PAIR: two,
            PFClass.GEE_JOON: gee,
            PFClass.MIXED: mixed,
            PFClass.IDENTICAL: ident,
        }
    )


_T1: Final = _table(300, 25, 8, 4, 3)
_T2: Final = _table(250, 25, 8, 5, 2)
_T3: Final = _table(250, 30, 7, 5, 2)
_T4: Final = _table(200, 30, 10, 4, 2)

#: The four pay tables of R-PF-05 (CO §30-2699.01(4) TABLE 1..4 = MD Ch.8 §L Paytable A..D),
#: as odds "to 1" per class. Keys "1".."4"; "A".."D" are aliases for the same tables.
#: :attr:`PFClass.NONE` is absent: the wager loses.
PF_TABLES: Final[Mapping[str, Mapping[PFClass, int]]] = MappingProxyType(
    {"1": _T1, "2": _T2, "3": _T3, "4": _T4, "A": _T1, "B": _T2, "C": _T3, "D": _T4}
)


def pf_paytable(table: str | int | Mapping[PFClass, int]) -> Mapping[PFClass, int]:
    """Resolve a pay table: ``1``..``4``, ``"1"``..``"4"``, ``"A"``..``"D"`` or a mapping.

    Raises:
        ConfigError: the name is not one of the tables, or a mapping lacks a class.
    """
    if isinstance(table, Mapping):
        missing = [c.name for c in PFClass if c is not PFClass.NONE and c not in table]
        if missing:
            raise ConfigError(f"Pair Fortunes pay table lacks odds for {', '.join(missing)}")
        return table
    key = str(table).strip().upper()
    if key not in PF_TABLES:
        raise ConfigError(
            f"unknown Pair Fortunes table {table!r}: expected 1, 2, 3, 4 or A, B, C, D"
        )
    return PF_TABLES[key]


def classify_pf_kinds(kinds: Sequence[int]) -> PFClass:
    """Class of a four-tile hand given by its four tile kinds (0..15), per R-PF-04."""
    if len(kinds) != 4:
        raise IllegalActionError(f"Pair Fortunes needs four tiles, got {len(kinds)}")
    counts = Counter(kinds)
    if max(counts.values()) > 2:
        raise IllegalActionError(f"a kind has only two tiles in the set: {sorted(kinds)}")
    pairs = sorted(k for k, n in counts.items() if n == 2)
    if len(pairs) == 2:
        if pairs == [_HEAVEN, _GEE_JOON]:
            return PFClass.GJ_HEAVEN
        return PFClass.TWO_PAIR
    if not pairs:
        return PFClass.NONE
    if pairs[0] == _GEE_JOON:
        return PFClass.GEE_JOON
    return PFClass.MIXED if pairs[0] in _MIXED_KINDS else PFClass.IDENTICAL


def classify_pair_fortunes(tiles: Sequence[Tile] | str) -> PFClass:
    """Class of the player's four dealt tiles (R-PF-04, AMB-87/88), e.g. ``"1-2 2-4 6-6 6-6"``.

    Raises:
        IllegalActionError: not four tiles, or more copies of a tile than the set holds.
    """
    ts = parse_tiles(tiles) if isinstance(tiles, str) else tuple(tiles)
    for t in set(ts):
        if ts.count(t) > t.copies:
            raise IllegalActionError(f"the set holds only {t.copies} of {t}")
    return classify_pf_kinds([t.kind for t in ts])


@cache
def _counts() -> tuple[tuple[PFClass, int], ...]:
    totals = dict.fromkeys(PFClass, 0)
    for hand in distinct_hands():
        totals[classify_pf_kinds(hand.kinds)] += hand.weight
    return tuple(totals.items())


def pair_fortunes_counts() -> dict[PFClass, int]:
    """Number of the C(32,4) = 35,960 four-tile hands in each class (Appendix E).

    GJ+Heaven 1, two pair 119, gee joon 420, mixed 1,680, identical 4,620, none 29,120.
    """
    return dict(_counts())


def pair_fortunes_return(table: str | int | Mapping[PFClass, int]) -> Fraction:
    """Exact expected net return per unit wagered with the given pay table (R-PF-05).

    A winning class pays its odds to 1; a hand with no pair loses the unit. Over 35,960 hands:
    table 1 (A) -1905/35960 = -381/7192 (about -5.30 %), table 2 (B) -4895/35960 = -979/7192
    (-13.61 %), table 3 (C) -4720/35960 = -118/899 (-13.13 %), table 4 (D) -5190/35960 =
    -519/3596 (-14.43 %).
    """
    pays = pf_paytable(table)
    total = 0
    for cls, n in _counts():
        total += n * (-1 if cls is PFClass.NONE else pays[cls])
    return Fraction(total, comb(32, 4))
