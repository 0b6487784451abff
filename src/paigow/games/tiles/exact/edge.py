"""Exact house edge of one way against another over all 736,281,000 deals.

Every deal gives the player four of the 32 tiles and the dealer four of the other 28. The player
sets by ``player_way``, the dealer by ``dealer_way``, and the result is win, push or lose under
the profile's comparison rules. The counts are exact integers: every result is a weighted count
of the dealer's hands below two thresholds, disjoint from the player's hand
(:mod:`paigow.exact.dominance`), summed over the classes of player hands
(:mod:`paigow.games.tiles.exact.space`) with their combinatorial weights.
:mod:`paigow.games.tiles.exact.reference` keeps the slower class-by-class enumeration that checks
it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from paigow.exact.arrays import I32, I64, B
from paigow.exact.results import EdgeDetail, EdgeResult
from paigow.games.tiles.settings import CompareRules

from .strategy import WayArrays

__all__ = [
    "EdgeDetail",
    "EdgeResult",
    "banker_thresholds",
    "edge",
    "edges",
    "outcome_counts",
    "player_thresholds",
    "side_counts",
    "wins_matrix",
]


#: Strengths below this are hands of value 0 (see :mod:`paigow.games.tiles.ranking`).
ZERO = 20
#: Rows of the reference enumeration's multiplicity matrix processed at once.
CHUNK = 512


def wins_matrix(p: I32, d: I32, *, low: bool, rules: CompareRules) -> B:
    """``W[i, j]``: player hand of strength ``p[i]`` beats dealer hand ``d[j]`` (R-RANK-13)."""
    w: B = p[:, None] > d[None, :]
    p_zero = p < ZERO
    if low and rules.low_zero_loses:
        w &= ~p_zero[:, None]
    elif rules.zero_zero_banker:
        w &= ~(p_zero[:, None] & (d < ZERO)[None, :])
    return w


def player_thresholds(high: I32, low: I32, rules: CompareRules) -> tuple[I64, I64]:
    """Thresholds ``(a, b)``: the player's hands of these strengths beat exactly the dealer's
    high hands below ``a`` and low hands below ``b`` (R-RANK-11/13).

    Copies go to the dealer (strictly below). A zero low hand never wins (``b = 0``); under the
    zero-zero rule a zero high hand never wins either (it could only beat another zero).
    """
    h = np.asarray(high, dtype=np.int64)
    lo = np.asarray(low, dtype=np.int64)
    a = np.where(h < ZERO, 0, h) if rules.zero_zero_banker else h
    b = np.where(lo < ZERO, 0, lo) if rules.low_zero_loses or rules.zero_zero_banker else lo
    return a, b


def banker_thresholds(high: I32, low: I32, rules: CompareRules) -> tuple[I64, I64]:
    """Thresholds ``(a, b)``: the banker's hands of these strengths beat exactly the player's
    high hands below ``a`` and low hands below ``b`` (the player's wins are the rest).

    A player's hand beats ours when stronger, and, under the zero rules, not worth 0: against
    a banker's hand of strength ``s`` the player needs more than ``max(s, 19)``.
    """
    h = np.asarray(high, dtype=np.int64)
    lo = np.asarray(low, dtype=np.int64)
    th = np.maximum(h, ZERO - 1) if rules.zero_zero_banker else h
    zero_low = rules.low_zero_loses or rules.zero_zero_banker
    tl = np.maximum(lo, ZERO - 1) if zero_low else lo
    return th + 1, tl + 1


def side_counts(
    opponent: WayArrays,
    high: I32,
    low: I32,
    rules: CompareRules,
    *,
    as_banker: bool = False,
) -> tuple[I64, I64]:
    """Exact (wins, losses) of every class playing hands ``high``, ``low`` (shape ``(n, m)``,
    one column per setting) against every opposing hand disjoint from it, set by ``opponent``.

    From the player's side against a dealer way, or with ``as_banker`` from the banker's side
    against a player way.
    """
    thresholds = banker_thresholds if as_banker else player_thresholds
    a, b = thresholds(high, low, rules)
    both, lx, ly = opponent.counter().counts(a, b)
    total = opponent.space.opposing_hands
    return both.astype(np.int64), (total - lx - ly + both).astype(np.int64)


def outcome_counts(
    player: tuple[I32, I32],
    dealer: tuple[I32, I32],
    m: npt.NDArray[np.uint8],
    rules: CompareRules,
) -> tuple[I64, I64, I64]:
    """Per player row: weighted counts (win, lose, total) against every dealer column.

    ``player`` and ``dealer`` are (high, low) strength arrays; ``m`` is the multiplicity
    block (rows: player classes, columns: dealer classes). This is the reference enumeration
    (:mod:`paigow.games.tiles.exact.reference`); the engine counts without the matrix
    (:func:`side_counts`).
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


def _result(
    player: WayArrays,
    dealer: WayArrays,
    win: I64,
    lose: I64,
    *,
    commission: Fraction,
    profile: str,
) -> EdgeResult:
    space = player.space
    total = np.full(space.size, space.opposing_hands, dtype=np.int64)
    w, lz, t = (int(x @ space.weight) for x in (win, lose, total))
    detail = EdgeDetail(player.high, player.low, space.weight, win, lose, total)
    return EdgeResult(player.name, dealer.name, profile, commission, w, t - w - lz, lz, detail)


def _same_space(player: WayArrays, dealer: WayArrays) -> None:
    if dealer.space is not player.space:
        raise ValueError("both ways must be evaluated over the same hand space")


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
    _same_space(player, dealer)
    win, lose = side_counts(dealer, player.high[:, None], player.low[:, None], rules)
    if progress is not None:
        progress(player.space.size, player.space.size)
    return _result(player, dealer, win[:, 0], lose[:, 0], commission=commission, profile=profile)


def edges(
    players: Sequence[WayArrays],
    dealer: WayArrays,
    *,
    rules: CompareRules,
    commission: Fraction,
    profile: str = "",
) -> list[EdgeResult]:
    """The edge of each of ``players`` against one ``dealer`` way.

    The dealer's side is counted once for the three splits of every class; each player way
    then only picks its split per class.
    """
    for p in players:
        _same_space(p, dealer)
    if len(players) < 2:
        return [
            edge(p, dealer, rules=rules, commission=commission, profile=profile) for p in players
        ]
    space = dealer.space
    win3, lose3 = side_counts(dealer, space.split_high, space.split_low, rules)
    rows = np.arange(space.size)
    return [
        _result(
            p,
            dealer,
            win3[rows, p.choice],
            lose3[rows, p.choice],
            commission=commission,
            profile=profile,
        )
        for p in players
    ]
