"""The pit's statements on the store (:mod:`paigow.service.routes.pit_api`): accounts found by name,
an account's wallet and ledger lines, a wallet adjustment (a balanced ledger movement and its event
in one transaction), and the pit's meters of a period.

Each function takes the :class:`~paigow.service.store.store.Store` and runs on the store's thread
(``await store.run(fn, store, ...)``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from paigow.errors import IllegalActionError

from ..db import schema as db
from ..db.accounts_sql import Move, now, transfer
from ..db.events import event, insert_event
from ..store.store import Store

__all__ = [
    "ADJUSTMENT",
    "Adjusted",
    "KeyReusedError",
    "account",
    "adjust",
    "find_accounts",
    "has_surveillance",
    "meter_rows",
    "set_surveillance",
    "write_event",
]

#: The ledger reason of a wallet adjustment (the operator's words follow it).
ADJUSTMENT = "adjustment"


def _iso(v: Any) -> str | None:
    return None if v is None else v.isoformat()


def find_accounts(store: Store, text: str, limit: int = 50) -> list[dict[str, Any]]:
    """Accounts whose name contains ``text`` (every account for ``""``), by name, at most
    ``limit``: name, role, created, suspended, wallet."""
    u, a = db.users, db.accounts
    wallet = sa.literal("wallet:", sa.String) + u.c.name
    q = (
        sa.select(u.c.name, u.c.role, u.c.created_at, u.c.suspended_at, a.c.balance)
        .select_from(u.outerjoin(a, a.c.name == wallet))
        .order_by(u.c.name)
        .limit(limit)
    )
    if text:
        q = q.where(u.c.name.contains(text, autoescape=True))
    with store.engine.connect() as c:
        rows = c.execute(q).all()
    return [
        {
            "name": r[0],
            "role": r[1],
            "created_at": _iso(r[2]),
            "suspended": r[3] is not None,
            "wallet": int(r[4] or 0),
        }
        for r in rows
    ]


def account(store: Store, name: str, lines: int = 50) -> dict[str, Any] | None:
    """An account: its name, role, times, the surveillance right, its wallet and the last
    ``lines`` ledger lines of the wallet, newest first (``cents`` signed: into the wallet
    positive); None when there is no such account."""
    u, led = db.users, db.ledger
    w = f"wallet:{name}"
    with store.engine.connect() as c:
        row = c.execute(sa.select(u).where(u.c.name == name)).mappings().first()
        if row is None:
            return None
        bal = c.execute(sa.select(db.accounts.c.balance).where(db.accounts.c.name == w)).scalar()
        q = (
            sa.select(led)
            .where(sa.or_(led.c.debit == w, led.c.credit == w))
            .order_by(led.c.id.desc())
            .limit(lines)
        )
        rows = c.execute(q).mappings().all()
    return {
        "name": row["name"],
        "role": row["role"],
        "created_at": _iso(row["created_at"]),
        "suspended_at": _iso(row["suspended_at"]),
        "surveillance": bool(row["surveillance"]),
        "wallet": int(bal or 0),
        "ledger": [
            {
                "id": int(r["id"]),
                "at": _iso(r["created_at"]),
                "table": r["table_id"],
                "other": r["debit"] if r["credit"] == w else r["credit"],
                "cents": int(r["cents"]) if r["credit"] == w else -int(r["cents"]),
                "reason": r["reason"],
            }
            for r in rows
        ],
    }


class KeyReusedError(IllegalActionError):
    """An adjustment's idempotency key already used for another adjustment (HTTP 409)."""


@dataclass(frozen=True)
class Adjusted:
    """What a wallet adjustment answers: the wallet after it and its event's id; ``repeated``
    when its key had been used for this very adjustment (nothing moved this time) and
    ``event`` the stored event when it moved now."""

    balance: int
    event_id: int
    repeated: bool = False
    event: dict[str, Any] | None = None


