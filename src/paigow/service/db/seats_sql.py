"""Who sits where, in the store: each open table's people and their seats (``seats``), as the
table's owner last committed them, replaced in the transaction of every batch that changed
them (:meth:`paigow.service.store.store.Store.commit`). Any process of a cluster reads them to know
whether a player is seated anywhere, whichever process runs the table (a player's
self-exclusion is refused while they sit: :mod:`paigow.service.protection.rules`; the pit's
private tables list their players)."""

from __future__ import annotations

import logging
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from . import schema as db
from .leases import check_fences

if TYPE_CHECKING:
    from .database import Database

__all__ = ["seated_at", "seats_of", "sync_seats", "tables_of", "write_seats"]

S = db.seats
log = logging.getLogger("paigow.service")


def write_seats(c: Connection, seated: Mapping[str, Mapping[str, str]]) -> None:
    """Replace the ``seats`` rows of these tables (table -> player -> seat)."""
    c.execute(S.delete().where(S.c.table_id.in_(sorted(seated))))
    rows = [
        {"table_id": t, "player": p, "seat": s}
        for t, m in sorted(seated.items())
        for p, s in sorted(m.items())
    ]
    if rows:
        c.execute(S.insert(), rows)


def sync_seats(
    store: Database, table_id: str, seats: Mapping[str, str], fence: tuple[str, int] | None
) -> bool:
    """Write a table's seats apart from any batch (its owner's first look, after a start or a
    takeover: the rows of a table played before migration ``0011_seats`` are written then),
    under the writer's lease (``fence``: owner, epoch). Whether they were written: a writer
    that lost the lease, or a database away, writes nothing, and the next batch carries them."""
    try:
        with store.engine.begin() as c:
            if fence is not None:
                check_fences(c, [(table_id, *fence)])
            write_seats(c, {table_id: seats})
    except Exception as e:  # the lease lost, the database away: the next batch writes them
        log.warning("table %s: seats not written: %s", table_id, e)
        return False
    return True


def tables_of(c: Connection, player: str) -> list[str]:
    """The tables ``player`` sits at, in order of their ids."""
    q = sa.select(S.c.table_id).where(S.c.player == player).order_by(S.c.table_id)
    return [str(t) for t in c.execute(q).scalars()]


def seats_of(store: Database, player: str) -> dict[str, str]:
    """Table -> seat of every table ``player`` sits at (its own transaction)."""
    q = sa.select(S.c.table_id, S.c.seat).where(S.c.player == player).order_by(S.c.table_id)
    with store.engine.connect() as c:
        return {str(t): str(s) for t, s in c.execute(q)}


def seated_at(c: Connection, tables: Iterable[str]) -> dict[str, list[str]]:
    """Table -> the people seated there, in order (tables with nobody are left out)."""
    ids = sorted(set(tables))
    out: dict[str, list[str]] = {}
    if not ids:
        return out
    q = sa.select(S.c.table_id, S.c.player).where(S.c.table_id.in_(ids)).order_by(S.c.player)
    for t, p in c.execute(q):
        out.setdefault(str(t), []).append(str(p))
    return out
