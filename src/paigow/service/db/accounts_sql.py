"""The store's money statements: accounts and their balances, ledger rows, meters (used by
:mod:`paigow.service.store.store` inside its transactions)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from paigow.errors import IllegalActionError

from . import schema as db
from .meters import METERS
from .sums_sql import add_sums

__all__ = [
    "LEDGER_MAX",
    "NON_NEGATIVE",
    "Move",
    "add_meters",
    "ensure_account",
    "now",
    "transfer",
    "transfers",
]


@dataclass(frozen=True, slots=True)
class Move:
    """One money movement in the store's account names (a double-entry ledger row)."""

    src: str
    dst: str
    cents: int
    reason: str
    ref: str = ""


#: Accounts that never go negative.
NON_NEGATIVE = ("wallet:", "chips:")

#: The ledger's range: balances and amounts are BIGINT columns (64-bit, signed).
LEDGER_MAX = 2**63 - 1


def _in_range(account: str, new: int) -> None:
    if new < 0 and account.startswith(NON_NEGATIVE):
        raise IllegalActionError(f"{account} would hold {new} cents")
    if not -LEDGER_MAX <= new <= LEDGER_MAX:
        raise IllegalActionError(
            f"{account} would hold {new} cents, beyond the ledger's range (at most {LEDGER_MAX})"
        )


def now() -> dt.datetime:
    """The current time, UTC."""
    return dt.datetime.now(dt.UTC)


def ensure_account(c: Connection, account: str) -> None:
    if (
        c.execute(sa.select(db.accounts.c.name).where(db.accounts.c.name == account)).first()
        is None
    ):
        c.execute(db.accounts.insert().values(name=account, balance=0))


def _add(c: Connection, account: str, delta: int) -> None:
    row = c.execute(
        sa.select(db.accounts.c.balance).where(db.accounts.c.name == account).with_for_update()
    ).first()
    new = (0 if row is None else int(row[0])) + delta
    _in_range(account, new)
    if row is None:
        c.execute(db.accounts.insert().values(name=account, balance=new))
    else:
        c.execute(db.accounts.update().where(db.accounts.c.name == account).values(balance=new))


def transfer(
    c: Connection, table_id: str | None, seq: int, m: Move, stamp: dt.datetime | None = None
) -> None:
    if not 0 < m.cents <= LEDGER_MAX:
        raise IllegalActionError(f"a transfer moves 1..{LEDGER_MAX} cents, got {m.cents}")
    _add(c, m.src, -m.cents)
    _add(c, m.dst, m.cents)
    c.execute(
        db.ledger.insert().values(
            table_id=table_id,
            seq=seq if table_id is not None else None,
            debit=m.src,
            credit=m.dst,
            cents=m.cents,
            reason=m.reason[:80],
            ref=m.ref[:40],
            created_at=stamp or now(),
        )
    )


#: The statements of every batch's movements, made once, not at every commit (SQLAlchemy
#: keeps their compiled forms).
_BALANCES = (
    sa.select(db.accounts.c.name, db.accounts.c.balance)
    .where(db.accounts.c.name.in_(sa.bindparam("names", expanding=True)))
    .with_for_update()
)
_SET_BALANCE = (
    db.accounts.update()
    .where(db.accounts.c.name == sa.bindparam("n"))
    .values(balance=sa.bindparam("b"))
)


def transfers(
    c: Connection,
    batches: Sequence[tuple[str, Sequence[tuple[int, Move]]]],
    stamp: dt.datetime,
) -> None:
    """The movements of tables' batches (table id, its (seq, move)s), in order: each batch's
    accounts checked by their net amount after it, as if each batch were written on its own;
    every account read and locked in one statement and changed once, the ledger rows written
    in one statement."""
    if not batches:
        return
    steps: list[dict[str, int]] = []
    rows = []
    for table_id, moves in batches:
        deltas: dict[str, int] = {}
        for seq, m in moves:
            if not 0 < m.cents <= LEDGER_MAX:
                raise IllegalActionError(f"a transfer moves 1..{LEDGER_MAX} cents, got {m.cents}")
            deltas[m.src] = deltas.get(m.src, 0) - m.cents
            deltas[m.dst] = deltas.get(m.dst, 0) + m.cents
            rows.append(
                {
                    "table_id": table_id,
                    "seq": seq,
                    "debit": m.src,
                    "credit": m.dst,
                    "cents": m.cents,
                    "reason": m.reason[:80],
                    "ref": m.ref[:40],
                    "created_at": stamp,
                }
            )
        steps.append(deltas)
    names = sorted({n for d in steps for n in d})
    a = db.accounts
    have = {r[0]: int(r[1]) for r in c.execute(_BALANCES, {"names": names})}
    balance = dict(have)
    for deltas in steps:
        for name, d in deltas.items():
            balance[name] = balance.get(name, 0) + d
            _in_range(name, balance[name])
    updates, inserts = [], []
    for name in names:
        if name not in have:
            inserts.append({"name": name, "balance": balance[name]})
        elif balance[name] != have[name]:
            updates.append({"n": name, "b": balance[name]})
    if inserts:
        c.execute(a.insert(), inserts)
    if updates:
        c.execute(_SET_BALANCE, updates)
    c.execute(db.ledger.insert(), rows)


def add_meters(c: Connection, rows: Sequence[tuple[str, dt.date, Mapping[str, int]]]) -> None:
    """Add rounds' contributions (table, day, figures) to the tables' meters of each day."""
    add_sums(
        c,
        db.meters,
        [{"table_id": t, "day": day, **delta} for t, day, delta in rows],
        ("table_id", "day"),
        METERS,
    )
