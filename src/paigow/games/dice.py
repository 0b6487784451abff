"""Chance that both games share: the random source (:class:`Rng`, injected everywhere), the
dice (R-START-02) and the count of the starting position around the ring (R-START-04).

Pure functions: randomness comes from an injected ``random.Random``-like object.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from paigow.errors import IllegalActionError

__all__ = ["Rng", "count_start", "default_rng", "roll_dice"]


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
