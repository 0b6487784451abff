"""Published casino house ways (:data:`PUBLISHED`, which :mod:`paigow.games.tiles.ways` registers).

* ``taj-mahal`` (alias ``taj``): the Taj Mahal, Atlantic City, as dealt
  (:mod:`.taj_mahal_casino`), and ``taj-mahal-literal``: its published rules read literally
  (:mod:`.taj_mahal`);
* ``canberra`` (alias ``casino-canberra``): Casino Canberra (:mod:`.canberra`).

Both follow the rule texts published by The Wizard of Odds; ``docs/house-ways.md`` explains
them rule by rule, with the readings this project takes where the texts are silent.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .base import HouseWay
from .canberra import CanberraWay
from .taj_mahal import TajMahalWay as TajMahalLiteralWay
from .taj_mahal_casino import TajMahalWay

__all__ = ["PUBLISHED", "CanberraWay", "TajMahalLiteralWay", "TajMahalWay"]

#: Each published way's name, with the way's factory and its aliases.
PUBLISHED: Final[dict[str, tuple[Callable[[], HouseWay], tuple[str, ...]]]] = {
    "taj-mahal": (TajMahalWay, ("taj",)),
    "taj-mahal-literal": (TajMahalLiteralWay, ()),
    "canberra": (CanberraWay, ("casino-canberra",)),
}
