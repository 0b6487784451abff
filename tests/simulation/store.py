"""The store as the checkers read it: their own SQL over the service's tables (docs/service.md,
"Database schema"), through the database's own driver (sqlite3, psycopg), in one snapshot;
nothing of ``paigow`` is imported. Each function returns findings in words (empty: holds)."""

from __future__ import annotations

import json
import sqlite3
import unicodedata
from collections import defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .canon import GENESIS, command_link

__all__ = [
    "Snapshot",
    "chains",
    "ledger",
    "operator_movements",
    "rounds",
    "snapshot",
    "stored_keys",
    "visible",
]

Rows = list[tuple[Any, ...]]


class Snapshot:
    """One consistent read of the database."""

    def __init__(self, cursor: Any, paramstyle: str) -> None:
        self._cur = cursor
        self._style = paramstyle

    def q(self, sql: str, *params: Any) -> Rows:
        """Rows of ``sql`` (``?`` placeholders)."""
        if self._style == "pyformat":
            sql = sql.replace("?", "%s")
        self._cur.execute(sql, params)
        return [tuple(r) for r in self._cur.fetchall()]


@contextmanager
def snapshot(url: str) -> Iterator[Snapshot]:
    """A read of the whole database at one moment (SQLite: one ``BEGIN``; PostgreSQL: a
    repeatable-read transaction)."""
    if url.startswith("sqlite:///"):
        conn = sqlite3.connect(url[len("sqlite:///") :], timeout=30, isolation_level=None)
        try:
            cur = conn.cursor()
            cur.execute("BEGIN")
            yield Snapshot(cur, "qmark")
            cur.execute("ROLLBACK")
        finally:
            conn.close()
        return
    import psycopg

    dsn = url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(dsn, connect_timeout=10) as pg:
        pg.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        with pg.cursor() as pcur:
            yield Snapshot(pcur, "pyformat")
        pg.rollback()


def ledger(s: Snapshot) -> list[str]:
    """Money: every account equals the sum of its ledger rows, all accounts sum to zero, no
    wallet or chip account is negative."""
    out: list[str] = []
    moved: dict[str, int] = defaultdict(int)
    for debit, credit, cents in s.q("SELECT debit, credit, cents FROM ledger"):
        moved[str(debit)] -= int(cents)
        moved[str(credit)] += int(cents)
    balances = {str(n): int(b) for n, b in s.q("SELECT name, balance FROM accounts")}
    total = sum(balances.values())
    if total != 0:
        out.append(f"the accounts sum to {total} cents, not 0: chips created or lost")
    for name in sorted(set(balances) | set(moved)):
        b, m = balances.get(name, 0), moved.get(name, 0)
        if b != m:
            out.append(f"account {name} holds {b} but its ledger rows sum to {m}")
        if b < 0 and name.startswith(("wallet:", "chips:")):
            out.append(f"account {name} is negative: {b}")
    return out


def _commands(s: Snapshot) -> dict[str, list[tuple[int, Any, str, str | None, str | None]]]:
    out: dict[str, list[tuple[int, Any, str, str | None, str | None]]] = defaultdict(list)
    rows = s.q(
        "SELECT table_id, seq, command, actor, idem_key, chain FROM table_ops "
        "ORDER BY table_id, seq"
    )
    for table, seq, command, actor, key, link in rows:
        cmd = json.loads(command) if isinstance(command, str) else command
        out[str(table)].append((int(seq), cmd, str(actor), key, link))
    return out


def chains(s: Snapshot) -> tuple[dict[str, bool], list[str]]:
    """Each table's command chain recomputed: table -> intact, and findings for the broken."""
    heads = {str(t): (h, n) for t, h, n in s.q("SELECT id, head, last_seq FROM tables")}
    intact: dict[str, bool] = {}
    out: list[str] = []
    for table, ops in _commands(s).items():
        prev, why = GENESIS, ""
        for i, (seq, cmd, actor, key, link) in enumerate(ops, start=1):
            if seq != i:
                why = f"command {i} missing"
                break
            prev = command_link(prev, table, seq, cmd, actor=actor, idem_key=key)
            if link != prev:
                why = f"command {seq} differs from its link"
                break
        head, last = heads.get(table, (None, None))
        if not why and ((last or 0) != len(ops) or (head or GENESIS) != prev):
            why = f"head at {last}, history ends at {len(ops)}"
        intact[table] = not why
        if why:
            out.append(f"table {table}: its command chain is broken: {why}")
    return intact, out


