"""Tests on shuffles: which piece lands where, what lands next to what, repeated orders.

A batch of shuffles is an ``(N, n)`` array of category codes (``codes[k, p]`` is the category
of the piece at position ``p`` of shuffle ``k``) with the multiplicity of each category
(``m[c]`` pieces of category ``c``; ``m.sum() == n``): the 21 distinct tiles (11 of them
doubled), the 16 tile kinds (two tiles each), the 54 cards, or the 14 card ranks (jokers as one).
Under a fair shuffle every order of the n physical pieces is equally likely.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from .distributions import chi2_sf, multinomial_test, poisson_sf
from .result import Result, from_multinomial

__all__ = [
    "adjacent_pairs",
    "collisions",
    "hand_patterns",
    "hand_shape_probabilities",
    "order_pattern_probabilities",
    "order_patterns",
    "pattern_codes",
    "positions",
    "rank_uniforms",
]

Codes = npt.NDArray[np.integer]
Mult = npt.NDArray[np.int64]


def _shape(codes: Codes, m: Sequence[int] | Mult) -> tuple[npt.NDArray[np.int16], Mult, int, int]:
    c = np.asarray(codes, dtype=np.int16)  # small: a million card shuffles in 108 MB
    mult = np.asarray(m, dtype=np.int64)
    if c.ndim != 2 or c.shape[1] != int(mult.sum()):
        raise ValueError(f"shuffles of {int(mult.sum())} pieces expected, got shape {c.shape}")
    return c, mult, c.shape[0], c.shape[1]


def positions(
    name: str, codes: Codes, m: Sequence[int] | Mult, labels: Sequence[str] = ()
) -> Result:
    """Chi-square of category x position counts.

    Expected count ``N m_c / n`` in every cell. For uniform permutations the sum of the N
    permutation matrices has covariance ``N/(n-1) Q⊗Q`` (Q the centring projection), so
    Pearson's X² is ``n/(n-1)`` times a chi-square with ``(R-1)(n-1)`` degrees of freedom;
    the statistic reported is ``X² (n-1)/n``.
    """
    c, mult, big_n, n = _shape(codes, m)
    r = mult.size
    counts = np.stack([np.bincount(c[:, p], minlength=r) for p in range(n)], axis=1)
    expected = big_n * mult[:, None] / n
    z = (counts - expected) / np.sqrt(expected)
    stat = float((z**2).sum()) * (n - 1) / n
    dof = (r - 1) * (n - 1)
    worst = np.unravel_index(int(np.argmax(np.abs(z))), z.shape)
    label = labels[int(worst[0])] if labels else str(int(worst[0]))
    detail = f"largest deviation: {label} at position {int(worst[1]) + 1}, {z[worst]:+.1f} sd"
    return Result(name, stat, dof, chi2_sf(stat, dof), detail)


def adjacent_pairs(name: str, codes: Codes, m: Sequence[int] | Mult) -> Result:
    """Chi-square of the ordered pair of categories at positions (p, p+1).

    One pair per shuffle, ``p = k mod (n-1)`` for shuffle k, so that the pairs are independent;
    ``P(a then b) = m_a (m_b - [a = b]) / (n (n-1))`` at every p.
    """
    c, mult, big_n, n = _shape(codes, m)
    r = mult.size
    rows = np.arange(big_n)
    p = rows % (n - 1)
    counts = np.bincount(c[rows, p].astype(np.int64) * r + c[rows, p + 1], minlength=r * r)
    probs = mult[:, None] * (mult[None, :] - np.eye(r, dtype=np.int64)) / (n * (n - 1))
    return from_multinomial(name, multinomial_test(counts, probs))


def _blocks(c: npt.NDArray[np.int16], t: int) -> npt.NDArray[np.int64]:
    """One aligned block of t positions per shuffle, block ``k mod (n // t)`` for shuffle k."""
    big_n, n = c.shape
    start = (np.arange(big_n) % (n // t)) * t
    return np.asarray(c[np.arange(big_n)[:, None], start[:, None] + np.arange(t)], dtype=np.int64)


def _shape_of_sorted(rows: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Code of the equalities between neighbours of each sorted row (bit j: s_j == s_j+1)."""
    eq = rows[:, 1:] == rows[:, :-1]
    return np.asarray((eq * (1 << np.arange(eq.shape[1]))).sum(axis=1), dtype=np.int64)


def _shape_name(code: int, t: int) -> str:
    runs, run = [], 1
    for j in range(t - 1):
        if code >> j & 1:
            run += 1
        else:
            runs.append(run)
            run = 1
    runs.append(run)
    return "+".join(map(str, sorted(runs, reverse=True)))


def _shape_index(t: int) -> tuple[list[str], npt.NDArray[np.int64]]:
    """Hand shape names (``1+1+1+1``, ``2+1+1``, ...) and the shape of each equality code."""
    codes = range(1 << (t - 1))
    names = sorted({_shape_name(k, t) for k in codes})
    return names, np.array([names.index(_shape_name(k, t)) for k in codes], dtype=np.int64)


def hand_shape_probabilities(m: Sequence[int] | Mult, t: int = 4) -> dict[str, float]:
    """Exact probability of each shape of t pieces drawn without replacement, by enumerating
    category multisets: ``P(k) = prod C(m_c, k_c) / C(n, t)``."""
    return dict(_hand_shape_probabilities(tuple(int(k) for k in m), t))


@functools.cache
def _hand_shape_probabilities(m: tuple[int, ...], t: int) -> dict[str, float]:
    mult = np.asarray(m, dtype=np.int64)
    names, index = _shape_index(t)
    probs = dict.fromkeys(names, 0.0)
    total = math.comb(int(mult.sum()), t)
    for combo in itertools.combinations_with_replacement(range(mult.size), t):
        weight = math.prod(math.comb(int(mult[k]), combo.count(k)) for k in set(combo))
        if weight:
            code = int(_shape_of_sorted(np.array([combo]))[0])
            probs[names[index[code]]] += weight / total
    return probs


def hand_patterns(name: str, codes: Codes, m: Sequence[int] | Mult, t: int = 4) -> Result:
    """The poker test on hands: how the t pieces of an aligned block (a stack of four tiles,
    four consecutive cards) group by category — all different, one pair, two pairs, ...
    against :func:`hand_shape_probabilities`."""
    c, mult, _, _ = _shape(codes, m)
    names, index = _shape_index(t)
    observed = index[_shape_of_sorted(np.sort(_blocks(c, t), axis=1))]
    counts = np.bincount(observed, minlength=len(names))
    probs = hand_shape_probabilities(mult, t)
    shown = ", ".join(f"{s} {k}" for s, k in zip(names, counts, strict=True) if k)
    return from_multinomial(name, multinomial_test(counts, [probs[s] for s in names]), shown)


def pattern_codes(rows: npt.ArrayLike) -> npt.NDArray[np.int64]:
    """Weak-order pattern of each row: the dense rank of every entry (0 for the smallest
    value, ties equal), read as a base-t number."""
    r = np.asarray(rows, dtype=np.int64)
    t = r.shape[1]
    first = np.ones(r.shape, dtype=bool)
    for j in range(1, t):
        first[:, j] = ~(r[:, :j] == r[:, j : j + 1]).any(axis=1)
    dense = ((r[:, :, None] > r[:, None, :]) & first[:, None, :]).sum(axis=2)
    return np.asarray((dense * t ** np.arange(t)).sum(axis=1), dtype=np.int64)


def order_pattern_probabilities(
    m: Sequence[int] | Mult, t: int = 4, *, max_enumerated: int = 2_000_000
) -> npt.NDArray[np.float64]:
    """Exact probability of each pattern code of t consecutive pieces of a uniform order.

    With all multiplicities 1 the t! strict orders are equally likely; otherwise every ordered
    t-tuple of categories is enumerated with probability ``prod (m_x - earlier copies) / (n)_t``.
    """
    return _order_pattern_probabilities(tuple(int(k) for k in m), t, max_enumerated).copy()


@functools.cache
def _order_pattern_probabilities(
    m: tuple[int, ...], t: int, max_enumerated: int
) -> npt.NDArray[np.float64]:
    mult = np.asarray(m, dtype=np.int64)
    probs = np.zeros(t**t)
    if np.all(mult == 1):
        perms = np.array(list(itertools.permutations(range(t))), dtype=np.int64)
        np.add.at(probs, pattern_codes(perms), 1 / len(perms))
        return probs
    r = mult.size
    if r**t > max_enumerated:
        raise ValueError(f"{r}^{t} category tuples are too many to enumerate")
    tuples = np.indices((r,) * t).reshape(t, -1).T
    weight = np.ones(len(tuples))
    for j in range(t):
        earlier = (tuples[:, :j] == tuples[:, j : j + 1]).sum(axis=1)
        weight *= np.maximum(mult[tuples[:, j]] - earlier, 0)
    np.add.at(probs, pattern_codes(tuples), weight / math.perm(int(mult.sum()), t))
    return probs


def order_patterns(name: str, codes: Codes, m: Sequence[int] | Mult, t: int = 4) -> Result:
    """Permutation test inside the shuffle: the relative order (ties allowed) of the
    categories of t consecutive pieces, aligned block ``k mod (n // t)`` for shuffle k,
    against :func:`order_pattern_probabilities`."""
    c, mult, _, _ = _shape(codes, m)
    counts = np.bincount(pattern_codes(_blocks(c, t)), minlength=t**t)
    return from_multinomial(name, multinomial_test(counts, order_pattern_probabilities(mult, t)))


def _row_hash(c: npt.NDArray[np.int16]) -> npt.NDArray[np.uint64]:
    """A 64-bit hash of each row, over its bytes read eight at a time."""
    width = 1 if c.max(initial=0) < 256 else 2
    raw = c.astype(np.uint8 if width == 1 else np.uint16)
    pad = -raw.shape[1] * width % 8
    raw = np.pad(raw, ((0, 0), (0, pad // width)))
    words = np.ascontiguousarray(raw).view(np.uint64)
    h = np.zeros(c.shape[0], dtype=np.uint64)
    with np.errstate(over="ignore"):
        for j in range(words.shape[1]):
            h = (h ^ words[:, j]) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(1)
            h ^= h >> np.uint64(29)
    return h


def collisions(name: str, codes: Codes, m: Sequence[int] | Mult) -> Result:
    """Repeated shuffles: pairs of identical orders among N, against Poisson with mean
    ``C(N, 2) / A``, A = n! / prod m_c! distinct orders (about 1.3e32 for the tiles, 2.3e71
    for the cards). A source with a small state or a guessable seed repeats itself."""
    c, mult, big_n, n = _shape(codes, m)
    # Sort by a 64-bit hash of the order, then compare neighbours exactly (a hash collision
    # between different orders, about N²/2^65, could only hide a repeat, never invent one).
    h = _row_hash(c)
    order = np.argsort(h, kind="stable")
    same = h[order[1:]] == h[order[:-1]]
    at = np.flatnonzero(same)
    same[at] = np.all(c[order[at + 1]] == c[order[at]], axis=1)
    # Pairs of equal rows: a run of g equal rows holds g(g-1)/2 pairs.
    runs = np.diff(np.flatnonzero(np.diff(np.concatenate(([0], same.astype(np.int8), [0])))))
    pairs = int(sum(g * (g + 1) // 2 for g in runs[::2]))
    log_orders = math.lgamma(n + 1) - sum(math.lgamma(int(k) + 1) for k in mult)
    lam = math.exp(math.log(big_n * (big_n - 1) / 2) - log_orders) if big_n > 1 else 0.0
    detail = f"{pairs} repeated pair(s); expected {lam:.3g}"
    return Result(name, float(pairs), None, poisson_sf(pairs, lam), detail)


def rank_uniforms(codes: Codes, m: Sequence[int] | Mult) -> npt.NDArray[np.float64]:
    """Each shuffle as a number in [0, 1): its lexicographic rank among all orders, divided
    by their number (arithmetic coding of the order under the uniform model).

    Under a fair shuffle these numbers are independent and uniform (on a grid of 1/A, far
    finer than float precision), which is what the sequence tests take.
    """
    c, mult, big_n, n = _shape(codes, m)
    below_all = np.concatenate(([0], np.cumsum(mult)))  # pieces of a smaller category
    u = np.zeros(big_n)
    width = np.ones(big_n)
    for i in range(n):
        x = c[:, i]
        earlier = c[:, :i]
        # Remaining pieces of a smaller category, and of the same category, before step i.
        below = below_all[x] - (earlier < x[:, None]).sum(axis=1)
        same = mult[x] - (earlier == x[:, None]).sum(axis=1)
        u += width * below / (n - i)
        width *= same / (n - i)
        if width.max() < 1e-20:
            break
    return np.minimum(u, np.nextafter(1.0, 0.0))
