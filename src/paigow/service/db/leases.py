"""Table ownership across server processes: a lease row per table in the shared database.

A table is run by one process at a time, its *owner*: the process that holds the table's row
in ``table_leases`` (owner, epoch, expiry). The owner renews its leases every
``ttl / 3`` seconds; a process that stops renewing (killed, frozen, cut off from the database)
loses them when they expire, and another process takes the table: a new epoch, the table
rebuilt from its stored commands. Every commit of a table checks, in its own transaction, that
the writer still holds the lease with its epoch (:func:`check_fences`, every table of a group
commit at once): a process that lost a table can no longer write to it, whatever it
believes. Rows are locked (``FOR UPDATE``) while they are read and changed, so two processes
never take a table at once.

A transaction that locks several tables' rows (a group commit's fences, a renewal, a release)
locks them in the order of the tables' ids. In any other order a group commit and the same
process's renewal could each hold a row the other waits for: PostgreSQL then finds the
deadlock after a second (``deadlock_timeout``) and cancels one of them, and every command of
that group waited that second (measured with two processes under load: docs/reliability.md).
A group commit's fences, a renewal and a release lock all their rows in one statement
(``SELECT … ORDER BY table_id FOR UPDATE``: PostgreSQL sorts, then locks each row as it comes),
whatever the number of tables; a renewal and a release then change them in one more.

Every change of a table's owner writes one ``table_taken`` event (the table, the previous and
the new owner, the new epoch, whether the previous owner gave the lease back or let it expire)
in the transaction that takes the lease (:func:`take`): the epoch and its event are committed
together or not at all, whichever way the table is then run (a replica promoted, the table
rebuilt, a command that found the table free).

``instances`` lists the running processes (heartbeat ``seen_at``; ``stopped_at`` once stopped
cleanly): a process that finds one that stopped without shutting down logs the crash recovery.
A process counts as alive while it was seen within a lease's time (the caller's ``alive``, the
cluster's ``--lease-seconds``): one not seen for that long has renewed none of its leases
either, so its tables are free and the others' fair shares no longer count it (counted alive
for longer, its tables waited for a process under its share: a survivor holding its share
took them only once the dead one stopped counting).
Times are the processes' clocks (UTC): keep them synchronised well within the lease's time.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from paigow.errors import IllegalActionError

from . import schema as db
from .accounts_sql import now
from .database import Database
from .events import event, insert_event

__all__ = [
    "ALIVE_SECONDS",
    "GIVEN_BACK",
    "LeaseLostError",
    "acquire",
    "check_fences",
    "crashed_instances",
    "free_tables",
    "heartbeat",
    "holder",
    "loads",
    "owners",
    "release",
    "renew",
    "stopped",
    "take",
]

L = db.table_leases
INST = db.instances
#: An instance not seen for this long is not counted among the live ones, unless the caller
#: says otherwise (a cluster: its lease's time, module notes).
ALIVE_SECONDS = 15.0
#: The expiry a lease given back is written with (a clean stop, a share given back): long
#: past, so that it is free at once, and told apart from a lease that ran out.
GIVEN_BACK = dt.datetime(2000, 1, 1, tzinfo=dt.UTC)


class LeaseLostError(IllegalActionError):
    """This process no longer owns the table (another took it): nothing was written."""


def check_fences(c: Connection, fences: Iterable[tuple[str, str, int]]) -> None:
    """In a group commit's transaction: the writer still holds each table's lease at its
    epoch (table, owner, epoch), every row locked in one statement in the tables' order
    (module notes).

    Raises:
        LeaseLostError: for the first table, in that order, whose lease it no longer holds.
    """
    wanted = sorted(set(fences))
    held = _lock_in_order(c, sorted({t for t, _o, _e in wanted}))
    for table_id, owner, epoch in wanted:
        if held.get(table_id) != (owner, epoch):
            raise LeaseLostError(
                f"table {table_id} is now run by another server process; reconnect and retry"
            )


def acquire(store: Database, table_id: str, owner: str, ttl: float) -> int | None:
    """Take (or keep) a table's lease when it is free, expired or ours; its epoch, or None
    (:func:`take`, without its event)."""
    got = take(store, table_id, owner, ttl)
    return None if got is None else got[0]


def take(
    store: Database, table_id: str, owner: str, ttl: float
) -> tuple[int, dict[str, Any] | None] | None:
    """Take (or keep) a table's lease when it is free, expired or ours: its epoch, and the
    ``table_taken`` event stored with it when the lease passed from another owner (None when
    the lease is new or was ours already); None when another process holds it.

    The event is written in the transaction that changes the owner and the epoch (module
    notes): exactly one per change of owner, committed with it or not at all."""
    t = now()
    until = t + dt.timedelta(seconds=ttl)
    try:
        with store.engine.begin() as c:
            row = c.execute(
                sa.select(L.c.owner, L.c.epoch, L.c.expires_at)
                .where(L.c.table_id == table_id)
                .with_for_update()
            ).first()
            if row is None:
                c.execute(
                    L.insert().values(table_id=table_id, owner=owner, epoch=1, expires_at=until)
                )
                return 1, None
            holder, epoch, expires = row[0], int(row[1]), _aware(row[2])
            if holder == owner:
                c.execute(L.update().where(L.c.table_id == table_id).values(expires_at=until))
                return epoch, None
            if expires > t:
                return None
            c.execute(
                L.update()
                .where(L.c.table_id == table_id)
                .values(owner=owner, epoch=epoch + 1, expires_at=until)
            )
            given_back = expires <= GIVEN_BACK
            ev = event(
                "table_taken",
                "info" if given_back else "warning",
                table_id,
                None,
                previous=holder,
                owner=owner,
                epoch=epoch + 1,
                given_back=given_back,
                expired_seconds=None if given_back else round((t - expires).total_seconds(), 3),
            )
            return epoch + 1, insert_event(c, ev, owner)
    except IntegrityError:  # another process inserted the row first
        return None


def _lock_in_order(c: Connection, tables: list[str]) -> dict[str, tuple[str, int]]:
    """Lock the lease rows of ``tables`` (sorted) in the order of their ids, in one statement:
    PostgreSQL sorts first, then locks each row as it comes (module notes). SQLite has one
    writer at a time and no row locks: there it only reads. Table -> (owner, epoch) of the
    rows found."""
    if not tables:
        return {}
    rows = c.execute(
        sa.select(L.c.table_id, L.c.owner, L.c.epoch)
        .where(L.c.table_id.in_(tables))
        .order_by(L.c.table_id)
        .with_for_update()
    ).all()
    return {r[0]: (r[1], r[2]) for r in rows}


def renew(store: Database, owner: str, held: dict[str, int], ttl: float) -> set[str]:
    """Extend the leases held (table -> epoch); the tables whose lease was lost. Two statements
    whatever the number of tables (one per table used to keep the store's thread, and with it
    every group commit, waiting for as long as a hundred round trips took)."""
    if not held:
        return set()
    until = now() + dt.timedelta(seconds=ttl)
    tables = sorted(held)
    with store.engine.begin() as c:
        _lock_in_order(c, tables)
        kept = c.execute(
            L.update()
            .where(
                L.c.owner == owner,
                sa.tuple_(L.c.table_id, L.c.epoch).in_([(t, held[t]) for t in tables]),
            )
            .values(expires_at=until)
            .returning(L.c.table_id)
        ).scalars()
        return set(tables).difference(kept)


def release(store: Database, owner: str, tables: Iterable[str]) -> None:
    """Give up leases (a clean stop, a share given back): free at once, written with the
    expiry :data:`GIVEN_BACK` (a taker's event says the lease was given back)."""
    ids = sorted(set(tables))
    if not ids:
        return
    with store.engine.begin() as c:
        _lock_in_order(c, ids)
        c.execute(
            L.update()
            .where(L.c.table_id.in_(ids), L.c.owner == owner)
            .values(expires_at=GIVEN_BACK)
        )


def owners(store: Database) -> dict[str, tuple[str, bool]]:
    """Table -> (owner, lease still valid)."""
    t = now()
    with store.engine.connect() as c:
        rows = c.execute(sa.select(L.c.table_id, L.c.owner, L.c.expires_at)).all()
    return {r[0]: (r[1], _aware(r[2]) > t) for r in rows}


def holder(store: Database, table_id: str) -> tuple[str, bool, bool] | None:
    """Who holds an open or closed table's lease: (owner, the lease still valid, the table
    open); None for a table with no lease."""
    t = now()
    q = (
        sa.select(L.c.owner, L.c.expires_at, db.tables.c.status)
        .select_from(L.outerjoin(db.tables, db.tables.c.id == L.c.table_id))
        .where(L.c.table_id == table_id)
    )
    with store.engine.connect() as c:
        row = c.execute(q).first()
    if row is None:
        return None
    return str(row[0]), _aware(row[1]) > t, row[2] == "open"


def free_tables(store: Database) -> list[str]:
    """Open tables that nobody holds (no lease, or an expired one), oldest first."""
    t = now()
    q = (
        sa.select(db.tables.c.id, L.c.expires_at)
        .select_from(db.tables.outerjoin(L, L.c.table_id == db.tables.c.id))
        .where(db.tables.c.status == "open")
        .order_by(db.tables.c.created_at, db.tables.c.id)
    )
    with store.engine.connect() as c:
        return [r[0] for r in c.execute(q) if r[1] is None or _aware(r[1]) <= t]


def loads(store: Database, alive: float = ALIVE_SECONDS) -> dict[str, int]:
    """Each live instance (seen within ``alive`` seconds, not stopped) -> how many open tables
    it holds under a valid lease; an instance that holds none is there with 0. Tables closed
    and leases expired are not counted: a process's share is of the open tables (one
    consistent read)."""
    t = now()
    recent = t - dt.timedelta(seconds=alive)
    held = (
        sa.select(L.c.owner, sa.func.count().label("n"))
        .select_from(L.join(db.tables, db.tables.c.id == L.c.table_id))
        .where(sa.and_(db.tables.c.status == "open", L.c.expires_at > t))
        .group_by(L.c.owner)
    )
    with store.engine.connect() as c:
        living = sa.and_(INST.c.stopped_at.is_(None), INST.c.seen_at > recent)
        live = c.execute(sa.select(INST.c.id).where(living)).all()
        counts = {str(r[0]): int(r[1]) for r in c.execute(held)}
    return {str(r[0]): counts.get(str(r[0]), 0) for r in live}


def heartbeat(store: Database, instance: str, alive: float = ALIVE_SECONDS) -> int:
    """Record that ``instance`` is alive; how many instances are alive (seen within ``alive``
    seconds). An instance that runs is not stopped: one started again under the name of one
    that stopped, cleanly or not (``--instance a`` after a restart), counts among the live ones
    again (it used to stay "stopped", and the others never gave it a table back)."""
    t = now()
    with store.engine.begin() as c:
        n = c.execute(
            INST.update().where(INST.c.id == instance).values(seen_at=t, stopped_at=None)
        ).rowcount
        if n == 0:
            c.execute(INST.insert().values(id=instance, started_at=t, seen_at=t))
        recent = t - dt.timedelta(seconds=alive)
        return int(
            c.execute(
                sa.select(sa.func.count())
                .select_from(INST)
                .where(sa.and_(INST.c.stopped_at.is_(None), INST.c.seen_at > recent))
            ).scalar()
            or 1
        )


def crashed_instances(store: Database, instance: str, silent: float) -> list[str]:
    """Instances that stopped without shutting down (not seen for ``silent`` seconds); each is
    marked stopped so that it is reported once."""
    t = now()
    with store.engine.begin() as c:
        rows = c.execute(
            sa.select(INST.c.id, INST.c.seen_at)
            .where(sa.and_(INST.c.stopped_at.is_(None), INST.c.id != instance))
            .with_for_update()
        ).all()
        out = [r[0] for r in rows if _aware(r[1]) <= t - dt.timedelta(seconds=silent)]
        for iid in out:
            c.execute(INST.update().where(INST.c.id == iid).values(stopped_at=t))
    return out


def stopped(store: Database, instance: str) -> None:
    """A clean stop."""
    with store.engine.begin() as c:
        c.execute(INST.update().where(INST.c.id == instance).values(stopped_at=now()))


def _aware(t: dt.datetime) -> dt.datetime:
    return t if t.tzinfo is not None else t.replace(tzinfo=dt.UTC)
