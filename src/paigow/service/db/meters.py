"""The table meters (per table and day) and the ledger check.

Meters of one round, from its record: ``rounds``; ``voids``; ``handle`` (the Pai Gow wagers);
``wins_paid`` (paid to players from the house, the centre or a Player-Dealer's stake, stakes
returned excluded); ``commission`` (vig, surplus vig and collection taken by the house);
``side_handle`` and ``side_pays`` (the same for side wagers).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

__all__ = ["METERS", "round_meters", "sum_check"]

METERS = ("rounds", "voids", "handle", "wins_paid", "commission", "side_handle", "side_pays")


def round_meters(record: Mapping[str, Any]) -> dict[str, int]:
    """One round's contribution to the meters (docs/service.md defines each)."""
    handle = side_handle = 0
    side_refs: set[str] = set()
    for entry in (record.get("positions") or {}).values():
        for w in entry.get("wagers", []):
            if w["kind"] == "main":
                handle += w["cents"]
            elif w["kind"] != "dealer":
                side_handle += w["cents"]
                side_refs.add(w["ref"])
    wins = side_pays = commission = 0
    for t in record.get("transfers", []):
        if t["to"] == "house" and t["reason"] in ("vig", "surplus-vig", "collection"):
            commission += t["cents"]
        if t["to"].startswith("player:") and t["from"] in ("house", "centre", "bank"):
            if t["ref"] in side_refs:
                side_pays += t["cents"]
            else:
                wins += t["cents"]
    return {
        "rounds": 1,
        "voids": int(record.get("void") is not None),
        "handle": handle,
        "wins_paid": wins,
        "commission": commission,
        "side_handle": side_handle,
        "side_pays": side_pays,
    }


def sum_check(rows: Iterable[Mapping[str, Any]], balances: Mapping[str, int]) -> list[str]:
    """Findings where account balances differ from the ledger's sums (empty when they agree)."""
    sums: dict[str, int] = {}
    for r in rows:
        sums[r["debit"]] = sums.get(r["debit"], 0) - int(r["cents"])
        sums[r["credit"]] = sums.get(r["credit"], 0) + int(r["cents"])
    out = []
    for acct in sorted(set(sums) | set(balances)):
        if sums.get(acct, 0) != balances.get(acct, 0):
            out.append(f"{acct}: balance {balances.get(acct, 0)} != ledger {sums.get(acct, 0)}")
    return out
