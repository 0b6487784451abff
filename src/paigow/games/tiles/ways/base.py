"""The house-way interface: a rule that sets any four tiles into a high and a low hand."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from paigow.games.tiles.settings import Setting
from paigow.games.tiles.tiles import Tile

__all__ = ["HouseWay"]


@runtime_checkable
class HouseWay(Protocol):
    """A way of setting four tiles, e.g. the regulation dealer rules or a casino's house way.

    Attributes:
        name: the name used on the command line (``regulation``, ``table:FILE.csv``...).
        description: one line for humans.
        kind_symmetric: True when the way sets tiles of one kind alike (3-6 like 4-5, 1-2 like
            2-4...), so that it is fully described by the 3,620 distinct hands.
    """

    name: str
    description: str
    kind_symmetric: bool

    def set(self, tiles: Sequence[Tile]) -> Setting:
        """The setting of the four ``tiles`` (which must be four tiles one set can hold)."""
        ...
