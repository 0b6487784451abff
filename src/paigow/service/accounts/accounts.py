"""Accounts and sessions of the running service: registration, sign-in and sign-out, password
changes, suspension, revocation, each behind its doors' limits (:mod:`paigow.service.kit.ratelimit`)
with argon2 on the hashing pool (:mod:`paigow.service.kit.workers`).

**Revocation is immediate.** Whatever ends a session — signing out, a password change (every other
session of the account), an operator suspending the account or revoking the session, the account
signing in once more than its cap of live sessions (the oldest), expiry — first commits in the
store, then closes every websocket of that session on this process (close code 4401, the reason in
words) and tells the other processes to close theirs (``--cluster``,
:meth:`paigow.service.cluster.cluster.Cluster.publish_revoked`). A revoked connection is sent
nothing more, and reads no more messages. A command already on its way is refused: its session is
checked in the transaction that commits it (:func:`paigow.service.db.sessions_sql.check_session`),
so no command is applied after the revocation commits. A sweep every :data:`SWEEP` seconds closes
the websockets of sessions ended in any other way (a lost notification, expiry).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import logging
from typing import TYPE_CHECKING, Any, Protocol

from paigow.errors import IllegalActionError

from ..db.database import log_failure
from ..db.names_sql import name_refusal, skeleton_holder
from ..db.sessions_sql import (
    account_sessions,
    change_password,
    end_sessions,
    live_sessions,
    open_session,
    register,
    reinstate,
    suspend,
)
from ..kit.addresses import address_key
from ..kit.names import account_name
from ..kit.ratelimit import LimitedError
from ..protection.bindings import SignupRefusedError, link, signup_bound
from ..store.store import now
from .auth import User, check_password, hash_password, new_token, token_hash, verify_password

if TYPE_CHECKING:
    from ..db.events import EventLog
    from ..kit.ratelimit import Limits
    from ..kit.workers import WorkPool
    from ..store.store import Store


class Connection(Protocol):
    """What the accounts use of a websocket client
    (:class:`paigow.service.connection.Connection`)."""

    @property
    def session(self) -> str | None: ...

    @property
    def expires(self) -> dt.datetime: ...

    def revoke(self, code: int, reason: str, *, drop: bool = True) -> None: ...


class Options(Protocol):
    """The settings the accounts read (:class:`paigow.service.hub.ServiceOptions`)."""

    @property
    def signup_grant(self) -> int: ...

    @property
    def signup_grant_period(self) -> float: ...

    @property
    def session_hours(self) -> float: ...

    @property
    def sessions_per_account(self) -> int: ...


class Revoker(Protocol):
    """Tells the other processes of a cluster which sessions ended
    (:class:`paigow.service.cluster.cluster.Cluster`)."""

    async def publish_revoked(self, hashes: list[str], why: str) -> None: ...


class Service(Protocol):
    """What the accounts use of the table service (:class:`paigow.service.hub.Service`), which
    holds them: named here, not imported, so that the two do not import each other."""

    @property
    def store(self) -> Store: ...

    @property
    def limits(self) -> Limits: ...

    @property
    def hashing(self) -> WorkPool: ...

    @property
    def events(self) -> EventLog: ...

    @property
    def options(self) -> Options: ...

    @property
    def cluster(self) -> Revoker | None: ...


__all__ = ["REVOKED", "SWEEP", "Accounts", "SignupRefusedError", "WrongPasswordError"]

log = logging.getLogger("paigow.service")

#: The close code of a websocket whose session ended (or was never valid).
REVOKED = 4401
#: Seconds between two looks at the sessions of the open websockets.
SWEEP = 2.0


class WrongPasswordError(IllegalActionError):
    """The current password given to change it is wrong (HTTP 403)."""


class Accounts:
    """The service's account operations and the websockets of each session."""

    def __init__(self, service: Service) -> None:
        self.svc = service
        self.by_session: dict[str, set[Connection]] = {}
        self._sweeper: asyncio.Task[None] | None = None

    # ------------------------------------------------------------------ connections
    def attach(self, conn: Connection) -> None:
        """Count a new websocket of a session."""
        if conn.session is not None:
            self.by_session.setdefault(conn.session, set()).add(conn)

    def detach(self, conn: Connection) -> None:
        """Forget a websocket that closed."""
        if conn.session is None:
            return
        conns = self.by_session.get(conn.session)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.by_session[conn.session]

    def close(self, hashes: list[str], why: str) -> int:
        """Close every websocket of these sessions on this process (4401); how many."""
        n = 0
        for h in hashes:
            for conn in list(self.by_session.get(h, ())):
                conn.revoke(REVOKED, why or "the session ended; sign in again")
                n += 1
        return n

    async def ended(self, hashes: list[str], why: str) -> None:
        """Sessions just ended in the store: close their websockets here and everywhere."""
        if not hashes:
            return
        self.close(hashes, why)
        if self.svc.cluster is not None:
            await self.svc.cluster.publish_revoked(hashes, why)

    def start(self) -> None:
        """Start the sweep."""
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep(), name="sweep")

    async def stop(self) -> None:
        """Stop the sweep."""
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the database is away: the next sweep tries again
                log_failure(log, "session sweep", e)

    async def sweep(self) -> None:
        """Close the websockets of sessions that expired or no longer exist."""
        t = now()
        expired = [h for h, conns in self.by_session.items() if any(c.expires <= t for c in conns)]
        self.close(expired, "the session has expired; sign in again")
        hashes = list(self.by_session)
        if hashes:
            live = await self.svc.store.run(live_sessions, self.svc.store, hashes)
            gone = [h for h in hashes if h not in live]
            self.close(gone, "the session ended; sign in again")

    # ------------------------------------------------------------------ doors
    def _attempt(self, name: str, key: str) -> None:
        """A password check of ``name`` from ``key``: counted as a sign-in, and as a failure
        ahead of the check (given back when the password is right), so that checks running at
        once cannot together pass the failure limits. Over a limit: LimitedError."""
        lim = self.svc.limits
        failures = (("failed.address", key), ("failed.account", name))
        wait = lim.wait(*failures)
        if wait:
            raise LimitedError(wait, "too many failed sign-ins; try again later")
        wait = lim.take(("login.address", key), ("login.account", name))
        if wait:
            raise LimitedError(wait, "too many sign-ins; try again later")
        for check in failures:
            lim.take(check)

    async def _check(self, name: str, password: str, key: str) -> dict[str, Any] | None:
        """The account row when ``password`` is its password (argon2 on the hashing pool),
        else None (the failure counted and logged)."""
        self._attempt(name, key)
        failures = (("failed.address", key), ("failed.account", name))
        try:
            row = await self.svc.store.run(self.svc.store.user_by_name, name)
            ok = row is not None and await self.svc.hashing.run(
                verify_password, row["password_hash"], password
            )
        except BaseException:  # not checked (no worker in time, say): not a failure
            self.svc.limits.give_back(*failures)
            raise
        if ok:
            self.svc.limits.give_back(*failures)
            return row
        locked = self.svc.limits.wait(*failures) > 0
        kind = "login_locked" if locked else "login_failed"
        await self.svc.events.add(kind, "warning", None, name[:40], address=key)
        return None

    # ------------------------------------------------------------------ operations
    async def register(
        self, name: str, password: str, address: str, device: str | None = None
    ) -> tuple[User, int]:
        """A new player account (user, cents granted: the sign-up grant at most once per
        address per ``--signup-grant-period``, and none to an address where an account now
        self-excluded was seen), recorded with the browser ``device`` and the address
        (:mod:`~paigow.service.protection.bindings`); ``name`` normalised first, refused
        outside the rule or as a look-alike of an existing name (:mod:`paigow.service.kit.names`).

        Raises:
            SignupRefusedError: an account seen in the browser ``device`` is self-excluded.
        """
        name = account_name(name)
        why = check_password(password)
        if why:
            raise IllegalActionError(why)
        store = self.svc.store
        holder = await store.run(skeleton_holder, store, name)
        if holder is not None:
            raise name_refusal(name, holder)
        key = address_key(address)
        wait = self.svc.limits.take(("register.address", key), ("register.all", "*"))
        if wait:
            raise LimitedError(wait, "too many new accounts; try again later")
        o = self.svc.options
        period = o.signup_grant_period * 3600
        until, address_bound = await store.run(signup_bound, store, device, key)
        if until is not None:
            raise SignupRefusedError(
                f"no new account is opened in this browser until {until:%Y-%m-%d %H:%M} UTC:"
                " an account used in it is excluded from play (player protection). That account"
                " can still sign in to see its wallet."
            )
        grant = 0 if address_bound and period > 0 else o.signup_grant
        hashed = await self.svc.hashing.run(hash_password, password)
        uid, granted = await store.run(
            functools.partial(
                register, store, name, hashed, grant=grant, address=key, period=period
            )
        )
        await store.run(link, store, name, device, key)
        return User(uid, name, "player"), granted

    async def login(
        self, name: str, password: str, address: str, device: str | None = None
    ) -> tuple[User, str, dt.datetime] | None:
        """(user, token, expiry) for good credentials, else None; ``name`` normalised first
        (``Alice`` signs in as ``alice``); the account recorded with the browser ``device`` and
        the address (:mod:`~paigow.service.protection.bindings`).

        Raises:
            NameRefusedError: the name is outside the rule (no account can have it).
            LimitedError: over a sign-in limit.
            AccountSuspendedError: the account is suspended.
        """
        name = account_name(name, new=False)
        row = await self._check(name, password, address_key(address))
        if row is None:
            return None
        token = new_token()
        o = self.svc.options
        expires = now() + dt.timedelta(hours=o.session_hours)
        store = self.svc.store
        revoked = await store.run(
            open_session, store, token_hash(token), row["id"], expires, o.sessions_per_account
        )
        await self.ended(revoked, "signed out: the account signed in on too many devices")
        await store.run(link, store, row["name"], device, address_key(address))
        return User(row["id"], row["name"], row["role"]), token, expires

    async def logout(self, token: str) -> None:
        """End a session (and its websockets)."""
        ended = await self.svc.store.run(end_sessions, self.svc.store, [token_hash(token)])
        await self.ended(ended, "signed out")

    async def change_password(
        self, user: User, token: str | None, old: str, new: str, address: str
    ) -> int:
        """Change ``user``'s password (the current one checked); every other session of the
        account ends. How many ended.

        Raises:
            WrongPasswordError: ``old`` is not the password.
        """
        why = check_password(new)
        if why:
            raise IllegalActionError(why)
        if await self._check(user.name, old, address_key(address)) is None:
            raise WrongPasswordError("the current password is wrong")
        hashed = await self.svc.hashing.run(hash_password, new)
        keep = token_hash(token) if token else None
        store = self.svc.store
        ended = await store.run(change_password, store, user.id, hashed, keep)
        await self.ended(ended, "signed out: the password was changed")
        await self.svc.events.add("password_changed", "info", None, user.name, sessions=len(ended))
        return len(ended)

    async def suspend(self, name: str, by: User) -> int | None:
        """Suspend an account and end its sessions; how many (None: no such account)."""
        if name == by.name:
            raise IllegalActionError("an operator does not suspend their own account")
        ended = await self.svc.store.run(suspend, self.svc.store, name)
        if ended is None:
            return None
        await self.ended(ended, "signed out: the account is suspended")
        await self.svc.events.add("account_suspended", "warning", None, by.name, account=name)
        return len(ended)

    async def reinstate(self, name: str, by: User) -> bool:
        """Lift a suspension (False: no such account)."""
        found = await self.svc.store.run(reinstate, self.svc.store, name)
        if found:
            await self.svc.events.add("account_reinstated", "info", None, by.name, account=name)
        return found

    async def sessions(self, name: str) -> list[dict[str, Any]] | None:
        """An account's sessions, with how many websockets each has open here."""
        rows = await self.svc.store.run(account_sessions, self.svc.store, name)
        for r in rows or []:
            r["websockets"] = len(self.by_session.get(r["id"], ()))
        return rows

    async def revoke(self, name: str, session_id: str, by: User) -> bool:
        """End one session of account ``name`` (False: it has no such session)."""
        ended = await self.svc.store.run(end_sessions, self.svc.store, [session_id], name)
        await self.ended(ended, "signed out by an operator")
        if ended:
            await self.svc.events.add("session_revoked", "warning", None, by.name, account=name)
        return bool(ended)
