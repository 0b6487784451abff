"""The side bets' probability and accounting tables: every pay line of every side bet the
profile offers (``[side_bets]``), with its exact probability, its pay and its contribution,
from the exact counts each bet's module keeps (R-PF, R-DE, R-SPG-16/17).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import partial
from math import comb
from typing import Final

from paigow.games.cards.supreme_bonus import BONUS_PAYTABLE, BonusClass, bonus_counts
from paigow.games.tiles.dragons_eye import (
    ALL_DICE,
    DEWager,
    dice_bonus_chain,
    dice_bonus_pay,
    settle,
    stationary_distribution,
)
from paigow.games.tiles.pair_fortunes import PFClass, pair_fortunes_counts, pf_paytable
from paigow.profiles import Profile

from .model import Line, ParTable

__all__ = ["dice_bonus_table", "dragons_eye_tables", "pair_fortunes_table", "side_tables"]


def _line(detail: str, count: int, total: int, pays: int) -> Line:
    outcome = "win" if pays > 0 else "lose" if pays < 0 else "push"
    p = Fraction(count, total)
    return Line(outcome, detail, count, p, Fraction(pays), Fraction(pays))


def pair_fortunes_table(table: str) -> ParTable:
    """Pair Fortunes with pay table ``table`` over the C(32,4) = 35,960 four-tile hands
    (R-PF-04/05: a hand paid once, at its highest class)."""
    pays = pf_paytable(table)
    counts = pair_fortunes_counts()
    total = comb(32, 4)
    lines = tuple(
        _line(c.value, counts[c], total, -1 if c is PFClass.NONE else pays[c]) for c in PFClass
    )
    return ParTable(
        key=f"pair-fortunes-{table}",
        title=f"Pair Fortunes, pay table {table}",
        conditions="the player's four dealt tiles in any arrangement (R-PF-03/04)",
        lines=lines,
        total=total,
        unit="four-tile hands",
        commission=None,
        how=f"paigow sidebet pair-fortunes --table {table}",
    )


#: The Dragon's Eye single-roll wagers: what each pay means (R-DE-05..09, AMB-13).
_DE_WORDS: Final[dict[DEWager, dict[int, str]]] = {
    DEWager.ODD: {1: "the Dragon's Eye die shows 1, 3 or 5, not a triple", -1: "otherwise"},
    DEWager.EVEN: {1: "the Dragon's Eye die shows 2, 4 or 6, not a triple", -1: "otherwise"},
    DEWager.DOUBLE: {4: "the two other dice alike (a triple too, AMB-13b)", -1: "otherwise"},
    DEWager.TRIPLE: {30: "all three dice alike", -1: "otherwise"},
    DEWager.MATCH: {
        3: "all three dice show the position's number",
        2: "two dice show it",
        1: "one die shows it",
        -1: "no die shows it",
    },
}


def _dice_table(wager: DEWager, settle_one: Callable[[tuple[int, int, int]], int]) -> ParTable:
    by_pay: dict[int, int] = {}
    for dice in ALL_DICE:
        pay = settle_one(dice)
        by_pay[pay] = by_pay.get(pay, 0) + 1
    words = _DE_WORDS[wager]
    lines = tuple(
        _line(words[pay], by_pay[pay], len(ALL_DICE), pay) for pay in sorted(by_pay, reverse=True)
    )
    at = " at positions 1-6 (position 7 never matches, AMB-13a)" if wager is DEWager.MATCH else ""
    return ParTable(
        key=f"dragons-eye-{wager.value}",
        title=f"Dragon's Eye {wager.value}{at}",
        conditions="one roll of three dice, the Dragon's Eye die first (R-DE-01..09)",
        lines=lines,
        total=len(ALL_DICE),
        unit="dice outcomes",
        commission=None,
        how="paigow sidebet dragons-eye",
    )


def dragons_eye_tables() -> tuple[ParTable, ...]:
    """The single-roll wagers over the 216 equally likely rolls; the match wager at a position
    that can match (1..6: the wager's pays do not depend on which)."""
    return tuple(
        _dice_table(w, partial(settle, w, position=1 if w is DEWager.MATCH else None))
        for w in DEWager
    )


def dice_bonus_table(shakes: bool) -> ParTable:
    """The dice bonus kept on the layout, per unit per round in the long run: the stationary
    law of the streak (and, for a seat that shakes whenever entitled, of who shakes) before a
    roll, a triple paid at the streak's tier, any other roll losing the unit (R-DE-10,
    AMB-12, AMB-14)."""
    chain = dice_bonus_chain(shakes)
    pi = stationary_distribution(chain.transition)
    triple = Fraction(1, 36)
    lines = []
    for (streak, shaker), w in zip(chain.states, pi, strict=True):
        if w == 0:
            continue
        pay = dice_bonus_pay(streak + 1, shaker=shaker)
        who = ", this seat shaking" if shaker else ""
        tier = ("first", "second", "third")[streak]
        p = w * triple
        lines.append(
            Line("win", f"a triple, the {tier} in a row{who}", 0, p, Fraction(pay), Fraction(pay))
        )
    lines.append(Line("lose", "no triple", 0, 1 - triple, Fraction(-1), Fraction(-1)))
    who = "a seat that shakes whenever entitled" if shakes else "a seat that never shakes"
    return ParTable(
        key="dice-bonus-shaker" if shakes else "dice-bonus",
        title=f"Dragon's Eye dice bonus, {who}",
        conditions="per unit per round, the wager kept on the layout (stationary law)",
        lines=tuple(lines),
        total=0,
        unit="rounds (stationary probabilities)",
        commission=None,
        how="paigow sidebet dragons-eye",
    )


def supreme_bonus_table() -> ParTable:
    """The Supreme Pai Gow bonus over the C(54,4) = 316,251 four-card hands at the minimum
    odds of R-SPG-17 (a hand paid once, at its highest class, AMB-58)."""
    counts = bonus_counts()
    total = comb(54, 4)
    lines = tuple(_line(c.value, counts[c], total, BONUS_PAYTABLE.get(c, -1)) for c in BonusClass)
    return ParTable(
        key="supreme-bonus",
        title="Supreme Pai Gow bonus wager",
        conditions="the player's four cards (R-SPG-16), the minimum odds of R-SPG-17",
        lines=lines,
        total=total,
        unit="four-card hands",
        commission=None,
        how="paigow sidebet supreme-bonus",
        notes=(
            "The payout limit shared by the winners of one round (R-SPG-18, at least $50,000) "
            "is outside the per-unit figures.",
        ),
    )


def side_tables(profile: Profile) -> tuple[ParTable, ...]:
    """Every side bet ``profile`` offers, each pay table it offers."""
    sb = profile.side_bets
    out: list[ParTable] = []
    if sb.pair_fortunes:
        out += [pair_fortunes_table(t) for t in sb.pair_fortunes_tables]
    if sb.dragons_eye:
        out += [*dragons_eye_tables(), dice_bonus_table(False), dice_bonus_table(True)]
    if sb.supreme_bonus:
        out.append(supreme_bonus_table())
    return tuple(out)
