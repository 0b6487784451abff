"""The trainer's hand categories and drills (:mod:`paigow.games.categories`, where each game's
class table is built from them)."""

from paigow.games.categories import (
    CARD,
    CATEGORIES,
    DRILL_ALIASES,
    DRILLS,
    SPLITS,
    WEAK,
    ClassTable,
    categories_of,
    drill_name,
)

__all__ = [
    "CARD",
    "CATEGORIES",
    "DRILLS",
    "DRILL_ALIASES",
    "SPLITS",
    "WEAK",
    "ClassTable",
    "categories_of",
    "drill_name",
]
