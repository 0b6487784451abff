"""A slow, deliberately plain reference for the ranking and house-way rules of RULES.md.

Written from the catalog text alone (it does not import :mod:`paigow.ranking`): tiles are pip
tuples ``(lo, hi)``, every table below is copied from RULES.md, and every choice is made by brute
force. Tests compare the library against it.

* :func:`rank_key` and :func:`player_wins` implement R-RANK-13: the R-RANK-03 pair table, the
  gee joon 3-or-6 choice (R-RANK-06) tried both ways, the R-RANK-07 rank swap, the highest-tile
  tie-break (R-RANK-08/09), copies to the banker (R-RANK-04/10) and the zero rules (R-RANK-11).
* :func:`satisfies_house_way` is a checker for the dealer rules R-HW-01 (a)-(d).
* :func:`best_by_tie_breaks` gives the settings allowed by the R-HW-03 tie-breaks (AMB-26).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator, Sequence
from functools import cache
from typing import Final

Pips = tuple[int, int]
TwoTiles = tuple[Pips, Pips]
#: A rank key: smaller is better (R-RANK-13 ``rankKey``).
Key = tuple[int, ...]

# R-EQUIP-01: [pips, copies, single rank] for the 21 tiles, exactly as the JSON block lists them.
EQUIPMENT: Final[tuple[tuple[Pips, int, int], ...]] = (
    ((6, 6), 2, 1),
    ((1, 1), 2, 2),
    ((4, 4), 2, 3),
    ((1, 3), 2, 4),
    ((5, 5), 2, 5),
    ((3, 3), 2, 6),
    ((2, 2), 2, 7),
    ((5, 6), 2, 8),
    ((4, 6), 2, 9),
    ((1, 6), 2, 10),
    ((1, 5), 2, 11),
    ((3, 6), 1, 12),
    ((4, 5), 1, 12),
    ((2, 6), 1, 13),
    ((3, 5), 1, 13),
    ((2, 5), 1, 14),
    ((3, 4), 1, 14),
    ((2, 4), 1, 15),
    ((1, 4), 1, 16),
    ((2, 3), 1, 16),
    ((1, 2), 1, 17),
)

#: R-RANK-09 single-tile rank, 1 = highest (2-4 is 15th and 1-2 17th when counted naturally).
SINGLE_RANK: Final[dict[Pips, int]] = {pips: rank for pips, _, rank in EQUIPMENT}
COPIES: Final[dict[Pips, int]] = {pips: n for pips, n, _ in EQUIPMENT}

#: The 32 physical tiles of one set.
SET_OF_32: Final[tuple[Pips, ...]] = tuple(p for p, n, _ in EQUIPMENT for _ in range(n))

GEE_THREE: Final[Pips] = (1, 2)
GEE_SIX: Final[Pips] = (2, 4)
GEE_JOON: Final[frozenset[Pips]] = frozenset({GEE_THREE, GEE_SIX})

# R-RANK-03 "pairRanks" JSON: rank -> the tile pairs of that rank.
_PAIR_TABLE: Final[dict[int, tuple[tuple[str, str], ...]]] = {
    1: (("2-4", "1-2"),),
    2: (("6-6", "6-6"),),
    3: (("1-1", "1-1"),),
    4: (("4-4", "4-4"),),
    5: (("1-3", "1-3"),),
    6: (("5-5", "5-5"),),
    7: (("3-3", "3-3"),),
    8: (("2-2", "2-2"),),
    9: (("5-6", "5-6"),),
    10: (("4-6", "4-6"),),
    11: (("1-6", "1-6"),),
    12: (("1-5", "1-5"),),
    13: (("3-6", "4-5"),),
    14: (("3-5", "2-6"),),
    15: (("3-4", "2-5"),),
    16: (("1-4", "2-3"),),
    17: (("6-6", "4-5"), ("6-6", "3-6")),
    18: (("1-1", "4-5"), ("1-1", "3-6")),
    19: (("6-6", "2-6"), ("6-6", "3-5"), ("6-6", "4-4")),
    20: (("1-1", "2-6"), ("1-1", "3-5"), ("1-1", "4-4")),
}


def pips(text: str) -> Pips:
    """``"2-1"`` -> ``(1, 2)``."""
    a, b = (int(x) for x in text.split("-"))
    return (min(a, b), max(a, b))


def show(p: Pips) -> str:
    """``(1, 2)`` -> ``"1-2"``."""
    return f"{p[0]}-{p[1]}"


def _unordered(a: Pips, b: Pips) -> tuple[Pips, Pips]:
    return (a, b) if a <= b else (b, a)


PAIR_RANK: Final[dict[tuple[Pips, Pips], int]] = {
    _unordered(pips(x), pips(y)): rank for rank, rows in _PAIR_TABLE.items() for x, y in rows
}


def pair_rank(a: Pips, b: Pips) -> int | None:
    """R-RANK-03 rank 1..20 of a permissible pair, wong or gong; None for other hands."""
    return PAIR_RANK.get(_unordered(a, b))


def _counts(t: Pips) -> tuple[int, ...]:
    """The pip totals a tile may count for (R-RANK-06: each gee joon tile counts 3 or 6)."""
    return (3, 6) if t in GEE_JOON else (t[0] + t[1],)


def rank_as(t: Pips, counted: int) -> int:
    """Single rank of ``t`` when counted as ``counted`` (R-RANK-07: 6 is 15th, 3 is 17th)."""
    if t in GEE_JOON:
        return 15 if counted == 6 else 17
    return SINGLE_RANK[t]


def choices(a: Pips, b: Pips) -> list[tuple[int, int, int, int]]:
    """Every way of counting a hand: ``(value, top rank, count of a, count of b)``."""
    out = []
    for ca in _counts(a):
        for cb in _counts(b):
            out.append(((ca + cb) % 10, min(rank_as(a, ca), rank_as(b, cb)), ca, cb))
    return out


def best_choice(a: Pips, b: Pips) -> tuple[int, int, int, int]:
    """The counting of greatest value (the software always takes it, AMB-24)."""
    options = choices(a, b)
    best_value = max(v for v, _, _, _ in options)
    winners = [c for c in options if c[0] == best_value]
    assert len(winners) == 1, "R-RANK-06: the two gee joon counts never give the same value"
    return winners[0]


def value(a: Pips, b: Pips) -> int:
    """R-RANK-05/06 point value 0..9 of a non-pair hand."""
    return best_choice(a, b)[0]


def top_rank(a: Pips, b: Pips) -> int:
    """Single rank of the highest tile as counted (R-RANK-07/08)."""
    return best_choice(a, b)[1]


@cache
def rank_key(a: Pips, b: Pips) -> Key:
    """R-RANK-13 ``rankKey``: (0, pair rank) for pairs, else (1, -value, top rank)."""
    pr = pair_rank(a, b)
    if pr is not None:
        return (0, pr)
    v, top, _, _ = best_choice(a, b)
    return (1, -v, top)


def is_pair(a: Pips, b: Pips) -> bool:
    """R-RANK-02: a permissible pair, wong or gong."""
    return pair_rank(a, b) is not None


def player_wins(
    player: TwoTiles,
    banker: TwoTiles,
    *,
    low: bool,
    zero_zero_banker: bool,
    low_zero_loses: bool = True,
) -> bool:
    """R-RANK-13 ``compare``: True when the player's hand takes it, False for the banker."""
    kp, kb = rank_key(*player), rank_key(*banker)
    p_zero = not is_pair(*player) and value(*player) == 0
    b_zero = not is_pair(*banker) and value(*banker) == 0
    if low and low_zero_loses and p_zero:
        return False
    if zero_zero_banker and p_zero and b_zero:
        return False
    return kp < kb


