"""Hand spaces for exact enumeration: classes of four-tile hands with combinatorial weights.

Ranking depends only on tile *kinds*, so for kind-symmetric house ways the 35,960 four-tile
hands collapse into 3,620 classes (:func:`kind_space`). A way that sets the two tiles of a kind
differently needs the finer space of the 8,130 multisets of tiles by pips (:func:`pip_space`).

For a player holding a hand of class ``P``, the number of dealer hands of class ``D`` among
the 28 remaining tiles is ``M[P, D] = prod_t C(copies_t - cP_t, cD_t)`` over the tile types
``t``. ``weight[P] * M[P, D]`` counts the physical deals (player hand, dealer hand) of the pair
of classes; summed over everything it is 35,960 x 20,475 = 736,281,000.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cache
from math import comb

import numpy as np

from paigow.exact.arrays import I32, I64, U8
from paigow.exact.cache import load_arrays, save_arrays
from paigow.exact.dominance import SubsetIndex, subset_index
from paigow.games.tiles.hands4 import distinct_hands
from paigow.games.tiles.ranking import STRENGTH, Hand
from paigow.games.tiles.settings import Setting
from paigow.games.tiles.tiles import ALL_TILES, N_KINDS, Tile

__all__ = ["HandSpace", "kind_space", "pip_space", "space_for"]


#: The three splits of four tiles: the partner of tile 0, then the other two.
SPLITS: tuple[tuple[int, int, int, int], ...] = ((0, 1, 2, 3), (0, 2, 1, 3), (0, 3, 1, 2))


@dataclass(frozen=True, eq=False)
class HandSpace:
    """Classes of four-tile hands.

    Attributes:
        name: ``"kinds"`` or ``"pips"``.
        tiles: a representative four tiles for each class (canonical order).
        counts: ``counts[c, t]`` = how many tiles of type ``t`` class ``c`` holds.
        copies: copies of each type in the set (2 for every kind; 1 or 2 for pip types).
        weight: physical four-tile combinations of each class (sums to 35,960).
        split_high, split_low: strengths of the high and low hand of each of the three splits
            of each class (shape ``(n, 3)``; the better hand of a split is its high hand).
    """

    name: str
    tiles: tuple[tuple[Tile, Tile, Tile, Tile], ...]
    counts: U8
    copies: U8
    weight: I64
    split_high: I32 = field(repr=False)
    split_low: I32 = field(repr=False)
    index: dict[tuple[int, ...], int] = field(repr=False)

    @property
    def size(self) -> int:
        """Number of classes."""
        return len(self.tiles)

    def key_of(self, tiles: tuple[Tile, ...] | list[Tile]) -> tuple[int, ...]:
        """The class key of a four-tile hand in this space."""
        if self.name == "kinds":
            return tuple(sorted(t.kind for t in tiles))
        return tuple(sorted(t.index for t in tiles))

    def class_of(self, tiles: tuple[Tile, ...] | list[Tile]) -> int:
        """Index of the class holding ``tiles``."""
        return self.index[self.key_of(tiles)]

    def multiplicity_row(self, cls: int) -> I64:
        """``M[cls, :]``: for a player hand of class ``cls``, dealer hands of each class."""
        avail = self.copies.astype(np.int64) - self.counts[cls].astype(np.int64)
        c = self.counts.astype(np.int64)
        ok = (c <= avail[None, :]).all(axis=1)
        doubles = ((avail[None, :] == 2) & (c == 1)).sum(axis=1)
        return np.where(ok, 1 << doubles, 0).astype(np.int64)

    def setting(self, cls: int, split: int) -> Setting:
        """The setting of the class representative's tiles by one of its three splits."""
        t = self.tiles[cls]
        a, b, c, d = SPLITS[split]
        h1, h2 = Hand.of(t[a], t[b]), Hand.of(t[c], t[d])
        return Setting(h1, h2) if h1.strength >= h2.strength else Setting(h2, h1)

    @property
    def opposing_hands(self) -> int:
        """Hands the opponent can hold against any one hand: C(28, 4) = 20,475."""
        return comb(int(self.copies.sum()) - 4, 4)

    @cache  # noqa: B019 - spaces are module-level singletons
    def subsets(self) -> SubsetIndex:
        """The inclusion–exclusion structure of the fast engine (:mod:`.dominance`), read from
        the on-disk cache when there (:mod:`.cache`)."""
        name = f"subsets-{self.name}"
        saved = load_arrays(name)
        if saved is not None:
            return SubsetIndex(
                int(saved["n_sub"]),
                int(saved["hands"]),
                *(saved[k] for k in _SUBSET_ARRAYS),  # type: ignore[arg-type]
            )
        keys = [self.key_of(list(t)) for t in self.tiles]
        index = subset_index(keys, [int(c) for c in self.copies])
        arrays = {k: getattr(index, k) for k in _SUBSET_ARRAYS}
        save_arrays(
            name, {**arrays, "n_sub": np.array(index.n_sub), "hands": np.array(index.hands)}
        )
        return index

    def multiplicity_block(self, lo: int, hi: int) -> U8:
        """Rows ``lo:hi`` of the matrix ``M`` (uint8; the largest entry is 16).

        ``C(a, c)`` for ``a, c`` in 0..2 is 1, except ``C(2, 1) = 2`` and 0 when ``c > a``, so
        ``M = 2 ** #{t: a_t = 2, c_t = 1}`` where no ``c_t > a_t``: two small matrix products.
        """
        a = self.copies[None, :].astype(np.int64) - self.counts[lo:hi].astype(np.int64)
        c = self.counts.astype(np.int64)  # dealer side
        f = np.float32
        doubles = (a == 2).astype(f) @ (c == 1).astype(f).T
        clash = (a == 0).astype(f) @ (c >= 1).astype(f).T + (a == 1).astype(f) @ (c == 2).astype(
            f
        ).T
        m: U8 = np.left_shift(1, doubles.astype(np.uint8)).astype(np.uint8)
        m[clash > 0] = 0
        return m

    @cache  # noqa: B019 - spaces are module-level singletons
    def multiplicity(self) -> U8:
        """The full matrix ``M`` (uint8): the reference enumeration's view, built on request.

        The fast engine never needs it (:mod:`.dominance`); it takes 13 MB for the kinds and
        66 MB for the pips.
        """
        m = np.empty((self.size, self.size), dtype=np.uint8)
        for lo in range(0, self.size, 512):
            hi = min(lo + 512, self.size)
            m[lo:hi] = self.multiplicity_block(lo, hi)
        return m


