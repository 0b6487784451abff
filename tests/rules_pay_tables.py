"""The pay tables of RULES.md written out by hand, not read from the code (for the rules pages
of tests/test_web_languages.py): Pair Fortunes (R-PF-05), Dragon's Eye and its dice bonus
streak (R-DE-05..10), the Supreme Pai Gow bonus (R-SPG-17); each case the number it pays to 1.
"""

from __future__ import annotations

# RULES.md R-PF-05: Pair Fortunes, tables 1-4 (Colorado) = A-D (Maryland).
PF = {
    "1": {"GJ_HEAVEN": 300, "TWO_PAIR": 25, "GEE_JOON": 8, "MIXED": 4, "IDENTICAL": 3},
    "2": {"GJ_HEAVEN": 250, "TWO_PAIR": 25, "GEE_JOON": 8, "MIXED": 5, "IDENTICAL": 2},
    "3": {"GJ_HEAVEN": 250, "TWO_PAIR": 30, "GEE_JOON": 7, "MIXED": 5, "IDENTICAL": 2},
    "4": {"GJ_HEAVEN": 200, "TWO_PAIR": 30, "GEE_JOON": 10, "MIXED": 4, "IDENTICAL": 2},
}
PF |= {letter: PF[str(k)] for k, letter in enumerate("ABCD", 1)}
# RULES.md R-DE-05..10: Dragon's Eye and the dice bonus streak.
DE = {"odd": 1, "even": 1, "double": 4, "triple": 30, "match": 1}
DICE_BONUS = {"shaker-1": 30, "shaker-2": 500, "shaker-3": 10_000}
DICE_BONUS |= {"other-1": 25, "other-2": 50, "other-3": 1_000}
# RULES.md R-SPG-17: the Supreme Pai Gow bonus.
BONUS = {
    "FOUR_ACES": 1000,
    "ROYAL_FLUSH": 500,
    "TWO_JOKERS_TWO_ACES": 200,
    "FOUR_OF_A_KIND": 100,
    "STRAIGHT_FLUSH": 25,
    "THREE_OF_A_KIND": 10,
    "FLUSH": 8,
    "TWO_PAIR": 7,
    "STRAIGHT": 6,
    "TWO_JOKERS": 4,
    "PAIR": 1,
}
