"""What the terminal table shows: settings, exposure and payouts, the history, and the
session summary (hands, results, commission paid, EV given up against the best settings)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rich.table import Table
from rich.text import Text

from paigow.table.round import Round
from paigow.table.settle import exposure_order

from .amounts import dollars, signed_dollars
from .terminal import Terminal

__all__ = ["YOU", "SessionStats", "plural", "setting_line", "show_history", "show_results"]

#: The human player's name at the table.
YOU = "You"

_SIDE_NAMES = {"pair-fortunes": "Pair Fortunes", "supreme-bonus": "bonus"}
_COLOUR = {"win": "green", "lose": "red", "push": "yellow", "surrender": "red"}


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

    def record(self, rnd: Round) -> None:
        """Count the player's wagers of a settled round and the commission they paid."""
        for w in rnd.wagers:
            if w.player == YOU and w.kind == "main" and w.ref in rnd.results:
                self.hands += 1
                res = str(rnd.results[w.ref].get("result", "void"))
                self.results[res] = self.results.get(res, 0) + 1
        share = {"player": 1.0, "co-bank": 0.5}.get(rnd.banker.kind, 0.0)
        for tr in rnd.ledger.transfers:
            if tr.reason in ("vig", "collection") and tr.src == f"player:{YOU}":
                self.commission += tr.cents
            elif tr.reason == "surplus-vig" and rnd.banker.player == YOU:
                self.commission += round(tr.cents * share)

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


def show_results(term: Terminal, rnd: Round) -> None:
    """Every hand exposed in order, the payouts, the commission and the round's net."""
    t = Table(title="Exposure, from the dealer's right", title_justify="left")
    for col in ("spot", "player", "high / low", "wager", "result"):
        t.add_column(col)
    for spot in exposure_order(rnd):
        s = rnd.settings.get(spot)
        side = [
            w for w in rnd.wagers if w.spot == spot and w.kind in ("pair-fortunes", "supreme-bonus")
        ]
        for w in [*rnd.spot_wagers(spot), *side]:
            info = rnd.results.get(w.ref, {})
            res = str(info.get("result", "void"))
            shown = res if w.kind == "main" else f"{res} ({info.get('class', '')})"
            who = w.player if w.kind == "main" else f"{w.player} ({_SIDE_NAMES[w.kind]})"
            t.add_row(
                Text(spot),
                Text(who),
                Text(str(s) if s else "-"),
                Text(dollars(w.cents)),
                Text(shown, style=_COLOUR.get(res, "")),
            )
    if rnd.dealer_wager and "dealer" in rnd.results:
        res = str(rnd.results["dealer"]["result"])
        t.add_row(
            Text("dealer"),
            Text("dealer (vs the bank)"),
            Text(str(rnd.dealer_setting)),
            Text(dollars(rnd.dealer_wager)),
            Text(res, style=_COLOUR.get(res, "")),
        )
    term.out.print(t)
    vig = sum(tr.cents for tr in rnd.ledger.transfers if tr.reason in ("vig", "surplus-vig"))
    if vig:
        term.say(f"Commission collected: {dollars(vig)}")
    net = rnd.net()
    moved = [f"{k.removeprefix('player:')} {signed_dollars(v)}" for k, v in net.items() if v]
    term.say("This round: " + (", ".join(moved) or "no money changed hands"))


def show_history(term: Terminal, history: list[dict[str, Any]]) -> None:
    """The last five rounds: who banked and the player's result."""
    t = Table(title="Last rounds", title_justify="left")
    t.add_column("round")
    t.add_column("bank")
    t.add_column("your result")
    for r in history[-5:]:
        mine = r["net"].get(f"player:{YOU}", 0)
        bank = r["banker"] + (" (void)" if r.get("void") else "")
        t.add_row(Text(str(r["round"])), Text(bank), Text(signed_dollars(mine)))
    term.out.print(t)