def _splits(
    tiles: tuple[Tile, Tile, Tile, Tile],
) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    hs, ls = [], []
    for a, b, c, d in SPLITS:
        s1 = STRENGTH[tiles[a].kind][tiles[b].kind]
        s2 = STRENGTH[tiles[c].kind][tiles[d].kind]
        hs.append(max(s1, s2))
        ls.append(min(s1, s2))
    return (hs[0], hs[1], hs[2]), (ls[0], ls[1], ls[2])


def _build(
    name: str,
    entries: list[tuple[tuple[int, ...], tuple[Tile, Tile, Tile, Tile], int]],
    ntypes: int,
    copies: list[int],
) -> HandSpace:
    n = len(entries)
    counts = np.zeros((n, ntypes), dtype=np.uint8)
    weight = np.zeros(n, dtype=np.int64)
    sh = np.zeros((n, 3), dtype=np.int32)
    sl = np.zeros((n, 3), dtype=np.int32)
    index: dict[tuple[int, ...], int] = {}
    for i, (key, tiles, w) in enumerate(entries):
        for t in key:
            counts[i, t] += 1
        weight[i] = w
        h, lo = _splits(tiles)
        sh[i], sl[i] = h, lo
        index[key] = i
    return HandSpace(
        name,
        tuple(e[1] for e in entries),
        counts,
        np.array(copies, dtype=np.uint8),
        weight,
        sh,
        sl,
        index,
    )


_SUBSET_ARRAYS = ("build_cls", "build_sub", "build_coef", "q_sub", "q3_cls", "q3_coef")


def _from_cache(name: str) -> HandSpace | None:
    saved = load_arrays(f"space-{name}")
    if saved is None:
        return None
    keys = [tuple(row) for row in saved["keys"].tolist()]
    at = ALL_TILES
    tiles = tuple((at[a], at[b], at[c], at[d]) for a, b, c, d in saved["tiles"].tolist())
    return HandSpace(
        name,
        tiles,
        saved["counts"],  # type: ignore[arg-type]
        saved["copies"],  # type: ignore[arg-type]
        saved["weight"],  # type: ignore[arg-type]
        saved["split_high"],  # type: ignore[arg-type]
        saved["split_low"],  # type: ignore[arg-type]
        {k: i for i, k in enumerate(keys)},
    )


def _to_cache(sp: HandSpace) -> HandSpace:
    keys = np.array(list(sp.index), dtype=np.int64)
    tiles = np.array([[t.index for t in ts] for ts in sp.tiles], dtype=np.int64)
    save_arrays(
        f"space-{sp.name}",
        {
            "keys": keys,
            "tiles": tiles,
            "counts": sp.counts,
            "copies": sp.copies,
            "weight": sp.weight,
            "split_high": sp.split_high,
            "split_low": sp.split_low,
        },
    )
    return sp


@cache
def kind_space() -> HandSpace:
    """The 3,620 classes of hands by tile kinds (read from the on-disk cache when there)."""
    cached = _from_cache("kinds")
    if cached is not None:
        return cached
    entries = [(h.kinds, h.tiles, h.weight) for h in distinct_hands()]
    return _to_cache(
        _build("kinds", [(tuple(k), t, w) for k, t, w in entries], N_KINDS, [2] * N_KINDS)
    )


@cache
def pip_space() -> HandSpace:
    """The 8,130 classes of hands by tiles (pips), read from the on-disk cache when there."""
    cached = _from_cache("pips")
    if cached is not None:
        return cached
    entries = []
    for combo in itertools.combinations_with_replacement(ALL_TILES, 4):
        w = 1
        for t in set(combo):
            w *= comb(t.copies, combo.count(t))
        if w:
            ts = sorted(combo, key=lambda t: t.sort_key)
            key = tuple(sorted(t.index for t in ts))
            entries.append((key, (ts[0], ts[1], ts[2], ts[3]), w))
    return _to_cache(_build("pips", entries, len(ALL_TILES), [t.copies for t in ALL_TILES]))


def space_for(*kind_symmetric: bool) -> HandSpace:
    """The coarsest space that represents every given way exactly."""
    return kind_space() if all(kind_symmetric) else pip_space()
