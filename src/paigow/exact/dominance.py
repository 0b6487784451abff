"""Dominance counts over disjoint hands: the fast exact core of edge, advice and optimal.

For a hand ``P`` of one side and an opposing strategy that plays points ``(x, y)`` (the
strengths of its high and low hand, possibly several weighted points per class for a mixed
strategy), every result of the math engine is a count of opposing hands *disjoint from P*
with ``x < a`` and ``y < b``, for thresholds ``(a, b)`` that depend on ``P``'s setting and
the zero rules (a two-dimensional dominance count), or one of its marginals.

Disjointness is handled by inclusion–exclusion over the physical tiles of ``P``::

    #{D : D ∩ P = ∅, cond(D)} = Σ_{S ⊆ P} (-1)^|S| #{D ⊇ S : cond(D)}

and ``#{D ⊇ S : cond(D)}`` depends only on the multiset of tile types of ``S``:

* ``|S| <= 2``: a two-dimensional prefix-sum table per sub-multiset (153 of them over tile
  kinds, 243 over tiles by pips), built once per opposing strategy by one weighted histogram
  and two cumulative sums; a query is one look-up per subset (11 subsets per hand);
* ``|S| = 3``: the opposing hands containing three given tiles are those tiles plus one of
  the 29 others, a gather of at most 16 (or 21) classes per dropped tile;
* ``|S| = 4``: the hand ``P`` itself, if the opposing strategy's setting of it qualifies.

No class-by-class multiplicity matrix is needed. The structure is generic over any space of
four-item hands described by ``counts[class, type]`` and ``copies[type]``: tiles by kind, tiles
by pips, and the rank classes of Supreme Pai Gow cards.
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass
from functools import cached_property
from math import comb, prod

import numpy as np
import numpy.typing as npt

from .arrays import F64, I32, I64, Num

__all__ = ["DominanceCounter", "SubsetIndex", "subset_index"]

#: Physical subsets of the four positions of a hand with at most two elements, and their signs.
_SMALL: tuple[tuple[int, ...], ...] = tuple(
    s for r in range(3) for s in itertools.combinations(range(4), r)
)
_SMALL_SIGN = np.array([(-1) ** len(s) for s in _SMALL], dtype=np.int64)


@dataclass(frozen=True, eq=False)
class SubsetIndex:
    """The static inclusion–exclusion structure of one space of hands (built once per space).

    Attributes:
        n_sub: number of sub-multisets of at most two types.
        hands: number of physical hands of the space (35,960 for tiles).
        build_cls, build_sub, build_coef: for every class ``d`` and sub-multiset ``s <= d``
            with ``|s| <= 2``, the number of hands of class ``d`` containing one fixed
            realisation of ``s`` (``prod_t C(copies_t - s_t, d_t - s_t)``).
        q_sub: ``(n, 11)``: the sub-multiset of each physical subset of at most two positions.
        q3_cls, q3_coef: ``(n, 4, T)``: dropping position ``i`` and adding type ``t`` gives the
            class ``q3_cls`` in ``q3_coef`` ways (0 where no such hand exists).
    """

    n_sub: int
    hands: int
    build_cls: I32
    build_sub: I32
    build_coef: I64
    q_sub: I32
    q3_cls: I32
    q3_coef: I64

    @property
    def q3_flat(self) -> I64:
        """``q3_cls`` laid out ``(n, 1, 4 T)``."""
        return self._flat[0]

    @property
    def q3_weight(self) -> I64:
        """``q3_coef`` laid out ``(n, 1, 4 T)``."""
        return self._flat[1]

    @cached_property
    def _flat(self) -> tuple[I64, I64]:
        n = len(self.q_sub)
        return (
            self.q3_cls.reshape(n, 1, -1).astype(np.intp),
            self.q3_coef.reshape(n, 1, -1).astype(np.int64),
        )


def subset_index(keys: list[tuple[int, ...]], copies: list[int]) -> SubsetIndex:
    """Build the structure for classes given by their sorted type tuples (4 types each)."""
    ntypes = len(copies)
    subs: dict[tuple[int, ...], int] = {}
    for r in range(3):
        for s in itertools.combinations_with_replacement(range(ntypes), r):
            if all(s.count(t) <= copies[t] for t in set(s)):
                subs[s] = len(subs)
    index = {k: i for i, k in enumerate(keys)}
    bc: list[int] = []
    bs: list[int] = []
    bw: list[int] = []
    q_sub = np.zeros((len(keys), len(_SMALL)), dtype=np.int32)
    q3_cls = np.zeros((len(keys), 4, ntypes), dtype=np.int32)
    q3_coef = np.zeros((len(keys), 4, ntypes), dtype=np.int64)
    for d, key in enumerate(keys):
        seen: set[tuple[int, ...]] = set()
        for j, pos in enumerate(_SMALL):
            s = tuple(key[p] for p in pos)
            q_sub[d, j] = subs[s]
            if s in seen:
                continue
            seen.add(s)
            bc.append(d)
            bs.append(subs[s])
            bw.append(
                prod(comb(copies[t] - s.count(t), key.count(t) - s.count(t)) for t in set(key))
            )
        for i in range(4):
            rest = key[:i] + key[i + 1 :]
            for t in range(ntypes):
                avail = copies[t] - rest.count(t)
                if avail > 0:
                    q3_cls[d, i, t] = index[tuple(sorted((*rest, t)))]
                    q3_coef[d, i, t] = avail
    hands = sum(prod(comb(copies[t], k.count(t)) for t in set(k)) for k in keys)
    return SubsetIndex(
        len(subs),
        hands,
        np.array(bc, dtype=np.int32),
        np.array(bs, dtype=np.int32),
        np.array(bw, dtype=np.int64),
        q_sub,
        q3_cls,
        q3_coef,
    )


def _distinct(v: I64) -> I64:
    """The sorted distinct values of small non-negative integers (hand strengths)."""
    seen = np.zeros(int(v.max(initial=0)) + 1, dtype=np.bool_)
    seen[v.ravel()] = True
    return np.flatnonzero(seen).astype(np.int64)


class DominanceCounter:
    """Counts of opposing hands with ``x < a`` and ``y < b``, disjoint from a querying hand.

    Built from the opposing strategy's points: ``x[d, k]``, ``y[d, k]`` and weights ``w[d, k]``
    for class ``d`` (``k`` indexes the settings a class plays: one for a way, three for a
    mixed strategy). Integer weights (or none: weight 1) give exact integer counts; float
    weights (probabilities) give float64 expectations.
    """

    def __init__(
        self,
        index: SubsetIndex,
        x: npt.NDArray[np.integer],
        y: npt.NDArray[np.integer],
        w: npt.NDArray[np.integer] | F64 | None = None,
    ) -> None:
        n = len(index.q_sub)
        x2 = np.asarray(x, dtype=np.int64).reshape(n, -1)
        y2 = np.asarray(y, dtype=np.int64).reshape(x2.shape)
        exact = w is None or np.issubdtype(np.asarray(w).dtype, np.integer)
        self.index = index
        self.xs = _distinct(x2)
        self.ys = _distinct(y2)
        self._ny1 = len(self.ys) + 1
        self._nsub = index.n_sub
        self._full = (len(self.xs), len(self.ys))
        rx = np.searchsorted(self.xs, x2) + 1
        ry = np.searchsorted(self.ys, y2) + 1
        self._cell = (rx * self._ny1 + ry)[index.build_cls] * index.n_sub + index.build_sub[:, None]
        # Points of the classes reached by dropping one tile and adding another (|S| = 3),
        # laid out (class, 1, dropped tile x added type x setting) for broadcasting.
        k = x2.shape[1]
        small_x = x2.astype(np.int16)
        small_y = y2.astype(np.int16)
        if k == 1:
            self._flat = index.q3_flat
            self._q3w = index.q3_weight
        else:
            self._flat = (index.q3_flat[..., None] * k + np.arange(k)).reshape(n, 1, -1)
            self._q3w = np.repeat(index.q3_weight, k, axis=2)
        self._x3 = np.take(small_x, self._flat)
        self._y3 = np.take(small_y, self._flat)
        self._x, self._y = small_x[:, None, :], small_y[:, None, :]
        self._weigh(w, exact)

    def reweighted(self, w: npt.NDArray[np.integer] | F64) -> DominanceCounter:
        """The same opposing points with the weights ``w`` (of the same shape): what does
        not depend on the weights is shared, not made again (an iterative solver's many
        counts against one opponent's changing mixed strategy)."""
        out = copy.copy(self)
        out._weigh(w, np.issubdtype(np.asarray(w).dtype, np.integer))
        return out

    def _weigh(self, w: npt.NDArray[np.integer] | F64 | None, exact: bool) -> None:
        """The parts made of the weights: the prefix-sum table and the weights of the
        points around each class."""
        index = self.index
        shape = self._x.shape[0], self._x.shape[2]
        if w is None:
            w2: Num = np.ones(shape, dtype=np.int64)
        else:
            w2 = np.asarray(w, dtype=np.int64 if exact else np.float64).reshape(shape)
        self.exact = exact
        nx1, ny1 = self._full[0] + 1, self._ny1
        # The largest cell of the table is the weight of every hand (35,960 for tiles): the
        # narrowest integer type that holds it keeps the two prefix passes cheap.
        largest = index.hands * int(w2.sum(axis=1).max()) if exact else 0
        dtype: type[np.generic] = np.float64
        if exact:
            dtype = np.uint16 if largest < 1 << 16 else np.uint32 if largest < 1 << 32 else np.int64
        table = np.zeros((nx1, ny1, index.n_sub), dtype=dtype)
        np.add.at(
            table.reshape(-1),
            self._cell.ravel(),
            (index.build_coef[:, None] * w2[index.build_cls]).ravel().astype(dtype),
        )
        for i in range(2, nx1):  # prefix sums: x-rank below i, then y-rank below j
            table[i] += table[i - 1]
        for j in range(2, ny1):
            table[:, j] += table[:, j - 1]
        self._table = table.reshape(-1)
        if w is None and shape[1] == 1:
            self._w3: Num = self._q3w
        else:
            self._w3 = np.take(w2, self._flat) * self._q3w
        self._w = w2[:, None, :]

    def _small(self, ia: I64, ib: I64) -> Num:
        pos = (ia * self._ny1 + ib)[:, :, None] * self._nsub + self.index.q_sub[:, None, :]
        vals = self._table[pos].astype(np.int64 if self.exact else np.float64)
        out: Num = vals @ _SMALL_SIGN
        return out

    def counts(
        self, a: npt.NDArray[np.integer], b: npt.NDArray[np.integer]
    ) -> tuple[Num, Num, Num]:
        """For thresholds ``a``, ``b`` of shape ``(n, m)`` (one column per setting queried):
        ``(both, lx, ly)`` = weighted counts of disjoint opposing hands with ``x < a`` and
        ``y < b``, with ``x < a``, and with ``y < b``."""
        a = np.asarray(a, dtype=np.int64)
        b = np.asarray(b, dtype=np.int64)
        # Thresholds beyond every strength compare the same as the largest int16.
        limit = np.iinfo(np.int16).max
        a16 = np.minimum(a, limit).astype(np.int16)
        b16 = np.minimum(b, limit).astype(np.int16)
        ia = np.searchsorted(self.xs, a)  # number of distinct x values below a
        ib = np.searchsorted(self.ys, b)
        fx = np.full(ia.shape, self._full[0])
        fy = np.full(ib.shape, self._full[1])
        a3, b3 = a16[:, :, None], b16[:, :, None]
        cx3, cy3 = self._x3 < a3, self._y3 < b3
        cx1, cy1 = self._x < a3, self._y < b3
        out = []
        for pa, pb, c3, c1 in (
            (ia, ib, cx3 & cy3, cx1 & cy1),
            (ia, fy, cx3, cx1),
            (fx, ib, cy3, cy1),
        ):
            three = np.einsum("ijk,ijk->ij", c3, np.broadcast_to(self._w3, c3.shape))
            four = (c1 * self._w).sum(axis=2)
            out.append(self._small(pa, pb) - three + four)
        return out[0], out[1], out[2]

    def total(self) -> Num:
        """Weighted count of all disjoint opposing hands of every class (shape ``(n,)``)."""
        big = np.full((len(self.index.q_sub), 1), np.iinfo(np.int64).max, dtype=np.int64)
        both, _, _ = self.counts(big, big)
        return both[:, 0]
