"""The store: accounts, the double-entry ledger, tables and their commands, rounds and meters,
on SQLite (WAL) or PostgreSQL through SQLAlchemy, migrated by Alembic at start-up.

Every method is synchronous and short; the service calls them from a worker thread
(:meth:`Store.run`). :meth:`Store.commit` writes a table's accepted commands, the money they
moved, finished rounds and meters in one database transaction: nothing of a batch is visible
unless all of it is.
"""

from __future__ import annotations

import datetime as dt
import json
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from paigow.errors import IllegalActionError

from ..db import pit_meters
from ..db import schema as db
from ..db.accounts_sql import (
    NON_NEGATIVE,
    Move,
    add_meters,
    ensure_account,
    now,
    transfer,
    transfers,
)
from ..db.database import DEFAULT_DB, MIGRATION_LOCK, Database, away, default_db_url
from ..db.events import insert_event
from ..db.idem import RepeatedKeyError, stored_seq
from ..db.leases import check_fences
from ..db.meters import round_meters
from ..db.names_sql import free_skeleton
from ..db.seats_sql import write_seats
from ..db.sessions_sql import check_sessions
from ..db.stored_json import dumps
from ..protection.checks import buy_in_refusals, buys_in, check_buy_ins
from .batch_rows import Batch, OpRow, RoundRow

__all__ = [
    "DEFAULT_DB",
    "MIGRATION_LOCK",
    "NON_NEGATIVE",
    "Batch",
    "OpRow",
    "RoundRow",
    "Store",
    "default_db_url",
    "now",
    "players_of",
]

#: The store's counters are written by its worker threads (several on PostgreSQL).
_COUNTING = threading.Lock()
#: A table's new head and last command, for every table of a group commit (made once).
_SET_HEAD = (
    db.tables.update()
    .where(db.tables.c.id == sa.bindparam("t"))
    .values(head=sa.bindparam("h"), last_seq=sa.bindparam("s"))
)


