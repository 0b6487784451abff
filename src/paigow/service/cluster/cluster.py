"""Several server processes sharing one PostgreSQL (``paigow serve --cluster``).

* **Ownership.** Each open table is run by one process, its owner, under a lease
  (:mod:`paigow.service.db.leases`), committing under the lease's epoch. A process takes free
  tables up to its fair share, gives one back between rounds when it holds more, and takes
  over a table whose owner stopped renewing its lease (killed, frozen, cut off): it rebuilds
  the table from the store, the windows open again, the clients carry on.
* **Replicas only where someone watches.** A process keeps a replica of a table another runs
  only while one of its clients is subscribed to it: made on the first subscription (or a
  request about the table), dropped with the last (the lease loop sweeps what no one watches),
  and said to the others (``watch``), so that an owner tells of a table's changes only while
  another process watches it (:mod:`paigow.service.cluster.fanout`). A replica replays the stored
  commands after its last one when told, and every few seconds regardless; its clients'
  commands go to the owner. The replicas' work is counted (``GET /api/cluster``).
* **Clients go to the owner.** Each process announces where its clients connect
  (``PAIGOW_ADDRESS``) and the lobby lines of its tables when what they show changes rarely
  (:class:`~paigow.service.cluster.replicas.Announcer`); ``GET /api/tables/{id}/server`` answers the
  owner's address, so forwarding is the exception (a table that moved, one address).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from typing import Any

from paigow.errors import IllegalActionError

from ..db import leases
from ..db.background import spawn
from ..db.database import log_failure
from ..tables.actor import TableActor, TableGoneError
from ..tables.lobby import lobby_entry
from .fanout import EVENTS, SESSIONS, TABLES, PgFanout, channel_of
from .floor_ask import FloorAsk
from .forwarding import CLOSE, Forwarding
from .host import Host, HostOptions
from .replicas import Announcer, Directory, ReplicaWork, apply_snapshot, last_seqs, snapshot

__all__ = ["CLOSE", "Cluster", "Host", "HostOptions"]

log = logging.getLogger("paigow.service")


class Cluster(Forwarding):
    """This process's part in a service of several processes."""

    def __init__(self, service: Host) -> None:
        self.svc = service
        self.store = service.store
        self.instance = service.instance
        self.ttl = service.options.lease_seconds
        #: Where this process's clients should connect (announced to the others).
        self.address = service.options.address
        self.held: dict[str, int] = {}
        #: Tables whose lease this process took from another owner (a takeover).
        self.takeovers = 0
        self.owner_of: dict[str, str] = {}
        self.alive = 1
        self.work = ReplicaWork()
        self.directory, self.announcer = Directory(fresh=5 * self.ttl), Announcer()
        self._pending: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        self._loop_task: asyncio.Task[None] | None = None
        url = self.store.engine.url.set(drivername="postgresql")
        self.fanout = PgFanout(
            url.render_as_string(hide_password=False), self.instance, self._message, self._resync
        )
        #: The pit's floor: the other processes asked for the tables they run.
        self.floors = FloorAsk(self.fanout, self.store, self.instance, self.ttl)

    # ------------------------------------------------------------------ life
    async def start(self) -> list[str]:
        """Listen, take a fair share of the open tables (no replica of the others); the tables
        this process runs."""
        await self.fanout.start()
        self.svc.events.publish = self._publish_event
        self.svc.chat.publish = self._publish_chat
        self.svc.wallets.publish = self._publish_wallets
        self.alive = await self.store.run(leases.heartbeat, self.store, self.instance, self.ttl)
        open_now = await self.store.run(self.store.open_tables)
        share = self._share(len(open_now))
        for table_id, cfg in open_now:
            if len(self.held) >= share:
                break
            epoch = await self.take(table_id)
            if epoch is not None:
                await self._run_table(table_id, cfg, epoch)
        await self._announce()
        self._loop_task = asyncio.get_running_loop().create_task(self._loop(), name="leases")
        return sorted(self.held)

    async def stop(self) -> None:
        """Stop renewing, give the leases back (another process takes the tables at once)."""
        if self._loop_task is not None:
            self._loop_task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._loop_task
        with contextlib.suppress(Exception):
            await self.store.run(leases.release, self.store, self.instance, list(self.held))
        await self.fanout.stop()

    def _spawn(self, coro: Any) -> None:
        # (a catch-up the database did not answer is made again by the lease loop)
        spawn(coro, self._tasks, "cluster")

    def report(self) -> dict[str, Any]:
        """This process's tables, replicas and their work (``GET /api/cluster``)."""
        return {
            "instance": self.instance,
            "address": self.address,
            "runs": sorted(self.held),
            "replicas": sorted(t for t, a in self.svc.actors.items() if not a.owner),
            **self.work.to_json(self.announcer, self.directory),
            "floors_asked": self.floors.asked,
            "floors_answered": self.floors.answered,
        }

    # ------------------------------------------------------------------ tables
    def _share(self, n_open: int) -> int:
        return max(1, math.ceil(n_open / max(self.alive, 1)))

    async def _run_table(self, table_id: str, cfg: dict[str, Any], epoch: int) -> TableActor:
        """Run a table this process has no actor of: rebuilt from the store, under its lease."""
        actor = await self.svc.rebuild(table_id, cfg)
        self._wire(actor)
        self._own(actor, epoch)
        actor.start()
        return actor

    async def _replicate(self, table_id: str, cfg: dict[str, Any]) -> TableActor:
        """A replica of a table another process runs (someone here asked for it)."""
        actor = await self.svc.rebuild(table_id, cfg)
        self._wire(actor)
        actor.owner = False
        self.work.created += 1
        self.work.commands[table_id] += actor.seq
        actor.start()
        self._spawn(self.fanout.publish(TABLES, {"op": "watch", "tables": [table_id]}))
        return actor

    async def take(self, table_id: str) -> int | None:
        """Take a table's lease when it is free, expired or ours (:func:`leases.take`): its
        epoch, or None. The ``table_taken`` event a change of owner stored with it is shown to
        the operators here and at the other processes."""
        got = await self.store.run(leases.take, self.store, table_id, self.instance, self.ttl)
        if got is None:
            return None
        epoch, stored = got
        if stored is not None:
            self.takeovers += 1
            self.svc.events.show(stored)
        return epoch

    def _wire(self, actor: TableActor) -> None:
        actor.forward = self.forward
        actor.on_change = self._changed

    def _own(self, actor: TableActor, epoch: int) -> None:
        actor.owner = True
        actor.stored_seats = None  # (written at its first look: another owner had it)
        actor.fence = (self.instance, epoch)
        actor.version = (epoch, 0)
        self.held[actor.table_id] = epoch
        self.owner_of[actor.table_id] = self.instance

    async def claim_new(self, table_id: str) -> int:
        """The lease of a table this process is about to open (epoch 1), taken *before* the
        table is stored: a table stored first would be open with no lease for a moment, and
        another process's lease loop could take it in between (it did: the opening then
        failed with a server error, the table run elsewhere).

        Raises:
            IllegalActionError: a table of that id is leased already (it exists).
        """
        epoch = await self.take(table_id)
        if epoch is None:
            raise IllegalActionError(f"table {table_id!r} exists already")
        return epoch

    async def unclaim(self, table_id: str) -> None:
        """Give back the lease of a table that could not be stored."""
        await self.store.run(leases.release, self.store, self.instance, [table_id])

    def own_new(self, actor: TableActor, epoch: int) -> None:
        """A table opened by this process, under the lease :meth:`claim_new` took."""
        self._wire(actor)
        self._own(actor, epoch)

    async def ensure(self, table_id: str) -> TableActor | None:
        """The actor of an open table another process runs: a replica made now (None if there
        is no such table)."""
        if table_id in self.svc.actors:
            return self.svc.actors[table_id]
        cfg = await self.store.run(self.store.open_table_config, table_id)
        if cfg is not None and table_id not in self.svc.actors:
            return await self._replicate(table_id, cfg)
        return self.svc.actors.get(table_id)

    def unsubscribed(self, actor: TableActor) -> None:
        """A subscriber left: a replica that nobody here watches any more is dropped."""
        if not actor.owner and not actor.subscribers:
            self._spawn(self.drop(actor))

    async def drop(self, actor: TableActor) -> None:
        """Drop a replica nobody here watches: what it was asked before is done first, and
        from the first moment nothing new is taken (a subscription or a promotion that comes
        after is told :class:`~paigow.service.tables.actor.TableGoneError`, and finds the table
        anew)."""
        tid = actor.table_id
        if (
            actor.owner
            or actor.subscribers
            or actor.joining
            or self.svc.actors.get(tid) is not actor
        ):
            return
        del self.svc.actors[tid]
        await actor.finish()
        self.work.dropped += 1
        await self.fanout.publish(TABLES, {"op": "unwatch", "t": tid})

    async def sync(self, actor: TableActor, snap: dict[str, Any] | None = None) -> None:
        """Bring a replica up to the store's commands (and the owner's snapshot); tell its
        subscribers."""
        if self.svc.actors.get(actor.table_id) is not actor:
            return  # dropped

        async def catch_up() -> dict[str, Any]:
            if actor.owner:
                return {}
            rows = await self.store.run(self.store.ops, actor.table_id, actor.seq)
            applied = actor.replay(rows)
            self.work.syncs[actor.table_id] += 1
            self.work.commands[actor.table_id] += len(applied)
            changed = apply_snapshot(actor, snap)
            if applied or changed:
                actor.broadcast(applied)
            return {}

        await actor.call(catch_up)

    async def promote(self, actor: TableActor, epoch: int) -> None:
        """Take a table over: catch up with the store, then conduct it (its lease taken, and
        the takeover's event written with it, by :meth:`take`)."""

        async def take() -> dict[str, Any]:
            if actor.stopped:  # dropped while this waited: the caller rebuilds the table
                raise TableGoneError(f"the replica of {actor.table_id!r} was dropped")
            rows = await self.store.run(self.store.ops, actor.table_id, actor.seq)
            applied = actor.replay(rows)
            self._own(actor, epoch)
            actor.wait = None
            actor.broadcast(applied)
            actor.kick()
            return {}

        await actor.call(take)

    async def adopt(
        self, table_id: str, epoch: int, cfg: dict[str, Any] | None = None
    ) -> TableActor | None:
        """Run a table whose lease this process has just taken: its replica here promoted, or
        (none here, one dropped meanwhile, or one that saw the table closed) the table rebuilt
        from the store. None: the table is no longer open (its lease given back)."""
        for _ in range(4):
            local = self.svc.actors.get(table_id)
            if local is not None and local.closed and not local.owner:
                # a replica that saw its table closed: promoted, it would own a table nobody
                # finds and that plays no more; let go, the store says whether it is open
                if self.svc.actors.get(table_id) is local:
                    del self.svc.actors[table_id]
                await local.finish()
                cfg = None
                continue
            if local is not None:
                with contextlib.suppress(TableGoneError):
                    await self.promote(local, epoch)
                    return local
                continue
            if cfg is None:
                cfg = await self.store.run(self.store.open_table_config, table_id)
                if cfg is None:
                    break
                continue  # looked at again: a replica may have been made meanwhile
            return await self._run_table(table_id, cfg, epoch)
        await self.store.run(leases.release, self.store, self.instance, [table_id])
        return None

    async def demote(self, actor: TableActor) -> None:
        """This process lost the table's lease: a replica while someone here watches it."""
        self.held.pop(actor.table_id, None)

        async def give_up() -> dict[str, Any]:
            actor.owner = False
            actor.fence = None
            actor.disarm()
            return {}

        await actor.call(give_up)
        if not actor.subscribers:
            await self.drop(actor)

    async def closed(self, table_id: str) -> None:
        """A table this process ran is closed: no longer part of its share, its lease given
        back at once (counted in the share, the tables a process had closed kept it from taking
        the open ones the others gave back, which then had no owner at all)."""
        if self.held.pop(table_id, None) is not None:
            await self.store.run(leases.release, self.store, self.instance, [table_id])

    async def _someone_takes(self, share: int) -> bool:
        """Whether another live process holds fewer open tables than its share, and so takes
        one given back at its next look. A table is given back only then: given back when
        every other process is full (one counted alive that is gone, shares rounded up), it
        would be run by nobody until the counts change."""
        held = await self.store.run(leases.loads, self.store, self.ttl)
        return any(n < share for inst, n in held.items() if inst != self.instance)

    # ------------------------------------------------------------------ the loop
    async def _loop(self) -> None:
        """A look every third of the lease, by the clock: a look's own time is not added to
        the wait before the next (it was: on a loaded machine each look came later than a
        third of the lease after the one before, and a dead owner's table was taken past the
        lease and one renewal period). A look that ends more than a period late is followed
        by the next a period after it ends."""
        loop = asyncio.get_running_loop()
        period = self.ttl / 3
        due = loop.time() + period
        while True:
            await asyncio.sleep(max(0.0, due - loop.time()))
            try:
                await self._tick()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the database away, say: tried again at the next look
                log_failure(log, "cluster", e)
            due += period
            if due < loop.time():
                due = loop.time() + period

    async def _tick(self) -> None:
        st = self.store
        self.alive = await st.run(leases.heartbeat, st, self.instance, self.ttl)
        for tid in await st.run(leases.renew, st, self.instance, dict(self.held), self.ttl):
            if tid in self.svc.actors:
                await self.demote(self.svc.actors[tid])
        await self.svc.crash_check(2 * self.ttl)
        # What is made or heard while the store is asked is of a table opened since: kept.
        before, asked = dict(self.svc.actors), time.monotonic()
        open_now = dict(await st.run(st.open_tables))
        self.directory.forget(set(open_now), asked)
        for tid, actor in before.items():
            if tid not in open_now and not actor.owner and self.svc.actors.get(tid) is actor:
                actor.closed = True
        share = self._share(len(open_now))
        for tid in await st.run(leases.free_tables, st):
            if len(self.held) >= share:
                break
            local = self.svc.actors.get(tid)
            if (local is not None and local.owner) or tid not in open_now:
                continue
            epoch = await self.take(tid)
            if epoch is not None:  # promoted, or (nobody here watched it) rebuilt
                await self.adopt(tid, epoch, open_now[tid])
        if len(self.held) > share and await self._someone_takes(share):
            for tid in sorted(self.held):  # give one back, between rounds
                a = self.svc.actors.get(tid)
                if a is not None and a.engine.round is None:
                    await self.demote(a)
                    await st.run(leases.release, st, self.instance, [tid])
                    break
        heads = dict(await st.run(last_seqs, st))
        for tid, actor in list(self.svc.actors.items()):
            if actor.owner:
                continue
            if not actor.subscribers:
                await self.drop(actor)  # asked about once (a request, a command), not watched
            elif heads.get(tid, 0) > actor.seq:
                await self.sync(actor)
        await self._announce()

    async def _announce(self) -> None:
        """Tell the others where this process's clients connect and the lobby lines of the
        tables it runs."""
        lines = [lobby_entry(a) for a in self.svc.actors.values() if a.owner and not a.closed]
        for msg in self.announcer.messages(self.address, lines):
            await self.fanout.publish(EVENTS, msg)
        watched = sorted(t for t, a in self.svc.actors.items() if not a.owner)
        for i in range(0, len(watched), 100):
            await self.fanout.publish(TABLES, {"op": "watch", "tables": watched[i : i + 100]})

    # ------------------------------------------------------------------ messages
    def _resync(self) -> None:
        """The listening connection (re)connected: notifications may have been missed."""
        for actor in list(self.svc.actors.values()):
            if not actor.owner:
                self._spawn(self.sync(actor))

    def _changed(self, actor: TableActor) -> None:
        if not self.directory.watched(actor.table_id):
            self.work.unsent += 1  # no other process keeps a replica of it
            return
        msg = {"op": "changed", "t": actor.table_id, "snap": snapshot(actor)}
        self._spawn(self.fanout.publish(TABLES, msg))

    def _publish_event(self, ev: dict[str, Any]) -> None:
        self._spawn(self.fanout.publish(EVENTS, {"op": "event", "event": ev}))

    def _publish_chat(self, msg: dict[str, Any]) -> None:
        self._spawn(self.fanout.publish(EVENTS, {**msg, "from": self.instance}))

    def _publish_wallets(self, names: list[str]) -> None:
        """The accounts whose wallets or buy-in bounds changed: each process tells its pages."""
        for i in range(0, len(names), 100):
            msg = {"op": "wallets", "names": names[i : i + 100]}
            self._spawn(self.fanout.publish(SESSIONS, msg))

    async def publish_revoked(self, hashes: list[str], why: str) -> None:
        """Tell the other processes to close the websockets of these ended sessions (a lost
        notification is made up by each process's sweep,
        :mod:`paigow.service.accounts.accounts`)."""
        for i in range(0, len(hashes), 50):
            msg = {"op": "revoke", "sessions": hashes[i : i + 50], "why": why[:200]}
            await self.fanout.publish(SESSIONS, msg)

    def _message(self, channel: str, msg: dict[str, Any]) -> None:
        op = msg.get("op")
        if op == "changed":
            tid = str(msg.get("t"))
            self.owner_of[tid] = str(msg.get("from"))
            actor = self.svc.actors.get(tid)
            if actor is None:
                self.work.ignored += 1  # no one here watches it: no replica, no work
            elif not actor.owner:
                self._spawn(self.sync(actor, msg.get("snap")))
        elif op == "watch" and isinstance(msg.get("tables"), list):
            self.directory.watch(str(msg.get("from")), msg["tables"])
            for tid in msg["tables"]:  # what changed before the watcher was known
                mine = self.svc.actors.get(str(tid))
                if mine is not None and mine.owner:
                    self._changed(mine)
        elif op == "unwatch":
            self.directory.unwatch(str(msg.get("from")), str(msg.get("t")))
        elif op == "lobby" and self.directory.heard(str(msg.get("from")), msg):
            ask = {"op": "lobby?"}  # a line missed: every line of that process, please
            self._spawn(self.fanout.publish(channel_of(str(msg.get("from"))), ask))
        elif op == "lobby?" and channel == self.fanout.mine:
            self.announcer.full = True
        elif op == "event":
            self.svc.events.show(msg["event"], remote=True)
        elif str(op).startswith("chat") and msg.get("from") != self.instance:
            self.svc.chat.remote(msg)
        elif op == "wallets" and isinstance(msg.get("names"), list):
            if msg.get("from") != self.instance:
                self.svc.wallets.heard([str(n)[:64] for n in msg["names"]])
        elif op == "revoke" and isinstance(msg.get("sessions"), list):
            self.svc.accounts.close([str(h) for h in msg["sessions"]], str(msg.get("why", "")))
        elif op == "floor?" or (op == "floor" and channel == self.fanout.mine):
            for answer in self.floors.heard(msg, self.svc.actors):
                self._spawn(self.fanout.publish(str(msg.get("reply")), answer))
        elif op == "cmd" and channel == self.fanout.mine:
            self._spawn(self._run_forwarded(msg))
        elif op == "reply":
            fut = self._pending.pop(str(msg.get("req")), None)
            if fut is not None and not fut.done():
                fut.set_result(msg)
