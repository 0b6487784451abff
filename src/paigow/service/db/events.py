"""The event log: significant events with their time, kept in the store (``events``) and shown
to operators (``GET /api/events``, and a ``log`` message on every operator's websocket).

Kinds (``level`` in brackets): ``start`` and ``stop`` of a server process [info];
``crash_recovery`` (a process found that one before it had stopped without shutting down, and
the tables it rebuilt) [warning]; ``table_held`` (a table's history was altered or no longer
replays: no play until an operator looks) [alert]; ``table_opened``, ``table_closed`` and
``operator_action`` (an irregularity entered, a window ended, a pause) by an operator [info]
(``deposit``: the retired deposit route's, in logs written before it was retired); ``void`` (a
round void, and why) and ``irregularity`` (a player voiding their hand) [warning];
``login_failed`` and ``login_locked`` [warning]; ``rate_limited`` (a connection closed for
flooding) [warning]; ``table_taken`` (a process took a table from another: one for every change
of owner, written with the lease, with the ``previous`` and the new ``owner`` and the
``epoch``) [warning; info when the lease was given back]; ``password_changed`` [info];
``account_suspended`` and ``session_revoked`` by an operator [warning]; ``account_reinstated``
[info]; ``table_options`` (an operator's change of a table's limits and options, with what they
were) [info] and ``table_options_refused`` (one that waited for a round's end and could not be
made then) [warning]; ``wallet_adjusted`` (an operator's adjustment of a wallet: whose, the
cents, the reason and the idempotency key) [warning]; ``names_reviewed`` (migration
``0009_name_skeletons``: look-alike names stored before it, and names the rule now refuses)
[warning]; ``surveillance_granted`` and ``surveillance_withdrawn`` [alert], and each
``surveillance_look`` at a round's hidden hands [warning]; ``payment_id_set`` (an operator set
an account's payment identity) [info].

Events of a table batch are written in the batch's own transaction
(:meth:`paigow.service.store.store.Store.commit`); the others by :class:`EventLog`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from . import schema as db
from .accounts_sql import now
from .database import Database, DatabaseAwayError

__all__ = ["LEVELS", "EventLog", "event", "insert_event", "list_events"]

LEVELS = ("info", "warning", "alert")

log = logging.getLogger("paigow.service")


def event(
    kind: str,
    level: str = "info",
    table: str | None = None,
    actor: str | None = None,
    **detail: Any,
) -> dict[str, Any]:
    """An event, not yet stored."""
    assert level in LEVELS, level
    return {"kind": kind, "level": level, "table": table, "actor": actor, "detail": detail}


def insert_event(c: Connection, ev: dict[str, Any], instance: str) -> dict[str, Any]:
    """Store ``ev`` on connection ``c``; the stored event (with its id, time and instance)."""
    at = now()
    res = c.execute(
        db.events.insert().values(
            at=at,
            kind=ev["kind"],
            level=ev["level"],
            table_id=ev["table"],
            actor=(ev["actor"] or None) and str(ev["actor"])[:40],
            instance=instance,
            detail=json.dumps(ev["detail"], sort_keys=True, default=str),
        )
    )
    key = res.inserted_primary_key
    return {
        **ev,
        "id": int(key[0]) if key else None,
        "at": at.isoformat(),
        "instance": instance,
    }


def list_events(
    store: Database, since: int = 0, limit: int = 100, table: str | None = None
) -> list[dict[str, Any]]:
    """Events after id ``since`` (of one table, or all), oldest first, at most ``limit``."""
    e = db.events
    q = sa.select(e).where(e.c.id > since).order_by(e.c.id).limit(limit)
    if table is not None:
        q = q.where(e.c.table_id == table)
    with store.engine.connect() as c:
        rows = c.execute(q).mappings().all()
    out = []
    for r in rows:
        at = r["at"]
        out.append(
            {
                "id": r["id"],
                "at": at.isoformat() if hasattr(at, "isoformat") else str(at),
                "kind": r["kind"],
                "level": r["level"],
                "table": r["table_id"],
                "actor": r["actor"],
                "instance": r["instance"],
                "detail": json.loads(r["detail"]),
            }
        )
    return out


class EventLog:
    """Writes events and shows them to the operators connected to this process."""

    def __init__(self, store: Database, instance: str) -> None:
        self.store = store
        self.instance = instance
        self.listeners: list[Callable[[dict[str, Any]], None]] = []
        #: Sends a stored event to the other processes (set by the cluster).
        self.publish: Callable[[dict[str, Any]], None] | None = None

    def _write(self, ev: dict[str, Any]) -> dict[str, Any]:
        with self.store.engine.begin() as c:
            return insert_event(c, ev, self.instance)

    async def add(
        self,
        kind: str,
        level: str = "info",
        table: str | None = None,
        actor: str | None = None,
        **detail: Any,
    ) -> dict[str, Any]:
        """Store an event and show it; a store that cannot write it is logged, not raised."""
        ev = event(kind, level, table, actor, **detail)
        try:
            stored = await self.store.run(self._write, ev)
        except Exception as e:  # the database is away: the process log keeps it
            if isinstance(e, DatabaseAwayError):
                log.warning("event %s not stored (%s): %s", kind, e, ev)
            else:
                log.exception("event %s not stored: %s", kind, ev)
            stored = {**ev, "id": None, "at": now().isoformat(), "instance": self.instance}
        self.show(stored)
        return stored

    def show(self, stored: dict[str, Any], remote: bool = False) -> None:
        """Push a stored event to every listener (the operators' connections) and, when it
        happened here, to the other processes."""
        log.log(
            logging.WARNING if stored["level"] != "info" else logging.INFO,
            "%s (event %s at %s): %s",
            stored.get("kind"),
            stored.get("id"),
            stored.get("instance"),
            json.dumps(stored.get("detail"), ensure_ascii=False, default=str),
            extra={
                "event": stored.get("kind"),
                "table": stored.get("table"),
                "account": stored.get("actor"),
                "detail": stored.get("detail"),
            },
        )
        if not remote and self.publish is not None:
            self.publish(stored)
        for fn in list(self.listeners):
            fn(stored)
