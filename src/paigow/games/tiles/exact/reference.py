"""The reference enumeration: class by class over the multiplicity matrix (slow, plain, exact).

For a player class ``P`` and a dealer class ``D`` the dealer holds ``M[P, D]`` hands of class
``D`` disjoint from one player hand of class ``P`` (:meth:`HandSpace.multiplicity_block`);
every outcome is read off a boolean comparison of the two sides' strength arrays, weighted by
``M``. This was the engine's first method; it is kept, processed in blocks of rows so that
its memory stays small, as the independent check of :mod:`paigow.exact.dominance` (tests and
``make bench`` compare the two on every class).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

from paigow.exact.arrays import I64
from paigow.exact.results import EdgeDetail, EdgeResult
from paigow.games.outcomes import CompareRules

from .edge import CHUNK, outcome_counts, wins_matrix
from .strategy import WayArrays

__all__ = ["reference_edge", "reference_split_counts"]


def reference_edge(
    player: WayArrays,
    dealer: WayArrays,
    *,
    rules: CompareRules,
    commission: Fraction,
    profile: str = "",
) -> EdgeResult:
    """Exact win/push/lose counts of ``player`` against ``dealer``, class pair by class pair."""
    space = player.space
    if dealer.space is not space:
        raise ValueError("both ways must be evaluated over the same hand space")
    parts = []
    for lo in range(0, space.size, CHUNK):
        hi = min(lo + CHUNK, space.size)
        parts.append(
            outcome_counts(
                (player.high[lo:hi], player.low[lo:hi]),
                (dealer.high, dealer.low),
                space.multiplicity_block(lo, hi),
                rules,
            )
        )
    w, lz, t = (np.concatenate([p[i] for p in parts]) for i in range(3))
    win, lose, total = (int(x @ space.weight) for x in (w, lz, t))
    detail = EdgeDetail(player.high, player.low, space.weight, w, lz, t)
    return EdgeResult(
        player.name, dealer.name, profile, commission, win, total - win - lose, lose, detail
    )


def reference_split_counts(
    opponent: WayArrays, rules: CompareRules, *, as_banker: bool
) -> tuple[I64, I64]:
    """(wins, losses) of every class for each of its three splits against ``opponent``: arrays
    of shape (n, 3), from the player's side or (``as_banker``) the banker's."""
    space = opponent.space
    n = space.size
    wins = np.zeros((n, 3), dtype=np.int64)
    losses = np.zeros((n, 3), dtype=np.int64)
    for lo in range(0, n, CHUNK):
        hi = min(lo + CHUNK, n)
        mi = space.multiplicity_block(lo, hi).astype(np.int16)
        for j in range(3):
            sh = space.split_high[lo:hi, j]
            sl = space.split_low[lo:hi, j]
            if as_banker:
                # rows: banker classes; a player (column) wins a hand when it beats ours
                hw = wins_matrix(opponent.high, sh, low=False, rules=rules).T
                lw = wins_matrix(opponent.low, sl, low=True, rules=rules).T
                w = np.where(hw | lw, 0, mi).sum(axis=1, dtype=np.int64)
                ls = np.where(hw & lw, mi, 0).sum(axis=1, dtype=np.int64)
            else:
                hw = wins_matrix(sh, opponent.high, low=False, rules=rules)
                lw = wins_matrix(sl, opponent.low, low=True, rules=rules)
                w = np.where(hw & lw, mi, 0).sum(axis=1, dtype=np.int64)
                ls = np.where(hw | lw, 0, mi).sum(axis=1, dtype=np.int64)
            wins[lo:hi, j] = w
            losses[lo:hi, j] = ls
    return wins, losses
