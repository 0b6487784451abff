"""Player protection checked in the transaction that moves the money: a buy-in (a movement
from a wallet to a table's chips) is refused while its player, or an account bound to theirs
(a browser or a payment identity in common: :mod:`.bindings`), is self-excluded, and past the
lowest daily buy-in limit among them (the UTC day's buy-ins of all of them, summed from the
ledger).

The wallet rows of the player and of the accounts bound to theirs are locked (``FOR
UPDATE``, in the order of their names) before any protection is read, and a self-exclusion
locks the player's wallet row before it looks for the player's seats
(:func:`paigow.service.protection.rules.exclude`): a buy-in and an exclusion committed at the
same moment, by any processes of a cluster, are done one after the other. Either the buy-in
comes first, and the exclusion finds the player seated and is refused, or the exclusion does,
and the buy-in is refused; never both. The same locks keep two tables (or two bound accounts)
from both passing the daily limit."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from paigow.errors import IllegalActionError

from ..db import schema as db
from ..db.accounts_sql import Move, now
from .bindings import bound_accounts
from .tables import protection

__all__ = [
    "BUY_IN",
    "Bound",
    "ProtectionError",
    "bound_state",
    "buy_in_refusals",
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


def spent_today(c: Connection, name: str | Sequence[str], at: dt.datetime) -> int:
    """Cents ``name`` (or all of several names together) bought in during ``at``'s UTC
    day."""
    start = at.astimezone(dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    names = [name] if isinstance(name, str) else list(name)
    lg = db.ledger
    total = c.execute(
        sa.select(sa.func.coalesce(sa.func.sum(lg.c.cents), 0)).where(
            lg.c.debit.in_([f"wallet:{n}" for n in names]),
            lg.c.reason == BUY_IN,
            lg.c.created_at >= start,
        )
    ).scalar_one()
    return int(total)


@dataclass(frozen=True)
class Bound:
    """A player's protection with the accounts bound to theirs (:func:`bound_state`)."""

    #: The player and the accounts bound to theirs, in order of their names.
    names: list[str]
    #: The end of the player's own exclusion in force (None: none), and the latest end of an
    #: exclusion in force among them all.
    own_until: dt.datetime | None
    excluded_until: dt.datetime | None
    #: The lowest daily limit in force among them (None: none), and the buy-ins of all of them
    #: today.
    limit: int | None
    spent: int


def bound_state(c: Connection, name: str, at: dt.datetime, names: Sequence[str] = ()) -> Bound:
    """``name``'s protection at ``at`` with the accounts bound to theirs (``names``: them,
    ``name`` included, when the caller has them already)."""
    every = sorted(set(names) or set(bound_accounts(c, name)))
    rows = c.execute(sa.select(protection).where(protection.c.account.in_(every))).mappings()
    ends: dict[str, dt.datetime] = {}
    limits: list[int] = []
    for row in rows:
        end = utc(row["excluded_until"])
        if end is not None and end > at:
            ends[str(row["account"])] = end
        limit = effective_limit(dict(row), at)
        if limit is not None:
            limits.append(limit)
    return Bound(
        names=every,
        own_until=ends.get(name),
        excluded_until=max(ends.values(), default=None),
        limit=min(limits, default=None),
        spent=spent_today(c, every, at),
    )


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
    """Refuse the batch when a buy-in in it breaks its player's protection, or that of an
    account bound to theirs (module notes).

    Raises:
        ProtectionError: a self-excluded player (or bound account), or a buy-in past the daily
            limit (what is left today is named).
    """
    buying: dict[str, int] = {}
    for _seq, m in moves:
        if m.reason == BUY_IN and m.src.startswith("wallet:"):
            name = m.src.removeprefix("wallet:")
            buying[name] = buying.get(name, 0) + m.cents
    for name in sorted(buying):
        names = bound_accounts(c, name)
        lock_wallets(c, names)  # before any protection is read (module notes)
        b = bound_state(c, name, at, names)
        if b.own_until is not None:
            raise ProtectionError(
                f"you excluded yourself from play until {b.own_until:%Y-%m-%d %H:%M}"
                " UTC: no buy-in until then"
            )
        if b.excluded_until is not None:
            raise ProtectionError(
                "an account that shares this browser or payment identity with yours is"
                f" excluded from play until {b.excluded_until:%Y-%m-%d %H:%M} UTC: no buy-in"
                " until then (player protection)"
            )
        if b.limit is None:
            continue
        cents = sum(buying.get(n, 0) for n in names)
        if b.spent + cents > b.limit:
            left = max(0, b.limit - b.spent)
            if len(names) == 1:
                raise ProtectionError(
                    f"your daily buy-in limit is {dollars(b.limit)}: {dollars(b.spent)}"
                    f" bought in today (UTC), {dollars(left)}"
                    f" left, and this buy-in is {dollars(cents)}"
                )
            raise ProtectionError(
                "the daily buy-in limit of the accounts that share this browser or payment"
                f" identity is {dollars(b.limit)}: {dollars(b.spent)} bought in today (UTC) by"
                f" them together, {dollars(left)} left, and this buy-in is {dollars(cents)}"
            )


def buy_in_refusals(engine: sa.Engine, asks: Sequence[tuple[str, int]]) -> list[str | None]:
    """Why the store would refuse each (player, cents) buy-in of ``asks`` now, on its own (None:
    it would not): the wallet short, or the player's protection (self-excluded, past the
    daily limit). Asked before a table takes a ``sit``, so that a buy-in nobody can pay is
    refused without touching the table (its windows, its dealer, the group commit it would
    share); the commit's own checks still decide (the wallet may change in between). Read
    only: the transaction is rolled back."""
    out: list[str | None] = []
    with engine.connect() as c, c.begin() as t:
        for name, cents in asks:
            held = c.execute(
                sa.select(db.accounts.c.balance).where(db.accounts.c.name == f"wallet:{name}")
            ).scalar()
            if int(held or 0) < cents:
                out.append(
                    f"your wallet holds {dollars(int(held or 0))}: a buy-in of {dollars(cents)}"
                    " is more than it holds"
                )
                continue
            try:
                check_buy_ins(c, [(0, Move(f"wallet:{name}", "chips", cents, BUY_IN))], now())
            except ProtectionError as e:
                out.append(str(e))
            else:
                out.append(None)
        t.rollback()
    return out
