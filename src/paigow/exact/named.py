"""House ways by any name, tiles and cards (the old home of the two resolvers, which now live
with their games): :func:`get_way` (which is ``paigow.get_way``) is
:func:`paigow.games.tiles.named.get_way`, :func:`get_card_way`
:func:`paigow.games.cards.named.get_card_way`.
"""

from __future__ import annotations

from paigow.games.cards.named import computed_card_way, get_card_way
from paigow.games.tiles.named import ComputedWay, computed_way, full_name, get_way

__all__ = [
    "ComputedWay",
    "computed_card_way",
    "computed_way",
    "full_name",
    "get_card_way",
    "get_way",
]
