"""The old path of :mod:`paigow.games.tiles.tiles` (the tiles and their notation), kept so that
``from paigow.tiles import ...`` still works; new code imports from
:mod:`paigow.games.tiles.tiles`.
"""

from paigow.games.tiles.tiles import (
    ALL_TILES,
    FULL_SET,
    KIND_NAMES,
    N_KINDS,
    Tile,
    format_tiles,
    parse_tile,
    parse_tiles,
    tile,
)

__all__ = [
    "ALL_TILES",
    "FULL_SET",
    "KIND_NAMES",
    "N_KINDS",
    "Tile",
    "format_tiles",
    "parse_tile",
    "parse_tiles",
    "tile",
]
