"""The store's statements for accounts and sessions: registration with the sign-up grant (at
most one per client address per period), sessions (capped per account, the oldest revoked),
password changes, suspension, and the check that a command's session is still valid, made in
the transaction that commits the command (:meth:`paigow.service.store.store.Store.commit`).

Each function runs in one transaction. Those that end sessions return the token hashes they
ended, so that the service closes the websockets of exactly those sessions.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection

from paigow.errors import IllegalActionError

from . import schema as db
from .accounts_sql import Move, ensure_account, now, transfer
from .database import Database
from .names_sql import free_skeleton, name_refusal, skeleton_holder

__all__ = [
    "AccountSuspendedError",
    "SessionRevokedError",
    "account_sessions",
    "change_password",
    "check_session",
    "check_sessions",
    "end_sessions",
    "grant_due",
    "live_sessions",
    "open_session",
    "register",
    "reinstate",
    "suspend",
]


class SessionRevokedError(IllegalActionError):
    """The session that sent a command was signed out, revoked or has expired."""


class AccountSuspendedError(IllegalActionError):
    """An operator suspended the account."""


def _utc(value: dt.datetime) -> dt.datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=dt.UTC)


def check_session(c: Connection, token_hash: str) -> None:
    """Inside the transaction of a command: its session exists and has not expired. On
    PostgreSQL the row is locked (``FOR SHARE``) until the command commits, so a revocation
    commits either before it (and the command is refused) or after it.

    Raises:
        SessionRevokedError: it does not, or has.
    """
    check_sessions(c, [token_hash])


#: The sessions of a group commit's commands, locked until it commits, counted: how many exist,
#: and how many of those have not expired. One row, whatever the number of sessions: the store's
#: thread reads one row, not one per session (each row read hands the interpreter's lock to the
#: event loop and back). A statement made once, not at every commit (SQLAlchemy keeps its
#: compiled form); PostgreSQL locks in the subquery, as it refuses ``FOR SHARE`` with a count.
_LOCKED = (
    sa.select(db.sessions.c.expires_at)
    .where(db.sessions.c.token_hash.in_(sa.bindparam("hashes", expanding=True)))
    .with_for_update(read=True)
    .subquery()
)
_SESSIONS_LIVE = sa.select(
    sa.func.count(),
    sa.func.count(sa.case((_LOCKED.c.expires_at > sa.bindparam("now"), 1))),
)


def check_sessions(c: Connection, token_hashes: Sequence[str]) -> None:
    """:func:`check_session` of each of ``token_hashes`` (the commands of a group commit), in
    one statement.

    Raises:
        SessionRevokedError: one of them does not exist (said first), or has expired.
    """
    if not token_hashes:
        return
    distinct = sorted(set(token_hashes))
    row = c.execute(_SESSIONS_LIVE, {"hashes": distinct, "now": now()}).one()
    found, live = int(row[0]), int(row[1])  # (no datetime read back: compared in the statement)
    if found < len(distinct):
        raise SessionRevokedError("the session was signed out or revoked; sign in again")
    if live < found:
        raise SessionRevokedError("the session has expired; sign in again")


def register(
    store: Database, name: str, password_hash: str, *, grant: int, address: str, period: float
) -> tuple[int, int]:
    """A new player account and its wallet; the sign-up ``grant`` is credited only when
    ``address`` got none in the last ``period`` seconds (0: always). (user id, cents granted).

    Raises:
        NameRefusedError: the name is taken, or too like an existing name (its skeleton is
            held: :func:`~paigow.service.db.names_sql.free_skeleton`).
    """
    try:
        with store.engine.begin() as c:
            sk = free_skeleton(c, name)
            uid = c.execute(
                db.users.insert().values(
                    name=name,
                    password_hash=password_hash,
                    role="player",
                    created_at=now(),
                    skeleton=sk,
                )
            ).inserted_primary_key
            assert uid is not None
            ensure_account(c, f"wallet:{name}")
            given = grant if grant and _claim_grant(c, store.is_sqlite, address, period) else 0
            if given:
                transfer(c, None, 0, Move("cashier", f"wallet:{name}", given, "grant"))
            return int(uid[0]), given
    except sa.exc.IntegrityError:  # the same name, or a look-alike, registered at that moment
        raise name_refusal(name, skeleton_holder(store, name) or name) from None


def grant_due(store: Database, address: str, period: float) -> bool:
    """Whether an account registered now from ``address`` would get the sign-up grant (none in
    the last ``period`` seconds; 0: always): what the sign-in page tells a visitor."""
    if period <= 0:
        return True
    g = db.signup_grants
    cutoff = now() - dt.timedelta(seconds=period)
    q = sa.select(g.c.address).where(sa.and_(g.c.address == address[:64], g.c.granted_at >= cutoff))
    with store.engine.connect() as c:
        return c.execute(q).first() is None


def _claim_grant(c: Connection, is_sqlite: bool, address: str, period: float) -> bool:
    """Record a grant to ``address`` unless it had one in the last ``period`` seconds (one
    statement: two registrations at once from one address cannot both claim it)."""
    if period <= 0:
        return True
    g = db.signup_grants
    stamp = now()
    cutoff = stamp - dt.timedelta(seconds=period)
    c.execute(g.delete().where(g.c.granted_at < cutoff - dt.timedelta(days=1)))
    insert = (sqlite.insert if is_sqlite else postgresql.insert)(g)
    stmt = (
        insert.values(address=address[:64], granted_at=stamp)
        .on_conflict_do_update(
            index_elements=[g.c.address], set_={"granted_at": stamp}, where=g.c.granted_at < cutoff
        )
        .returning(g.c.address)
    )
    return c.execute(stmt).first() is not None


def open_session(
    store: Database, token_hash: str, user_id: int, expires: dt.datetime, cap: int
) -> list[str]:
    """Store a new session of ``user_id``; its expired sessions are dropped, and its oldest
    live ones beyond ``cap`` (the new one counted) revoked. The hashes revoked.

    Raises:
        AccountSuspendedError: the account is suspended (checked under the account's lock, so a
            suspension and a sign-in cannot cross).
    """
    u, s = db.users, db.sessions
    with store.engine.begin() as c:
        row = c.execute(
            sa.select(u.c.suspended_at).where(u.c.id == user_id).with_for_update()
        ).first()
        if row is None or row[0] is not None:
            raise AccountSuspendedError("this account is suspended; ask an operator")
        rows = c.execute(
            sa.select(s.c.token_hash, s.c.expires_at)
            .where(s.c.user_id == user_id)
            .order_by(s.c.created_at, s.c.token_hash)
        ).all()
        t = now()
        live = [r[0] for r in rows if _utc(r[1]) > t]
        revoked = live[: max(0, len(live) - (cap - 1))]
        drop = [r[0] for r in rows if _utc(r[1]) <= t] + revoked
        if drop:
            c.execute(s.delete().where(s.c.token_hash.in_(drop)))
        c.execute(
            s.insert().values(
                token_hash=token_hash, user_id=user_id, created_at=t, expires_at=expires
            )
        )
    return revoked


def end_sessions(store: Database, hashes: Sequence[str], name: str | None = None) -> list[str]:
    """End these sessions (only those of account ``name`` when given); those that existed."""
    s, u = db.sessions, db.users
    q = sa.select(s.c.token_hash).where(s.c.token_hash.in_(hashes))
    if name is not None:
        q = q.join(u, u.c.id == s.c.user_id).where(u.c.name == name)
    with store.engine.begin() as c:
        found = [r[0] for r in c.execute(q)]
        if found:
            c.execute(s.delete().where(s.c.token_hash.in_(found)))
    return found


def live_sessions(store: Database, hashes: Sequence[str]) -> set[str]:
    """Of these sessions, those that exist and have not expired."""
    s = db.sessions
    t = now()
    out: set[str] = set()
    with store.engine.connect() as c:
        for i in range(0, len(hashes), 500):
            q = sa.select(s.c.token_hash, s.c.expires_at).where(
                s.c.token_hash.in_(hashes[i : i + 500])
            )
            out |= {r[0] for r in c.execute(q) if _utc(r[1]) > t}
    return out


def account_sessions(store: Database, name: str) -> list[dict[str, Any]] | None:
    """The sessions of account ``name``, oldest first (None: no such account)."""
    u, s = db.users, db.sessions
    with store.engine.connect() as c:
        uid = c.execute(sa.select(u.c.id).where(u.c.name == name)).scalar()
        if uid is None:
            return None
        rows = c.execute(
            sa.select(s.c.token_hash, s.c.created_at, s.c.expires_at)
            .where(s.c.user_id == uid)
            .order_by(s.c.created_at, s.c.token_hash)
        ).all()
    t = now()
    return [
        {
            "id": r[0],
            "created_at": _utc(r[1]).isoformat(),
            "expires_at": _utc(r[2]).isoformat(),
            "expired": _utc(r[2]) <= t,
        }
        for r in rows
    ]


def change_password(
    store: Database, user_id: int, password_hash: str, keep: str | None
) -> list[str]:
    """Set a new password; every session of the account but ``keep`` is ended. Those ended."""
    u, s = db.users, db.sessions
    with store.engine.begin() as c:
        c.execute(u.update().where(u.c.id == user_id).values(password_hash=password_hash))
        q = sa.select(s.c.token_hash).where(s.c.user_id == user_id)
        if keep is not None:
            q = q.where(s.c.token_hash != keep)
        ended = [r[0] for r in c.execute(q)]
        if ended:
            c.execute(s.delete().where(s.c.token_hash.in_(ended)))
    return ended


def suspend(store: Database, name: str) -> list[str] | None:
    """Suspend account ``name`` and end all its sessions (one transaction); the sessions
    ended (None: no such account)."""
    u, s = db.users, db.sessions
    with store.engine.begin() as c:
        row = c.execute(
            sa.select(u.c.id, u.c.suspended_at).where(u.c.name == name).with_for_update()
        ).first()
        if row is None:
            return None
        if row[1] is None:
            c.execute(u.update().where(u.c.id == row[0]).values(suspended_at=now()))
        ended = [r[0] for r in c.execute(sa.select(s.c.token_hash).where(s.c.user_id == row[0]))]
        if ended:
            c.execute(s.delete().where(s.c.token_hash.in_(ended)))
    return ended


def reinstate(store: Database, name: str) -> bool:
    """Lift a suspension (False: no such account)."""
    u = db.users
    with store.engine.begin() as c:
        res = c.execute(u.update().where(u.c.name == name).values(suspended_at=None))
        return bool(res.rowcount)
