"""The old path of :mod:`paigow.games.tiles.settings` (settings of four tiles and their
comparison), kept so that ``from paigow.settings import ...`` still works; new code imports from
:mod:`paigow.games.tiles.settings`.
"""

from paigow.games.tiles.settings import (
    CompareRules,
    Comparison,
    Outcome,
    Setting,
    Side,
    compare_settings,
    settings_of,
    validate_four,
)

__all__ = [
    "CompareRules",
    "Comparison",
    "Outcome",
    "Setting",
    "Side",
    "compare_settings",
    "settings_of",
    "validate_four",
]
