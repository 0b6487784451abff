"""Tests on a sequence of outcomes in the order they were drawn: is each game independent of
the games before it?

Most take numbers ``u`` in [0, 1) that are independent and uniform under a fair source (each
shuffle's rank, :func:`~paigow.qa.shuffle_tests.rank_uniforms`; a few dice rolls packed into
one number, :func:`pack_uniforms`). The methods are those of Knuth, *The Art of Computer
Programming* vol. 2, §3.3.2 (equidistribution, gap, coupon collector, permutation, runs,
serial correlation) and the runs tests of Wald and Wolfowitz (above/below the median) and
Levene and Wolfowitz (up and down).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .distributions import multinomial_test, normal_two_sided, poisson_sf
from .result import Result, from_multinomial

__all__ = [
    "coupon_collector",
    "coupon_probabilities",
    "equidistribution",
    "gaps",
    "pack_uniforms",
    "permutations",
    "runs_above_below",
    "runs_up_down",
    "serial_correlation",
]

Floats = npt.NDArray[np.float64]


def pack_uniforms(values: npt.ArrayLike, base: int) -> Floats:
    """Numbers in [0, 1) from consecutive outcomes in ``0..base-1``: as many outcomes per
    number as fill 53 bits, read as base-``base`` digits (dropping an incomplete tail)."""
    flat = np.asarray(values, dtype=np.float64).ravel()
    k = max(1, math.ceil(53 / math.log2(base)))
    digits = flat[: flat.size // k * k].reshape(-1, k)
    return np.asarray((digits * float(base) ** -np.arange(1, k + 1)).sum(axis=1))


def equidistribution(name: str, u: Floats, bins: int = 100) -> Result:
    """Chi-square of ``u`` over ``bins`` equal intervals."""
    counts = np.bincount(np.minimum((u * bins).astype(np.int64), bins - 1), minlength=bins)
    return from_multinomial(name, multinomial_test(counts, np.full(bins, 1 / bins)))


def runs_up_down(name: str, x: Floats) -> Result:
    """Number of runs up and down (alternating runs): for n independent continuous values
    its mean is (2n - 1)/3 and variance (16n - 29)/90.

    The numbers tested are fine enough (53 bits) that two equal neighbours have probability
    at most 2^-52 under a fair source; equal neighbours are counted against that instead.
    """
    d = np.diff(x)
    n = x.size
    ties = int(np.count_nonzero(d == 0))
    if ties:
        p = poisson_sf(ties, (n - 1) * 2.0**-52)
        return Result(name, float(ties), None, p, f"{ties} equal neighbours (repeats)")
    runs = 1 + int(np.count_nonzero(np.signbit(d[1:]) != np.signbit(d[:-1])))
    z = (runs - (2 * n - 1) / 3) / math.sqrt((16 * n - 29) / 90)
    return Result(name, z, None, normal_two_sided(z), f"{runs} runs in {n} values")


def runs_above_below(name: str, x: npt.ArrayLike, median: float) -> Result:
    """Wald–Wolfowitz runs of values above and below ``median`` (values equal to it are
    dropped). Given n1 above and n2 below, the number of runs has mean 2 n1 n2 / n + 1 and
    variance (mean - 1)(mean - 2)/(n - 1)."""
    v = np.asarray(x, dtype=np.float64)
    v = v[v != median]
    above = v > median
    n1 = int(above.sum())
    n2 = v.size - n1
    n = n1 + n2
    runs = 1 + int(np.count_nonzero(above[1:] != above[:-1]))
    mean = 2 * n1 * n2 / n + 1
    z = (runs - mean) / math.sqrt((mean - 1) * (mean - 2) / (n - 1))
    return Result(name, z, None, normal_two_sided(z), f"{runs} runs, {n1} above, {n2} below")


def serial_correlation(name: str, x: npt.ArrayLike, lags: Sequence[int]) -> list[Result]:
    """Serial correlation at each lag: r_k = sum (x_i - m)(x_i+k - m) / sum (x_i - m)²;
    for independent values sqrt(n) (r_k + 1/n) is asymptotically standard normal."""
    v = np.asarray(x, dtype=np.float64)
    d = v - v.mean()
    ss = float(d @ d)
    n = v.size
    out = []
    for k in lags:
        r = float(d[:-k] @ d[k:]) / ss
        z = (r + 1 / n) * math.sqrt(n)
        out.append(Result(f"{name} lag {k}", z, None, normal_two_sided(z), f"r = {r:+.5f}"))
    return out


def permutations(name: str, u: Floats, t: int) -> Result:
    """Knuth's permutation test: the relative order of non-overlapping t-tuples; each of the
    t! orders has probability 1/t!."""
    blocks = u[: u.size // t * t].reshape(-1, t)
    ranks = np.argsort(np.argsort(blocks, axis=1), axis=1)
    # Lehmer code of each order as an index 0..t!-1.
    index = np.zeros(blocks.shape[0], dtype=np.int64)
    for j in range(t):
        smaller_after = (ranks[:, j + 1 :] < ranks[:, j : j + 1]).sum(axis=1)
        index = index * (t - j) + smaller_after
    cells = math.factorial(t)
    counts = np.bincount(index, minlength=cells)
    return from_multinomial(name, multinomial_test(counts, np.full(cells, 1 / cells)))


def gaps(name: str, u: Floats, lo: float = 0.0, hi: float = 0.5, longest: int = 12) -> Result:
    """Knuth's gap test: lengths of the gaps between values in [lo, hi), geometric with
    p = hi - lo; gaps of ``longest`` or more are one cell."""
    hits = np.flatnonzero((u >= lo) & (u < hi))
    lengths = np.minimum(np.diff(hits) - 1, longest)
    p = hi - lo
    probs = np.array([p * (1 - p) ** r for r in range(longest)] + [(1 - p) ** longest])
    counts = np.bincount(lengths, minlength=longest + 1)
    return from_multinomial(name, multinomial_test(counts, probs))


def _stirling2(n: int, k: int) -> int:
    row = [1] + [0] * k
    for i in range(1, n + 1):
        for j in range(min(i, k), 0, -1):
            row[j] = j * row[j] + row[j - 1]
        row[0] = 0
    return row[k]


def coupon_probabilities(d: int, longest: int) -> list[float]:
    """Probabilities that a coupon-collector segment over d equally likely values has length
    d, d+1, ..., longest-1, and longest or more (Knuth §3.3.2 D):
    ``P(r) = d!/d^r S(r-1, d-1)`` and ``P(>= t) = 1 - d!/d^(t-1) S(t-1, d)``."""
    fact = math.factorial(d)
    probs = [fact * _stirling2(r - 1, d - 1) / d**r for r in range(d, longest)]
    probs.append(1 - fact * _stirling2(longest - 1, d) / d ** (longest - 1))
    return probs


def coupon_collector(name: str, digits: npt.ArrayLike, d: int, longest: int) -> Result:
    """Knuth's coupon-collector test on values in ``0..d-1``: the lengths of the segments
    needed to see every value, segments one after another."""
    x = np.asarray(digits, dtype=np.int64)
    n = x.size
    idx = np.arange(n)
    # For every start i, where each value next occurs at or after i (n if never).
    reach = np.zeros(n, dtype=np.int64)
    for v in range(d):
        where = np.append(np.flatnonzero(x == v), n)
        reach = np.maximum(reach, where[np.searchsorted(where, idx)])
    lengths = []
    i = 0
    while i < n and reach[i] < n:
        length = int(reach[i] - i + 1)
        lengths.append(length)
        i += length
    cells = np.minimum(np.array(lengths, dtype=np.int64), longest) - d
    counts = np.bincount(cells, minlength=longest - d + 1)
    probs = coupon_probabilities(d, longest)
    return from_multinomial(name, multinomial_test(counts, probs), f"{len(lengths)} segments")