def _first(c: Connection, by: str, key: str, body: tuple[str, int, str]) -> Adjusted | None:
    """The adjustment already made under ``by``'s ``key`` (None: none).

    Raises:
        KeyReusedError: it was another adjustment (``body``: account, cents, reason).
    """
    w = db.wallet_adjustments
    row = c.execute(sa.select(w).where(w.c.operator == by, w.c.key == key)).mappings().first()
    if row is None:
        return None
    if (row["account"], int(row["cents"]), row["reason"]) != body:
        raise KeyReusedError(
            f"this key was used for another adjustment ({row['cents']} cents to "
            f"{row['account']!r}); a new adjustment needs a new key"
        )
    return Adjusted(int(row["balance"]), int(row["event_id"]), repeated=True)


def adjust(store: Store, name: str, cents: int, why: tuple[str, str, str], key: str) -> Adjusted:
    """Move ``cents`` between the cashier and ``name``'s wallet (negative: out of the wallet),
    its ledger row's reason ``adjustment: REASON``, the ``wallet_adjusted`` event and the
    operator's idempotency ``key``, all in one transaction (``why``: the reason, the operator,
    this process's instance). A key the operator used already answers what it answered then
    and moves nothing: kept in the database, so a retry after a restart, or sent to another
    process of a cluster, is caught too (two at the same moment: the key's primary key lets one
    commit, the other is rolled back and answered as a retry).

    Raises:
        KeyReusedError: the key was used for another adjustment (nothing changes).
        IllegalActionError: the wallet would go negative, or leave the ledger's range.
    """
    reason, by, instance = why
    body = (name, cents, reason)
    w = f"wallet:{name}"
    text = f"{ADJUSTMENT}: {reason}"
    move = Move("cashier", w, cents, text) if cents > 0 else Move(w, "cashier", -cents, text)
    try:
        with store.engine.begin() as c:
            found = _first(c, by, key, body)
            if found is not None:
                return found
            transfer(c, None, 0, move)
            bal = int(
                c.execute(sa.select(db.accounts.c.balance).where(db.accounts.c.name == w)).scalar()
                or 0
            )
            ev = event(
                "wallet_adjusted",
                "warning",
                None,
                by,
                account=name,
                cents=cents,
                reason=reason,
                key=key,
            )
            stored = insert_event(c, ev, instance)
            c.execute(
                db.wallet_adjustments.insert().values(
                    operator=by,
                    key=key,
                    account=name,
                    cents=cents,
                    reason=reason,
                    balance=bal,
                    event_id=int(stored["id"]),
                    at=now(),
                )
            )
        return Adjusted(bal, int(stored["id"]), event=stored)
    except sa.exc.IntegrityError:  # the same key committed at this moment by another request
        with store.engine.connect() as c:
            found = _first(c, by, key, body)
        if found is None:
            raise
        return found


def meter_rows(
    store: Store, first_hour: int, last_hour: int
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The pit's meter rows (per table and hour) and side-bet rows of the hours
    ``first_hour..last_hour`` (UTC hours since 1970), ordered by hour and table."""
    out = []
    for t in (db.pit_meters, db.pit_side_meters):
        q = (
            sa.select(t)
            .where(t.c.hour >= first_hour, t.c.hour <= last_hour)
            .order_by(t.c.hour, t.c.table_id)
        )
        with store.engine.connect() as c:
            out.append([dict(r) for r in c.execute(q).mappings()])
    return out[0], out[1]


def has_surveillance(store: Store, name: str) -> bool:
    """True while operator ``name`` holds the surveillance right (read at each look: a right
    withdrawn is gone at once)."""
    u = db.users
    q = sa.select(u.c.surveillance).where(u.c.name == name, u.c.role == "operator")
    with store.engine.connect() as c:
        return bool(c.execute(q).scalar())


def set_surveillance(store: Store, name: str, grant: bool, why: tuple[str, str]) -> dict[str, Any]:
    """Grant or withdraw operator ``name``'s surveillance right, with its event, in one
    transaction (``why``: the operator who did it, this process's instance); the stored
    event."""
    by, instance = why
    kind = "surveillance_granted" if grant else "surveillance_withdrawn"
    with store.engine.begin() as c:
        c.execute(db.users.update().where(db.users.c.name == name).values(surveillance=grant))
        return insert_event(c, event(kind, "alert", None, by, account=name), instance)


def write_event(store: Store, ev: dict[str, Any], instance: str) -> dict[str, Any]:
    """Store one event (raises when it cannot be stored); the stored event."""
    with store.engine.begin() as c:
        return insert_event(c, ev, instance)
