"""The two-tile hands the ranking tests share: the reference's pip tuples (``tests/reference.py``)
turned into library tiles and hands, and the C(32, 2) = 496 two-tile hands with their library
strengths (R-EQUIP-01, R-RANK-13)."""

from __future__ import annotations

from typing import Final

import reference as ref
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.tiles import Tile, tile
from reference import Pips, TwoTiles

__all__ = ["DISTINCT", "HANDS", "LIB_STRENGTH", "hp", "lib_hand", "ordered", "to_tile"]


def to_tile(p: Pips) -> Tile:
    """The library tile of a reference pip tuple."""
    return tile(ref.show(p))


def lib_hand(a: Pips, b: Pips) -> Hand:
    """The library hand of two reference tiles."""
    return Hand.of(to_tile(a), to_tile(b))


def ordered(a: Pips, b: Pips) -> TwoTiles:
    """A reference hand with its tiles in pip order."""
    return (min(a, b), max(a, b))


def hp(text: str) -> Hand:
    """``hp("6-6 4-5")``: a library hand from text."""
    return Hand.parse(text)


#: The C(32, 2) = 496 two-tile hands, as pip tuples, and their library strengths.
HANDS: Final[list[TwoTiles]] = ref.all_two_tile_hands()
DISTINCT: Final[list[TwoTiles]] = sorted(set(HANDS))
LIB_STRENGTH: Final[list[int]] = [lib_hand(a, b).strength for a, b in HANDS]
