"""A house way over a hand space: which of the three splits it plays for every class."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import numpy as np

from paigow.errors import ConfigError
from paigow.exact.arrays import I8, I32
from paigow.exact.cache import load_arrays, save_arrays
from paigow.exact.dominance import DominanceCounter
from paigow.games.tiles.ways.base import HouseWay

from .space import HandSpace

__all__ = ["WayArrays", "way_arrays"]


@dataclass(frozen=True, eq=False)
class WayArrays:
    """A way's choice of split for every class of a space, and the resulting strengths."""

    name: str
    space: HandSpace
    choice: I8
    high: I32
    low: I32

    def counter(self) -> DominanceCounter:
        """Dominance counts against this way's hands (built once per way, then reused)."""
        return self._counter

    @cached_property
    def _counter(self) -> DominanceCounter:
        return DominanceCounter(self.space.subsets(), self.high, self.low)


def arrays_from_choice(name: str, space: HandSpace, choice: I8) -> WayArrays:
    """Build :class:`WayArrays` from a split index (0..2) per class."""
    rows = np.arange(space.size)
    return WayArrays(
        name, space, choice, space.split_high[rows, choice], space.split_low[rows, choice]
    )


_CACHE: dict[tuple[int, int], tuple[HouseWay, WayArrays]] = {}


def way_arrays(way: HouseWay, space: HandSpace) -> WayArrays:
    """Evaluate ``way`` on every class representative of ``space`` (cached per way object).

    Raises:
        ConfigError: the way's setting is not one of the three splits of the class's tiles.
    """
    hit = _CACHE.get((id(way), id(space)))
    if hit is not None and hit[0] is way:
        return hit[1]
    arrays = _builtin(way, space) or _evaluate(way, space)
    if len(_CACHE) > 64:
        _CACHE.clear()
    _CACHE[(id(way), id(space))] = (way, arrays)
    return arrays


def _builtin(way: HouseWay, space: HandSpace) -> WayArrays | None:
    """A built-in way's splits, from the on-disk cache (saved there on first use)."""
    from paigow.games.tiles.ways import get_way, way_names

    if way.name not in way_names() or type(way) is not type(get_way(way.name)):
        return None
    name = f"way-{way.name}-{space.name}"
    saved = load_arrays(name)
    if saved is not None and len(saved["choice"]) == space.size:
        return arrays_from_choice(way.name, space, saved["choice"].astype(np.int8))
    arrays = _evaluate(way, space)
    save_arrays(name, {"choice": arrays.choice})
    return arrays


def _evaluate(way: HouseWay, space: HandSpace) -> WayArrays:
    """Evaluate ``way`` on every class representative of ``space``.

    Raises:
        ConfigError: the way's setting is not one of the three splits of the class's tiles.
    """
    choice = np.zeros(space.size, dtype=np.int8)
    for i, tiles in enumerate(space.tiles):
        s = way.set(tiles)
        key = (s.high.strength, s.low.strength)
        for j in range(3):
            if (space.split_high[i, j], space.split_low[i, j]) == key:
                choice[i] = j
                break
        else:
            raise ConfigError(
                f"house way {way.name!r} returned {s} for {' '.join(map(str, tiles))}, "
                "which is not a split of those tiles"
            )
    return arrays_from_choice(way.name, space, choice)
