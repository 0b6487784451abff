"""The pit's floor: every open table with what an operator may do to it, built by one function
(:func:`floor_tables`) for ``GET /api/pit/floor`` and for the floor pushed to the operators'
websockets (:class:`FloorFeed`, docs/service.md, "floor").

An operator's ``/ws`` sends ``{"type": "floor"}`` to follow the floor and
``{"type": "floor", "watch": false}`` to stop; a player is refused in words. The feed sends
``{"type": "floor", "tables": [...]}`` (the rows ``GET /api/pit/floor`` answers) at once, then
whenever the floor changes:

* **Coalesced.** One task looks every :data:`TICK` seconds while anyone follows the floor (none
  runs otherwise). It builds the floor only when something it shows may have changed — a table
  of this process changed (each change moves its actor's version), opened, closed, was held or
  paused; an event about a table was logged; in a cluster the other processes' answer changed —
  or every :data:`HEARTBEAT` seconds, and sends it only to those whose floor is not what they
  were last sent. However many tables play and however many operators follow, that is at most
  one build a tick, never one per command or per operator.
* **Per operator.** What differs between operators is ``can.look``: the floor is encoded once
  for those who hold the surveillance right and once for those who do not (read from the store
  when an operator starts following, and taken from the event that grants or withdraws it).
* **A cluster.** The tables the other processes run are asked of them
  (:class:`~paigow.service.cluster.floor_ask.FloorAsk`) by a task of their own, at most once
  every :data:`ASK_EVERY` seconds while anyone follows the floor here; the floor built between
  two answers uses the last. A table opened elsewhere since the last answer waits for the
  next one. One the lobby listed before the question that no process answered for (its owner
  stopped, or cut off) is seen through a replica made from the store after that answer, as the
  route sees it, so that the floor never drops a table whose owner is silent: the table an
  operator most needs to see (at most :data:`SILENT_AT_ONCE` after one answer).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
from collections.abc import Mapping
from typing import Any, Protocol

from .cluster.cluster import Cluster
from .connection import Connection
from .db.background import spawn
from .db.database import log_failure
from .db.events import EventLog
from .kit.ratelimit import Limits
from .pit import pit_sql
from .store.store import Store
from .tables.actor import TableActor
from .tables.lobby import floor_facts, floor_row
from .wire.codec import encode

__all__ = [
    "ASK_EVERY",
    "HEARTBEAT",
    "OPERATORS_ONLY",
    "SILENT_AT_ONCE",
    "TICK",
    "FloorFeed",
    "floor_tables",
    "floor_view",
]

log = logging.getLogger("paigow.service")

#: Seconds between two looks at the floor while anyone follows it (at most four floors a
#: second reach an operator).
TICK = 0.25
#: The floor is built again at least this often while anyone follows it (what no signal shows).
HEARTBEAT = 5.0
#: In a cluster, the other processes are asked for their tables at most this often.
ASK_EVERY = 1.0
#: In a cluster, the most tables whose owner is silent made into replicas for the floor after
#: one answer (a process of hundreds of tables stopped costs the others no more than this
#: many replays a second; the rest wait for the next answers or for their takeover).
SILENT_AT_ONCE = 32
#: What a player who asks for the floor is told.
OPERATORS_ONLY = "the floor is for operators only"
#: What an operator who asks for the floor past the door ``pit.account`` is told.
LIMITED = "too many requests from this operator account; ask for the floor again in {wait:.1f} s"
#: The events that grant and withdraw the surveillance right (``pit_sql.set_surveillance``).
_RIGHT = {"surveillance_granted": True, "surveillance_withdrawn": False}


class Host(Protocol):
    """What the floor uses of the service (:class:`paigow.service.hub.Service`)."""

    @property
    def store(self) -> Store: ...

    @property
    def actors(self) -> dict[str, TableActor]: ...

    @property
    def cluster(self) -> Cluster | None: ...

    @property
    def limits(self) -> Limits: ...

    @property
    def events(self) -> EventLog: ...

    def lobby(self, *, hidden: bool = False) -> list[dict[str, Any]]: ...

    async def find(self, table_id: str) -> TableActor | None: ...


async def floor_tables(
    host: Host, remote: Mapping[str, dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """The facts of every open table (:func:`~paigow.service.tables.lobby.floor_facts`), in the
    lobby's order, invitation-only private tables too: those this process runs, made here; in
    a cluster those the others run, asked of them now, and a table nobody answered for seen
    through a replica of it (made if need be). Given ``remote`` (the others' last answer, for
    the floor pushed, with the facts of the tables whose owner was silent, seen by
    :class:`FloorFeed`), no replica is made for a table not in it (opened since): one kept
    here is used, else the table waits for the next answer. A table an owner answered for
    that the lobby here does not list (its line missed or expired here) comes last: the
    owner's answer is what is open."""
    facts = {tid: floor_facts(a) for tid, a in host.actors.items() if a.owner and not a.closed}
    if host.cluster is not None:  # the tables the others run, asked of them
        others = await host.cluster.floors.ask() if remote is None else remote
        facts = {**others, **facts}
    out = []
    for t in host.lobby(hidden=True):
        found = facts.get(t["id"])
        if found is None:  # its owner did not answer in time: seen through a replica of it
            if remote is None:
                actor = await host.find(t["id"])
            else:
                actor = host.actors.get(t["id"])
                actor = None if actor is None or actor.closed else actor
            if actor is None:  # it closed meanwhile (or waits for the next answer)
                continue
            found = floor_facts(actor)
        out.append(found)
    listed = {str(t["id"]) for t in out}  # (an owner's answer is the truth: a table whose
    out += [f for tid, f in sorted(facts.items()) if tid not in listed]  # line is missed here)
    return out


