"""What a session costs: the law of its result, the risk of ruin, the bankroll for a risk.

A session is ``rounds`` rounds; with ``bank_every = K`` every K-th round is a banking round
(its own law), the others player rounds. All amounts are integer cents, counted on the grid of
their greatest common divisor (the *unit*).

* **The result as if the bankroll never ran out** (every round played, whatever the money
  left, so it puts some probability on losing more than the bankroll): the laws of the rounds
  convolved — the sum of independent rounds (the tiles are shuffled anew every round) — by
  repeated squaring with FFT convolutions in double precision; no sampling. The result when
  play stops at ruin is :mod:`paigow.bankroll.stopping`'s.
* **The risk of ruin**: the probability that the bankroll falls below the next round's stake
  (the bet and the side bets, or the bet covered when banking) before the last round, by
  dynamic programming over units, backwards from the last round: ``V_t(s)`` is the risk from
  ``s`` units with ``t`` rounds to go, ``V_t(s) = 1`` below the stake, else the law's average of
  ``V_(t-1)(s + x)``. One pass gives the risk from every starting bankroll, and so the smallest
  bankroll for a given risk.

:func:`simulate` plays sessions with a seeded random source instead (the tests compare).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import reduce

import numpy as np
from scipy.signal import fftconvolve

from paigow.errors import ConfigError
from paigow.exact.arrays import F64
from paigow.games.dice import Rng

__all__ = ["Plan", "ResultLaw", "Session", "plan", "session", "simulate"]

#: The largest grid the computations accept (units of the session's span).
MAX_GRID = 20_000_000


@dataclass(frozen=True)
class ResultLaw:
    """The law of a session's result on a grid (amounts in cents).

    Attributes:
        unit: the grid of the amounts.
        low: the smallest result; ``pmf[i]`` is the probability of ``low + i * unit``.
    """

    unit: int
    low: int
    pmf: F64

    def quantile(self, q: float) -> int:
        """The smallest result whose cumulative probability reaches ``q``."""
        cdf = np.cumsum(self.pmf)
        at = min(int(np.searchsorted(cdf, q - 1e-12)), len(self.pmf) - 1)
        return self.low + at * self.unit

    def prob_below(self, cents: int) -> float:
        """P(result < ``cents``)."""
        k = math.ceil((cents - self.low) / self.unit)
        return float(self.pmf[: max(0, k)].sum())


@dataclass(frozen=True)
class Session(ResultLaw):
    """A session's costs (amounts in cents), its result as if the bankroll never ran out.

    Attributes:
        unit: the grid of the amounts.
        low: the smallest result; ``pmf[i]`` is the probability of ``low + i * unit``.
        mean: the exact expected result.
        ruin: the probability of losing the bankroll before the end.
        stake: the least bankroll a round needs.
        risk: the risk of ruin from every bankroll of ``stake + i * unit`` cents.
    """

    mean: Fraction
    ruin: float
    stake: int
    risk: F64

    def bankroll_for(self, risk: float) -> int | None:
        """The smallest bankroll (cents) whose risk of ruin is at most ``risk``; None when no
        bankroll of the grid computed reaches it."""
        ok = np.nonzero(self.risk <= risk)[0]
        return None if len(ok) == 0 else self.stake + int(ok[0]) * self.unit


@dataclass(frozen=True)
class Plan:
    """A session's rounds: ``laws[i]`` a round's law and the least money it needs (its
    stake), ``order[r]`` the law of round ``r + 1``, ``unit`` the grid of every amount."""

    laws: tuple[tuple[Mapping[int, Fraction], int], ...]
    order: tuple[int, ...]
    unit: int


def plan(
    player: Mapping[int, Fraction],
    *,
    rounds: int,
    bankroll: int,
    bank_every: int = 0,
    banker: Mapping[int, Fraction] | None = None,
    stake: int,
    banker_stake: int = 0,
) -> Plan:
    """The rounds of a session: every ``bank_every``-th a banking round (see the module).

    Raises:
        ConfigError: banking rounds without a banker's law.
    """
    n_bank = rounds // bank_every if bank_every else 0
    if n_bank and banker is None:
        raise ConfigError("banking rounds need the banker's law")
    laws: list[tuple[Mapping[int, Fraction], int]] = [(player, stake)]
    if n_bank:
        assert banker is not None
        laws.append((banker, banker_stake))
    amounts = [x for law, _ in laws for x in law] + [bankroll, stake, banker_stake]
    unit = reduce(math.gcd, (abs(a) for a in amounts if a)) or 1
    order = tuple(1 if n_bank and r % bank_every == 0 else 0 for r in range(1, rounds + 1))
    return Plan(tuple(laws), order, unit)


def _grid(law: Mapping[int, Fraction], unit: int) -> tuple[int, F64]:
    lo = min(law)
    arr = np.zeros((max(law) - lo) // unit + 1)
    for x, p in law.items():
        arr[(x - lo) // unit] += float(p)
    return lo // unit, arr


def _power(lo: int, arr: F64, n: int) -> tuple[int, F64]:
    """The law of the sum of ``n`` independent copies (repeated squaring)."""
    out_lo, out = 0, np.ones(1)
    base_lo, base = lo, arr
    while n:
        if n & 1:
            out = np.clip(fftconvolve(out, base), 0, None)
            out_lo += base_lo
        n >>= 1
        if n:
            base = np.clip(fftconvolve(base, base), 0, None)
            base_lo *= 2
    return out_lo, out


def _risk(
    laws: Sequence[tuple[Mapping[int, Fraction], int]],
    order: Sequence[int],
    unit: int,
) -> tuple[int, F64]:
    """``V_N`` over bankrolls from the least stake, by the backward recursion of the module.

    ``laws[i]`` is a round's law and its stake; ``order`` the law of each round, first first.
    """
    stake = max(s for _, s in laws)
    worst = max(0, *(-min(law) for law, _ in laws))
    top = (stake + worst * len(order)) // unit + 2  # from here on no ruin is possible
    if top > MAX_GRID:
        raise ConfigError("the session is too long for the risk of ruin on this grid")
    states = np.arange(top)
    v = np.zeros(top)
    below = 0.0  # the risk from less than nothing: ruin once a round is left to play
    for i in reversed(order):
        law, need = laws[i]
        nxt = np.zeros(top)
        for x, p in law.items():
            shift = x // unit
            idx = states + shift
            ok = (idx >= 0) & (idx < top)
            nxt[ok] += float(p) * v[idx[ok]]
            nxt[idx < 0] += float(p) * below  # a loss past the money (a collection, a fee)
        nxt[states * unit < need] = 1.0
        v, below = nxt, 1.0
    first = -(-stake // unit)
    return first * unit, v[first:]


def session(
    player: Mapping[int, Fraction],
    *,
    rounds: int,
    bankroll: int,
    bank_every: int = 0,
    banker: Mapping[int, Fraction] | None = None,
    stake: int,
    banker_stake: int = 0,
) -> Session:
    """The costs of ``rounds`` rounds from ``bankroll`` cents (see the module).

    Raises:
        ConfigError: banking rounds without a banker's law, or a grid too large.
    """
    pl = plan(
        player,
        rounds=rounds,
        bankroll=bankroll,
        bank_every=bank_every,
        banker=banker,
        stake=stake,
        banker_stake=banker_stake,
    )
    laws, unit, n_bank = pl.laws, pl.unit, sum(pl.order)
    span = sum((max(law) - min(law)) // unit for law, _ in laws) * rounds
    if span > MAX_GRID:
        raise ConfigError(f"the session's results span {span:,} steps; fewer rounds or bets")
    lo, pmf = _power(*_grid(player, unit), rounds - n_bank)
    if n_bank:
        assert banker is not None
        blo, bpmf = _power(*_grid(banker, unit), n_bank)
        pmf, lo = np.clip(fftconvolve(pmf, bpmf), 0, None), lo + blo
    pmf = pmf / pmf.sum()
    mean = (rounds - n_bank) * sum((x * p for x, p in player.items()), Fraction(0))
    if n_bank:
        assert banker is not None
        mean += n_bank * sum((x * p for x, p in banker.items()), Fraction(0))
    first, risk = _risk(laws, pl.order, unit)
    at = (bankroll - first) // unit
    ruin = 1.0 if at < 0 else float(risk[at]) if at < len(risk) else 0.0
    return Session(unit, lo * unit, pmf, mean, ruin, first, risk)


def simulate(
    play_round: Callable[[Rng, bool], int],
    *,
    rounds: int,
    bankroll: int,
    bank_every: int,
    stake: int,
    banker_stake: int,
    sessions: int,
    rng: Rng,
) -> tuple[list[int], int]:
    """Play ``sessions`` sessions with ``play_round(rng, banking) -> cents``: the results of
    the sessions that lasted and the number of ruins (a seeded check of :func:`session`)."""
    results, ruins = [], 0
    for _ in range(sessions):
        money = bankroll
        for r in range(1, rounds + 1):
            banking = bool(bank_every) and r % bank_every == 0
            if money < (banker_stake if banking else stake):
                ruins += 1
                break
            money += play_round(rng, banking)
        else:
            results.append(money - bankroll)
    return results, ruins
