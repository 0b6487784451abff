"""Print the equilibrium figures of docs/math.md from `paigow equilibrium --json` outputs.

Run, for each game: ``paigow equilibrium --profile P --commission C --out DIR --json > F.json``
then ``.venv/bin/python benchmarks/equilibrium_figures.py F.json ...``. For every shipped house
way it adds what a best reply gains against it, as player and as banker, beside the
equilibrium EVs (exact edges over all 736,281,000 deals).
"""

from __future__ import annotations

import json
import sys
from fractions import Fraction

from paigow.games.tiles.exact.api import edge_of
from paigow.games.tiles.ways import way_names
from paigow.profiles import get_profile


def pct(x: Fraction) -> str:
    """A Fraction as a signed percentage."""
    return f"{100 * float(x):+.4f} %"


def main() -> None:
    """One table per game."""
    for path in sys.argv[1:]:
        with open(path, encoding="utf-8") as f:
            d = json.load(f)
        prof = get_profile(d["profile"])
        c = Fraction(d["commission"])
        pv, bv = Fraction(d["player_ev_exact"]), Fraction(d["banker_ev_exact"])
        state = "exact" if d["exact"] else "approximate"
        print(f"\n### {d['profile']}, commission {c} ({state})\n")
        print(f"player EV {pct(pv)} (`{pv}`), banker EV {pct(bv)} (`{bv}`); ", end="")
        print(f"gains player {d['player_gain_exact']}, banker {d['banker_gain_exact']}; ", end="")
        print(
            f"{len(d['player_mixed'])} + {len(d['banker_mixed'])} hands mixed; {d['seconds']} s\n"
        )
        print("| way | banker's best reply: its EV | gain | player's best reply: its EV | gain |")
        print("|---|---|---|---|---|")
        for way in way_names():
            vs_player = edge_of(way, "optimal-banker", prof, c).banker_ev
            vs_banker = edge_of("optimal", way, prof, c).player_ev
            print(
                f"| {way} | {pct(vs_player)} | {pct(vs_player - bv)} "
                f"| {pct(vs_banker)} | {pct(vs_banker - pv)} |"
            )


if __name__ == "__main__":
    main()