class Store(Database):
    """The service's database: its accounts, tables, commands, rounds and meters."""

    #: The transactions that wrote tables' batches (:meth:`commit`, :meth:`commit_many`), and
    #: the batches they wrote.
    transactions = 0
    batches_written = 0

    # ------------------------------------------------------------------ users
    def create_user(self, name: str, password_hash: str, role: str, grant: int) -> int:
        """A new account (and its wallet, credited ``grant`` cents from the cashier)."""
        with self.engine.begin() as c:
            uid = _new_user(c, name, password_hash, role)
            if grant:
                transfer(c, None, 0, Move("cashier", f"wallet:{name}", grant, "grant"))
            return uid

    def set_password(self, name: str, password_hash: str, role: str) -> None:
        """Create or update an account's password and role (operator bootstrap; a new name
        must not be another account's look-alike: :class:`NameRefusedError`)."""
        with self.engine.begin() as c:
            row = c.execute(sa.select(db.users.c.id).where(db.users.c.name == name)).first()
            if row is None:
                _new_user(c, name, password_hash, role)
            else:
                c.execute(
                    db.users.update()
                    .where(db.users.c.name == name)
                    .values(password_hash=password_hash, role=role)
                )

    def user_by_name(self, name: str) -> dict[str, Any] | None:
        """``{id, name, password_hash, role}`` or None."""
        with self.engine.connect() as c:
            row = c.execute(sa.select(db.users).where(db.users.c.name == name)).mappings().first()
            return dict(row) if row else None

    def add_session(self, token_hash: str, user_id: int, expires: dt.datetime) -> None:
        """Remember a session token (its SHA-256 only)."""
        with self.engine.begin() as c:
            c.execute(
                db.sessions.insert().values(
                    token_hash=token_hash, user_id=user_id, created_at=now(), expires_at=expires
                )
            )

    def session_user(self, token_hash: str) -> dict[str, Any] | None:
        """The user of an unexpired session, or None."""
        q = (
            sa.select(db.users.c.id, db.users.c.name, db.users.c.role, db.sessions.c.expires_at)
            .join(db.users, db.users.c.id == db.sessions.c.user_id)
            .where(db.sessions.c.token_hash == token_hash)
        )
        with self.engine.connect() as c:
            row = c.execute(q).mappings().first()
        if row is None:
            return None
        exp = row["expires_at"]
        if exp.tzinfo is None:
            exp = exp.replace(tzinfo=dt.UTC)
        if exp <= now():
            return None
        return {"id": row["id"], "name": row["name"], "role": row["role"], "expires_at": exp}

    # ------------------------------------------------------------------ money
    def balance(self, account: str) -> int:
        """An account's balance (0 if it never moved)."""
        q = sa.select(db.accounts.c.balance).where(db.accounts.c.name == account)
        with self.engine.connect() as c:
            return int(c.execute(q).scalar() or 0)

    def buy_in_refusals(self, asks: Sequence[tuple[str, int]]) -> list[str | None]:
        """Why each (player, cents) buy-in would be refused now, in words (None: it would
        not): :func:`.protection.checks.buy_in_refusals`."""
        return buy_in_refusals(self.engine, asks)

    def balances(self, prefix: str = "") -> dict[str, int]:
        """Every account whose name starts with ``prefix``."""
        with self.engine.connect() as c:
            rows = c.execute(
                sa.select(db.accounts.c.name, db.accounts.c.balance).where(
                    db.accounts.c.name.startswith(prefix)
                )
            ).all()
        return {r[0]: int(r[1]) for r in rows}

    def cashier(self, account: str, cents: int, reason: str) -> None:
        """Move money between the cashier and an account (a deposit or a withdrawal)."""
        with self.engine.begin() as c:
            if cents >= 0:
                transfer(c, None, 0, Move("cashier", account, cents, reason))
            else:
                transfer(c, None, 0, Move(account, "cashier", -cents, reason))

    def ledger_rows(self, table_id: str | None = None) -> list[dict[str, Any]]:
        """Ledger rows in order (of one table, or all)."""
        q = sa.select(db.ledger).order_by(db.ledger.c.id)
        if table_id is not None:
            q = q.where(db.ledger.c.table_id == table_id)
        with self.engine.connect() as c:
            return [dict(r) for r in c.execute(q).mappings()]

    # ------------------------------------------------------------------ tables
    def open_table(self, table_id: str, config: Mapping[str, Any]) -> None:
        """Record a new open table."""
        with self.engine.begin() as c:
            if c.execute(sa.select(db.tables.c.id).where(db.tables.c.id == table_id)).first():
                raise IllegalActionError(f"table {table_id!r} exists already")
            c.execute(
                db.tables.insert().values(
                    id=table_id, config=dumps(config), status="open", created_at=now()
                )
            )

    def close_table(self, table_id: str) -> None:
        """Mark a table closed."""
        with self.engine.begin() as c:
            c.execute(
                db.tables.update()
                .where(db.tables.c.id == table_id)
                .values(status="closed", closed_at=now())
            )

    def open_tables(self) -> list[tuple[str, dict[str, Any]]]:
        """(id, config) of every open table, oldest first."""
        q = (
            sa.select(db.tables.c.id, db.tables.c.config)
            .where(db.tables.c.status == "open")
            .order_by(db.tables.c.created_at, db.tables.c.id)
        )
        with self.engine.connect() as c:
            return [(r[0], json.loads(r[1])) for r in c.execute(q)]

    def open_table_config(self, table_id: str) -> dict[str, Any] | None:
        """The config of one open table; None if no open table has that id."""
        q = sa.select(db.tables.c.config).where(
            sa.and_(db.tables.c.id == table_id, db.tables.c.status == "open")
        )
        with self.engine.connect() as c:
            row = c.execute(q).first()
        return None if row is None else dict(json.loads(row[0]))

    def ops(self, table_id: str, after: int = 0) -> list[OpRow]:
        """A table's accepted commands (those after sequence number ``after``), in order."""
        q = (
            sa.select(
                db.table_ops.c.seq,
                db.table_ops.c.command,
                db.table_ops.c.actor,
                db.table_ops.c.idem_key,
                db.table_ops.c.chain,
            )
            .where(sa.and_(db.table_ops.c.table_id == table_id, db.table_ops.c.seq > after))
            .order_by(db.table_ops.c.seq)
        )
        with self.engine.connect() as c:
            return [OpRow(r[0], json.loads(r[1]), r[2], r[3], r[4]) for r in c.execute(q)]

    def head(self, table_id: str) -> tuple[str | None, int | None]:
        """A table's chain head and the sequence number of its last command."""
        q = sa.select(db.tables.c.head, db.tables.c.last_seq).where(db.tables.c.id == table_id)
        with self.engine.connect() as c:
            row = c.execute(q).first()
        return (None, None) if row is None else (row[0], row[1])

    def commit(self, batch: Batch) -> str:
        """Write one table's batch in one transaction (commands and their chain links,
        ledger, rounds, meters); the table's new chain head.

        Raises:
            IllegalActionError: a wallet or chip account would go negative, or the writer no
                longer holds the table's lease (nothing is written).
            RepeatedKeyError: a command's idempotency key was stored before (nothing is
                written).
        """
        try:
            with self.engine.begin() as c:
                head = self._write(c, [batch])[0]
        except sa.exc.IntegrityError:
            self._repeated_key(batch)
            raise
        self._count(1)
        return head

    def _repeated_key(self, batch: Batch) -> None:
        """After a refused write: raise :class:`~.idem.RepeatedKeyError` when one of the
        batch's idempotency keys is stored already (the unique index refused it)."""
        for o in batch.ops:
            seq = None if o.idem_key is None else self.key_seq(batch.table_id, o.actor, o.idem_key)
            if seq is not None:
                raise RepeatedKeyError(o.actor, str(o.idem_key), seq)

    def key_seq(self, table_id: str, actor: str, key: str) -> int | None:
        """The number of the command ``actor`` sent to the table with idempotency ``key``."""
        with self.engine.connect() as c:
            return stored_seq(c, table_id, actor, key)

    def commit_many(self, batches: Sequence[Batch]) -> list[str | Exception]:
        """Several tables' batches in one transaction (one flush to disk for all, and each
        kind of row written for all in one statement: a group commit); when any fails, each
        is committed on its own instead. Per batch: its new head, or why it was not
        written."""
        if len(batches) > 1:
            try:
                with self.engine.begin() as c:
                    heads: list[str | Exception] = list(self._write(c, batches))
                self._count(len(batches))
                return heads
            except Exception:  # one of them is refused: the others must not be
                pass
        out: list[str | Exception] = []
        for b in batches:
            try:
                out.append(self.commit(b))
            except Exception as e:  # (a database away told as the service tells it)
                out.append(away(e))
        return out

    def _count(self, batches: int) -> None:
        with _COUNTING:
            self.transactions += 1
            self.batches_written += batches

    def _write(self, c: Connection, batches: Sequence[Batch]) -> list[str]:
        """The batches, in order, on ``c``: each check first (the leases' fences, the
        senders' sessions), then the commands of all, the tables' heads, the money (each
        batch's movements checked in turn, :func:`~paigow.service.db.accounts_sql.transfers`),
        the rounds and the events. The tables' new heads."""
        stamp = now()
        # the leases' rows locked in one statement in the tables' order, as a renewal locks
        # them (leases' notes)
        check_fences(c, [(b.table_id, *b.fence) for b in batches if b.fence])
        check_sessions(c, [s for b in batches for s in b.sessions])
        heads, rows, tables = [], [], []
        for b in batches:
            head = b.head
            for o, head in zip(b.ops, b.links(), strict=True):
                rows.append(
                    {
                        "table_id": b.table_id,
                        "seq": o.seq,
                        "command": dumps(o.command),
                        "actor": o.actor,
                        "idem_key": o.idem_key,
                        "created_at": stamp,
                        "chain": head,
                    }
                )
            if b.ops:
                tables.append({"t": b.table_id, "h": head, "s": b.ops[-1].seq})
            heads.append(head)
        if rows:
            c.execute(db.table_ops.insert(), rows)
            c.execute(_SET_HEAD, tables)
        moving = [(b.table_id, b.moves) for b in batches if b.moves]
        if any(buys_in(m) for _t, m in moving):
            # a buy-in is held to its player's protection by the ledger as it stands after the
            # batches before it: each batch checked and written in turn
            for t_id, m in moving:
                check_buy_ins(c, m, stamp)
                transfers(c, [(t_id, m)], stamp)
        else:
            transfers(c, moving, stamp)
        finished = [(b.table_id, r) for b in batches for r in b.rounds]
        if finished:
            self._rounds(c, finished, stamp)
        seated = {b.table_id: b.seats for b in batches if b.seats is not None}
        if seated:
            write_seats(c, seated)
        for b in batches:
            b.stored_events = [insert_event(c, e, b.instance) for e in b.events]
        return heads

    @staticmethod
    def _rounds(c: Connection, finished: list[tuple[str, RoundRow]], stamp: dt.datetime) -> None:
        """The rounds the batches finished (table, round), their players, and what they add to
        the meters (all of one kind of row in one statement)."""
        c.execute(
            db.rounds.insert(),
            [
                {
                    "table_id": t,
                    "round_no": r.round_no,
                    "started_seq": r.started_seq,
                    "finished_seq": r.finished_seq,
                    "finished_at": stamp,
                    "void": r.record.get("void") is not None,
                    "record": dumps(r.record),
                }
                for t, r in finished
            ],
        )
        players = [
            {"player": p, "table_id": t, "round_no": r.round_no}
            for t, r in finished
            for p in r.players
        ]
        if players:
            c.execute(db.round_players.insert(), players)
        day = stamp.date()
        add_meters(c, [(t, day, round_meters(r.record)) for t, r in finished])
        pit_meters.add_rounds(c, [(t, stamp, r.record) for t, r in finished])

    # ------------------------------------------------------------------ recall and meters
    def recall_table(self, table_id: str, n: int = 10) -> list[dict[str, Any]]:
        """The last ``n`` rounds of a table, newest first."""
        q = (
            _with_config(sa.select(db.rounds, db.tables.c.config))
            .where(db.rounds.c.table_id == table_id)
            .order_by(db.rounds.c.round_no.desc())
            .limit(n)
        )
        with self.engine.connect() as c:
            return [_round_row(r) for r in c.execute(q).mappings()]

    def recall_round(self, table_id: str, round_no: int) -> dict[str, Any] | None:
        """One stored round of a table (None: no such round)."""
        r = db.rounds
        q = _with_config(sa.select(r, db.tables.c.config)).where(
            r.c.table_id == table_id, r.c.round_no == round_no
        )
        with self.engine.connect() as c:
            row = c.execute(q).mappings().first()
        return None if row is None else _round_row(row)

    def recall_player(self, player: str, n: int = 10) -> list[dict[str, Any]]:
        """The last ``n`` rounds ``player`` played in, newest first."""
        q = (
            _with_config(sa.select(db.rounds, db.tables.c.config))
            .join(
                db.round_players,
                sa.and_(
                    db.round_players.c.table_id == db.rounds.c.table_id,
                    db.round_players.c.round_no == db.rounds.c.round_no,
                ),
            )
            .where(db.round_players.c.player == player)
            .order_by(db.rounds.c.finished_at.desc(), db.rounds.c.round_no.desc())
            .limit(n)
        )
        with self.engine.connect() as c:
            return [_round_row(r) for r in c.execute(q).mappings()]

    def all_rounds(self, table_id: str) -> list[dict[str, Any]]:
        """Every finished round of a table, in order."""
        q = (
            sa.select(db.rounds)
            .where(db.rounds.c.table_id == table_id)
            .order_by(db.rounds.c.round_no)
        )
        with self.engine.connect() as c:
            return [_round_row(r) for r in c.execute(q).mappings()]

    def meters(self, table_id: str) -> list[dict[str, Any]]:
        """A table's meters, one row per day."""
        q = sa.select(db.meters).where(db.meters.c.table_id == table_id).order_by(db.meters.c.day)
        with self.engine.connect() as c:
            rows = [dict(r) for r in c.execute(q).mappings()]
        for r in rows:
            r["day"] = r["day"].isoformat()
        return rows


