"""Null distributions and the multiple-testing correction of the randomness battery.

Pure functions on floats, no dependencies beyond :mod:`math`: the chi-square upper tail (the
regularized incomplete gamma function, by its series and its continued fraction), the normal
two-sided tail, the Poisson upper tail, Pearson's statistic with small cells pooled, and
Holm's step-down method.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = [
    "Multinomial",
    "chi2_sf",
    "gamma_q",
    "holm",
    "holm_threshold",
    "multinomial_test",
    "normal_two_sided",
    "poisson_sf",
]

_EPS = 1e-16
_TINY = 1e-300
_MAX_ITER = 100_000


def gamma_q(a: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(a, x) = Γ(a, x) / Γ(a)."""
    if a <= 0:
        raise ValueError(f"gamma_q needs a > 0, got {a}")
    if x <= 0:
        return 1.0
    log_prefix = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        # Series for P(a, x); Q = 1 - P is not small here, so no precision is lost.
        term = total = 1.0 / a
        n = a
        for _ in range(_MAX_ITER):
            n += 1
            term *= x / n
            total += term
            if abs(term) < abs(total) * _EPS:
                break
        return max(0.0, 1.0 - total * math.exp(log_prefix))
    # Continued fraction for Q(a, x) (modified Lentz), accurate far into the tail.
    b = x + 1 - a
    c = 1 / _TINY
    d = 1 / b
    h = d
    for i in range(1, _MAX_ITER):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = _TINY if abs(d) < _TINY else d
        c = b + an / c
        c = _TINY if abs(c) < _TINY else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < _EPS:
            break
    return min(1.0, math.exp(log_prefix) * h)


def chi2_sf(stat: float, dof: float) -> float:
    """P(X >= stat) for X chi-square with ``dof`` degrees of freedom."""
    if dof <= 0:
        raise ValueError(f"a chi-square test needs at least one degree of freedom, got {dof}")
    return gamma_q(dof / 2, stat / 2)


def normal_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def poisson_sf(k: int, lam: float) -> float:
    """P(X >= k) for X Poisson with mean ``lam``."""
    if k <= 0:
        return 1.0
    if lam <= 0:
        return 0.0
    if k > lam:
        # Sum the tail upward from k; its terms fall at least geometrically.
        term = math.exp(k * math.log(lam) - lam - math.lgamma(k + 1))
        total = 0.0
        j = k
        while term > total * _EPS and j < k + _MAX_ITER:
            total += term
            j += 1
            term *= lam / j
        return min(1.0, total)
    head = sum(math.exp(j * math.log(lam) - lam - math.lgamma(j + 1)) for j in range(k))
    return max(0.0, 1.0 - head)


@dataclass(frozen=True)
class Multinomial:
    """Pearson's goodness of fit of counts to known cell probabilities."""

    stat: float
    dof: int
    p: float
    cells: int
    pooled: int


def multinomial_test(
    counts: npt.ArrayLike, probs: npt.ArrayLike, *, min_expected: float = 5.0
) -> Multinomial:
    """Pearson's X² of ``counts`` against ``probs`` (which sum to 1).

    Cells of probability 0 must be empty: one that is not makes the p-value 0 (an impossible
    outcome). Cells expected fewer than ``min_expected`` times are pooled, smallest first,
    into one cell, so that the chi-square approximation holds.
    """
    c = np.asarray(counts, dtype=np.float64).ravel()
    q = np.asarray(probs, dtype=np.float64).ravel()
    if c.shape != q.shape:
        raise ValueError(f"{c.size} counts against {q.size} probabilities")
    if abs(q.sum() - 1) > 1e-9:
        raise ValueError(f"cell probabilities sum to {q.sum()}, not 1")
    n = c.sum()
    if np.any(c[q == 0] > 0):
        return Multinomial(math.inf, int((q > 0).sum()) - 1, 0.0, int(q.size), 0)
    c, q = c[q > 0], q[q > 0]
    order = np.argsort(q, kind="stable")
    c, q = c[order], q[order]
    e = n * q
    pooled = int((e < min_expected).sum())
    if pooled:
        # Pool every small cell, and more if the pool itself is still expected too few.
        enough = int(np.searchsorted(np.cumsum(e), min_expected, side="left")) + 1
        pooled = min(max(pooled, enough), e.size)
        c = np.concatenate(([c[:pooled].sum()], c[pooled:]))
        e = np.concatenate(([e[:pooled].sum()], e[pooled:]))
    stat = float(((c - e) ** 2 / e).sum())
    dof = int(e.size) - 1
    return Multinomial(stat, dof, chi2_sf(stat, dof) if dof > 0 else 1.0, int(e.size), pooled)


def holm(pvalues: Sequence[float], alpha: float) -> list[bool]:
    """Holm's step-down method: which hypotheses are rejected at family-wise level ``alpha``.

    The k-th smallest p-value (k = 1..m) is compared with ``alpha / (m - k + 1)``; rejection
    stops at the first one that is not below its threshold. The chance that any true
    hypothesis is rejected is at most ``alpha``, whatever the dependence between the tests.
    """
    m = len(pvalues)
    rejected = [False] * m
    for k, i in enumerate(sorted(range(m), key=lambda i: pvalues[i])):
        if pvalues[i] > alpha / (m - k):
            break
        rejected[i] = True
    return rejected


def holm_threshold(rank: int, m: int, alpha: float) -> float:
    """Holm's threshold for the ``rank``-th smallest (0-based) of ``m`` p-values."""
    return alpha / (m - rank)
