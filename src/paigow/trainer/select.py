"""The weakness-driven drill: bring back the kinds of hands the player gets wrong.

Each pick is one of:

* a **review** — a hand the player got wrong at least :data:`GAP` answers ago, dealt again
  (the same class of hand, the copies drawn afresh); one pick in :data:`REVIEW_ODDS` when one
  is due;
* a **category** drill — drawn with weight ``miss x severity``: ``miss`` is the chance of a
  wrong answer estimated from the category's last answers with one imagined right and one
  imagined wrong answer (so a category never seen weighs 1/2 and is tried early, and one
  always answered right fades), ``severity`` grows with the EV lost per wrong answer
  (1 to 3; a 2 % mistake doubles the weight);
* **all** hands, with a fixed weight :data:`ALL_WEIGHT`, so the player keeps meeting ordinary
  hands.

Pure: the statistics and the random source are arguments.
"""

from __future__ import annotations

import bisect
import itertools
import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from paigow.games.dice import Rng

from .categories import CATEGORIES, ClassTable
from .stats import PlayerStats, Tally

__all__ = ["Pick", "choose_drill", "drill_weights"]

#: Answers between a miss and its review.
GAP: Final = 3
#: One pick in this many is a due review.
REVIEW_ODDS: Final = 3
#: Weight of the ``all`` drill, on the scale of the category weights (0..3).
ALL_WEIGHT: Final = Fraction(1, 2)
#: EV lost per wrong answer that doubles a category's weight.
SEVERE: Final = Fraction(2, 100)


@dataclass(frozen=True)
class Pick:
    """The weakness-driven drill's choice: a drill name, or a hand class to review."""

    drill: str
    review: str | None = None


def weakness(t: Tally) -> Fraction:
    """``miss x severity`` of one category's tally (see the module)."""
    n = len(t.recent)
    misses = n - sum(t.recent)
    miss = Fraction(misses + 1, n + 2)
    wrong = t.hands - t.best
    per_miss = t.ev_lost / wrong if wrong else Fraction(0)
    return miss * (1 + min(Fraction(2), per_miss / SEVERE))


def drill_weights(stats: PlayerStats, table: ClassTable) -> dict[str, Fraction]:
    """The weight of every drill the table can deal (categories with no hand are left out)."""
    out = {"all": ALL_WEIGHT}
    for c in CATEGORIES:
        if table.hands(c):
            out[c] = weakness(stats.tally(c))
    return out


def choose_drill(stats: PlayerStats, rng: Rng, table: ClassTable) -> Pick:
    """Pick the next drill from the player's statistics."""
    due = [r for r in stats.review if stats.total.hands - r.hand >= GAP]
    if due and rng.randint(1, REVIEW_ODDS) == 1:
        return Pick("review", due[0].family)
    weights = drill_weights(stats, table)
    names = list(weights)
    # Integer weights over a common denominator, so that the draw is exact.
    den = math.lcm(*(w.denominator for w in weights.values()))
    ints = [int(weights[n] * den) for n in names]
    cum = list(itertools.accumulate(ints))
    r = rng.randint(0, cum[-1] - 1)
    return Pick(names[bisect.bisect_right(cum, r)])
