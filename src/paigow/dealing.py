"""Shuffle, stacks and the starting position (R-SHUF-03/04, R-START-03/04, R-STYLE-01).

Pure functions: randomness comes from an injected ``random.Random``-like object.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from paigow.errors import IllegalActionError
from paigow.tiles import FULL_SET, Tile

__all__ = ["Rng", "count_start", "roll_dice", "shuffled_set", "stacks_of"]


class Rng(Protocol):
    """What paigow needs of a random source (``random.Random`` and ``SystemRandom`` fit)."""

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in ``[a, b]``."""
        ...

    def shuffle(self, x: list[Any]) -> None:
        """Shuffle a list in place, uniformly."""
        ...


def default_rng() -> Rng:
    """The cryptographic source used for real play (``random.SystemRandom``)."""
    return random.SystemRandom()


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


def roll_dice(rng: Rng) -> tuple[int, int, int]:
    """Three dice (R-START-02)."""
    return (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))


def count_start(ring: Sequence[str], total: int, counted_as_one: str) -> str:
    """R-START-04: ``ring[(i0 + total - 1) mod len(ring)]``, counting ``counted_as_one`` as 1.

    Args:
        ring: hand positions counterclockwise (e.g. ``dealer, 1..6, dead``).
        total: the dice total or RNG number (>= 1).
        counted_as_one: the position counted as one (the dealer, or the bank).
    """
    if total < 1:
        raise IllegalActionError(f"the count must be a positive number, got {total}")
    try:
        i0 = list(ring).index(counted_as_one)
    except ValueError:
        raise IllegalActionError(
            f"{counted_as_one!r} is not a position of the ring {list(ring)}"
        ) from None
    return ring[(i0 + total - 1) % len(ring)]
