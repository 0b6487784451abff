"""Print the exact house-edge figures of docs/math.md as Markdown tables.

Run: ``.venv/bin/python benchmarks/figures.py``. Every figure is exact (integer counts over
all 736,281,000 deals); EVs are printed to 4 decimals of a percent.
"""

from __future__ import annotations

from fractions import Fraction

from paigow.exact.results import commission_of
from paigow.games.tiles.exact.api import edge_of
from paigow.games.tiles.ways import way_names
from paigow.profiles import get_profile, profile_names


def pct(x: Fraction) -> str:
    """A Fraction as a signed percentage."""
    return f"{100 * float(x):+.4f} %"


def main() -> None:
    """Print the tables."""
    ways = way_names()
    print("### Player way against dealer way (generic profile, 5 % commission)\n")
    print("| player way | dealer way | win | push | lose | player EV | banker EV |")
    print("|---|---|---|---|---|---|---|")
    prof = get_profile("generic")
    c = commission_of(prof)
    for dealer in ways:
        for player in [*ways, "optimal"]:
            r = edge_of(player, dealer, prof, c)
            print(
                f"| {r.player_way} | {dealer} | {r.win:,} | {r.push:,} | {r.lose:,} "
                f"| {pct(r.player_ev)} | {pct(r.banker_ev)} |"
            )
        r = edge_of(dealer, "optimal-banker", prof, c)
        print(
            f"| {dealer} | {r.dealer_way} | {r.win:,} | {r.push:,} | {r.lose:,} "
            f"| {pct(r.player_ev)} | {pct(r.banker_ev)} |"
        )
    print("\n### Regulation against regulation, by profile\n")
    print("| profile | commission | win | push | lose | player EV | banker EV |")
    print("|---|---|---|---|---|---|---|")
    for name in profile_names():
        p = get_profile(name)
        if p.meta.game != "tiles":
            continue
        c = commission_of(p)
        r = edge_of("regulation", "regulation", p, c)
        print(
            f"| {name} | {c} | {r.win:,} | {r.push:,} | {r.lose:,} "
            f"| {pct(r.player_ev)} | {pct(r.banker_ev)} |"
        )


if __name__ == "__main__":
    main()
