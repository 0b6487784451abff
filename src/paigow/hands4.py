"""The old path of :mod:`paigow.games.tiles.hands4` (four-tile hand spaces), kept so that ``from
paigow.hands4 import ...`` still works; new code imports from :mod:`paigow.games.tiles.hands4`.
"""

from paigow.games.tiles.hands4 import (
    KIND_TILES,
    DistinctHand,
    all_combinations,
    distinct_hands,
    kind_key,
    representative,
)

__all__ = [
    "KIND_TILES",
    "DistinctHand",
    "all_combinations",
    "distinct_hands",
    "kind_key",
    "representative",
]
