"""An independent reference for the pit's meters: the figures of play worked out from the stored
round records themselves (their wagers, transfers and nets), not through the settlement statement
the service meters from (:mod:`paigow.service.db.pit_meters`)."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import sqlalchemy as sa

from paigow.service.db import schema as db
from paigow.service.store.store import Store

__all__ = ["FIGURES", "independent", "stored_records"]

FIGURES = ("rounds", "voids", "handle", "side_handle", "win", "side_win", "commission")


def _bot(name: str) -> bool:
    return name.startswith("bot-")


def stored_records(db_url: str) -> list[tuple[str, str, dict[str, Any]]]:
    """Every stored round: (table, profile, record), by table and round."""
    store = Store(db_url)
    try:
        with store.engine.connect() as c:
            rows = c.execute(
                sa.select(db.rounds.c.table_id, db.rounds.c.record).order_by(
                    db.rounds.c.table_id, db.rounds.c.round_no
                )
            ).all()
    finally:
        store.close()
    out = []
    for tid, text in rows:
        rec = json.loads(text)
        out.append((tid, str(rec.get("profile", "")), rec))
    return out


def independent(records: list[tuple[str, str, dict[str, Any]]]) -> dict[str, Any]:
    """The meters worked out from round records (table, profile, record) without the
    settlement statement: wagers from the positions, money from the nets and transfers."""
    total = dict.fromkeys(FIGURES, 0)
    tables: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys(FIGURES, 0))
    for table, _profile, rec in records:
        f = dict.fromkeys(FIGURES, 0)
        f["rounds"] = 1
        f["voids"] = int(rec.get("void") is not None)
        side_refs = {}
        for pos in rec["positions"].values():
            for w in pos["wagers"]:
                if _bot(w["player"]) or w["player"] == "dealer":
                    continue
                f["handle" if w["kind"] == "main" else "side_handle"] += w["cents"]
                if w["kind"] != "main":
                    side_refs[w["ref"]] = f"player:{w['player']}"
        for t in rec["transfers"]:  # a side wager's money: what its player got back, less
            who = side_refs.get(t["ref"])  # what they put down
            if who is not None:
                f["side_win"] += t["cents"] * ((t["from"] == who) - (t["to"] == who))
        for acct, cents in (rec["net"] or {}).items():
            if acct.startswith("player:") and not _bot(acct[7:]):
                f["win"] -= cents
        for t in rec["transfers"]:
            src = str(t["from"])
            if t["reason"] in ("vig", "surplus-vig") and not _bot(src.removeprefix("player:")):
                f["commission"] += t["cents"]
        for k in FIGURES:
            total[k] += f[k]
            tables[table][k] += f[k]
    return {"total": total, "tables": dict(tables)}
