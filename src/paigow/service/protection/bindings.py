"""What a player's protection binds beyond their account (docs/service.md, "Player
protection"): the service cannot know a person, only what a person's accounts have in common.

* **A browser** (its device cookie, :mod:`.device`): every account registered or signed in in
  it is recorded with it (``device_accounts``). The accounts that share a browser with an
  account, or its payment identity, are *bound* to it: a self-exclusion of one holds for all
  of them (no seat, no buy-in), and a daily limit of one counts the buy-ins of all of them
  against the lowest limit among them (:func:`bound_accounts`, read in the buy-in's
  transaction: :mod:`.checks`). A new account is not opened in a browser while an account seen
  in it is excluded (:func:`device_excluded_until`).
* **A payment identity**: an external id an operator sets on an account where the deployment
  has one (``payment_ids``); accounts with the same one are bound as above.
* **A client address** is weaker: many people share one (a household, an office, a carrier's
  NAT), so an address binds only the sign-up grant. A new account from an address where an
  account now excluded was seen in the last :data:`ADDRESS_DAYS` days gets no grant
  (:func:`address_excluded`); it is opened, and it is bound by nothing else.

Each function that takes a :class:`~paigow.service.store.store.Store` runs on its thread; those that
take a connection run in the caller's transaction.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from paigow.errors import IllegalActionError

from ..db.accounts_sql import now
from .tables import address_accounts, device_accounts, payment_ids, protection

if TYPE_CHECKING:
    from ..db.database import Database

__all__ = [
    "ADDRESS_DAYS",
    "SignupRefusedError",
    "address_excluded",
    "bindings",
    "bound_accounts",
    "device_excluded_until",
    "link",
    "set_payment_id",
    "signup_bound",
]


class SignupRefusedError(IllegalActionError):
    """A new account refused in a browser where an account now self-excluded was seen (HTTP
    403)."""


#: How long an account's address is remembered (longer while the account is excluded).
ADDRESS_DAYS = 90

D, A, P, PR = device_accounts, address_accounts, payment_ids, protection


def _upsert(
    c: Connection, table: sa.Table, row: dict[str, Any], key: list[str], set_: list[str]
) -> None:
    insert = (sqlite.insert if c.dialect.name == "sqlite" else postgresql.insert)(table)
    stmt = insert.values(**row).on_conflict_do_update(
        index_elements=[table.c[k] for k in key], set_={k: row[k] for k in set_}
    )
    c.execute(stmt)


def link(store: Database, account: str, device: str | None, address: str | None) -> None:
    """Record that ``account`` was seen in the browser ``device`` and at ``address`` (an
    address as the limits count it) now; addresses older than :data:`ADDRESS_DAYS` days are
    forgotten, except those of accounts excluded now."""
    at = now()
    with store.engine.begin() as c:
        if device:
            row = {"device": device, "account": account, "first_seen": at, "last_seen": at}
            _upsert(c, D, row, ["device", "account"], ["last_seen"])
        if address:
            row = {"address": address[:64], "account": account, "seen_at": at}
            _upsert(c, A, row, ["address", "account"], ["seen_at"])
            excluded = sa.select(PR.c.account).where(PR.c.excluded_until > at)
            old = at - dt.timedelta(days=ADDRESS_DAYS)
            c.execute(A.delete().where(A.c.seen_at < old, A.c.account.not_in(excluded)))


def bound_accounts(c: Connection, account: str) -> list[str]:
    """``account`` and every account bound to it (a browser or a payment identity in common),
    in order of their names."""
    devices = sa.select(D.c.device).where(D.c.account == account)
    by_device = sa.select(D.c.account).where(D.c.device.in_(devices))
    pay = sa.select(P.c.payment_id).where(P.c.account == account).scalar_subquery()
    by_payment = sa.select(P.c.account).where(P.c.payment_id == pay)
    found = {str(a) for a in c.execute(sa.union(by_device, by_payment)).scalars()}
    return sorted(found | {account})


def device_excluded_until(c: Connection, device: str, at: dt.datetime) -> dt.datetime | None:
    """The latest end of an exclusion in force at ``at`` of an account seen in ``device``."""
    seen = sa.select(D.c.account).where(D.c.device == device)
    until = c.execute(
        sa.select(sa.func.max(PR.c.excluded_until)).where(
            PR.c.account.in_(seen), PR.c.excluded_until > at
        )
    ).scalar()
    if not isinstance(until, dt.datetime):
        return None
    return until if until.tzinfo is not None else until.replace(tzinfo=dt.UTC)


def address_excluded(c: Connection, address: str, at: dt.datetime) -> bool:
    """Whether an account seen at ``address`` (remembered: :func:`link`) is excluded at
    ``at``."""
    seen = sa.select(A.c.account).where(A.c.address == address[:64])
    q = sa.select(PR.c.account).where(PR.c.account.in_(seen), PR.c.excluded_until > at).limit(1)
    return c.execute(q).first() is not None


def signup_bound(
    store: Database, device: str | None, address: str
) -> tuple[dt.datetime | None, bool]:
    """What binds a new account made now in ``device`` from ``address``: the end of an
    exclusion that refuses it (None: none), and whether the address withholds the sign-up
    grant."""
    at = now()
    with store.engine.connect() as c:
        until = None if not device else device_excluded_until(c, device, at)
        return until, address_excluded(c, address, at)


def set_payment_id(store: Database, account: str, payment_id: str | None, by: str) -> None:
    """Set (or, with None, remove) ``account``'s payment identity."""
    with store.engine.begin() as c:
        c.execute(P.delete().where(P.c.account == account))
        if payment_id is not None:
            c.execute(
                P.insert().values(account=account, payment_id=payment_id, set_by=by, set_at=now())
            )


def bindings(store: Database, account: str) -> dict[str, Any]:
    """What binds ``account`` (the pit's account page): ``payment_id``, ``devices`` (how many
    browsers it was seen in), ``addresses`` (the addresses remembered, newest first) and
    ``bound`` (the other accounts its protection binds, and that bind it)."""
    with store.engine.connect() as c:
        pay = c.execute(sa.select(P.c.payment_id).where(P.c.account == account)).scalar()
        devices = c.execute(
            sa.select(sa.func.count()).select_from(D).where(D.c.account == account)
        ).scalar_one()
        addresses = c.execute(
            sa.select(A.c.address).where(A.c.account == account).order_by(A.c.seen_at.desc())
        ).scalars()
        return {
            "payment_id": pay,
            "devices": int(devices),
            "addresses": [str(a) for a in addresses],
            "bound": [a for a in bound_accounts(c, account) if a != account],
        }
