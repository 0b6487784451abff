"""The audit: a database of the table service verified end to end (``paigow audit --db URL``).

Read in one transaction (a consistent snapshot, also of a database in use), then checked:

* **the ledger** balances to the cent: every account equals the sum of its ledger rows, the
  accounts (wallets, tables' chips and trays, the house's floats, the cashier) sum to zero, no
  wallet or chip account is negative;
* **every table's history**: its commands' hash chain is intact (:mod:`paigow.service.db.chain`),
  and its commands, replayed through the engine from an empty table, produce exactly the stored
  ledger rows of that table (each movement at its command), exactly the stored round records
  (R-SETTLE-10), and chips, layout, centre and bank equal to the stored accounts;
* **every finished round** replays identically from its own record (the engine's replay, which
  checks the record's own chain where the record format has one), and where records name the
  previous round's head, the links between them hold;
* **the meters** of every table and day equal the sums over the day's round records (whose
  transfers are the ledger's rows, above), and the pit's meters of every table and hour the
  sums over the hour's settlement statements (:mod:`paigow.service.db.pit_meters`).

The result is a list of findings (empty: clean) in words, and the figures checked.
"""

from __future__ import annotations

import datetime as dt
import json
from collections import Counter, defaultdict
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from paigow.errors import PaigowError
from paigow.profiles import Profile
from paigow.table.replay import replay

from ..db import pit_meters
from ..db import schema as db
from ..db.chain import ChainRow, record_links, verify_ops
from ..db.meters import METERS, round_meters, sum_check
from ..store.store import NON_NEGATIVE, Store
from ..tables.actor import TableActor
from ..tables.config import TableConfig
from ..tables.engine import TableEngine

__all__ = ["AuditReport", "audit_store", "ledger_findings", "ledger_findings_at", "table_findings"]


@dataclass
class AuditReport:
    """What the audit found (``findings`` empty: clean) and what it checked."""

    findings: list[str] = field(default_factory=list)
    counted: dict[str, int] = field(default_factory=dict)
    heads: dict[str, dict[str, Any]] = field(default_factory=dict)

    @property
    def clean(self) -> bool:
        """True when nothing was found."""
        return not self.findings

    def to_json(self) -> dict[str, Any]:
        """Plain data."""
        return {"clean": self.clean, "findings": self.findings, **self.counted, "heads": self.heads}


_PIT = (db.pit_meters, db.pit_side_meters)


@dataclass
class _Snapshot:
    balances: dict[str, int]
    ledger: list[dict[str, Any]]
    tables: list[dict[str, Any]]
    ops: dict[str, list[ChainRow]]
    rounds: dict[str, list[dict[str, Any]]]
    meters: list[dict[str, Any]]
    pit: tuple[list[dict[str, Any]], list[dict[str, Any]]] = ([], [])


@contextmanager
def _one_read(store: Store) -> Iterator[Connection]:
    """A connection whose reads all see the database at one moment (a repeatable-read
    transaction on PostgreSQL; on SQLite an explicit ``BEGIN``: its driver begins a transaction
    only before a write, so each SELECT would otherwise see its own moment)."""
    conn = store.engine.connect()
    if not store.is_sqlite:
        conn = conn.execution_options(isolation_level="REPEATABLE READ")
    with conn as c, c.begin():
        if store.is_sqlite:
            c.exec_driver_sql("BEGIN")
        yield c


def _snapshot(store: Store) -> _Snapshot:
    with _one_read(store) as c:
        balances = {
            r[0]: int(r[1]) for r in c.execute(sa.select(db.accounts.c.name, db.accounts.c.balance))
        }
        ledger = [
            dict(r) for r in c.execute(sa.select(db.ledger).order_by(db.ledger.c.id)).mappings()
        ]
        tables = [
            dict(r) for r in c.execute(sa.select(db.tables).order_by(db.tables.c.id)).mappings()
        ]
        ops: dict[str, list[ChainRow]] = defaultdict(list)
        q = sa.select(db.table_ops).order_by(db.table_ops.c.table_id, db.table_ops.c.seq)
        for r in c.execute(q).mappings():
            try:
                command = json.loads(r["command"])
            except ValueError:
                command = r["command"]
            ops[r["table_id"]].append(
                ChainRow(r["seq"], command, r["actor"], r["idem_key"], r["chain"])
            )
        rounds: dict[str, list[dict[str, Any]]] = defaultdict(list)
        q2 = sa.select(db.rounds).order_by(db.rounds.c.table_id, db.rounds.c.round_no)
        for r in c.execute(q2).mappings():
            rounds[r["table_id"]].append(dict(r))
        meters = [dict(r) for r in c.execute(sa.select(db.meters)).mappings()]
        pit = tuple([dict(r) for r in c.execute(sa.select(t)).mappings()] for t in _PIT)
    return _Snapshot(balances, ledger, tables, dict(ops), dict(rounds), meters, (pit[0], pit[1]))