def _with_config(q: Any) -> Any:
    """``q`` over the rounds with their table's row beside (its ``config``: what the recall
    says of a private table, :mod:`paigow.service.tables.recall`)."""
    return q.select_from(db.rounds.outerjoin(db.tables, db.tables.c.id == db.rounds.c.table_id))


def _round_row(r: Any) -> dict[str, Any]:
    row = {
        "table": r["table_id"],
        "round": r["round_no"],
        "finished_at": r["finished_at"].isoformat(),
        "void": bool(r["void"]),
        "record": json.loads(r["record"]),
    }
    if "config" in r:
        row["config"] = r["config"]
    return row


def _new_user(c: Connection, name: str, password_hash: str, role: str) -> int:
    """A new account and its empty wallet, on ``c``; its id (a look-alike of another
    account's name: :class:`NameRefusedError`)."""
    sk = free_skeleton(c, name)
    values = {"password_hash": password_hash, "role": role, "created_at": now(), "skeleton": sk}
    uid = c.execute(db.users.insert().values(name=name, **values)).inserted_primary_key
    assert uid is not None
    ensure_account(c, f"wallet:{name}")
    return int(uid[0])


def players_of(record: Mapping[str, Any]) -> Sequence[str]:
    """Human players seated in a round (computer players excluded)."""
    return sorted(n for n in (record.get("seats") or {}) if not n.startswith("bot-"))