def rounds(s: Snapshot) -> list[str]:
    """Every round whose end is stored (its ``finish``) has its round row, and no row is
    stored for a round that did not end."""
    out: list[str] = []
    stored: dict[str, set[int]] = defaultdict(set)
    for table, n in s.q("SELECT table_id, round_no FROM rounds"):
        stored[str(table)].add(int(n))
    for table, ops in _commands(s).items():
        ended: set[int] = set()
        n = 0
        for _seq, cmd, *_ in ops:
            a = cmd.get("a") if isinstance(cmd, dict) else None
            if a == "begin":
                n += 1
            elif a == "finish" and n:
                ended.add(n)
        if ended != stored.get(table, set()):
            out.append(
                f"table {table}: rounds ended in its commands {sorted(ended)}, "
                f"stored as rounds {sorted(stored.get(table, set()))}"
            )
    return out


def stored_keys(s: Snapshot) -> set[tuple[str, str, str]]:
    """(table, actor, idempotency key) of every stored person's command."""
    return {
        (str(t), str(a), str(k))
        for t, a, k in s.q(
            "SELECT table_id, actor, idem_key FROM table_ops WHERE idem_key IS NOT NULL"
        )
    }


def visible(text: str) -> str:
    """``text`` without spaces, controls and invisible format characters: what a reader sees."""
    return "".join(
        ch for ch in text if unicodedata.category(ch) not in ("Zs", "Cc", "Cf", "Zl", "Zp")
    )


def operator_movements(s: Snapshot) -> list[str]:
    """Every wallet adjustment an operator made carries a reason of at least three visible
    characters, and no operator's own wallet is adjusted."""
    out: list[str] = []
    operators = {str(n) for (n,) in s.q("SELECT name FROM users WHERE role = 'operator'")}
    for debit, credit, cents, reason in s.q(
        "SELECT debit, credit, cents, reason FROM ledger WHERE reason LIKE ?", "adjust%"
    ):
        text = str(reason)
        why = text.split(":", 1)[1] if ":" in text else ""
        if len(visible(why)) < 3:
            out.append(f"an adjustment of {cents} cents stored with the reason {text!r}")
        for account in (str(debit), str(credit)):
            if account.startswith("wallet:") and account[len("wallet:") :] in operators:
                out.append(f"an operator's own wallet adjusted: {account} ({cents} cents)")
    return out


def credits(s: Snapshot, account: str, reason: str) -> list[int]:
    """The cents of every adjustment into ``account``'s wallet stored with ``reason``."""
    return [
        int(c)
        for (c,) in s.q(
            "SELECT cents FROM ledger WHERE credit = ? AND reason = ?",
            f"wallet:{account}",
            f"adjustment: {reason}",
        )
    ]


def private_tables(s: Snapshot, owner: str) -> set[str]:
    """The open private tables of ``owner``."""
    return {
        str(t)
        for (t,) in s.q(
            "SELECT p.table_id FROM private_tables p JOIN tables t ON t.id = p.table_id "
            "WHERE p.owner = ? AND t.status = 'open'",
            owner,
        )
    }


def held_events(s: Snapshot) -> list[tuple[int, str | None, str]]:
    """(id, table, detail) of every ``table_held`` event."""
    return [
        (int(i), None if t is None else str(t), str(d))
        for i, t, d in s.q("SELECT id, table_id, detail FROM events WHERE kind = 'table_held'")
    ]


def taken_events(s: Snapshot, since_id: int) -> list[tuple[str, str]]:
    """(table, instance) of the ``table_taken`` events after event ``since_id``."""
    return [
        (str(t), str(i))
        for t, i in s.q(
            "SELECT table_id, instance FROM events WHERE kind = 'table_taken' AND id > ?",
            since_id,
        )
    ]


def last_event(s: Snapshot) -> int:
    """The id of the last event stored."""
    rows = s.q("SELECT MAX(id) FROM events")
    return int(rows[0][0] or 0)


def leases(s: Snapshot) -> dict[str, tuple[str, Any]]:
    """table -> (owner, expires_at) of the lease rows."""
    return {
        str(t): (str(o), e)
        for t, o, e in s.q("SELECT table_id, owner, expires_at FROM table_leases")
    }


def open_tables(s: Snapshot) -> set[str]:
    """The open tables."""
    return {str(t) for (t,) in s.q("SELECT id FROM tables WHERE status = 'open'")}
