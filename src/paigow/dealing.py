"""The old path of :mod:`paigow.games.tiles.dealing` (the wash, the stacks, the dice and the
count), kept so that ``from paigow.dealing import ...`` still works; new code imports from
:mod:`paigow.games.tiles.dealing`.
"""

from paigow.games.tiles.dealing import (
    Rng,
    count_start,
    default_rng,
    roll_dice,
    shuffled_set,
    stacks_of,
)

__all__ = [
    "Rng",
    "count_start",
    "default_rng",
    "roll_dice",
    "shuffled_set",
    "stacks_of",
]
