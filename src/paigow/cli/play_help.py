"""What ``?`` prints at each question of the terminal table, and the house-way rule behind
the ``h`` suggestion (named as ``paigow set`` names it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from paigow.games.cards.supreme_bonus import BONUS_PAYTABLE
from paigow.games.tiles.delivery import STYLES
from paigow.games.tiles.dragons_eye import DICE_BONUS_OTHER_PAYS, DICE_BONUS_SHAKER_PAYS
from paigow.games.tiles.pair_fortunes import PF_TABLES
from paigow.profiles import Profile

from .amounts import dollars

__all__ = [
    "bank_offer_help",
    "next_round_help",
    "rule_of",
    "setting_help",
    "side_bets_help",
    "stake_help",
    "style_help",
    "surrender_help",
    "wager_help",
]


def rule_of(way_name: str, pieces: Sequence[Any]) -> str:
    """The rule of ``way_name`` behind its setting of ``pieces``, in words (empty when the
    way has no named rules); the words the trainer and the web table use too."""
    if way_name == "regulation":
        from paigow.games.tiles.ways.regulation import rule_words

        return rule_words(list(pieces))
    if way_name == "spg-house":
        from paigow.games.cards.house_way import rule_words as card_rule_words

        return card_rule_words(list(pieces))
    if way_name.startswith("optimal"):
        return "the setting with the best exact EV against the dealer's way"
    return ""


def wager_help(prof: Profile, last: int | None) -> str:
    """The wager question."""
    t = prof.table
    rebet = f" Enter bets {dollars(last)} again, your last wager." if last else ""
    fee = ""
    if prof.commission.collection:
        fee = f" Each bet pays a collection of {dollars(prof.commission.collection_cents)}."
    elif prof.commission.rate not in ("0", "0.0"):
        fee = f" A winning wager pays commission ({prof.commission.rate} of the win)."
    return (
        f"Your wager on your seat, in dollars ({dollars(t.min_wager)} to {dollars(t.max_wager)}): "
        f"25, 25.50 or $1,000 are all fine; 0 sits this round out.{rebet}{fee}"
    )


def stake_help() -> str:
    """The Player-Dealer's stake."""
    return (
        "As Player-Dealer you stake an amount; the players' wagers are covered, in order from "
        "the action seat, up to your stake (R-LC-08/09). Dollars, e.g. 100."
    )


def bank_offer_help(co_bank: bool) -> str:
    """The offer of the bank."""
    co = (
        " co = co-bank with the house: the house covers half and takes half (R-BANK-09)."
        if (co_bank)
        else ""
    )
    return (
        "Banking: your hand plays against every player's, you pay the winners and take the "
        "losers' wagers (less commission on your net win); you must cover the wagers. "
        f"y = yes, n = no.{co}"
    )


def style_help(prof: Profile) -> str:
    """The delivery styles of the profile."""
    styles = ", ".join(f"{k} = {STYLES.get(k, k)}" for k in prof.dealing.styles)
    return f"How the stacks are delivered (R-STYLE): {styles}. Type the letter."


def side_bets_help(prof: Profile, pair_fortunes: str | None, dragons_eye: bool) -> str:
    """The side bets offered and their pays."""
    parts = []
    if prof.side_bets.supreme_bonus:
        pays = ", ".join(f"{c.value} {n} to 1" for c, n in BONUS_PAYTABLE.items())
        parts.append(
            f"Bonus wager (at least {dollars(prof.side_bets.supreme_bonus_min_cents)}, with a "
            f"Pai Gow wager), on your four cards: {pays}; anything else loses."
        )
    if pair_fortunes:
        pays = ", ".join(f"{c.value} {n} to 1" for c, n in PF_TABLES[pair_fortunes.upper()].items())
        parts.append(f"Pair Fortunes, table {pair_fortunes}, on your four tiles: {pays}.")
    if dragons_eye:
        other = "/".join(f"{n:,}" for n in DICE_BONUS_OTHER_PAYS)
        shaker = "/".join(f"{n:,}" for n in DICE_BONUS_SHAKER_PAYS)
        parts.append(
            "Dragon's Eye, on the dice before the deal; type kinds and dollars separated by "
            "commas, e.g. 'odd 5, match 5': odd / even 1 to 1 on the Dragon's Eye die (a "
            "triple loses); match 1 to 1 for each die showing your seat number; double 4 to 1 "
            "when the two other dice are equal; triple 30 to 1; bonus: a triple pays "
            f"{other} to 1 for the first, second, third in a row ({shaker} when you shake)."
        )
    return " ".join(parts) or "No side bets at this table."


def setting_help(noun: str, way: str) -> str:
    """How to set a hand."""
    return (
        f"Type the number of a setting of your {noun} (high hand / low hand). h shows the "
        f"{way} setting and the rule behind it; a shows the exact EV of each setting against "
        "the dealer's way, numbered like the menu. A setting whose high hand ranks below its "
        "low hand is marked with what it means at this table."
    )


def surrender_help() -> str:
    """Surrender (R-SURR-01, R-SPG-22)."""
    return (
        "Surrender: before the hands are exposed you may give up; the dealer takes your whole "
        "wager and your hand is not played (R-SURR-01). y = surrender, n = play the hand."
    )


def next_round_help() -> str:
    """Between rounds."""
    return "Enter deals the next round; q leaves the table with a summary of your session."
