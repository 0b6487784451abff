"""What the terminal table shows: settings, exposure and payouts, the history, and the
session summary (hands, results, commission paid, EV given up against the best settings)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.table import Table
from rich.text import Text

from paigow.table.record import round_record
from paigow.table.round import Round
from paigow.table.settle import exposure_order
from paigow.table.statement import statement

from .amounts import dollars, signed_dollars
from .statement_view import statement_tables
from .terminal import Terminal

__all__ = ["YOU", "SessionStats", "plural", "setting_line", "show_history", "show_results"]

#: The human player's name at the table.
YOU = "You"


def plural(n: int, word: str) -> str:
    """``1 round``, ``2 rounds``."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def setting_line(s: Any) -> str:
    """``6-6 4-5 (High wong)  /  1-2 3-3 (9)``."""
    return f"{s.high} ({s.high.name})  /  {s.low} ({s.low.name})"


@dataclass
class SessionStats:
    """The player's session: hands played and their results, commission paid, and the EV given
    up against the best setting of each hand the player set."""

    hands: int = 0
    results: dict[str, int] = field(default_factory=dict)
    commission: int = 0
    ev_given_up: float = 0.0
    hands_scored: int = 0
    rebuys: int = 0

    def record(self, rnd: Round, st: Mapping[str, Any]) -> None:
        """Count the player's wagers of a settled round and the commission and collection
        they paid (as the round's settlement statement ``st`` says)."""
        for w in rnd.wagers:
            if w.player == YOU and w.kind == "main" and w.ref in rnd.results:
                self.hands += 1
                res = str(rnd.results[w.ref].get("result", "void"))
                self.results[res] = self.results.get(res, 0) + 1
        for p in st["players"]:
            if p["player"] == YOU:
                self.commission += p["commission"] + p["collection"]

    def show(self, term: Terminal, rounds: int, stack: int, bought: int) -> None:
        """The summary printed when the player leaves."""
        term.say(
            f"Session: {plural(rounds, 'round')}, {plural(self.hands, 'hand')} played.", "bold"
        )
        if self.results:
            order = ("win", "push", "lose", "surrender")
            words = {"win": "won", "push": "pushed", "lose": "lost", "surrender": "surrendered"}
            parts = [f"{self.results[k]} {words[k]}" for k in order if self.results.get(k)]
            parts += [f"{n} {k}" for k, n in self.results.items() if k not in order]
            term.say("Results: " + ", ".join(parts) + ".")
        term.say(f"Commission and collections paid: {dollars(self.commission)}.")
        if self.hands_scored:
            term.say(
                "EV given up against the best settings, over the "
                f"{plural(self.hands_scored, 'hand')} you set: {dollars(round(self.ev_given_up))}."
            )
        rebuy = f" (bought in {self.rebuys + 1} times)" if self.rebuys else ""
        term.say(
            f"You leave with {dollars(stack)} ({signed_dollars(stack - bought).strip()} "
            f"on {dollars(bought)} bought in{rebuy})."
        )


def show_results(term: Terminal, rnd: Round) -> dict[str, Any]:
    """The round's settlement statement (every wager in the order of exposure, with its hand,
    result, payout, commission and net; the bank's lines; every player's chips); the
    statement."""
    st = statement(round_record(rnd))
    hands = {}
    for spot in [*exposure_order(rnd), rnd.bank_spot, "dealer"]:
        s = rnd.bank_setting if spot == rnd.bank_spot else rnd.settings.get(spot)
        if spot == "dealer" and spot != rnd.bank_spot:
            s = rnd.dealer_setting
        if s is not None:
            hands[spot] = str(s)
    for t in statement_tables(st, hands, YOU):
        term.out.print(t)
    return st


def show_history(term: Terminal, statements: Sequence[Mapping[str, Any]]) -> None:
    """The last five rounds: who banked and the player's result (their statements)."""
    t = Table(title="Last rounds", title_justify="left")
    t.add_column("round")
    t.add_column("bank")
    t.add_column("your result")
    for st in statements[-5:]:
        mine = next((p["net"] for p in st["players"] if p["player"] == YOU), 0)
        bank = (st["banker"]["player"] or "house") + (" (void)" if st["void"] else "")
        t.add_row(Text(st["record_id"].rpartition("#")[2]), Text(bank), Text(signed_dollars(mine)))
    term.out.print(t)
