"""Exact mixed strategies of the two-sided game and their exact evaluation.

A :class:`MixedStrategy` plays one split for most classes of hands and, for a few, several
splits with exact rational probabilities. :func:`evaluate` computes, in rational arithmetic,
both sides' EVs and what each side could gain by switching to its best reply: the utilities of
every class and split against the opponent's strategy are integer dominance counts for the
opponent's pure classes (:meth:`Game.player_counts`) plus, for its mixed classes, their
columns (:meth:`Game.player_column`) weighted by the exact probabilities.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np

from paigow.exact.arrays import F64, I8, B, Obj

from .game import Game

__all__ = ["Evaluation", "MixedStrategy", "evaluate", "exact_utilities"]


@dataclass(frozen=True, eq=False)
class MixedStrategy:
    """One side's strategy: a split per class, and exact probabilities where it mixes.

    Attributes:
        choice: the split (0..2) of every class; for a mixed class, ignored.
        mixed: for each mixed class, its splits played with positive probability and those
            probabilities (summing to 1).
    """

    choice: I8
    mixed: Mapping[int, Mapping[int, Fraction]] = field(default_factory=dict)

    def probabilities(self, cls: int) -> dict[int, Fraction]:
        """The splits of class ``cls`` played with positive probability."""
        if cls in self.mixed:
            return dict(self.mixed[cls])
        return {int(self.choice[cls]): Fraction(1)}

    def as_float(self) -> F64:
        """Probabilities of every class and split as floats, shape ``(n, 3)``."""
        n = len(self.choice)
        out = np.zeros((n, 3))
        out[np.arange(n), self.choice] = 1.0
        for c, probs in self.mixed.items():
            out[c] = 0.0
            for j, p in probs.items():
                out[c, j] = float(p)
        return out

    @property
    def pure(self) -> B:
        """Classes played with a single split."""
        out = np.ones(len(self.choice), dtype=np.bool_)
        out[list(self.mixed)] = False
        return out


def exact_utilities(game: Game, opponent: MixedStrategy, *, player: bool) -> tuple[Obj, int]:
    """Utility numerators of every class and split against ``opponent``, as exact integers
    ``U * D`` with their common denominator ``D`` (Python integers in an object array).

    ``player`` selects the player's utilities against a banker strategy, else the banker's
    against a player strategy. ``U`` is in payoff numerators (:attr:`Game.scale`) summed over
    the opposing hands of one hand of the class.
    """
    counts = game.player_counts if player else game.banker_counts
    column = game.player_column if player else game.banker_column
    base = counts(opponent.choice, opponent.pure)
    den = lcm(1, *(p.denominator for probs in opponent.mixed.values() for p in probs.values()))
    out: Obj = base.astype(object) * den
    for c, probs in opponent.mixed.items():
        for j, p in probs.items():
            out = out + column(c, j).astype(object) * int(p * den)
    return out, den


@dataclass(frozen=True)
class Evaluation:
    """Exact EVs and gains of a pair of strategies (per unit bet, over every deal)."""

    player_ev: Fraction
    banker_ev: Fraction
    player_gain: Fraction
    banker_gain: Fraction
    player_violations: tuple[int, ...]
    banker_violations: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        """Floats and exact fractions."""
        out: dict[str, Any] = {}
        for k in ("player_ev", "banker_ev", "player_gain", "banker_gain"):
            v: Fraction = getattr(self, k)
            out[k] = float(v)
            out[f"{k}_exact"] = str(v)
        return out


def _side(
    game: Game, own: MixedStrategy, opponent: MixedStrategy, *, player: bool
) -> tuple[Fraction, Fraction, tuple[int, ...]]:
    """(EV, best-reply gain, classes that do not best-respond) of one side."""
    util, den = exact_utilities(game, opponent, player=player)
    sp = game.space
    weight = [int(w) for w in sp.weight]
    value = Fraction(0)
    best = 0
    bad = []
    for c in range(sp.size):
        row = util[c]
        top = max(row[0], row[1], row[2])
        mine = own.probabilities(c)
        played = sum(p * row[j] for j, p in mine.items())
        if any(row[j] != top for j in mine):
            bad.append(c)
        value += weight[c] * Fraction(played)
        best += weight[c] * top
    scale = Fraction(1, den * int(sp.weight.sum()) * game.deals_per_class * game.scale)
    return value * scale, (best - value) * scale, tuple(bad)


def evaluate(game: Game, player: MixedStrategy, banker: MixedStrategy) -> Evaluation:
    """Both sides' exact EVs against each other and exact best-reply gains."""
    pv, pg, pbad = _side(game, player, banker, player=True)
    bv, bg, bbad = _side(game, banker, player, player=False)
    return Evaluation(pv, bv, pg, bg, pbad, bbad)
