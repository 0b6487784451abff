"""The names of the ways that the math engine computes, which both games accept:
``optimal[:AGAINST][@PROFILE]`` and ``optimal-banker...`` (:func:`computed_spec`).

Each game's registry refuses them and each game's resolver of ways by any name computes them
(:mod:`paigow.games.tiles.named`, :mod:`paigow.games.cards.named`).
"""

from __future__ import annotations

from typing import Final

__all__ = ["COMPUTED", "computed_spec"]

#: Ways computed by the math engine, with their descriptions (``optimal:AGAINST@PROFILE`` is
#: resolved by the engine: :func:`paigow.exact.named.get_way`).
COMPUTED: Final[dict[str, str]] = {
    "optimal": "the player's EV-maximising setting of every hand against a dealer way "
    "(--against; default: the profile's)",
    "optimal-banker": "the banker's EV-maximising setting of every hand against a player way "
    "(--against; default: the profile's house way)",
}


def computed_spec(name: str) -> tuple[str, str | None, str | None] | None:
    """``(way, against, profile)`` of a computed way name ``optimal[:AGAINST][@PROFILE]``
    (or ``optimal-banker...``), None for any other name."""
    head, colon, tail = name.partition(":")
    if colon:
        against, _, profile = tail.rpartition("@") if "@" in tail else (tail, "", "")
    else:
        head, _, profile = head.partition("@")
        against = ""
    if head.lower() not in COMPUTED:
        return None
    return head.lower(), against or None, profile or None
