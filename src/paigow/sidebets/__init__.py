"""Side bets, exact: Pair Fortunes, Dragon's Eye dice wagers and the Supreme Pai Gow bonus.

Pure library code: classifications, pay tables and exact returns as :class:`fractions.Fraction`.

* :mod:`paigow.sidebets.pair_fortunes`: Pair Fortunes classes and tables (R-PF-04/05);
* :mod:`paigow.sidebets.dragons_eye`: odd, even, double, triple, match and the dice bonus
  streak chain (R-DE-05..10, AMB-12..14);
* the four-card bonus of Supreme Pai Gow (R-SPG-16..18, AMB-51/52/58), whose old path this
  package keeps: it lives in the card game's folder, :mod:`paigow.games.cards.supreme_bonus`.
"""

from paigow.games.cards.supreme_bonus import (
    BONUS_PAYTABLE,
    BonusClass,
    bonus_counts,
    bonus_return,
    cap_bonus_payouts,
    classify_bonus,
)
from paigow.sidebets.dragons_eye import (
    ALL_DICE,
    DICE_BONUS_OTHER_PAYS,
    DICE_BONUS_SHAKER_PAYS,
    DEWager,
    Dice,
    DiceBonusChain,
    button_position,
    dice_bonus_chain,
    dice_bonus_pay,
    dice_bonus_return,
    dice_bonus_wager_value,
    is_triple,
    settle,
    settle_double,
    settle_even,
    settle_match,
    settle_odd,
    settle_triple,
    stationary_distribution,
    streak_distribution,
    streak_step,
    wager_return,
)
from paigow.sidebets.pair_fortunes import (
    PF_TABLES,
    PFClass,
    classify_pair_fortunes,
    pair_fortunes_counts,
    pair_fortunes_return,
    pf_paytable,
)

__all__ = [
    "ALL_DICE",
    "BONUS_PAYTABLE",
    "DICE_BONUS_OTHER_PAYS",
    "DICE_BONUS_SHAKER_PAYS",
    "PF_TABLES",
    "BonusClass",
    "DEWager",
    "Dice",
    "DiceBonusChain",
    "PFClass",
    "bonus_counts",
    "bonus_return",
    "button_position",
    "cap_bonus_payouts",
    "classify_bonus",
    "classify_pair_fortunes",
    "dice_bonus_chain",
    "dice_bonus_pay",
    "dice_bonus_return",
    "dice_bonus_wager_value",
    "is_triple",
    "pair_fortunes_counts",
    "pair_fortunes_return",
    "pf_paytable",
    "settle",
    "settle_double",
    "settle_even",
    "settle_match",
    "settle_odd",
    "settle_triple",
    "stationary_distribution",
    "streak_distribution",
    "streak_step",
    "wager_return",
]
