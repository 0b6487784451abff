"""The settlement statement of a round: what each wager, each player, the bank and the house won
or lost, derived from the round's record alone (its wagers, its transfers and its net).

Every front end shows a settled round through this one function — the web table's results and
its recall, the table's history, ``paigow replay`` and the terminal table — so no screen works
out money by itself. A statement reconciles by construction, and the tests check it against an
independent recomputation: for every player, the nets of their wagers plus (when they bank) the
bank's lines are their net for the round; the house's net is the negative of everyone else's.

The statement (format :data:`FORMAT`, documented in ``docs/table.md``) is plain JSON:

* ``wagers`` — one line per wager placed in the round, in the order the hands were settled
  (R-SETTLE-01, R-LC-07), side wagers after the Pai Gow wagers of their spot, wagers taken back
  last: ``ref``, ``owner``, ``kind``, ``spot``, ``stake`` (put on the layout), ``result``,
  ``returned`` (back from the layout), ``won`` (paid on top), ``commission`` (vig),
  ``collection`` (Lucky Chances), ``net``; a side wager's ``class`` and ``pays``; the
  Player-Dealer's ``action`` on the wager (the part in action, R-LC-09); a forced loss's
  ``reason``;
* ``dealer_wager`` — the dealer's wager against a player bank (R-BANK-10), from the house's
  side: ``stake``, ``result``, ``won``, ``net``; or None;
* ``bank`` — a player bank, co-bank or Player-Dealer: its ``lines`` (the wagers it took, the
  wagers it paid, the dealer's wager, the house's half, its commission, collection on its
  stake), its ``net``, the ``centre`` of the table (R-BANK-12..14) or its ``stake`` and the
  ``action_used`` (R-LC-09); None when the house banks;
* ``players`` — every seated player: ``before``, ``net``, ``after`` (their chips, the round's
  wagers included), ``kept`` (a winning dice bonus that stays on the layout for the next round,
  R-DE-10, AMB-14: part of ``after``, not in front of them), ``commission`` (vig, and a bank's
  commission on its surplus), ``collection``;
* ``spots`` — what each seat shows: each player's ``net`` on a spot (all their wagers there)
  with the ``result`` of their Pai Gow wager, and the bank's seat with the bank's net;
* ``house`` — the tray's ``net``, ``commission`` and ``collection``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

from paigow.errors import RecordError

from .settle import resolution_order

__all__ = ["FORMAT", "statement"]

#: The statement's format and version.
FORMAT: Final = "paigow-statement/1"

#: Transfer reasons of commission (vig on a win, and on a bank's surplus).
_VIG: Final = ("vig", "surplus-vig")


def _name(account: str) -> str | None:
    return account.removeprefix("player:") if account.startswith("player:") else None


def _sum(transfers: Iterable[Mapping[str, Any]]) -> int:
    return sum(int(t["cents"]) for t in transfers)


def _placed(record: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every wager placed in the round, in the order placed (the wager operations)."""
    return [dict(op["data"]) for op in record["operations"] if op["kind"] == "wager"]


