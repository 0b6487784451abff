"""Where two ways differ: every hand set differently, with the exact EV of both settings."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np

from paigow.games.tiles.tiles import format_tiles
from paigow.profiles import Profile

from .api import resolve
from .edge import side_counts

__all__ = ["WayComparison", "compare_ways"]


@dataclass(frozen=True)
class WayComparison:
    """Hands (classes) that ``way_a`` and ``way_b`` set differently, scored against ``against``
    from the player's side.

    Each row: the tiles, both settings (``HIGH | LOW``), the number of the 35,960 four-tile
    combinations of the hand, and the exact EV per unit of each setting. ``total_a`` and
    ``total_b`` are the frequency-weighted EVs over those hands, per unit of all hands dealt:
    their difference is the difference of the two ways' edges against ``against``.
    """

    way_a: str
    way_b: str
    against: str
    profile: str
    commission: Fraction
    rows: tuple[tuple[str, str, str, int, Fraction, Fraction], ...]
    total_a: Fraction
    total_b: Fraction

    def to_json(self) -> dict[str, Any]:
        """JSON form: rows with floats and exact fractions, and the totals."""
        return {
            "way_a": self.way_a,
            "way_b": self.way_b,
            "against": self.against,
            "profile": self.profile,
            "commission": str(self.commission),
            "hands": len(self.rows),
            "combinations": sum(r[3] for r in self.rows),
            "rows": [
                {
                    "tiles": t,
                    "setting_a": sa,
                    "setting_b": sb,
                    "combinations": w,
                    "ev_a": float(ea),
                    "ev_b": float(eb),
                    "ev_a_exact": str(ea),
                    "ev_b_exact": str(eb),
                }
                for t, sa, sb, w, ea, eb in self.rows
            ],
            "total_a": float(self.total_a),
            "total_b": float(self.total_b),
            "total_a_exact": str(self.total_a),
            "total_b_exact": str(self.total_b),
            "difference": float(self.total_a - self.total_b),
            "difference_exact": str(self.total_a - self.total_b),
        }


def compare_ways(
    way_a: str, way_b: str, against: str, profile: Profile, commission: Fraction
) -> WayComparison:
    """The hands two ways set differently, each setting's EV against the dealer way
    ``against`` (``optimal`` may be one of the two: against ``against``)."""
    a, b, d = resolve([(way_a, against), (way_b, against), (against, None)], profile, commission)
    sp = d.space
    wins, losses = side_counts(d, sp.split_high, sp.split_low, profile.compare_rules)
    keep = 1 - commission
    rows = []
    differ = np.flatnonzero((a.high != b.high) | (a.low != b.low))
    total = int(sp.weight.sum())
    n = sp.opposing_hands
    ta = tb = Fraction(0)
    for c in differ.tolist():
        ev = [(wins[c, j] * keep - losses[c, j]) / Fraction(n) for j in range(3)]
        ja, jb = int(a.choice[c]), int(b.choice[c])
        w = int(sp.weight[c])
        rows.append(
            (
                format_tiles(sp.tiles[c]),
                sp.setting(c, ja).csv(),
                sp.setting(c, jb).csv(),
                w,
                ev[ja],
                ev[jb],
            )
        )
        ta += w * ev[ja] / total
        tb += w * ev[jb] / total
    return WayComparison(a.name, b.name, d.name, profile.name, commission, tuple(rows), ta, tb)