# --- four tiles: the three splits and the dealer rules R-HW-01 ---------------------------

Split = tuple[TwoTiles, TwoTiles]


def splits(tiles: Sequence[Pips]) -> Iterator[Split]:
    """The three ways of splitting four tiles into two hands of two (unordered)."""
    a, b, c, d = tiles
    yield (a, b), (c, d)
    yield (a, c), (b, d)
    yield (a, d), (b, c)


def high_low(split: Split) -> Split:
    """Order a split as (better hand, other hand)."""
    h1, h2 = split
    return (h1, h2) if rank_key(*h1) <= rank_key(*h2) else (h2, h1)


def same_split(x: Split, y: Split) -> bool:
    """True when two splits put the same tiles together (as multisets)."""

    def norm(s: Split) -> list[tuple[Pips, ...]]:
        return sorted(tuple(sorted(h)) for h in s)

    return norm(x) == norm(y)


def _has_789(hand: TwoTiles) -> bool:
    return not is_pair(*hand) and value(*hand) in (7, 8, 9)


def house_way_rule(tiles: Sequence[Pips]) -> str:
    """Which of R-HW-01 (a)-(d) governs four tiles."""
    if GEE_THREE in tiles and GEE_SIX in tiles:
        return "a"
    if any(is_pair(*h) for s in splits(tiles) for h in s):
        return "b"
    if any(_has_789(h) for s in splits(tiles) for h in s):
        return "c"
    return "d"


def satisfies_house_way(tiles: Sequence[Pips], chosen: Split) -> bool:
    """R-HW-01 (a)-(d) as a predicate on the split ``chosen`` of ``tiles``.

    (a) with both gee joon tiles the supreme pair is kept together; (b) otherwise a pair, wong
    or gong is played whenever some split has one; (c) otherwise a hand worth 9, 8 or 7 is
    played whenever some split has one; (d) otherwise the tile of highest natural rank is played
    with the tile of lowest natural rank (2-4 15th, 1-2 17th, AMB-25).
    """
    if Counter(t for h in chosen for t in h) != Counter(tiles):
        return False
    rule = house_way_rule(tiles)
    if rule == "a":
        return any(sorted(h) == sorted((GEE_THREE, GEE_SIX)) for h in chosen)
    if rule == "b":
        return any(is_pair(*h) for h in chosen)
    if rule == "c":
        return any(_has_789(h) for h in chosen)
    best = min(tiles, key=lambda t: SINGLE_RANK[t])
    worst = max(tiles, key=lambda t: SINGLE_RANK[t])
    return any(best in h and worst in h for h in chosen)


def best_by_tie_breaks(tiles: Sequence[Pips]) -> list[Split]:
    """The R-HW-03 choices among the settings that (b) or (c) allow: the best high hand, then
    the best low hand (AMB-26). Returned as (high, low) splits; several when they tie."""
    allowed = [high_low(s) for s in splits(tiles) if satisfies_house_way(tiles, s)]
    best = min((rank_key(*h), rank_key(*lo)) for h, lo in allowed)
    return [s for s in allowed if (rank_key(*s[0]), rank_key(*s[1])) == best]


def all_two_tile_hands() -> list[TwoTiles]:
    """The C(32, 2) = 496 two-tile hands of one set (identical copies give repeated hands)."""
    return [_unordered(SET_OF_32[i], SET_OF_32[j]) for i, j in itertools.combinations(range(32), 2)]