def _settled(record: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The settlement's results by ref (reasons of forced losses), from the log."""
    out: dict[str, dict[str, Any]] = {}
    for op in record["operations"]:
        results = op["data"].get("results") if op["kind"] in ("settle", "dragons_eye") else None
        if isinstance(results, Mapping):
            out |= {str(k): dict(v) for k, v in results.items() if isinstance(v, Mapping)}
    return out


def _wager_line(
    w: Mapping[str, Any],
    entry: Mapping[str, Any] | None,
    moves: list[Mapping[str, Any]],
    reason: str | None,
    pd: str | None,
) -> dict[str, Any]:
    owner = f"player:{w['player']}"
    ins = [t for t in moves if t["to"] == owner]
    outs = [t for t in moves if t["from"] == owner]
    line: dict[str, Any] = {
        "ref": w["ref"],
        "owner": w["player"],
        "kind": w["kind"],
        "spot": w["spot"],
        "stake": _sum(t for t in outs if t["to"] == "layout"),
        "result": "withdrawn" if entry is None else entry.get("result"),
        "returned": _sum(t for t in ins if t["from"] == "layout"),
        "won": _sum(t for t in ins if t["from"] != "layout"),
        "commission": _sum(t for t in outs if t["reason"] == "vig"),
        "collection": _sum(t for t in outs if t["reason"] == "collection"),
        "net": _sum(ins) - _sum(outs),
    }
    if entry is not None and "pays" in entry:
        line["pays"] = entry["pays"]
        if "class" in entry:
            line["class"] = entry["class"]
    if reason is not None:
        line["reason"] = reason
    if pd is not None and w["kind"] == "main":
        took = _sum(t for t in moves if t["to"] == pd and t["reason"] == "lose")
        paid = _sum(t for t in moves if t["from"] == "bank" and t["to"] == owner)
        line["action"] = took or paid
    return line


def _centre_bank(transfers: list[Mapping[str, Any]], bank: str) -> dict[str, Any]:
    """A player bank's or co-bank's lines (R-BANK-12..14): the centre's flow, from the bank's
    side; the lines sum to the bank's net."""

    def flow(src: str, dst: str, *reasons: str, ref: str | None = None) -> int:
        return _sum(
            t
            for t in transfers
            if (t["from"] == src or (src == "player:*" and _name(t["from"])))
            and (t["to"] == dst or (dst == "player:*" and _name(t["to"])))
            and (not reasons or t["reason"] in reasons)
            and (ref is None or t["ref"] == ref)
        )

    taken = flow("layout", "centre") - flow("layout", "centre", ref="dealer")
    paid = flow("centre", "player:*", "win")
    dealer = flow("layout", "centre", ref="dealer") - flow("centre", "house", "win", ref="dealer")
    house_short = flow("house", "centre", "shortfall")
    house_half = flow("centre", "house", "surplus-half")
    commission = flow("centre", "house", "surplus-vig")
    lines = [
        {"what": "wagers lost to the bank", "cents": taken},
        {"what": "winning wagers paid", "cents": -paid},
    ]
    if any(t["ref"] == "dealer" for t in transfers):
        lines.append({"what": "the dealer's wager", "cents": dealer})
    if house_short or house_half:
        lines.append({"what": "the house's half of the shortfall", "cents": house_short})
        lines.append({"what": "the house's half of the surplus", "cents": -house_half})
    lines.append({"what": "commission on the bank's win", "cents": -commission})
    to_bank = flow("centre", bank, "surplus")
    from_bank = flow(bank, "centre", "shortfall")
    return {
        "lines": lines,
        "commission": commission,
        "collection": 0,
        "centre": {
            "taken": taken + max(dealer, 0),
            "paid": paid + max(-dealer, 0),
            "shortfall": from_bank,
            "house_shortfall": house_short,
            "house_half": house_half,
            "commission": commission,
            "surplus": to_bank,
        },
    }


def _player_dealer(transfers: list[Mapping[str, Any]], bank: str) -> dict[str, Any]:
    """A Player-Dealer's lines (R-LC-09): what the action won and paid, collection on the
    stake; the stake itself always comes back."""
    won = _sum(t for t in transfers if t["to"] == bank and t["reason"] == "lose")
    paid = _sum(t for t in transfers if t["from"] == "bank" and _name(t["to"]) and t["to"] != bank)
    collection = _sum(t for t in transfers if t["from"] == bank and t["reason"] == "collection")
    stake = _sum(t for t in transfers if t["from"] == bank and t["to"] == "bank")
    unused = _sum(t for t in transfers if t["to"] == bank and t["reason"] in ("unused", "void"))
    return {
        "lines": [
            {"what": "wagers won in the action", "cents": won},
            {"what": "winning wagers paid", "cents": -paid},
            {"what": "collection on the stake", "cents": -collection},
        ],
        "commission": 0,
        "collection": collection,
        "stake": stake,
        "action_used": stake - unused,
    }


def _order(record: Mapping[str, Any], lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Lines in the order the hands were settled, side wagers after the Pai Gow wagers of their
    spot, wagers taken back last."""
    b = record["banker"]
    ring = list(record["positions"])
    spots = [p for p in ring if any(x["spot"] == p and x["kind"] == "main" for x in lines)]
    first = resolution_order(
        ring,
        spots,
        player_dealer=b["kind"] == "player-dealer",
        start=record["start"],
        bank_spot=b["position"] or "dealer",
    )
    rank = {p: i for i, p in enumerate([*first, *(p for p in ring if p not in first)])}
    placed = {x["ref"]: i for i, x in enumerate(lines)}
    return sorted(
        lines,
        key=lambda x: (
            x["result"] == "withdrawn",
            rank.get(x["spot"], len(rank)),
            x["kind"] != "main",
            placed[x["ref"]],
        ),
    )


def _dealer(entry: Mapping[str, Any] | None, moves: list[Mapping[str, Any]]) -> Any:
    """The dealer's wager against a player bank, from the house's side (R-BANK-10/12)."""
    if entry is None:
        return None
    changed = _sum(t for t in moves if t["reason"] == "dealer wager changed")
    stake = _sum(t for t in moves if t["from"] == "house") - changed
    returned = _sum(t for t in moves if t["from"] == "layout" and t["to"] == "house") - changed
    won = _sum(t for t in moves if t["from"] == "centre" and t["to"] == "house")
    return {
        "stake": stake,
        "result": entry["result"],
        "returned": returned,
        "won": won,
        "net": returned + won - stake,
    }


def _players(
    record: Mapping[str, Any], lines: list[dict[str, Any]], bank: dict[str, Any] | None
) -> list[dict[str, Any]]:
    """Every seated player in seat order: chips before and after, net, fees paid."""
    net: Mapping[str, int] = record["net"]
    seats: Mapping[str, str] = record["seats"]
    de = record.get("dragons_eye") or {}
    kept: dict[str, int] = {}
    for player, _spot, cents in de.get("retained", []) if de.get("triple") else []:
        kept[player] = kept.get(player, 0) + int(cents)  # R-DE-10, AMB-14
    out = []
    for name in sorted(seats, key=lambda n: (len(seats[n]), seats[n], n)):
        mine = [x for x in lines if x["owner"] == name]
        banks = bank if bank is not None and bank["player"] == name else None
        before = int(record["stacks"][name])
        moved = int(net.get(f"player:{name}", 0))
        out.append(
            {
                "player": name,
                "seat": seats[name],
                "before": before,
                "net": moved,
                "after": before + moved,
                "kept": kept.get(name, 0),
                "commission": sum(x["commission"] for x in mine)
                + (banks["commission"] if banks else 0),
                "collection": sum(x["collection"] for x in mine)
                + (banks["collection"] if banks else 0),
            }
        )
    return out


def _spots(lines: list[dict[str, Any]], bank: dict[str, Any] | None) -> list[dict[str, Any]]:
    """What each seat shows: each player's net on a spot with their Pai Gow wager's result,
    and the bank's seat with the bank's net."""
    spots: list[dict[str, Any]] = []
    for x in lines:
        key = next((s for s in spots if s["spot"] == x["spot"] and s["player"] == x["owner"]), None)
        if key is None:
            key = {"spot": x["spot"], "player": x["owner"], "result": None, "net": 0}
            spots.append(key)
        key["net"] += x["net"]
        if x["kind"] == "main" and key["result"] in (None, "withdrawn"):
            key["result"] = x["result"]
    if bank is not None:
        seat = {"spot": bank["position"], "player": bank["player"], "result": "bank"}
        spots.append(seat | {"net": bank["net"]})
    return spots


def statement(record: Mapping[str, Any]) -> dict[str, Any]:
    """The settlement statement of a finished round, from its record (whole or redacted).

    Raises:
        RecordError: the round is not finished (its record has no net yet).
    """
    net: Mapping[str, int] | None = record.get("net")
    if net is None:
        raise RecordError("a statement is made of a finished round (settled or void)")
    transfers: list[Mapping[str, Any]] = list(record["transfers"])
    by_ref: dict[str, list[Mapping[str, Any]]] = {}
    for t in transfers:
        by_ref.setdefault(str(t["ref"]), []).append(t)
    entries = {str(w["ref"]): w for p in record["positions"].values() for w in p["wagers"]}
    reasons = {k: v.get("reason") for k, v in _settled(record).items()}
    b = record["banker"]
    bank = f"player:{b['player']}" if b["player"] else None
    pd = bank if b["kind"] == "player-dealer" else None
    lines = [
        _wager_line(w, entries.get(w["ref"]), by_ref.get(w["ref"], []), reasons.get(w["ref"]), pd)
        for w in _placed(record)
    ]
    lines = _order(record, lines)
    bank_part: dict[str, Any] | None = None
    if bank is not None:
        part = _player_dealer(transfers, bank) if pd else _centre_bank(transfers, bank)
        bank_part = {
            "player": b["player"],
            "kind": b["kind"],
            "position": b["position"],
            "net": int(net.get(bank, 0)),
            **part,
        }
    dealer = _dealer(entries.get("dealer"), by_ref.get("dealer", []))
    return {
        "format": FORMAT,
        "record_id": record["record_id"],
        "void": record["void"],
        "banker": dict(b),
        "wagers": lines,
        "dealer_wager": dealer,
        "bank": bank_part,
        "players": _players(record, lines, bank_part),
        "spots": _spots(lines, bank_part),
        "house": {
            "net": int(net.get("house", 0)),
            "commission": sum(int(t["cents"]) for t in transfers if t["reason"] in _VIG),
            "collection": sum(int(t["cents"]) for t in transfers if t["reason"] == "collection"),
        },
    }
