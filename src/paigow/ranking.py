"""The old path of :mod:`paigow.games.tiles.ranking` (two-tile hands and their ranking), kept so
that ``from paigow.ranking import ...`` still works; new code imports from
:mod:`paigow.games.tiles.ranking`.
"""

from paigow.games.tiles.ranking import (
    PAIR_BASE,
    PAIR_NAMES,
    Hand,
    hand_strength,
    n_rank_positions,
    pair_rank,
    player_wins_hand,
    rank_position,
    strength_of_kinds,
)

__all__ = [
    "PAIR_BASE",
    "PAIR_NAMES",
    "Hand",
    "hand_strength",
    "n_rank_positions",
    "pair_rank",
    "player_wins_hand",
    "rank_position",
    "strength_of_kinds",
]
