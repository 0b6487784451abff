"""The ring of hand positions, which both games deal around (RULES §0.3, AMB-79)."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TypeVar

from paigow.errors import IllegalActionError

__all__ = ["start_ring_order"]

P = TypeVar("P", bound=Hashable)


def _ring_index(ring: Sequence[P], position: P) -> int:
    if len(set(ring)) != len(ring):
        raise IllegalActionError(f"the ring {list(ring)} names a position twice")
    try:
        return list(ring).index(position)
    except ValueError:
        raise IllegalActionError(
            f"{position!r} is not a position of the ring {list(ring)}"
        ) from None


def start_ring_order(ring: Sequence[P], start: P) -> list[P]:
    """The ring counterclockwise from ``start``: the positions ``P1..Pn`` (§0.3, AMB-79).

    ``ring`` lists every hand position counterclockwise (dealer, betting positions, dead hand);
    the start comes from :func:`paigow.games.dice.count_start`.
    """
    i = _ring_index(ring, start)
    return [*ring[i:], *ring[:i]]
