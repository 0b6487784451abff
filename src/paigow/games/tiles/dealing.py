"""The tiles' wash and stacks (R-SHUF-03/04, R-STYLE-01).

Pure functions: randomness comes from an injected ``random.Random``-like object
(:class:`paigow.games.dice.Rng`); the dice and the count of the starting position, which both
games use, are :mod:`paigow.games.dice` (re-exported here).
"""

from __future__ import annotations

from collections.abc import Sequence

from paigow.errors import IllegalActionError
from paigow.games.dice import Rng, count_start, default_rng, roll_dice
from paigow.games.tiles.tiles import FULL_SET, Tile

__all__ = ["Rng", "count_start", "default_rng", "roll_dice", "shuffled_set", "stacks_of"]


def shuffled_set(rng: Rng) -> list[Tile]:
    """The 32 tiles in a uniformly random order: the software wash of R-SHUF-03."""
    tiles = list(FULL_SET)
    rng.shuffle(tiles)
    return tiles


def stacks_of(order: Sequence[Tile]) -> list[tuple[Tile, Tile, Tile, Tile]]:
    """Eight stacks of four (R-SHUF-04): ``s1`` (dealer's right) first, tiles top to bottom."""
    if len(order) != 32:
        raise IllegalActionError(f"a tile set stacks into 8 x 4 = 32 tiles, got {len(order)}")
    return [(order[i], order[i + 1], order[i + 2], order[i + 3]) for i in range(0, 32, 4)]
