"""Exact house edge of one way against another over all 736,281,000 deals.

Every deal gives the player four of the 32 tiles and the dealer four of the other 28. The player
sets by ``player_way``, the dealer by ``dealer_way``, and the result is win, push or lose under
the profile's comparison rules. The counts are exact integers: the enumeration runs over classes
of hands (:mod:`paigow.exact.space`) with combinatorial weights, vectorised with NumPy.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from paigow.settings import CompareRules

from .space import HandSpace
from .strategy import WayArrays

__all__ = ["EdgeDetail", "EdgeResult", "edge", "outcome_counts", "wins_matrix"]

I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
B = npt.NDArray[np.bool_]

#: Strengths below this are hands of value 0 (see :mod:`paigow.ranking`).
ZERO = 20
CHUNK = 1024


def wins_matrix(p: I32, d: I32, *, low: bool, rules: CompareRules) -> B:
    """``W[i, j]``: player hand of strength ``p[i]`` beats dealer hand ``d[j]`` (R-RANK-13)."""
    w: B = p[:, None] > d[None, :]
    p_zero = p < ZERO
    if low and rules.low_zero_loses:
        w &= ~p_zero[:, None]
    elif rules.zero_zero_banker:
        w &= ~(p_zero[:, None] & (d < ZERO)[None, :])
    return w


def outcome_counts(
    player: tuple[I32, I32],
    dealer: tuple[I32, I32],
    m: npt.NDArray[np.uint8],
    rules: CompareRules,
) -> tuple[I64, I64, I64]:
    """Per player row: weighted counts (win, lose, total) against every dealer column.

    ``player`` and ``dealer`` are (high, low) strength arrays; ``m`` is the multiplicity
    block (rows: player classes, columns: dealer classes).
    """
    ph, pl = player
    dh, dl = dealer
    hw = wins_matrix(ph, dh, low=False, rules=rules)
    lw = wins_matrix(pl, dl, low=True, rules=rules)
    mi = m.astype(np.int16)
    total = mi.sum(axis=1, dtype=np.int64)
    win = np.where(hw & lw, mi, 0).sum(axis=1, dtype=np.int64)
    lose = np.where(hw | lw, 0, mi).sum(axis=1, dtype=np.int64)
    return win, lose, total


@dataclass(frozen=True, eq=False)
class EdgeDetail:
    """Per player-class results behind an :class:`EdgeResult` (for plots and reports)."""

    player_high: I32
    player_low: I32
    weight: I64
    win: I64
    lose: I64
    total: I64


@dataclass(frozen=True)
class EdgeResult:
    """Exact outcome counts of one player way against one dealer way."""

    player_way: str
    dealer_way: str
    profile: str
    commission: Fraction
    win: int
    push: int
    lose: int
    detail: EdgeDetail | None = field(default=None, compare=False, repr=False)

    @property
    def deals(self) -> int:
        """Number of deals enumerated (736,281,000)."""
        return self.win + self.push + self.lose

    @property
    def player_ev(self) -> Fraction:
        """Player's expected return per unit bet: wins paid at 1 - commission."""
        return (self.win * (1 - self.commission) - self.lose) / self.deals

    @property
    def banker_ev(self) -> Fraction:
        """Expected return per unit of the player's bet to the player's opponent as banker.

        The banker takes copies (already in the counts), wins the player's losing bets and pays
        commission on its own wins.
        """
        return (self.lose * (1 - self.commission) - self.win) / self.deals

    def to_json(self) -> dict[str, Any]:
        """The documented JSON form (see ``docs/math.md``)."""
        n = self.deals
        return {
            "player_way": self.player_way,
            "dealer_way": self.dealer_way,
            "profile": self.profile,
            "commission": str(self.commission),
            "deals": n,
            "counts": {"win": self.win, "push": self.push, "lose": self.lose},
            "probabilities": {"win": self.win / n, "push": self.push / n, "lose": self.lose / n},
            "player_ev": float(self.player_ev),
            "banker_ev": float(self.banker_ev),
            "player_ev_exact": str(self.player_ev),
            "banker_ev_exact": str(self.banker_ev),
        }


def edge(
    player: WayArrays,
    dealer: WayArrays,
    *,
    rules: CompareRules,
    commission: Fraction,
    profile: str = "",
    progress: Callable[[int, int], None] | None = None,
) -> EdgeResult:
    """Exact win/push/lose counts of ``player`` against ``dealer`` over every deal."""
    space: HandSpace = player.space
    if dealer.space is not space:
        raise ValueError("both ways must be evaluated over the same hand space")
    m = space.multiplicity()
    parts = []
    for lo in range(0, space.size, CHUNK):
        hi = min(lo + CHUNK, space.size)
        parts.append(
            outcome_counts(
                (player.high[lo:hi], player.low[lo:hi]), (dealer.high, dealer.low), m[lo:hi], rules
            )
        )
        if progress is not None:
            progress(hi, space.size)
    w, lz, t = (np.concatenate([p[i] for p in parts]) for i in range(3))
    win, lose, total = (int(x @ space.weight) for x in (w, lz, t))
    detail = EdgeDetail(player.high, player.low, space.weight, w, lz, t)
    return EdgeResult(
        player.name, dealer.name, profile, commission, win, total - win - lose, lose, detail
    )
