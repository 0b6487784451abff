"""The space of four-tile hands: all 35,960 combinations and the 3,620 distinct ones.

Tiles of one kind rank alike, so a four-tile hand is described, for ranking, by the multiset of
its kinds. Every kind has two tiles in the set, so there are 3,620 kind multisets (1,820 with
four different kinds, 1,680 with one kind twice, 120 with two kinds twice); the *weight* of one is
the number of the C(32,4) = 35,960 physical combinations it stands for.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from math import comb
from typing import Final

from paigow.games.tiles.tiles import ALL_TILES, FULL_SET, N_KINDS, Tile

__all__ = [
    "KIND_TILES",
    "DistinctHand",
    "all_combinations",
    "distinct_hands",
    "kind_key",
    "representative",
]

#: The two tiles of each kind, in canonical order (e.g. kind 11: 3-6, 4-5; kind 0: 6-6, 6-6).
KIND_TILES: Final[tuple[tuple[Tile, Tile], ...]] = tuple(
    (ts[0], ts[-1])
    for ts in (
        sorted((t for t in FULL_SET if t.kind == k), key=lambda t: t.sort_key)
        for k in range(N_KINDS)
    )
)


def kind_key(tiles: tuple[Tile, ...] | list[Tile]) -> tuple[int, ...]:
    """The sorted tuple of the tiles' kinds: equal keys rank identically in every setting."""
    return tuple(sorted(t.kind for t in tiles))


def representative(key: tuple[int, ...]) -> tuple[Tile, ...]:
    """Canonical tiles for a kind multiset: a kind held once is shown by its first tile."""
    out: list[Tile] = []
    for k, group in itertools.groupby(key):
        n = len(list(group))
        out.extend(KIND_TILES[k][:n])
    return tuple(sorted(out, key=lambda t: t.sort_key))


@dataclass(frozen=True, slots=True)
class DistinctHand:
    """One of the 3,620 distinct four-tile hands."""

    kinds: tuple[int, int, int, int]
    tiles: tuple[Tile, Tile, Tile, Tile]
    weight: int


@cache
def distinct_hands() -> tuple[DistinctHand, ...]:
    """The 3,620 distinct hands in lexicographic kind order, weights summing to 35,960."""
    out = []
    for key in itertools.combinations_with_replacement(range(N_KINDS), 4):
        counts = [key.count(k) for k in set(key)]
        if max(counts) > 2:
            continue
        weight = 1
        for c in counts:
            weight *= comb(2, c)
        tiles = representative(key)
        out.append(DistinctHand(key, (tiles[0], tiles[1], tiles[2], tiles[3]), weight))
    return tuple(out)


def all_combinations() -> Iterator[tuple[Tile, Tile, Tile, Tile]]:
    """All C(32,4) = 35,960 combinations of physical tiles, each sorted canonically.

    Identical copies (e.g. the two 6-6) make repeated tuples: a tuple appears once per physical
    combination it stands for.
    """
    for combo in itertools.combinations(range(32), 4):
        ts = sorted((FULL_SET[i] for i in combo), key=lambda t: t.sort_key)
        yield (ts[0], ts[1], ts[2], ts[3])


def tile_multisets() -> Iterator[tuple[tuple[Tile, Tile, Tile, Tile], int]]:
    """Each distinct multiset of tiles (by pips) with the number of physical combinations."""
    for combo in itertools.combinations_with_replacement(ALL_TILES, 4):
        weight = 1
        for t in set(combo):
            n = combo.count(t)
            if n > t.copies:
                weight = 0
                break
            weight *= comb(t.copies, n)
        if weight:
            ts = sorted(combo, key=lambda t: t.sort_key)
            yield (ts[0], ts[1], ts[2], ts[3]), weight
