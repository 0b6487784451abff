"""The law of one round's result, in cents, from the exact game.

A round's result is what the seat's money changes by: the main bet won (less the commission,
rounded as the profile's table rounds it, R-SETTLE-08), pushed or lost, a Lucky Chances
collection, and the side bets. Probabilities are exact fractions over every deal:

* a **player** round: the player's way against the dealer's way, 736,281,000 deals by class
  (:func:`paigow.games.tiles.exact.api.edge_of`, its per-class detail);
* a **banking** round: the seat banks against one player's bet of the same amount (the player
  setting by the players' way); the banker wins the player's lost bets less commission and
  pays the player's wins;
* **Pair Fortunes** is settled on the player's own four tiles, so it is joined with the main
  bet class by class (not assumed independent); **Dragon's Eye** is settled on the dice, which
  the tiles do not depend on, so it is convolved in.
"""

from __future__ import annotations

import itertools
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from paigow.errors import ConfigError
from paigow.exact.results import EdgeResult, commission_of
from paigow.games import game_for
from paigow.games.tiles.dragons_eye import DEWager, settle
from paigow.games.tiles.pair_fortunes import PFClass, classify_pf_kinds, pf_paytable
from paigow.profiles import Profile
from paigow.table.money import vig

__all__ = ["Law", "SideBet", "round_law"]

#: A law: result in cents -> exact probability (summing to 1).
Law = Mapping[int, Fraction]


@dataclass(frozen=True)
class SideBet:
    """A side bet made every round: ``kind`` ``pair-fortunes`` (``option`` the pay table 1-4)
    or ``dragons-eye`` (``option`` odd, even, double or triple), ``cents`` wagered."""

    kind: str
    option: str
    cents: int


def _collection(profile: Profile, bet: int) -> int:
    c = profile.commission
    if not c.collection:
        return 0
    for upto, fee in c.collection_schedule:
        if bet <= upto:
            return int(fee)
    return int(c.collection_cents)


def _win_amount(profile: Profile, bet: int, commission: Fraction) -> int:
    if profile.commission.collection:
        return bet
    return bet - vig(bet, commission, profile.commission.rounding)


def _class_kinds(res: EdgeResult) -> list[tuple[int, ...]]:
    from paigow.games.tiles.exact.space import kind_space

    sp = kind_space()
    if res.detail is None or len(res.detail.weight) != sp.size:
        raise ConfigError("Pair Fortunes in a session needs ways over the kinds of hands")
    return [tuple(t.kind for t in ts) for ts in sp.tiles]


def _main_law(
    res: EdgeResult,
    *,
    banker: bool,
    win: int,
    bet: int,
    fee: int,
    pair_fortunes: SideBet | None,
) -> dict[int, Fraction]:
    """The main bet's law, joined class by class with Pair Fortunes when it is made."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    if pair_fortunes is None:
        w, p, lo = (res.lose, res.push, res.win) if banker else (res.win, res.push, res.lose)
        n = res.deals
        for cents, count in ((win - fee, w), (-fee, p), (-bet - fee, lo)):
            out[cents] += Fraction(count, n)
        return out
    d = res.detail
    assert d is not None
    pays = pf_paytable(pair_fortunes.option)
    stake = pair_fortunes.cents
    for c, kinds in enumerate(_class_kinds(res)):
        cls = classify_pf_kinds(kinds)
        side = -stake if cls is PFClass.NONE else stake * pays[cls]
        wc, lc, tc = int(d.win[c]), int(d.lose[c]), int(d.total[c])
        w, lo = (lc, wc) if banker else (wc, lc)
        for cents, count in ((win - fee, w), (-fee, tc - wc - lc), (-bet - fee, lo)):
            if count:
                out[cents + side] += Fraction(int(d.weight[c]) * count, res.deals)
    return out


def _convolve(a: Law, b: Law) -> dict[int, Fraction]:
    out: dict[int, Fraction] = defaultdict(Fraction)
    for (x, p), (y, q) in itertools.product(a.items(), b.items()):
        out[x + y] += p * q
    return out


def _dragons_eye(bet: SideBet) -> dict[int, Fraction]:
    try:
        wager = DEWager(bet.option)
    except ValueError:
        raise ConfigError(
            f"a Dragon's Eye side bet is odd, even, double or triple, got {bet.option!r}"
        ) from None
    if wager is DEWager.MATCH:
        raise ConfigError("the match wager depends on the seat; use odd, even, double or triple")
    out: dict[int, Fraction] = defaultdict(Fraction)
    for a, b, c in itertools.product(range(1, 7), repeat=3):
        out[settle(wager, (a, b, c)) * bet.cents] += Fraction(1, 216)
    return out


def round_law(
    profile: Profile,
    *,
    bet: int,
    way: str,
    dealer: str,
    banker: bool = False,
    side_bets: tuple[SideBet, ...] = (),
    commission: Fraction | None = None,
) -> dict[int, Fraction]:
    """The exact law of one round's result in cents (see the module).

    As player: ``way`` against the dealer's ``dealer``. As banker (``banker``): the seat sets
    by ``dealer`` against one player setting by ``way``.

    Raises:
        ConfigError: an unknown way or side bet, a side bet the profile does not offer.
    """
    c = commission_of(profile) if commission is None else commission
    res = game_for(profile).edge(way, dealer, profile, c)
    pf = [b for b in side_bets if b.kind == "pair-fortunes"]
    de = [b for b in side_bets if b.kind == "dragons-eye"]
    other = [b for b in side_bets if b.kind not in ("pair-fortunes", "dragons-eye")]
    if other or len(pf) > 1:
        raise ConfigError("side bets: at most one pair-fortunes, and dragons-eye bets")
    law: Law = _main_law(
        res,
        banker=banker,
        win=_win_amount(profile, bet, c),
        bet=bet,
        fee=_collection(profile, bet),
        pair_fortunes=pf[0] if pf else None,
    )
    for b in de:
        law = _convolve(law, _dragons_eye(b))
    return {k: v for k, v in sorted(law.items()) if v}
