"""What a probability and accounting report asks of the Supreme Pai Gow math beyond the edge:
the banker's best setting of every hand against the players' way (``optimal-banker``), and
the deals of one way against another by the result of each hand (won, copied, beaten:
:mod:`paigow.exact.hand_results`).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from paigow.errors import ConfigError
from paigow.exact.best import best_split
from paigow.exact.hand_results import HandResults, hand_result_counts

from .exact import (
    _ZERO,
    COMMISSION,
    SpgWayArrays,
    _arrays_from_choice,
    _counter,
    rank_space,
    spg_optimal,
    spg_split_counts,
    spg_way_arrays,
)

__all__ = ["OPTIMAL", "OPTIMAL_BANKER", "spg_hand_results", "spg_optimal_banker"]

#: The computed ways a report names: the player's best reply and the banker's.
OPTIMAL = "optimal"
OPTIMAL_BANKER = "optimal-banker"


def spg_optimal_banker(
    player_way: str, *, commission: Fraction = COMMISSION, literal_zero: bool = False
) -> SpgWayArrays:
    """The banker's EV-maximising split of every rank class against players setting by
    ``player_way`` (copies and the zero rule to the banker, commission on the banker's wins).

    Ties are broken as the player's optimal way breaks them: the higher EV, then more wins,
    then the stronger high hand, then the stronger low hand.
    """
    opp, wins, losses = spg_split_counts(player_way, literal_zero=literal_zero, as_banker=True)
    space = rank_space()
    keep = 1 - commission
    ev = wins * keep.numerator - losses * keep.denominator
    keys = (ev, wins, space.split_high.astype(np.int64), space.split_low.astype(np.int64))
    return _arrays_from_choice(f"optimal-banker vs {opp.name}", best_split(keys))


def spg_hand_results(
    player: str, dealer: str, *, commission: Fraction = COMMISSION, literal_zero: bool = False
) -> HandResults:
    """The deals of the ``player`` way against the ``dealer`` way by the result of each hand.

    ``player`` may be ``optimal`` (the best reply to ``dealer``) and ``dealer`` may be
    ``optimal-banker`` (the best reply to ``player``), not both.

    Raises:
        ConfigError: both ways computed, or a way the card game does not know.
    """
    if player == OPTIMAL and dealer == OPTIMAL_BANKER:
        raise ConfigError("optimal and optimal-banker are each the best reply to a fixed way")
    if player == OPTIMAL:
        pw = spg_optimal(dealer, commission=commission, literal_zero=literal_zero).arrays
    else:
        pw = spg_way_arrays(player)
    if dealer == OPTIMAL_BANKER:
        dw = spg_optimal_banker(player, commission=commission, literal_zero=literal_zero)
    else:
        dw = spg_way_arrays(dealer)
    a = pw.high.astype(np.int64)
    b = np.where(_ZERO[literal_zero][pw.low], 0, pw.low).astype(np.int64)
    counts = hand_result_counts(
        _counter(dw), rank_space().weight, high=pw.high, low=pw.low, a=a, b=b
    )
    return HandResults(pw.name, dw.name, counts)
