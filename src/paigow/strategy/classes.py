"""The game as the strategy generator sees it: classes of hands, their three splits, the exact
EV of each split against the opposing way, and the vocabulary's tests as arrays.

Everything comes from the exact engine's public API
(:func:`paigow.games.tiles.exact.api.split_counts`,
:func:`paigow.games.cards.exact.spg_split_counts`); the adapter is chosen by the profile's game
object.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Final

import numpy as np

from paigow.errors import ConfigError
from paigow.exact.arrays import I64, B
from paigow.exact.named import get_way
from paigow.games.rulebook import Pattern, Vocabulary
from paigow.games.tiles.exact.api import resolve, split_counts
from paigow.games.tiles.exact.space import SPLITS
from paigow.games.tiles.ranking import PAIR_BASE
from paigow.games.tiles.ways.rule_tiles import TILE_VOCABULARY
from paigow.profiles import Profile

__all__ = ["ROLES", "Problem", "tile_problem"]

ROLES: Final = ("player", "banker")


@dataclass(frozen=True, eq=False)
class Problem:
    """One side's choice of split for every class of hands against a fixed opposing way.

    Attributes:
        vocab: the game's vocabulary.
        role: ``player`` or ``banker``.
        against: the opposing way; fallback: the way that sets hands no rule covers.
        profile, commission: the rules and the commission.
        counts: ``(n, T)`` pieces of each type in each class.
        types: ``(n, 4)`` the type of each position of the class's representative hand.
        weight: physical hands of each class.
        high, low: ``(n, 3)`` strengths of the hands of each split (better hand high).
        hi_level, lo_level: ``(n, 3)`` their levels; hi_points, lo_points: their points.
        ev: ``(n, 3)`` exact EV numerators per class and split, weighted by the class's hands;
            the EV of a choice is ``sum(ev[c, choice[c]]) / denominator``.
        base: ``(n,)`` the fallback way's split of every class.
    """

    vocab: Vocabulary
    role: str
    against: str
    fallback: str
    profile: str
    commission: Fraction
    counts: I64
    types: I64
    weight: I64
    high: I64
    low: I64
    hi_level: I64
    lo_level: I64
    hi_points: I64
    lo_points: I64
    ev: I64
    denominator: int
    base: I64

    @property
    def size(self) -> int:
        """Number of classes."""
        return len(self.weight)

    def value(self, choice: I64) -> int:
        """The exact EV numerator of a split per class."""
        return int(self.ev[np.arange(self.size), choice].sum())

    def fraction(self, numerator: int) -> Fraction:
        """An EV numerator as the EV per unit bet."""
        return Fraction(numerator, self.denominator)

    def pattern_mask(self, p: Pattern) -> B:
        """The classes that fit ``p`` (the same test as :meth:`Pattern.matches`, on arrays)."""
        c = self.counts
        pairs = c >= 2
        ok = np.ones(self.size, dtype=np.bool_)
        if p.no_pair:
            ok &= ~pairs.any(axis=1)
        if p.two_pairs:
            ok &= (pairs.sum(axis=1) >= 2) | (c == 4).any(axis=1)
        if p.pair_of is not None:
            ok &= pairs[:, sorted(p.pair_of)].any(axis=1)
        if p.holding:
            ok &= (c[:, sorted(p.holding)] > 0).any(axis=1)
        if p.without:
            ok &= (c[:, sorted(p.without)] == 0).all(axis=1)
        return ok

    def keeps(self, kinds: frozenset[int]) -> B:
        """``(n, 3)``: the split holds two pieces of one type of ``kinds`` as one hand."""
        t = self.types
        out = np.zeros((self.size, 3), dtype=np.bool_)
        sel = np.array(sorted(kinds))
        for j, (a, b, c, d) in enumerate(SPLITS):
            for x, y in ((a, b), (c, d)):
                out[:, j] |= (t[:, x] == t[:, y]) & np.isin(t[:, x], sel)
        return out


def _tile_levels(s: I64) -> tuple[I64, I64]:
    """Levels and points of tile hand strengths (see :mod:`paigow.games.tiles.ways.rule_tiles`)."""
    pair = s >= PAIR_BASE
    top = 18 - s % 20
    level = np.where(pair, 20, 2 * (s // 20) + (top <= 6))
    rank = 21 - (s - PAIR_BASE)  # R-RANK-03 rank of a pair, wong or gong
    points = np.where(pair, np.where(rank >= 19, 10, np.where(rank >= 17, 11, 12)), s // 20)
    return level.astype(np.int64), points.astype(np.int64)


def tile_problem(
    profile: Profile, against: str, fallback: str, commission: Fraction, role: str
) -> Problem:
    """The tiles' problem over the 3,620 kinds of hands (see :class:`Problem`)."""
    against, fallback = get_way(against).name, get_way(fallback).name
    opp, wins, losses = split_counts(against, profile, commission, as_banker=role == "banker")
    space = opp.space
    if space.name != "kinds" or not get_way(fallback).kind_symmetric:
        raise ConfigError(
            "strategies are derived over the 3,620 kinds of hands; a way that sets the two "
            "tiles of one kind differently cannot be the opposing or the fallback way"
        )
    (base,) = resolve([(fallback, None)], profile, commission)
    if base.space is not space:
        raise ConfigError(f"the fallback way {fallback!r} is not over the kinds of hands")
    keep = 1 - commission
    weight = space.weight.astype(np.int64)
    ev = (wins * keep.numerator - losses * keep.denominator) * weight[:, None]
    high = space.split_high.astype(np.int64)
    low = space.split_low.astype(np.int64)
    hl, hp = _tile_levels(high)
    ll, lp = _tile_levels(low)
    types = np.array([[t.kind for t in ts] for ts in space.tiles], dtype=np.int64)
    deals = int(weight.sum()) * space.opposing_hands
    return Problem(
        TILE_VOCABULARY,
        role,
        against,
        fallback,
        profile.name,
        commission,
        space.counts.astype(np.int64),
        types,
        weight,
        high,
        low,
        hl,
        ll,
        hp,
        lp,
        ev.astype(np.int64),
        keep.denominator * deals,
        base.choice.astype(np.int64),
    )