def floor_view(tables: list[dict[str, Any]], look: bool) -> list[dict[str, Any]]:
    """The floor as an operator sees it (``look``: they hold the surveillance right)."""
    return [floor_row(facts, look) for facts in tables]


class FloorFeed:
    """The floor pushed to the operators' websockets that follow it (see the module notes)."""

    def __init__(self, host: Host) -> None:
        self._host = host
        #: Each following connection and whether its operator holds the surveillance right.
        self.watchers: dict[Connection, bool] = {}
        #: Following connections not yet sent the floor (sent it at the next look, changed
        #: or not).
        self._new: set[Connection] = set()
        #: The floor last built, encoded, by surveillance right.
        self._texts: dict[bool, str] = {}
        self._signature: tuple[Any, ...] | None = None
        self._built = -math.inf
        #: Something the floor shows may have changed that the signature does not see.
        self._dirty = False
        #: In a cluster, the other processes' tables as they last answered (None: not yet).
        self._remote: dict[str, dict[str, Any]] | None = None
        self._wake = asyncio.Event()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._running = False
        self._asking = False
        #: Floors built, and messages sent (the service's counts, and the tests').
        self.builds = 0
        self.sent = 0
        host.events.listeners.append(self._event)

    async def watch(self, conn: Connection) -> None:
        """``conn`` follows the floor: an operator's, within the account's door ``pit.account``
        (else an ``error`` in words); its floor comes at the next look."""
        if not conn.user.is_operator:
            conn.push({"type": "error", "error": OPERATORS_ONLY})
            return
        wait = self._host.limits.take(("pit.account", conn.user.name))
        if wait:
            conn.push({"type": "error", "error": LIMITED.format(wait=wait)})
            return
        store = self._host.store
        look = await store.run(pit_sql.has_surveillance, store, conn.user.name)
        if conn.closed or conn.revoked is not None:
            return
        self.watchers[conn] = look
        self._new.add(conn)
        self._wake.set()
        if not self._running:
            self._running = True
            spawn(self._run(), self._tasks, "the pit's floor")
        if self._host.cluster is not None and not self._asking:
            self._asking = True
            spawn(self._ask(self._host.cluster), self._tasks, "the pit's floor asked")

    async def stop(self) -> None:
        """Stop looking and asking (the service stops)."""
        self.watchers.clear()
        self._new.clear()
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task

    def unwatch(self, conn: Connection) -> None:
        """``conn`` no longer follows the floor (it asked, or it closed)."""
        self.watchers.pop(conn, None)
        self._new.discard(conn)

    def _event(self, ev: dict[str, Any]) -> None:
        """An event of the log, here or at another process: one about a table may show on the
        floor; a surveillance right granted or withdrawn changes what its operator may do."""
        if not self.watchers:
            return
        if ev.get("table") is not None:
            self._dirty = True
        right = _RIGHT.get(str(ev.get("kind")))
        name = (ev.get("detail") or {}).get("account")
        if right is None or not isinstance(name, str):
            return
        for conn in self.watchers:
            if conn.user.name == name and self.watchers[conn] != right:
                self.watchers[conn] = right
                self._new.add(conn)

    def _now_signature(self) -> tuple[Any, ...]:
        """What moves when a table of this process changes (cheap: no floor built)."""
        return tuple(
            (tid, a.version, a.owner, a.closed, a.held, a.floor.paused)
            for tid, a in self._host.actors.items()
        )

    async def _run(self) -> None:
        """Look every :data:`TICK` seconds while anyone follows the floor (sooner for a new
        follower, but never a build sooner than :data:`TICK` after the one before)."""
        loop = asyncio.get_running_loop()
        try:
            while self.watchers:
                await asyncio.sleep(max(0.0, self._built + TICK - loop.time()))
                try:
                    await self._look(loop.time())
                except Exception as e:  # the database away, say: the next look tries again
                    log_failure(log, "the pit's floor", e)
                    self._dirty = True
                self._wake.clear()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), TICK)
        finally:
            self._running = False
            self._texts.clear()
            self._signature = None

    async def _look(self, now: float) -> None:
        """Build the floor if it may have changed, send it to whoever's is not current."""
        if not self.watchers:
            return
        if self._host.cluster is not None and self._remote is None:
            return  # the other processes' first answer is on its way
        signature = self._now_signature()
        looks = set(self.watchers.values())
        stale = (
            self._dirty
            or signature != self._signature
            or now - self._built >= HEARTBEAT
            or not looks <= set(self._texts)
        )
        changed: set[bool] = set()
        if stale:
            self._dirty = False
            tables = await floor_tables(self._host, self._remote)
            self.builds += 1
            texts = {
                look: encode({"type": "floor", "tables": floor_view(tables, look)})
                for look in looks
            }
            changed = {look for look, text in texts.items() if self._texts.get(look) != text}
            self._texts, self._signature, self._built = texts, signature, now
        for conn, look in list(self.watchers.items()):
            text = self._texts.get(look)
            if text is None:  # (it came while the floor was built: the next look builds it)
                continue
            if look in changed or conn in self._new:
                conn.push(text)
                self.sent += 1
                self._new.discard(conn)

    async def _ask(self, cluster: Cluster) -> None:
        """In a cluster: the other processes' tables, asked at most every :data:`ASK_EVERY`
        seconds while anyone follows the floor."""
        failing = False
        try:
            while self.watchers:
                try:
                    known = {str(t["id"]) for t in self._host.lobby(hidden=True)}
                    got = await cluster.floors.ask()
                    got = {**await self._silent(known, got), **got}
                except Exception as e:  # the database away, say: asked again in a moment
                    if not failing:  # (one line for a stretch of failures)
                        log_failure(log, "the pit's floor, asked of the other processes", e)
                    failing = True
                else:
                    failing = False
                    if got != self._remote:
                        self._remote = got
                        self._dirty = True
                        self._wake.set()
                await asyncio.sleep(ASK_EVERY)
        finally:
            self._asking = False
            self._remote = None  # (stale once nobody asks)

    async def _silent(self, known: set[str], got: Mapping[str, Any]) -> dict[str, Any]:
        """The facts of the tables the lobby listed before the others were asked that no
        process answered for and this one does not run (their owner silent: stopped, or cut
        off from the database's notifications), each seen through a replica (kept here, or
        made now from the store), as ``GET /api/pit/floor`` sees them; at most
        :data:`SILENT_AT_ONCE` at a time. The facts are kept with the answer, so the lease loop
        dropping a replica nobody watches does not take the table off the floor; each is made
        again at the next answer, until the owner answers or another process takes the table
        over."""
        actors = self._host.actors
        out: dict[str, Any] = {}
        ours = {tid for tid, a in actors.items() if a.owner}
        for tid in sorted(known - set(got) - ours)[:SILENT_AT_ONCE]:
            actor = await self._host.find(tid)  # (one kept here, or made now)
            if actor is not None:  # (None: it closed meanwhile)
                out[tid] = floor_facts(actor)
        return out
