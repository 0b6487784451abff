"""Player protection checked in the transaction that moves the money: a buy-in (a movement
from a wallet to a table's chips) is refused while its player is self-excluded, and past their
daily buy-in limit (the UTC day's buy-ins summed from the ledger).

The player's wallet row is locked (``FOR UPDATE``) before their protection is read, and a
self-exclusion locks the same row before it looks for the player's seats
(:func:`paigow.service.protection.rules.exclude`): a buy-in and an exclusion committed at the
same moment, by any processes of a cluster, are done one after the other. Either the buy-in
comes first, and the exclusion finds the player seated and is refused, or the exclusion does,
and the buy-in is refused; never both. The same lock keeps two tables from both passing the
daily limit."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from paigow.errors import IllegalActionError

from .. import schema as db
from ..engine import Move
from .tables import protection

__all__ = [
    "BUY_IN",
    "ProtectionError",
    "buys_in",
    "check_buy_ins",
    "effective_limit",
    "lock_wallets",
    "spent_today",
    "utc",
]

#: The ledger reason of a buy-in.
BUY_IN = "buy-in"


class ProtectionError(IllegalActionError):
    """A buy-in or a seat refused by the player's own protection (a limit, self-exclusion)."""


def utc(v: dt.datetime | None) -> dt.datetime | None:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    if v is None:
        return None
    return v if v.tzinfo is not None else v.replace(tzinfo=dt.UTC)


def dollars(cents: int) -> str:
    """``$1,234.50``."""
    return f"${cents // 100:,}.{cents % 100:02d}"


def effective_limit(row: Mapping[str, Any], at: dt.datetime) -> int | None:
    """The daily limit in force at ``at``: a raised one once its cooling-off has passed."""
    nxt = utc(row["next_from"])
    if nxt is not None and nxt <= at:
        return None if row["next_limit"] is None else int(row["next_limit"])
    return None if row["daily_limit"] is None else int(row["daily_limit"])


def spent_today(c: Connection, name: str, at: dt.datetime) -> int:
    """Cents ``name`` bought in during ``at``'s UTC day."""
    start = at.astimezone(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    lg = db.ledger
    total = c.execute(
        sa.select(sa.func.coalesce(sa.func.sum(lg.c.cents), 0)).where(
            lg.c.debit == f"wallet:{name}", lg.c.reason == BUY_IN, lg.c.created_at >= start
        )
    ).scalar_one()
    return int(total)


def lock_wallets(c: Connection, names: Sequence[str]) -> None:
    """Lock the wallet rows of ``names`` (``FOR UPDATE``, in the order of their names, in one
    statement) until the transaction ends. SQLite has one writer and no row locks: there it
    only reads."""
    a = db.accounts
    wallets = sorted({f"wallet:{n}" for n in names})
    if wallets:
        c.execute(
            sa.select(a.c.name).where(a.c.name.in_(wallets)).order_by(a.c.name).with_for_update()
        ).all()


def buys_in(moves: Sequence[tuple[int, Move]]) -> bool:
    """Whether ``moves`` hold a buy-in (a movement from a wallet to a table's chips)."""
    return any(m.reason == BUY_IN and m.src.startswith("wallet:") for _seq, m in moves)


def check_buy_ins(c: Connection, moves: Sequence[tuple[int, Move]], at: dt.datetime) -> None:
    """Refuse the batch when a buy-in in it breaks its player's protection.

    Raises:
        ProtectionError: a self-excluded player, or a buy-in past the daily limit (what is
            left today is named).
    """
    buying: dict[str, int] = {}
    for _seq, m in moves:
        if m.reason == BUY_IN and m.src.startswith("wallet:"):
            name = m.src.removeprefix("wallet:")
            buying[name] = buying.get(name, 0) + m.cents
    for name, cents in sorted(buying.items()):
        lock_wallets(c, [name])  # before the protection is read (module notes)
        row = c.execute(sa.select(protection).where(protection.c.account == name)).mappings()
        found = row.first()
        if found is None:
            continue
        until = utc(found["excluded_until"])
        if until is not None and until > at:
            raise ProtectionError(
                f"you excluded yourself from play until {until:%Y-%m-%d %H:%M}"
                " UTC: no buy-in until then"
            )
        limit = effective_limit(dict(found), at)
        if limit is None:
            continue
        spent = spent_today(c, name, at)
        if spent + cents > limit:
            left = max(0, limit - spent)
            raise ProtectionError(
                f"your daily buy-in limit is {dollars(limit)}: {dollars(spent)}"
                f" bought in today (UTC), {dollars(left)}"
                f" left, and this buy-in is {dollars(cents)}"
            )
