"""Supreme Pai Gow for the strategy generator: the 2,366 rank classes of four-card hands."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from paigow.exact.arrays import I64
from paigow.exact.named import get_card_way
from paigow.games.cards.exact import rank_space, spg_split_counts, spg_way_arrays
from paigow.games.cards.hands import FACE_BASE, PAIR_BASE, ZERO_LIMIT
from paigow.games.cards.rule_cards import CARD_VOCABULARY
from paigow.profiles import Profile

from .classes import Problem

__all__ = ["card_levels", "card_problem"]


def card_levels(s: I64) -> tuple[I64, I64]:
    """Levels and points of card hand strengths (see :mod:`paigow.games.cards.rule_cards`)."""
    pair, face = s >= PAIR_BASE, (s > FACE_BASE) & (s < PAIR_BASE)
    value = s // ZERO_LIMIT
    level = np.where(pair, 11, np.where(face, 10, value))
    points = np.where(pair, 12, np.where(face, 10, value))
    return level.astype(np.int64), points.astype(np.int64)


def card_problem(
    profile: Profile, against: str, fallback: str, commission: Fraction, role: str
) -> Problem:
    """The cards' problem over the rank classes (see :class:`Problem`)."""
    literal = profile.ranking.zero_rule == "literal"
    against, fallback = get_card_way(against).name, get_card_way(fallback).name
    _, wins, losses = spg_split_counts(against, literal_zero=literal, as_banker=role == "banker")
    space = rank_space()
    base = spg_way_arrays(fallback)
    keep = 1 - commission
    weight = space.weight.astype(np.int64)
    ev = (wins * keep.numerator - losses * keep.denominator) * weight[:, None]
    high = space.split_high.astype(np.int64)
    low = space.split_low.astype(np.int64)
    hl, hp = card_levels(high)
    ll, lp = card_levels(low)
    deals = int(weight.sum()) * comb(50, 4)  # 316,251 x 230,300
    return Problem(
        CARD_VOCABULARY,
        role,
        against,
        fallback,
        profile.name,
        commission,
        space.counts.astype(np.int64),
        np.array(space.keys, dtype=np.int64),
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
