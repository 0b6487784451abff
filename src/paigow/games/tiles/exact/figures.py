"""House edges of Pai Gow Tiles and its side bet published by The Wizard of Odds, each beside
the same figure computed by this engine (docs/math.md, "The Wizard-Way conditions" and "Side
bets").

The main-game figures are published for the Foxwoods house way, which paigow does not ship; the
nearest way shipped is Casino Canberra (docs/math.md), so ours are computed with it and agree
to within 0.05 % of a unit, not to the digit. The Pair Fortunes figures are for pay tables
paigow ships (its tables 1 and 2; the page's pay tables 1 and 3) and agree to the digit.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Final

from paigow.exact.results import PublishedFigure
from paigow.games.tiles.pair_fortunes import PF_TABLES, pair_fortunes_return
from paigow.profiles import Profile

from .api import edge_of

__all__ = ["published_figures"]

#: The commission of every published main-game figure.
FIVE: Final = Fraction(1, 20)
#: Where the main-game figures were published, and under which conditions.
_WOO_TILES: Final = (
    "The Wizard of Odds, Pai Gow Tiles strategy (the Wizard Way page): Foxwoods house way as "
    "the dealer's, 5 % commission"
)
_WOO_PF: Final = "The Wizard of Odds, Pair Fortunes Side Bet (last updated September 5, 2019)"
_WAY_NOTE: Final = (
    "published for the Foxwoods house way, which paigow does not ship; computed here for Casino "
    "Canberra, the nearest way shipped, under this profile's comparison rules"
)
#: A main-game figure agrees within this: the ways differ (docs/math.md).
_NEAR: Final = Decimal("0.0005")

#: (wager, player way, dealer way, the bettor, published house edge)
_MAIN: Final = (
    ("player, house way against the house way", "canberra", "canberra", "player", "0.0244"),
    ("player, best setting against the house way", "optimal", "canberra", "player", "0.0167"),
    ("banker, house way against the house way", "canberra", "canberra", "banker", "0.0053"),
    (
        "banker, best setting against the house way",
        "canberra",
        "optimal-banker",
        "banker",
        "-0.0020",
    ),
)
#: (the page's pay table, paigow's table, published return per unit)
_PF: Final = (("1", "1", "-0.052976"), ("3", "2", "-0.136123"))


def _pays(table: str) -> str:
    return "/".join(str(v) for v in PF_TABLES[table].values())


def published_figures(profile: Profile) -> list[PublishedFigure]:
    """Every published figure of Pai Gow Tiles beside ours, under ``profile``'s rules."""
    out: list[PublishedFigure] = []
    for what, player, dealer, bettor, edge in _MAIN:
        res = edge_of(player, dealer, profile, FIVE)
        ev = res.player_ev if bettor == "player" else res.banker_ev
        flag = f" --profile {profile.name} --commission 0.05"
        out.append(
            PublishedFigure(
                what=f"Pai Gow Tiles {what}, 5 % commission",
                source=_WOO_TILES,
                published=Decimal(edge),
                ours=-ev,
                how=f"paigow edge --player {player} --dealer {dealer}{flag}",
                tolerance=_NEAR,
                note=_WAY_NOTE,
            )
        )
    for page, ours, ret in _PF:
        published = -Decimal(ret)
        out.append(
            PublishedFigure(
                what=f"Pair Fortunes, pays {_pays(ours)} (paigow's table {ours})",
                source=f"{_WOO_PF}, pay table {page}",
                published=published,
                ours=-pair_fortunes_return(ours),
                how=f"paigow sidebet pair-fortunes --table {ours}",
                tolerance=Decimal("0.0000005"),
            )
        )
    return out
