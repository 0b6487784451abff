"""A session that stops at ruin: the law of its result when play ends as soon as the money left
cannot cover the next round's wager.

:func:`paigow.bankroll.session.session` gives the result of ``N`` rounds as if the bankroll never
ran out: every round is played whatever the money left, so that law puts some probability on
losing more than the bankroll. Here a round is played only while the money covers its stake
(the bet and the side bets, or the bet covered when banking); when it does not, play stops and
the result is what is left less the bankroll. This is the same ruin as the risk of ruin's.

The method is **dynamic programming forward over the bankroll**, on the grid of the amounts'
greatest common divisor (the *unit*), from the exact law of each round (no sampling, no random
source; double precision): ``alive_r(m)`` is the probability of holding ``m`` units at the start
of round ``r`` with every round before it played. At the start of round ``r`` the mass below
the round's stake stops there (it is ruined: its result is final); the rest plays the round,
``alive_(r+1)(m + x) += alive_r(m) * P(x)``. After the last round what is still alive ends
too. The same pass gives the chance of ruin by every round and the expected number of rounds
played, the sum over ``r`` of the probability that round ``r`` is played. The work is the grid's
width times the outcomes of a round times the rounds, as the backward risk of ruin's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from paigow.errors import ConfigError
from paigow.exact.arrays import F64

from .session import MAX_GRID, Plan, ResultLaw, plan

__all__ = ["Stopped", "stopped", "stopped_plan"]


@dataclass(frozen=True)
class Stopped(ResultLaw):
    """The result of a session that stops at ruin (amounts in cents).

    Attributes:
        unit: the grid of the amounts.
        low: the smallest result; ``pmf[i]`` is the probability of ``low + i * unit``.
        ruin_by_round: ``ruin_by_round[r]`` is the chance of ruin within the first ``r + 1``
            rounds (the money could not cover one of them).
        rounds_expected: the expected number of rounds played.
    """

    ruin_by_round: F64
    rounds_expected: float

    @property
    def rounds(self) -> int:
        """The rounds of the session (played when the money lasts)."""
        return len(self.ruin_by_round)

    @property
    def ruin(self) -> float:
        """The chance of ruin within the session's rounds."""
        return float(self.ruin_by_round[-1]) if len(self.ruin_by_round) else 0.0

    @property
    def mean(self) -> float:
        """The expected result."""
        at = self.low + self.unit * np.arange(len(self.pmf))
        return float(np.dot(self.pmf, at))


def _shifts(law: Mapping[int, Fraction], unit: int) -> list[tuple[int, float]]:
    return [(x // unit, float(p)) for x, p in sorted(law.items()) if p]


def stopped_plan(p: Plan, bankroll: int) -> Stopped:
    """The result of the rounds of ``p`` from ``bankroll`` cents, play stopping at ruin.

    Raises:
        ConfigError: a grid too large for the session.
    """
    unit, n = p.unit, len(p.order)
    if bankroll % unit:  # plan() puts the bankroll on the grid; another unit would not fit
        raise ConfigError("the bankroll is not on the session's grid")
    moves = [_shifts(law, unit) for law, _ in p.laws]
    need = [-(-stake // unit) for _, stake in p.laws]  # least units that cover a round
    best = max(0, *(s for m in moves for s, _ in m))
    worst = max(0, -min(s for m in moves for s, _ in m))
    start = bankroll // unit
    # results (in units) reachable: a round is played only from at least its stake
    lo = min(0, max(-n * worst, min(need) - start - worst))
    hi = n * best
    width = hi - lo + 1
    if width > MAX_GRID:
        raise ConfigError(f"the session's results span {width:,} steps; fewer rounds or bets")
    cut = [k - start - lo for k in need]  # the first index that covers each kind of round
    alive = np.zeros(width)
    alive[-lo] = 1.0
    final = np.zeros(width)
    ruin = np.zeros(n)
    ruined, played = 0.0, 0.0
    a, b = -lo, -lo  # the indices that can hold mass
    for r, i in enumerate(p.order):
        if a < cut[i]:  # what cannot cover this round stops here
            c = min(cut[i], b + 1)
            final[a:c] += alive[a:c]
            ruined += float(alive[a:c].sum())
            alive[a:c] = 0.0
            a = cut[i]
        ruin[r] = ruined
        if a > b:  # every session has stopped
            ruin[r:] = ruined
            break
        played += float(alive[a : b + 1].sum())
        nxt = np.zeros(width)
        for s, q in moves[i]:
            nxt[a + s : b + s + 1] += q * alive[a : b + 1]
        alive = nxt
        a, b = a + moves[i][0][0], b + moves[i][-1][0]
    final += alive
    return Stopped(unit, lo * unit, final, np.minimum(ruin, 1.0), played)


def stopped(
    player: Mapping[int, Fraction],
    *,
    rounds: int,
    bankroll: int,
    bank_every: int = 0,
    banker: Mapping[int, Fraction] | None = None,
    stake: int,
    banker_stake: int = 0,
) -> Stopped:
    """The result of ``rounds`` rounds from ``bankroll`` cents when play stops at ruin (see the
    module); the arguments are :func:`paigow.bankroll.session.session`'s.

    Raises:
        ConfigError: banking rounds without a banker's law, or a grid too large.
    """
    if rounds < 1 or bankroll < 0 or stake < 0 or banker_stake < 0:
        raise ConfigError("a session has at least one round and no negative amounts")
    p = plan(
        player,
        rounds=rounds,
        bankroll=bankroll,
        bank_every=bank_every,
        banker=banker,
        stake=stake,
        banker_stake=banker_stake,
    )
    return stopped_plan(p, bankroll)
