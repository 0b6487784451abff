"""The old path of Supreme Pai Gow's hands and house way, which now live in the card game's
folder: :mod:`paigow.games.cards.hands` (two-card hands, settings, fouls and settlement) and
:mod:`paigow.games.cards.house_way` (``spg-house`` and the registry of card ways). This package
re-exports their public names so that ``from paigow.spg import ...`` still works; the old
submodules moved (CHANGELOG.md, "Moved"): ``paigow.spg.hands``, ``paigow.spg.house_way``,
``paigow.spg.rule_cards`` and ``paigow.spg.exact`` are now ``paigow.games.cards.hands``,
``.house_way``, ``.rule_cards`` and ``.exact``.
"""

from paigow.games.cards.hands import (
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
from paigow.games.cards.house_way import (
    SPG_WAYS,
    CardWay,
    SpgHouseWay,
    get_card_way,
    house_way_rule,
)

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
