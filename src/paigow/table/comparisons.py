"""What a result says of a hand beyond win, lose or push: its comparisons with the dealer's
(``high``, ``low``: which side won each half). They are made from the hand's setting, so they
are shown only to who may see the hand: a surrendered hand stays face down, and its comparisons
would tell of its pieces (:mod:`.observation` removes them for everyone else, in the round's
results, its settle operation and its record)."""

from __future__ import annotations

from collections.abc import Container, Mapping
from typing import Any

__all__ = ["COMPARISONS", "uncompared", "unseen_spots", "without_comparisons"]

#: The keys of a result that compare its hand with the dealer's.
COMPARISONS = ("high", "low")


def unseen_spots(results: Mapping[str, Any], seen: Container[str]) -> tuple[str, ...]:
    """The spots, sorted, of the ``results`` whose comparisons a viewer who sees the positions
    ``seen`` may not see (their hands are not among them)."""
    return tuple(
        sorted(
            {
                str(r["spot"])
                for r in results.values()
                if isinstance(r, Mapping)
                and "spot" in r
                and str(r["spot"]) not in seen
                and any(k in r for k in COMPARISONS)
            }
        )
    )


def without_comparisons(results: Mapping[str, Any], spots: Container[str]) -> dict[str, Any]:
    """``results`` with the comparisons of the results at ``spots`` left out (the others are
    the very same objects)."""
    return {
        ref: uncompared(r) if isinstance(r, Mapping) and str(r.get("spot")) in spots else r
        for ref, r in results.items()
    }


def uncompared(result: Mapping[str, Any]) -> dict[str, Any]:
    """One result without its comparisons."""
    return {k: v for k, v in result.items() if k not in COMPARISONS}
