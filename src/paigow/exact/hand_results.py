"""The deals of one way against another by what happened to each hand: won, copied, beaten.

A Pai Gow wager is decided by two comparisons, the high hands and the low hands. From the
player's side each hand is

* **won**: the player's hand beats the bank's (R-RANK-13, with the zero rules);
* **copied**: the two hands are of equal rank, and the copy goes to the bank (R-SETTLE-05);
* **beaten**: the bank's hand wins otherwise (it ranks higher, or a zero rule gives it the hand).

The nine pairs of these (high, low) split every deal; the wager wins on (won, won), loses when
neither hand is won, and pushes otherwise. A probability and accounting report lists them
(:mod:`paigow.report`): how often a wager is decided by a copy is what the bank's edge is made of.

The counts are dominance counts (:mod:`paigow.exact.dominance`): for a player's hands of
strengths ``(h, l)`` with win thresholds ``(a, b)`` (the bank's hands below them lose to
the player's), the bank's hands of each kind are rectangles of strengths — won ``[0, a)``,
copied ``[h, h + 1)``, beaten the rest — so sixteen prefix counts per class give all nine cells.
Both games count with this; each supplies its counter and thresholds (the tiles'
:func:`paigow.games.tiles.exact.api.hand_results_of`, the cards'
:func:`paigow.games.cards.exact_par.spg_hand_results`). The tests check it against the
class-by-class enumeration of the multiplicity matrix.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from .arrays import I64
from .dominance import DominanceCounter

__all__ = ["BEATEN", "COPIED", "HAND_RESULTS", "WON", "HandResults", "hand_result_counts"]

#: The result of one hand from the player's side, the indices of :attr:`HandResults.counts`.
WON: Final = 0
COPIED: Final = 1
BEATEN: Final = 2
HAND_RESULTS: Final = ("won", "copied", "beaten")

#: A threshold above every hand strength.
_ABOVE: Final = 1 << 20


@dataclass(frozen=True)
class HandResults:
    """Exact counts of the deals of ``player_way`` against ``dealer_way`` by the result of the
    player's high hand and low hand: ``counts[high][low]``, indexed by :data:`WON`,
    :data:`COPIED`, :data:`BEATEN`."""

    player_way: str
    dealer_way: str
    counts: tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]

    def cell(self, high: int, low: int) -> int:
        """Deals whose high hand had result ``high`` and low hand result ``low``."""
        return self.counts[high][low]

    @property
    def deals(self) -> int:
        """Every deal counted."""
        return sum(sum(row) for row in self.counts)

    @property
    def win(self) -> int:
        """Deals the player's wager wins: both hands won."""
        return self.counts[WON][WON]

    @property
    def lose(self) -> int:
        """Deals the player's wager loses: neither hand won."""
        return sum(self.counts[h][lo] for h in (COPIED, BEATEN) for lo in (COPIED, BEATEN))

    @property
    def push(self) -> int:
        """Deals that push: one hand won, the other not."""
        return self.deals - self.win - self.lose


def hand_result_counts(
    counter: DominanceCounter,
    weight: npt.NDArray[np.integer],
    *,
    high: npt.NDArray[np.integer],
    low: npt.NDArray[np.integer],
    a: npt.NDArray[np.integer],
    b: npt.NDArray[np.integer],
) -> tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int]]:
    """The nine weighted counts of :class:`HandResults` for the player's classes playing hands
    of strengths ``high``, ``low`` (one per class, weighted by ``weight``) against the bank's
    hands counted by ``counter`` (disjoint from each class's hand).

    ``a`` and ``b`` are the player's win thresholds: the bank's high hands below ``a`` (low
    hands below ``b``) lose to the player's; a zero rule makes a threshold 0. They never exceed
    the player's own strengths (a hand never beats its copy).

    Raises:
        ValueError: a threshold above the hand's own strength.
    """
    h = np.asarray(high, dtype=np.int64)
    lo = np.asarray(low, dtype=np.int64)
    ta = np.asarray(a, dtype=np.int64)
    tb = np.asarray(b, dtype=np.int64)
    if np.any(ta > h) or np.any(tb > lo):
        raise ValueError("a win threshold above the hand's own strength would beat its copy")
    above = np.full_like(h, _ABOVE)
    xs = (ta, h, h + 1, above)
    ys = (tb, lo, lo + 1, above)
    qa = np.stack([x for x in xs for _ in ys], axis=1)
    qb = np.stack([y for _ in xs for y in ys], axis=1)
    both, _, _ = counter.counts(qa, qb)
    f: I64 = np.asarray(both, dtype=np.int64).reshape(len(h), 4, 4)  # f[:, i, j] = F(xs[i], ys[j])

    def split(g: I64) -> tuple[I64, I64, I64]:
        """Won, copied, beaten masses along the last axis of prefix counts ``g``."""
        won = g[..., 0]
        copied = g[..., 2] - g[..., 1]
        return won, copied, g[..., 3] - won - copied

    by_low = split(f)  # each (n, 4): the x prefixes of the bank's hands in that low interval
    w = np.asarray(weight, dtype=np.int64)
    rows = []
    for hi in range(3):
        rows.append(tuple(int(split(by_low[lw])[hi] @ w) for lw in range(3)))
    return (
        (rows[0][0], rows[0][1], rows[0][2]),
        (rows[1][0], rows[1][1], rows[1][2]),
        (rows[2][0], rows[2][1], rows[2][2]),
    )