def _ledger_checks(balances: dict[str, int], ledger: list[dict[str, Any]]) -> list[str]:
    f = sum_check(ledger, balances)
    total = sum(balances.values())
    if total != 0:
        f.append(f"the accounts sum to {total} cents, not 0")
    for acct, v in sorted(balances.items()):
        if v < 0 and acct.startswith(NON_NEGATIVE):
            f.append(f"{acct} holds {v} cents (never negative)")
    return f


def ledger_findings(store: Store) -> tuple[list[str], int, int]:
    """The ledger's checks alone, on one consistent read: findings, accounts, ledger rows."""
    with _one_read(store) as c:
        a = db.accounts
        balances = {r[0]: int(r[1]) for r in c.execute(sa.select(a.c.name, a.c.balance))}
        ledger = [
            {"debit": r[0], "credit": r[1], "cents": r[2]}
            for r in c.execute(sa.select(db.ledger.c.debit, db.ledger.c.credit, db.ledger.c.cents))
        ]
    return _ledger_checks(balances, ledger), len(balances), len(ledger)


_STORES: dict[str, Store] = {}


def ledger_findings_at(url: str) -> tuple[list[str], int, int]:
    """:func:`ledger_findings` of the database at ``url``, for a worker process of the
    service's compute pool (which keeps one store per database)."""
    if url not in _STORES:
        _STORES[url] = Store(url)
    return ledger_findings(_STORES[url])


def audit_store(store: Store) -> AuditReport:
    """Audit the database behind ``store`` (see the module notes)."""
    snap = _snapshot(store)
    rep = AuditReport()
    f = rep.findings
    f += _ledger_checks(snap.balances, snap.ledger)
    by_table: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for row in snap.ledger:
        if row["table_id"] is not None:
            by_table[row["table_id"]].append(row)
    n_rounds = 0
    for t in snap.tables:
        tid = t["id"]
        rows = snap.ops.get(tid, [])
        rounds = snap.rounds.get(tid, [])
        rep.heads[tid] = {"seq": t["last_seq"] or 0, "head": t["head"], "status": t["status"]}
        why = verify_ops(tid, rows, t["head"], t["last_seq"])
        if why is not None:
            f.append(f"table {tid}: the stored history was altered: {why}")
        found, profiles = _rebuild(t, rows, rounds, by_table[tid], snap.balances)
        f += [f"table {tid}: {x}" for x in found]
        records = []
        for r in rounds:
            n_rounds += 1
            try:
                record = json.loads(r["record"])
                # the rules the table played the round by (its limits and options, as opened
                # and changed by an operator), or the bundled profile of the record's name
                replay(record, profile=profiles.get(r["round_no"]))
                records.append(record)
            except (PaigowError, ValueError, KeyError, TypeError) as e:
                f.append(f"table {tid} round {r['round_no']}: the record does not replay: {e}")
        f += [f"table {tid}: {x}" for x in record_links(records)]
    f += _meters(snap)
    f += pit_meters.findings(snap.rounds, *snap.pit)
    rep.counted = {
        "accounts": len(snap.balances),
        "ledger_rows": len(snap.ledger),
        "tables": len(snap.tables),
        "commands": sum(len(v) for v in snap.ops.values()),
        "rounds": n_rounds,
    }
    return rep


def _ledger_key(seq: int | None, debit: str, credit: str, *rest: Any) -> Any:
    cents, reason, ref = rest
    return (seq, debit, credit, int(cents), str(reason)[:80], str(ref)[:40])


