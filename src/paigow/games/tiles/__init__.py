"""Pai Gow Tiles: the game everything above asks (:class:`TileGame`, :mod:`.game`), its
delivery styles and the bank's cut (:mod:`.delivery`), its ways by any name (:mod:`.named`),
its hands described as data (:mod:`.describe`) and its part in the trainer (:mod:`.trainer`).

The rest of the tile game still lives beside the package: the tiles and their notation
(:mod:`paigow.tiles`), hand ranking (:mod:`paigow.ranking`), settings and comparison
(:mod:`paigow.settings`), four-tile hand spaces (:mod:`paigow.hands4`), the wash, stacks and
dice (:mod:`paigow.dealing`), the house ways and their registry (:mod:`paigow.ways`), the side
bets (:mod:`paigow.sidebets.pair_fortunes`, :mod:`paigow.sidebets.dragons_eye`) and the exact
math (:mod:`paigow.exact`); docs/architecture.md, "Where each game lives".
"""

from .game import TileGame

__all__ = ["TileGame"]
