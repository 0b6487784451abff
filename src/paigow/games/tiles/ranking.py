"""Two-tile hand ranking (R-RANK-01..13) as precomputed integer keys.

Every two-tile hand gets a *strength*: an integer where a larger number is a better hand and
equal numbers are copies (identical pair rank, or identical value and highest tile):

* permissible pairs, wongs and gongs (R-RANK-03 ranks 1..20): ``1000 + (21 - rank)``,
  i.e. 1020 for the supreme pair down to 1001 for the lowest gong;
* every other hand: ``20 * value + (18 - top)``, where ``value`` is the best pip total mod 10
  (gee joon counted 3 or 6, R-RANK-06) and ``top`` the single-tile rank (1..17) of its highest
  tile after the 15th/17th swap of R-RANK-07. A hand of value 0 has strength below 20.

Strength depends only on the two tiles' *kinds*, so the whole ranking is a 16 x 16 table.
The zero rules that differ by jurisdiction (R-RANK-11) are applied at comparison time by
:func:`player_wins_hand`, not baked into the strength.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from paigow.games.tiles.tiles import N_KINDS, Tile

__all__ = [
    "PAIR_BASE",
    "PAIR_NAMES",
    "Hand",
    "hand_strength",
    "n_rank_positions",
    "pair_rank",
    "player_wins_hand",
    "rank_position",
    "strength_of_kinds",
]

#: Strengths at or above this value are permissible pairs, wongs or gongs.
PAIR_BASE: Final = 1000
#: Strengths below this value are hands worth 0 (non-pairs).
ZERO_LIMIT: Final = 20

# Kind indices (see paigow.games.tiles.tiles): 0 Teen 6-6, 1 Day 1-1, 2 Yun 4-4, 3 Gor 1-3,
# 4 Mooy 5-5, 5 Chong 3-3, 6 Bon 2-2, 7 Foo 5-6, 8 Ping 4-6, 9 Tit 1-6, 10 Look 1-5, 11 nines,
# 12 mixed eights, 13 mixed sevens, 14 fives, 15 gee joon.
_TEEN, _DAY, _YUN = 0, 1, 2
_NINE, _EIGHT, _SEVEN, _FIVE, _GEE = 11, 12, 13, 14, 15

#: Pip total of each kind (gee joon: 3, the other count 6 is tried by the ranking).
KIND_PIPS: Final[tuple[int, ...]] = (12, 2, 8, 4, 10, 6, 4, 11, 10, 7, 6, 9, 8, 7, 5, 3)
#: Natural single-tile rank of each kind (gee joon listed as the 1-2's 17th; see R-RANK-07).
KIND_RANK: Final[tuple[int, ...]] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 16, 17)

#: R-RANK-03 names of the 20 pair ranks, index = rank.
PAIR_NAMES: Final[tuple[str, ...]] = (
    "",
    "Supreme pair (Gee Joon)",
    "Pair of Teen (6-6)",
    "Pair of Day (1-1)",
    "Pair of Yun (4-4)",
    "Pair of Gor (1-3)",
    "Pair of Mooy (5-5)",
    "Pair of Chong (3-3)",
    "Pair of Bon (2-2)",
    "Pair of Foo (5-6)",
    "Pair of Ping (4-6)",
    "Pair of Tit (1-6)",
    "Pair of Look (1-5)",
    "Mixed nines (Chop Gow)",
    "Mixed eights (Chop Bot)",
    "Mixed sevens (Chop Chit)",
    "Mixed fives (Chop Ng)",
    "High wong (Teen + nine)",
    "Low wong (Day + nine)",
    "High gong (Teen + eight)",
    "Low gong (Day + eight)",
)


def pair_rank(k1: int, k2: int) -> int | None:
    """R-RANK-03 rank (1..20) of the kinds ``k1``, ``k2`` as a pair, wong or gong, else None."""
    if k1 == k2:
        if k1 == _GEE:
            return 1
        return k1 + 2 if k1 <= 10 else 13 + (k1 - _NINE)
    a, b = sorted((k1, k2))
    if a in (_TEEN, _DAY):
        if b == _NINE:
            return 17 + a
        if b in (_EIGHT, _YUN):
            return 19 + a
    return None


def _points(k1: int, k2: int) -> tuple[int, int, int]:
    """Best (value, top single rank, gee joon count or 0) of two kinds forming no pair."""
    best: tuple[int, int, int] | None = None
    for c1 in (3, 6) if k1 == _GEE else (KIND_PIPS[k1],):
        for c2 in (3, 6) if k2 == _GEE else (KIND_PIPS[k2],):
            value = (c1 + c2) % 10
            r1 = (15 if c1 == 6 else 17) if k1 == _GEE else KIND_RANK[k1]
            r2 = (15 if c2 == 6 else 17) if k2 == _GEE else KIND_RANK[k2]
            gee = c1 if k1 == _GEE else (c2 if k2 == _GEE else 0)
            cand = (value, min(r1, r2), gee)
            if best is None or cand[0] > best[0]:
                best = cand
    assert best is not None
    return best


def strength_of_kinds(k1: int, k2: int) -> int:
    """Strength of the hand made of tiles of kinds ``k1`` and ``k2`` (see module docstring)."""
    pr = pair_rank(k1, k2)
    if pr is not None:
        return PAIR_BASE + (21 - pr)
    value, top, _ = _points(k1, k2)
    return ZERO_LIMIT * value + (18 - top)


#: STRENGTH[k1][k2]: strength of every kind pair (symmetric 16 x 16 table).
STRENGTH: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(strength_of_kinds(a, b) for b in range(N_KINDS)) for a in range(N_KINDS)
)

#: POINTS[k1][k2]: (value, top single rank, gee joon count or 0) of every kind pair.
POINTS: Final[tuple[tuple[tuple[int, int, int], ...], ...]] = tuple(
    tuple(_points(a, b) for b in range(N_KINDS)) for a in range(N_KINDS)
)
#: PAIR_RANK[k1][k2]: R-RANK-03 rank of every kind pair, or None.
PAIR_RANK: Final[tuple[tuple[int | None, ...], ...]] = tuple(
    tuple(pair_rank(a, b) for b in range(N_KINDS)) for a in range(N_KINDS)
)

_DISTINCT: Final[tuple[int, ...]] = tuple(
    sorted({STRENGTH[a][b] for a in range(N_KINDS) for b in range(a, N_KINDS)}, reverse=True)
)
_POSITION: Final[dict[int, int]] = {s: i + 1 for i, s in enumerate(_DISTINCT)}


def hand_strength(a: Tile, b: Tile) -> int:
    """Strength of the two-tile hand ``a`` + ``b`` (larger is better; equal is a copy)."""
    return STRENGTH[a.kind][b.kind]


def rank_position(strength: int) -> int:
    """Dense position of a strength among all distinct hand ranks, 1 = supreme pair."""
    return _POSITION[strength]


def n_rank_positions() -> int:
    """Number of distinct two-tile hand ranks (copies counted once)."""
    return len(_DISTINCT)


def player_wins_hand(
    player: int, banker: int, *, low: bool, zero_zero_banker: bool, low_zero_loses: bool = True
) -> bool:
    """Does the player's hand strictly beat the dealer's/bank's hand (R-RANK-13)?

    Args:
        player, banker: strengths of the two hands.
        low: True when comparing the low hands.
        zero_zero_banker: MD/LC rule: 0 vs 0 goes to the banker regardless of tiles
            (R-RANK-11, matrix M-10).
        low_zero_loses: a player's low hand of value 0 never wins (R-SETTLE-02/03, AMB-22).

    Equal strengths are copies and go to the banker (R-RANK-04, R-RANK-10).
    """
    if player < ZERO_LIMIT:
        if low and low_zero_loses:
            return False
        if zero_zero_banker and banker < ZERO_LIMIT:
            return False
    return player > banker


@dataclass(frozen=True, slots=True)
class Hand:
    """A two-tile hand. Tiles are stored with the higher-ranking tile first.

    Use :meth:`of` or :meth:`parse` to build one. Fields are derived from the tiles.
    """

    first: Tile
    second: Tile

    @staticmethod
    def of(a: Tile, b: Tile) -> Hand:
        """The hand of tiles ``a`` and ``b`` in either order."""
        if (b.natural_rank, b.lo, b.hi) < (a.natural_rank, a.lo, a.hi):
            a, b = b, a
        return Hand(a, b)

    @staticmethod
    def parse(text: str) -> Hand:
        """Parse a hand of exactly two tiles, e.g. ``"6-6 4-5"``."""
        from paigow.errors import ParseError
        from paigow.games.tiles.tiles import parse_tiles

        tiles = parse_tiles(text)
        if len(tiles) != 2:
            raise ParseError(f"a hand is two tiles, got {len(tiles)} in {text!r}")
        return Hand.of(*tiles)

    @property
    def tiles(self) -> tuple[Tile, Tile]:
        """The two tiles, higher-ranking first."""
        return (self.first, self.second)

    @property
    def strength(self) -> int:
        """Ranking key: larger is better, equal is a copy."""
        return STRENGTH[self.first.kind][self.second.kind]

    @property
    def pair_rank(self) -> int | None:
        """R-RANK-03 rank 1..20 if a permissible pair, wong or gong, else None."""
        return PAIR_RANK[self.first.kind][self.second.kind]

    @property
    def is_pair(self) -> bool:
        """True for permissible pairs, wongs and gongs (R-RANK-02)."""
        return self.strength >= PAIR_BASE

    @property
    def category(self) -> str:
        """One of ``supreme``, ``pair``, ``mixed-pair``, ``wong``, ``gong``, ``points``."""
        pr = self.pair_rank
        if pr is None:
            return "points"
        if pr == 1:
            return "supreme"
        if pr <= 12:
            return "pair"
        if pr <= 16:
            return "mixed-pair"
        return "wong" if pr <= 18 else "gong"

    @property
    def value(self) -> int:
        """Point value 0..9 (pips mod 10, gee joon counted for the best value)."""
        return POINTS[self.first.kind][self.second.kind][0]

    @property
    def gee_joon_count(self) -> int | None:
        """3 or 6: how a lone gee joon tile is counted in this hand; None if not applicable."""
        if self.is_pair:
            return None
        return POINTS[self.first.kind][self.second.kind][2] or None

    @property
    def top(self) -> Tile:
        """The highest-ranking tile, after the gee joon 15th/17th swap (R-RANK-07/08)."""
        a, b = self.first, self.second
        ra, rb = self._rank_in_hand(a), self._rank_in_hand(b)
        return a if ra <= rb else b

    @property
    def top_rank(self) -> int:
        """Single-tile rank (1..17) of :attr:`top` as counted in this hand."""
        return self._rank_in_hand(self.top)

    def _rank_in_hand(self, t: Tile) -> int:
        if t.is_gee_joon and not self.is_pair:
            return 15 if self.gee_joon_count == 6 else 17
        return t.natural_rank

    @property
    def rank(self) -> int:
        """Dense rank position among all distinct two-tile hand ranks, 1 = supreme pair."""
        return _POSITION[self.strength]

    @property
    def name(self) -> str:
        """Human description, e.g. ``"High wong (Teen + nine)"`` or ``"9 (high tile 6-6)"``."""
        pr = self.pair_rank
        if pr is not None:
            return PAIR_NAMES[pr]
        return f"{self.value} (high tile {self.top})"

    def __str__(self) -> str:
        return f"{self.first} {self.second}"