def _rebuild(
    t: Mapping[str, Any],
    rows: list[ChainRow],
    rounds: list[dict[str, Any]],
    ledger: list[dict[str, Any]],
    balances: Mapping[str, int],
) -> tuple[list[str], dict[int, Profile]]:
    """Replay a table's commands from an empty table: what differs from the store, and the
    profile (the rules with the table's limits and options) each round was played by."""
    out: list[str] = []
    profiles: dict[int, Profile] = {}
    try:
        engine = TableEngine(TableConfig.from_json(json.loads(t["config"])))
    except (PaigowError, ValueError, TypeError) as e:
        return [f"its options do not open a table: {e}"], profiles
    moves: list[Any] = []
    records: dict[int, Any] = {}
    for row in rows:
        try:
            applied = engine.apply(row.command, undo=False)  # (dropped after a refusal)
        except PaigowError as e:
            out.append(f"command {row.seq} does not replay: {e}")
            return out, profiles
        moves += [
            _ledger_key(row.seq, m.src, m.dst, m.cents, m.reason, m.ref) for m in applied.moves
        ]
        if applied.record is not None:
            records[engine.session.rounds] = applied.record
            profiles[engine.session.rounds] = engine.profile
    stored = [
        _ledger_key(r["seq"], r["debit"], r["credit"], r["cents"], r["reason"], r["ref"])
        for r in ledger
    ]
    if Counter(stored) != Counter(moves):
        extra = sorted((Counter(stored) - Counter(moves)).elements(), key=str)
        missing = sorted((Counter(moves) - Counter(stored)).elements(), key=str)
        if extra:
            out.append(f"ledger rows its commands did not make: {_rows(extra)}")
        if missing:
            out.append(f"movements of its commands missing from the ledger: {_rows(missing)}")
    stored_rounds = {r["round_no"]: r for r in rounds}
    if set(stored_rounds) != set(records):
        out.append(
            f"rounds stored {sorted(stored_rounds)[-3:]}..., replayed {sorted(records)[-3:]}..."
            if len(stored_rounds) > 3
            else f"rounds stored {sorted(stored_rounds)}, replayed {sorted(records)}"
        )
    for n, record in records.items():
        r = stored_rounds.get(n)
        if r is None:
            continue
        try:
            same = json.loads(r["record"]) == json.loads(json.dumps(record))
        except ValueError:
            same = False
        if not same:
            out.append(f"round {n}: the stored record is not what its commands produce")
        if bool(r["void"]) != (record.get("void") is not None):
            out.append(f"round {n}: the void flag differs from the record")
    tid = engine.table_id
    for name in engine.seats:
        acct = f"chips:{tid}:{name}"
        if balances.get(acct, 0) != engine.chips(name):
            out.append(f"{acct}: stored {balances.get(acct, 0)}, replayed {engine.chips(name)}")
    for acct, v in balances.items():
        if acct.startswith(f"chips:{tid}:") and acct.split(":", 2)[2] not in engine.seats and v:
            out.append(f"{acct}: {v} cents, but the player is not seated")
    if engine.round is None:
        for kind in ("layout", "centre", "bank"):
            v = balances.get(f"{kind}:{tid}", 0)
            if v:
                out.append(f"{kind}:{tid} holds {v} cents between rounds")
    return out, profiles


def _rows(keys: list[Any]) -> str:
    shown = "; ".join(f"command {k[0]}: {k[1]} -> {k[2]} {k[3]} ({k[4]})" for k in keys[:3])
    return shown + (f"; and {len(keys) - 3} more" if len(keys) > 3 else "")


def _meters(snap: _Snapshot) -> list[str]:
    want: dict[tuple[str, str], dict[str, int]] = defaultdict(lambda: dict.fromkeys(METERS, 0))
    for tid, rounds in snap.rounds.items():
        for r in rounds:
            at = r["finished_at"]
            if getattr(at, "tzinfo", None) is not None:
                at = at.astimezone(dt.UTC)
            day = at.date().isoformat() if hasattr(at, "date") else str(at)[:10]
            try:
                m = round_meters(json.loads(r["record"]))
            except ValueError:
                continue  # reported by the replay
            acc = want[(tid, day)]
            for k in METERS:
                acc[k] += m[k]
    have = {
        (
            m["table_id"],
            m["day"].isoformat() if hasattr(m["day"], "isoformat") else str(m["day"]),
        ): m
        for m in snap.meters
    }
    out = []
    for key in sorted(set(want) | set(have)):
        w = want.get(key, dict.fromkeys(METERS, 0))
        h = have.get(key)
        got = {k: (int(h[k]) if h is not None else 0) for k in METERS}
        bad = [f"{k} {got[k]} (rounds say {w[k]})" for k in METERS if got[k] != w[k]]
        if bad:
            out.append(f"meters of table {key[0]} on {key[1]}: {', '.join(bad)}")
    return out


async def table_findings(store: Store, actor: TableActor) -> list[str]:
    """A table's chips as its actor holds them against its accounts in the store, read between
    its batches (inside the actor): what differs, in words."""

    async def live() -> dict[str, Any]:
        t = actor.table_id
        mine = await store.run(store.balances, f"chips:{t}:")
        e = actor.engine
        out = []
        for name in e.seats:
            acct = f"chips:{t}:{name}"
            if mine.get(acct, 0) != e.chips(name):
                out.append(f"{acct}: stored {mine.get(acct, 0)}, table {e.chips(name)}")
        for acct, v in mine.items():
            if acct.split(":", 2)[2] not in e.seats and v != 0:
                out.append(f"{acct}: {v} cents but not seated")
        return {"findings": out}

    found: list[str] = (await actor.call(live))["findings"]
    return found
