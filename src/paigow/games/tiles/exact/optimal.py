"""The optimal strategy: for every hand, the setting with the highest exact EV.

``optimal`` maximises the player's EV against a dealer way; ``optimal-banker`` maximises the
banker's EV against a player way. Ties are broken deterministically: the higher EV, then more
wins, then the stronger high hand, then the stronger low hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

import numpy as np

from paigow.exact.arrays import I64
from paigow.exact.best import best_split
from paigow.games.tiles.ranking import Hand
from paigow.games.tiles.settings import CompareRules, Setting
from paigow.games.tiles.tiles import Tile

from .edge import side_counts
from .space import SPLITS, HandSpace
from .strategy import WayArrays, arrays_from_choice

__all__ = ["OptimalWay", "best_split", "optimal_arrays"]


def _split_counts(
    space: HandSpace, opponent: WayArrays, rules: CompareRules, *, as_banker: bool
) -> tuple[I64, I64]:
    """(wins, losses) of every class for each of its three splits: arrays of shape (n, 3)."""
    return side_counts(opponent, space.split_high, space.split_low, rules, as_banker=as_banker)


def optimal_arrays(
    opponent: WayArrays,
    *,
    rules: CompareRules,
    commission: Fraction,
    as_banker: bool = False,
    name: str | None = None,
) -> WayArrays:
    """The EV-maximising split of every class against ``opponent``."""
    space = opponent.space
    wins, losses = _split_counts(space, opponent, rules, as_banker=as_banker)
    keep = Fraction(1) - commission
    # EV numerator over the common denominator: wins*(1-c) - losses, scaled to integers.
    ev = wins * keep.numerator - losses * keep.denominator
    high = space.split_high.astype(np.int64)
    low = space.split_low.astype(np.int64)
    choice = best_split((ev, wins, high, low))
    label = name or (
        f"optimal-banker vs {opponent.name}" if as_banker else f"optimal vs {opponent.name}"
    )
    return arrays_from_choice(label, space, choice)


class OptimalWay:
    """A house way that plays the precomputed optimal split of every hand."""

    kind_symmetric: bool

    def __init__(self, arrays: WayArrays, name: str, description: str) -> None:
        self.arrays = arrays
        self.name = name
        self.description = description
        self.kind_symmetric = arrays.space.name == "kinds"

    def set(self, tiles: Sequence[Tile]) -> Setting:
        """The optimal setting of ``tiles``."""
        ts = list(tiles)
        j = int(self.arrays.choice[self.arrays.space.class_of(ts)])
        # The class representative has the same kinds; split the actual tiles the same way.
        rep = self.arrays.space.tiles[self.arrays.space.class_of(ts)]
        a, b, _, _ = SPLITS[j]
        pool = list(ts)
        first = next(t for t in pool if t.kind == rep[a].kind)
        pool.remove(first)
        second = next(t for t in pool if t.kind == rep[b].kind)
        pool.remove(second)
        h1, h2 = Hand.of(first, second), Hand.of(pool[0], pool[1])
        return Setting(h1, h2) if h1.strength >= h2.strength else Setting(h2, h1)
