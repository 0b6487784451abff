"""Pai Gow Tiles as a two-sided game: a player and a banker who both choose their settings.

Each side sees only its own four tiles and picks one of the (at most three) distinct settings,
possibly at random: a *strategy* gives, for every class of hands, a probability for each of its
three splits (shape ``(n, 3)``). Over all 736,281,000 deals the player's hand of class ``p``
set by split ``i`` meets the banker's hand of class ``q`` set by split ``j`` in
``weight[p] * M[p, q]`` deals, where ``M[p, q]`` counts the banker's hands of class ``q``
disjoint from one player hand of class ``p``.

Payoffs per unit bet, as the profile says: a player's win pays ``1 - c``, a loss costs 1, a
push nothing; the banker wins what the player loses and pays the commission on its own wins.
They are kept as integers scaled by the denominator of ``1 - c``: a win is worth ``keep.num``
and a loss ``-keep.den`` to the winner and loser respectively.

Everything here is exact (integer counts) except the ``*_utility`` functions of mixed
strategies, which take float probabilities for the iterative phase of the solver.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import comb

import numpy as np

from paigow.exact.arrays import F64, I8, I64, B
from paigow.exact.dominance import DominanceCounter
from paigow.games.outcomes import CompareRules

from .edge import banker_thresholds, player_thresholds
from .space import HandSpace

__all__ = ["Game"]

#: ``C(a, k)`` for ``a``, ``k`` in 0..4.
_COMB = np.array([[comb(a, k) for k in range(5)] for a in range(5)], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class Game:
    """The player-against-banker game over a space of hand classes, under one rule set."""

    space: HandSpace
    rules: CompareRules
    commission: Fraction

    @property
    def keep(self) -> Fraction:
        """What a winner keeps of one unit won: ``1 - commission``."""
        return 1 - self.commission

    @property
    def scale(self) -> int:
        """Payoff numerators are per unit times this (the denominator of ``1 - c``)."""
        return self.keep.denominator

    @property
    def deals_per_class(self) -> int:
        """Opposing hands against any one hand (20,475)."""
        return self.space.opposing_hands

    @cached_property
    def player_thresholds(self) -> tuple[I64, I64]:
        """Per class and split: the player wins against banker hands below these."""
        return player_thresholds(self.space.split_high, self.space.split_low, self.rules)

    @cached_property
    def banker_thresholds(self) -> tuple[I64, I64]:
        """Per class and split: the player loses (both hands) with hands below these."""
        return banker_thresholds(self.space.split_high, self.space.split_low, self.rules)

    # --- distinct actions ------------------------------------------------------------------

    @cached_property
    def player_canonical(self) -> I8:
        """``(n, 3)``: for every split, the first split of its class that plays like it for the
        player (see :meth:`_canonical`); a split is a distinct action when it maps to itself."""
        return self._canonical(self.player_thresholds)

    @cached_property
    def banker_canonical(self) -> I8:
        """``(n, 3)``: the same for the banker."""
        return self._canonical(self.banker_thresholds)

    def _canonical(self, thresholds: tuple[I64, I64]) -> I8:
        """Splits that have the same outcome against every setting of every opposing hand.

        Outcomes depend on whether the opponent's high hand is below ``a`` and its low hand
        below ``b``. Two thresholds ``a < a'`` decide alike for every opposing hand exactly when
        no opposing hand (any class disjoint from ours, any of its splits) has a high hand in
        ``[a, a')``: equal counts of hands below each. The same for ``b``.
        """
        sp = self.space
        every = DominanceCounter(sp.subsets(), sp.split_high, sp.split_low)
        _, lx, ly = every.counts(*thresholds)
        out = np.tile(np.arange(3, dtype=np.int8), (sp.size, 1))
        for j in (1, 2):
            for i in range(j - 1, -1, -1):
                same = (lx[:, i] == lx[:, j]) & (ly[:, i] == ly[:, j])
                out[same, j] = out[same, i]
        return out

    # --- exact counts ----------------------------------------------------------------------

    def multiplicity_column(self, q: int) -> I64:
        """``M[:, q]``: hands of class ``q`` disjoint from one hand of each class."""
        sp = self.space
        avail = sp.copies[None, :].astype(np.int64) - sp.counts.astype(np.int64)
        col = np.ones(sp.size, dtype=np.int64)
        for t in np.flatnonzero(sp.counts[q]):
            col *= _COMB[avail[:, t], int(sp.counts[q, t])]
        return col

    def player_column(self, q: int, j: int) -> I64:
        """Payoff numerators to the player, ``(n, 3)``, of every player class and split against
        the banker's class ``q`` set by split ``j``, times the deals of the pair of classes per
        player hand (``M[p, q]``)."""
        a, b = self.player_thresholds
        x, y = int(self.space.split_high[q, j]), int(self.space.split_low[q, j])
        win = (x < a) & (y < b)
        lose = (x >= a) & (y >= b)
        k = self.keep
        pay = win * k.numerator - lose * k.denominator
        return pay * self.multiplicity_column(q)[:, None]

    def banker_column(self, p: int, i: int) -> I64:
        """Payoff numerators to the banker, ``(n, 3)``, of every banker class and split against
        the player's class ``p`` set by split ``i``, times ``M[q, p]``."""
        a, b = self.banker_thresholds
        x, y = int(self.space.split_high[p, i]), int(self.space.split_low[p, i])
        win = (x < a) & (y < b)  # the player's hands below ours on both: the banker wins
        lose = (x >= a) & (y >= b)
        k = self.keep
        pay = win * k.numerator - lose * k.denominator
        return pay * self.multiplicity_column(p)[:, None]

    def player_counts(self, banker_choice: I8, present: B) -> I64:
        """Exact payoff numerators to the player, ``(n, 3)``, against the banker classes
        ``present`` set by ``banker_choice`` (the other banker classes count for nothing)."""
        return self._counts(banker_choice, present, self.player_thresholds)

    def banker_counts(self, player_choice: I8, present: B) -> I64:
        """Exact payoff numerators to the banker, ``(n, 3)``, against the player classes
        ``present`` set by ``player_choice``."""
        return self._counts(player_choice, present, self.banker_thresholds)

    def _counts(self, choice: I8, present: B, thresholds: tuple[I64, I64]) -> I64:
        """Wins are the opposing hands below both thresholds, losses those at or above both."""
        sp = self.space
        rows = np.arange(sp.size)
        counter = DominanceCounter(
            sp.subsets(),
            sp.split_high[rows, choice],
            sp.split_low[rows, choice],
            present.astype(np.int64),
        )
        both, lx, ly = counter.counts(*thresholds)
        total = self._present_total(present)
        win, lose = both, total[:, None] - lx - ly + both
        k = self.keep
        out: I64 = (win * k.numerator - lose * k.denominator).astype(np.int64)
        return out

    def _present_total(self, present: B) -> I64:
        """Opposing hands of the ``present`` classes disjoint from each class."""
        sp = self.space
        counter = DominanceCounter(
            sp.subsets(), sp.split_high[:, 0], sp.split_low[:, 0], present.astype(np.int64)
        )
        big = np.full((sp.size, 1), np.iinfo(np.int64).max, dtype=np.int64)
        both, _, _ = counter.counts(big, big)
        out: I64 = both[:, 0].astype(np.int64)
        return out

    # --- float utilities of mixed strategies (the iterative phase) -------------------------

    def player_utility(self, banker: F64) -> F64:
        """Player's EV per unit for every class and split against the banker's mixed
        strategy ``banker`` (probabilities, shape ``(n, 3)``)."""
        return self._utility(banker, self.player_thresholds)

    def banker_utility(self, player: F64) -> F64:
        """Banker's EV per unit for every class and split against the player's strategy."""
        return self._utility(player, self.banker_thresholds)

    @cached_property
    def _splits(self) -> DominanceCounter:
        """The counter of every class's three splits, reweighted for each mixed strategy."""
        sp = self.space
        return DominanceCounter(sp.subsets(), sp.split_high, sp.split_low, None)

    def _utility(self, opponent: F64, thresholds: tuple[I64, I64]) -> F64:
        counter = self._splits.reweighted(opponent)
        both, lx, ly = counter.counts(*thresholds)
        n = self.deals_per_class
        win, lose = both, n - lx - ly + both
        out: F64 = (win * float(self.keep) - lose) / n
        return out
