"""The main wager's probability and accounting tables, as player and as banker, with the house
way against the house way and with the best setting against it, from the profile's game's exact
counts of every deal by the result of each hand (:mod:`paigow.exact.hand_results`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Final

from paigow.exact.hand_results import BEATEN, COPIED, WON, HandResults
from paigow.games import Game
from paigow.profiles import Profile
from paigow.table.money import vig
from paigow.table.wagers import collection_fee

from .model import HoldRow, Line, ParTable

__all__ = ["STRATEGIES", "main_tables", "par_lines", "stated_bets"]

#: The four tables: key, the bettor, the player's way and the dealer's (``house``: the
#: profile's house way), and the strategy in words.
STRATEGIES: Final = (
    ("player-house", "player", "house", "house", "the house way against the house way"),
    ("player-best", "player", "optimal", "house", "the best setting against the house way"),
    ("banker-house", "banker", "house", "house", "the house way against the house way"),
    (
        "banker-best",
        "banker",
        "house",
        "optimal-banker",
        "the best setting against players setting by the house way",
    ),
)

_ONE: Final = Fraction(1)
_ZERO: Final = Fraction(0)

#: Each line's cells (high, low) and words, from the player's side and from the bank's.
_PLAYER_LINES: Final = (
    ("win", "both hands won", ((WON, WON),)),
    ("push", "one hand won, the other beaten", ((WON, BEATEN), (BEATEN, WON))),
    (
        "push",
        "one hand won, the other copied (a copy goes to the bank)",
        ((WON, COPIED), (COPIED, WON)),
    ),
    ("lose", "both hands copied", ((COPIED, COPIED),)),
    ("lose", "one hand copied, the other beaten", ((COPIED, BEATEN), (BEATEN, COPIED))),
    ("lose", "both hands beaten", ((BEATEN, BEATEN),)),
)
_BANKER_LINES: Final = (
    ("win", "both of the player's hands beaten", ((BEATEN, BEATEN),)),
    (
        "win",
        "one of the player's hands copied, the other beaten",
        ((COPIED, BEATEN), (BEATEN, COPIED)),
    ),
    ("win", "both of the player's hands copied", ((COPIED, COPIED),)),
    ("push", "one hand each", ((WON, BEATEN), (BEATEN, WON))),
    ("push", "one hand each, the bank's by a copy", ((WON, COPIED), (COPIED, WON))),
    ("lose", "both of the player's hands won", ((WON, WON),)),
)
_PAYS: Final = {"win": _ONE, "push": _ZERO, "lose": -_ONE}


def par_lines(results: HandResults, bettor: str, commission: Fraction) -> tuple[Line, ...]:
    """The outcomes of the main wager for ``bettor`` (``player`` or ``banker``): each from
    the exact hand-by-hand counts, a win paid 1 to 1 less ``commission``."""
    n = results.deals
    out = []
    for outcome, words, cells in _PLAYER_LINES if bettor == "player" else _BANKER_LINES:
        count = sum(results.cell(h, lo) for h, lo in cells)
        pays = _PAYS[outcome]
        net = pays * (1 - commission) if pays > 0 else pays
        out.append(Line(outcome, words, count, Fraction(count, n), pays, net))
    return tuple(out)


def stated_bets(profile: Profile) -> tuple[int, ...]:
    """The bets the hold is stated at (cents): the table minimum, a dollar more (where a
    rounded commission bites), twice and five times the minimum, within the maximum."""
    t = profile.table
    bets = {t.min_wager, t.min_wager + 100, 2 * t.min_wager, 5 * t.min_wager}
    return tuple(sorted(b for b in bets if b <= t.max_wager))


def _hold(
    profile: Profile, results: HandResults, bettor: str, charged: bool
) -> tuple[HoldRow, ...]:
    """The house's hold at each stated bet: the commission rounded as the table rounds it
    (R-SETTLE-08), and for a player the collection taken in advance (R-LC-01)."""
    c = profile.commission
    rate = Fraction(profile.commission_rate) if charged else _ZERO
    won, lost = (results.win, results.lose) if bettor == "player" else (results.lose, results.win)
    rows = []
    for bet in stated_bets(profile):
        fee = vig(bet, rate, c.rounding)
        taken = 0
        if bettor == "player" and c.collection:
            taken = collection_fee(
                c.collection_schedule, c.collection_cents, bet, profile.table.max_wager
            )
        ev = Fraction(won * (bet - fee) - lost * bet, results.deals) - taken
        rows.append(HoldRow(bet, fee, taken, -ev / bet))
    return tuple(rows)


def _rules_words(profile: Profile, game: Game) -> str:
    r = profile.ranking
    zero = []
    if r.player_low_zero_loses:
        zero.append("a player's low hand worth 0 never wins")
    if r.zero_zero_banker:
        zero.append("0 against 0 goes to the bank")
    rules = "; ".join(zero) or "no zero rule"
    return f"{game.title}, copies to the bank; {rules}"


def main_tables(profile: Profile, game: Game) -> tuple[ParTable, ...]:
    """The main wager's four tables (:data:`STRATEGIES`) under ``profile``, with the
    commission on the bank's wins only where the profile charges it (R-BANK-13)."""
    house = profile.house_way.dealer
    rate = Fraction(profile.commission_rate)
    flag = f" --profile {profile.name}"
    out = []
    for key, bettor, player, dealer, words in STRATEGIES:
        pw = house if player == "house" else player
        dw = house if dealer == "house" else dealer
        results = game.hand_results(pw, dw, profile, rate)
        charged = bettor == "player" or profile.commission.on_bank_surplus
        c = rate if charged else _ZERO
        who = "the player" if bettor == "player" else "a player who banks"
        how = f"paigow edge --player {pw} --dealer {dw}{flag}"
        notes = []
        if profile.commission.collection:
            notes.append(
                "No commission: the house takes a collection in advance on every bet "
                "(R-LC-01), in the hold below and outside the per-unit figures."
            )
        if bettor == "banker":
            notes.append(
                "Per unit of one player's wager against the bank; the bank's commission is on "
                "its surplus over the round (R-BANK-13), here on its win from that wager."
            )
        out.append(
            ParTable(
                key=key,
                title=f"Pai Gow wager, {who}: {words}",
                conditions=(
                    f"the player sets by {results.player_way}, the bank by {results.dealer_way}; "
                    f"{_rules_words(profile, game)}; commission {c} on wins"
                ),
                lines=par_lines(results, bettor, c),
                total=results.deals,
                unit="deals",
                commission=c,
                how=how,
                hold=_hold(profile, results, bettor, charged),
                notes=tuple(notes),
            )
        )
    return tuple(out)
