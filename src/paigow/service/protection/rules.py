"""A player's protection on the store: what it is now, and its changes (docs/service.md,
"Player protection").

* **Daily buy-in limit** (cents a UTC day): set or lowered at once; raised or removed only
  after the cooling-off (the server's ``--protection-cooling-hours``): until then the lower
  limit holds and the raise waits (``pending``); a lower one asked meanwhile replaces both.
* **Session reminder**: every ``reminder_minutes`` of a session the server tells the client
  how long it has played (``reminder``); none when off.
* **Self-exclusion** for a chosen number of days: no seat and no buy-in until it ends; it can
  be extended, never shortened or lifted by the player (nor by an operator here).

Each function takes the :class:`~paigow.service.db.database.Database` (the service's
:class:`~paigow.service.store.store.Store`) and runs on its thread.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from paigow.errors import IllegalActionError

from ..db.accounts_sql import now
from ..db.seats_sql import tables_of
from .checks import bound_state, effective_limit, lock_wallets, spent_today, utc
from .tables import protection

if TYPE_CHECKING:
    from ..db.database import Database

__all__ = ["SeatedError", "exclude", "read", "set_limit", "set_reminder"]


def _iso(v: dt.datetime | None) -> str | None:
    return None if v is None else v.isoformat()


def _row(c: sa.Connection, name: str) -> dict[str, Any]:
    found = c.execute(sa.select(protection).where(protection.c.account == name)).mappings()
    row = found.first()
    if row is not None:
        return dict(row)
    return {
        "account": name,
        "daily_limit": None,
        "next_limit": None,
        "next_from": None,
        "reminder_minutes": None,
        "excluded_until": None,
    }


def _view(c: sa.Connection, row: dict[str, Any], at: dt.datetime) -> dict[str, Any]:
    limit = effective_limit(row, at)
    nxt = utc(row["next_from"])
    pending = None
    if nxt is not None and nxt > at:
        pending = {"limit": row["next_limit"], "from": _iso(nxt)}
    spent = spent_today(c, row["account"], at)
    until = utc(row["excluded_until"])
    excluded = until is not None and until > at
    b = bound_state(c, row["account"], at)
    bound = None
    if len(b.names) > 1:
        bound = {
            "accounts": len(b.names) - 1,
            "excluded_until": _iso(b.excluded_until),
            "daily_limit": b.limit,
            "spent_today": b.spent,
            "left_today": None if b.limit is None else max(0, b.limit - b.spent),
        }
    return {
        "daily_limit": limit,
        "pending": pending,
        "spent_today": spent,
        "left_today": None if limit is None else max(0, limit - spent),
        "reminder_minutes": row["reminder_minutes"],
        "excluded_until": _iso(until) if excluded else None,
        "bound": bound,
    }


def read(store: Database, name: str) -> dict[str, Any]:
    """``name``'s protection now: ``daily_limit`` (None: none), ``pending`` (a raise waiting:
    ``limit``, ``from``), ``spent_today`` and ``left_today`` (cents, this UTC day),
    ``reminder_minutes``, ``excluded_until`` (None: not excluded), and ``bound`` (None when no
    other account is bound to this one, :mod:`.bindings`; else how many ``accounts``, the
    latest exclusion in force among them all, the lowest ``daily_limit``, and the buy-ins of
    all of them today: what a buy-in of this account is held to)."""
    with store.engine.connect() as c:
        return _view(c, _row(c, name), now())


def _write(c: sa.Connection, row: dict[str, Any], at: dt.datetime) -> None:
    values = {k: row[k] for k in row if k != "account"} | {"updated_at": at}
    t = protection
    done = c.execute(t.update().where(t.c.account == row["account"]).values(**values))
    if not done.rowcount:
        c.execute(t.insert().values(account=row["account"], **values))


def set_limit(
    store: Database, name: str, cents: int | None, cooling_hours: float
) -> dict[str, Any]:
    """A new daily limit (``None``: none): lower at once, higher after ``cooling_hours``."""
    at = now()
    with store.engine.begin() as c:
        row = _row(c, name)
        current = effective_limit(row, at)
        lower = cents is not None and (current is None or cents <= current)
        if lower or cooling_hours == 0:
            row |= {"daily_limit": cents, "next_limit": None, "next_from": None}
        else:
            row |= {
                "daily_limit": current,
                "next_limit": cents,
                "next_from": at + dt.timedelta(hours=cooling_hours),
            }
        _write(c, row, at)
        return _view(c, row, at)


def set_reminder(store: Database, name: str, minutes: int | None) -> dict[str, Any]:
    """The session reminder every ``minutes`` (``None``: off)."""
    at = now()
    with store.engine.begin() as c:
        row = _row(c, name) | {"reminder_minutes": minutes}
        _write(c, row, at)
        return _view(c, row, at)


class SeatedError(IllegalActionError):
    """A self-exclusion asked while the player sits at a table (HTTP 409): leave first."""


def exclude(store: Database, name: str, days: int) -> dict[str, Any]:
    """Exclude ``name`` from play for ``days`` from now (an exclusion running already ends at
    the later of the two).

    The player's wallet row is locked first, as a buy-in's check locks it, and only then are
    their seats read from the store (every table, whichever process runs it): a sit committed
    at the same moment anywhere is either seen here or refused by the exclusion
    (:mod:`.checks`).

    Raises:
        SeatedError: ``name`` sits at a table (the tables named).
    """
    at = now()
    with store.engine.begin() as c:
        lock_wallets(c, [name])
        seated = tables_of(c, name)
        if seated:
            plural = "s" if len(seated) > 1 else ""
            raise SeatedError(f"leave your seat{plural} first ({', '.join(seated)})")
        row = _row(c, name)
        until = at + dt.timedelta(days=days)
        running = utc(row["excluded_until"])
        if running is not None and running > until:
            until = running
        row["excluded_until"] = until
        _write(c, row, at)
        return _view(c, row, at)
