"""A round's settlement statement at the terminal: the same statement the web table, its recall
and the service's history show (:func:`paigow.table.statement.statement`), drawn as tables.

Used by the terminal table (``paigow play``) after each round and by ``paigow replay``; nothing
here works out money: every figure is the statement's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .amounts import dollars, signed_dollars

__all__ = ["KINDS", "show_statement", "statement_tables"]

#: Wager kinds in words (side bets of R-PF, R-DE, R-SPG-15).
KINDS = {
    "main": "Pai Gow",
    "pair-fortunes": "Pair Fortunes",
    "de-odd": "Dragon's Eye odd",
    "de-even": "Dragon's Eye even",
    "de-double": "Dragon's Eye double",
    "de-triple": "Dragon's Eye triple",
    "de-match": "Dragon's Eye match",
    "dice-bonus": "dice bonus",
    "supreme-bonus": "bonus",
}
_COLOUR = {"win": "green", "lose": "red", "push": "yellow", "surrender": "red"}


def _fee(line: Mapping[str, Any]) -> str:
    if line["collection"]:
        return f"{dollars(line['collection'])} collection"
    return dollars(line["commission"]) if line["commission"] else "-"


def statement_tables(
    st: Mapping[str, Any], hands: Mapping[str, str] | None = None, you: str | None = None
) -> list[Table]:
    """The statement's tables: every wager (with the hand of its spot when ``hands`` names
    it), the bank's lines, every player's chips. ``you`` marks the player's own lines."""
    wagers = Table(title="Settlement, in the order the hands were exposed", title_justify="left")
    for col in ("spot", "player", "wager", "hand", "stake", "result", "paid", "commission", "net"):
        right = col in ("stake", "paid", "commission", "net")
        wagers.add_column(col, justify="right" if right else "left")
    for w in st["wagers"]:
        result = str(w["result"] or "-")
        kind = KINDS.get(w["kind"], w["kind"])
        if "class" in w:
            kind += f" ({w['class']})"
        wagers.add_row(
            Text(w["spot"]),
            Text(w["owner"], style="bold" if w["owner"] == you else ""),
            Text(kind),
            Text((hands or {}).get(w["spot"], "") if w["kind"] == "main" else ""),
            Text(dollars(w["stake"])),
            Text(result, style=_COLOUR.get(result, "")),
            Text(dollars(w["won"]) if w["won"] else "-"),
            Text(_fee(w)),
            Text(signed_dollars(w["net"]).strip()),
        )
    d = st["dealer_wager"]
    if d is not None:
        result = str(d["result"] or "-")
        wagers.add_row(
            Text("dealer"),
            Text("the dealer"),
            Text("dealer's wager vs the bank"),
            Text((hands or {}).get("dealer", "")),
            Text(dollars(d["stake"])),
            Text(result, style=_COLOUR.get(result, "")),
            Text(dollars(d["won"]) if d["won"] else "-"),
            Text("-"),
            Text(signed_dollars(d["net"]).strip() + " (house)"),
        )
    out = [wagers]
    bank = st["bank"]
    if bank is not None:
        who = {"player": "bank", "co-bank": "co-bank", "player-dealer": "Player-Dealer"}
        title = f"The {who.get(bank['kind'], 'bank')}: {bank['player']} (seat {bank['position']})"
        lines = Table(title=title, title_justify="left")
        lines.add_column("")
        lines.add_column("amount", justify="right")
        for line in bank["lines"]:
            lines.add_row(Text(line["what"]), Text(signed_dollars(line["cents"]).strip()))
        if "stake" in bank:
            lines.add_row(
                Text(f"(stake {dollars(bank['stake'])}, action used)"),
                Text(dollars(bank["action_used"])),
            )
        lines.add_row(Text("net", style="bold"), Text(signed_dollars(bank["net"]).strip()))
        out.append(lines)
    chips = Table(title="Chips", title_justify="left")
    fees = ["commission"] + (["collection"] if any(p["collection"] for p in st["players"]) else [])
    for col in ("player", "before", "net", "after", *fees):
        chips.add_column(col, justify="left" if col == "player" else "right")
    for p in st["players"]:
        after = dollars(p["after"])
        if p["kept"]:
            after += f" ({dollars(p['kept'])} kept on the layout)"
        chips.add_row(
            Text(p["player"], style="bold" if p["player"] == you else ""),
            Text(dollars(p["before"])),
            Text(signed_dollars(p["net"]).strip()),
            Text(after),
            *(Text(dollars(p[f]) if p[f] else "-") for f in fees),
        )
    out.append(chips)
    return out


def show_statement(
    console: Console,
    st: Mapping[str, Any],
    hands: Mapping[str, str] | None = None,
    you: str | None = None,
) -> None:
    """Print the statement (see :func:`statement_tables`); a void round says so first."""
    if st["void"]:
        console.print(Text(f"The round is void ({st['void']}): every wager is returned."))
    for t in statement_tables(st, hands, you):
        console.print(t)
