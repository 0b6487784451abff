"""A player's wallet and the most they may buy in now, as the service states them, told to
every page of the account the moment they change (docs/service.md, "Wallet updates").

* :func:`buy_in_bound` — the most a buy-in may be now: the wallet, or less where the player's
  daily limit (with the accounts bound to theirs: :mod:`.protection.checks`) leaves less, or
  nothing during a self-exclusion; what binds it is named (``by``). The page offers no more
  (it computes no money and no legality); the commit's own checks still decide.
* :class:`WalletPush` — after a commit that moved money into or out of wallets (a buy-in, a
  cash-out, an operator's adjustment) or changed a limit or an exclusion, every websocket of
  those accounts, and of the accounts bound to theirs (their limit counts the same buy-ins),
  is sent ``{"type": "wallet", "wallet": cents, "buy_in": {...}}``, read from the store after
  the commit. In a cluster the other processes are told the names
  (:meth:`paigow.service.cluster.cluster.Cluster.publish_wallets`) and tell their own websockets.
  Nothing is sent on connecting: a page reads ``GET /api/session`` (or ``/api/me``), which
  carries the same figures, and reads it again after a reconnection.

The bound only grows with time alone (a new UTC day, a raised limit's cooling-off ending):
a page told nothing then offers less than the service would take, never more.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol

import sqlalchemy as sa
from sqlalchemy.engine import Connection

from ..db import schema as db
from ..db.accounts_sql import now
from ..db.background import spawn
from ..db.database import DatabaseAwayError
from ..protection.bindings import bound_accounts
from ..protection.checks import bound_state

if TYPE_CHECKING:
    from ..db.accounts_sql import Move
    from ..store.store import Store

__all__ = ["WalletPush", "buy_in_bound", "figures", "wallet_names"]

log = logging.getLogger("paigow.service")

#: Accounts read at once for one push (a longer list is told in several reads).
CHUNK = 200


class Host(Protocol):
    """What the pushes use of the service (:class:`paigow.service.hub.Service`)."""

    @property
    def store(self) -> Store: ...

    @property
    def connections(self) -> dict[str, set[Any]]: ...


def wallet_names(moves: Iterable[tuple[int, Move]]) -> set[str]:
    """The accounts whose wallets ``moves`` move money into or out of."""
    return {
        a.removeprefix("wallet:")
        for _seq, m in moves
        for a in (m.src, m.dst)
        if a.startswith("wallet:")
    }


def buy_in_bound(c: Connection, name: str, wallet: int, at: dt.datetime) -> dict[str, Any]:
    """The most ``name`` may buy in at ``at`` with ``wallet`` cents in the wallet: ``max``,
    what binds it (``by``: ``wallet``, ``limit`` — the daily limit's ``left_today`` is less —
    or ``excluded``, a self-exclusion of theirs or of an account bound to theirs) and what the
    daily limit leaves today (None: no limit)."""
    b = bound_state(c, name, at)
    left = None if b.limit is None else max(0, b.limit - b.spent)
    if b.excluded_until is not None:
        return {"max": 0, "by": "excluded", "left_today": left}
    if left is not None and left < wallet:
        return {"max": left, "by": "limit", "left_today": left}
    return {"max": max(0, wallet), "by": "wallet", "left_today": left}


def figures(store: Store, names: list[str], at: dt.datetime | None = None) -> dict[str, Any]:
    """Each account's ``{"wallet": cents, "buy_in": bound}`` now, as the store has them (run
    on the store's thread)."""
    at = at or now()
    out: dict[str, Any] = {}
    a = db.accounts
    with store.engine.connect() as c:
        wallets = {
            str(n): int(b)
            for n, b in c.execute(
                sa.select(a.c.name, a.c.balance).where(a.c.name.in_([f"wallet:{n}" for n in names]))
            )
        }
        for name in names:
            wallet = wallets.get(f"wallet:{name}", 0)
            out[name] = {"wallet": wallet, "buy_in": buy_in_bound(c, name, wallet, at)}
    return out


def _with_bound(store: Store, names: list[str]) -> list[str]:
    """``names`` and every account bound to one of them, in order of their names."""
    every: set[str] = set()
    with store.engine.connect() as c:
        for name in names:
            every.update(bound_accounts(c, name))
    return sorted(every)


class WalletPush:
    """Tells every websocket of an account its wallet and buy-in bound after they changed (see
    the module notes). The names waiting are a set (each account once, however many changes),
    read and told by one task at a time, again until none waits: what a page is told last is
    read after the last change."""

    def __init__(self, service: Host) -> None:
        self._svc = service
        #: Accounts whose money or protection changed here: bound ones found, the others told.
        self._changed: set[str] = set()
        #: Accounts another process told of (already with the bound ones).
        self._heard: set[str] = set()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._running = False
        #: Tells the other processes of a cluster (None: a single process).
        self.publish: Callable[[list[str]], None] | None = None
        #: Messages sent (for the service's counts and the tests' reading of the log).
        self.sent = 0

    def changed(self, names: Iterable[str]) -> None:
        """The money or the protection of ``names`` changed (committed): tell their pages."""
        self._changed.update(n for n in names if n)
        self._start()

    def heard(self, names: Iterable[str]) -> None:
        """Another process says these accounts changed: tell their pages here."""
        self._heard.update(n for n in names if n and n in self._svc.connections)
        self._start()

    def _start(self) -> None:
        if self._running or not (self._changed or self._heard):
            return
        self._running = True
        spawn(self._drain(), self._tasks, "wallet update")

    async def _drain(self) -> None:
        store = self._svc.store
        try:
            while self._changed or self._heard:
                waiting = sorted(self._changed)
                changed, self._changed = waiting[:CHUNK], set(waiting[CHUNK:])
                heard = set(self._heard)
                self._heard.clear()
                try:
                    if changed:
                        every = await store.run(_with_bound, store, changed)
                        if self.publish is not None:
                            self.publish(every)
                        heard.update(every)
                    await self._tell(store, sorted(heard))
                except DatabaseAwayError as e:  # told again once the database answers
                    log.warning("wallet update: %s", e)
                    self._changed.update(changed)
                    self._heard.update(heard)
                    await asyncio.sleep(1.0)
        finally:
            self._running = False

    async def _tell(self, store: Store, names: list[str]) -> None:
        here = [n for n in names if self._svc.connections.get(n)]
        for i in range(0, len(here), CHUNK):
            found = await store.run(figures, store, here[i : i + CHUNK])
            for name, f in found.items():
                for conn in list(self._svc.connections.get(name, ())):
                    conn.push({"type": "wallet", **f})
                    self.sent += 1
