"""Pai Gow Tiles: the game everything above asks (:class:`TileGame`, :mod:`.game`), its
delivery styles and the bank's cut (:mod:`.delivery`), its ways by any name (:mod:`.named`),
its hands described as data (:mod:`.describe`) and its part in the trainer (:mod:`.trainer`).

The rest of the tile game still lives beside the package: the tiles and their notation
(:mod:`paigow.tiles`), hand ranking (:mod:`paigow.ranking`), settings and comparison
(:mod:`paigow.settings`), four-tile hand spaces (:mod:`paigow.hands4`), the wash and stacks
(:mod:`paigow.dealing`), the house ways and their registry (:mod:`paigow.ways`), the side
bets (:mod:`paigow.sidebets.pair_fortunes`, :mod:`paigow.sidebets.dragons_eye`) and the exact
math (:mod:`paigow.exact`); docs/architecture.md, "Where each game lives".

Importing the package loads none of them: :class:`TileGame` is imported on first use, so the
pieces and rules load without the game object.
"""

from __future__ import annotations

from importlib import import_module

#: ``typing.TYPE_CHECKING`` without importing :mod:`typing` (mypy reads the name).
TYPE_CHECKING = False
if TYPE_CHECKING:
    from .game import TileGame

__all__ = ["TileGame"]

if not TYPE_CHECKING:  # hidden from mypy, which sees the import above instead

    def __getattr__(name: str) -> object:
        """:class:`TileGame`, imported from :mod:`.game` on first use."""
        if name != "TileGame":
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = import_module(".game", __name__).TileGame
        globals()[name] = value
        return value
