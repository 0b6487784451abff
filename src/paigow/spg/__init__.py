"""Supreme Pai Gow (New Jersey, 54 cards): the main game.

* :mod:`paigow.spg.hands` — two-card hands and their strength (R-SPG-02..06), settings, fouls
  (R-SPG-20/21) and settlement against the dealer with the zero rule (R-SPG-05, R-SPG-23);
* :mod:`paigow.spg.house_way` — the documented dealer way ``spg-house`` (:data:`SPG_WAYS`).

The exact math of the game (house edge, per-hand advice and the optimal way over the 2,366
rank classes of four-card hands) sits a layer above, with the math engine it uses:
:mod:`paigow.spg.exact`, which this package does not import (``from paigow.spg.exact import
spg_edge``).

The cards themselves (deck, notation, two-card keys) are in :mod:`paigow.cards`; the bonus
wager is in :mod:`paigow.sidebets.supreme_bonus`. See ``docs/supreme-pai-gow.md``.
"""

from paigow.spg.hands import (
    NJ,
    NJ_LITERAL,
    CardHand,
    CardSetting,
    Category,
    SpgRules,
    card_settings_of,
    compare_card_settings,
    is_foul,
    is_foul_split,
)
from paigow.spg.house_way import SPG_WAYS, CardWay, SpgHouseWay, get_card_way, house_way_rule

__all__ = [
    "NJ",
    "NJ_LITERAL",
    "SPG_WAYS",
    "CardHand",
    "CardSetting",
    "CardWay",
    "Category",
    "SpgHouseWay",
    "SpgRules",
    "card_settings_of",
    "compare_card_settings",
    "get_card_way",
    "house_way_rule",
    "is_foul",
    "is_foul_split",
]
