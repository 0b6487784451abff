"""Commands sent to a table's owner in a cluster (:mod:`paigow.service.cluster.cluster`).

A process that keeps a replica of a table another process runs hands its clients' commands to
the owner over the notification channel and answers with the owner's result once the replica
has the change. A table that nobody holds at that moment (given back between rounds, its owner
gone) is taken by the asking process, which runs the command itself: an operator's close or a
player's action is never answered "moved" only because the lease loops were sharing the tables
out. The owner's answer "the table moved" (not applied there) sends the asker to the store for
the new owner, once.
"""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from paigow.errors import PaigowError

from ..accounts.auth import User
from ..db import leases
from ..store.store import Store
from ..tables.actor import TableActor
from .fanout import PgFanout, channel_of
from .host import Host
from .replicas import ReplicaWork, snapshot

__all__ = ["CLOSE", "MOVED", "Forwarding"]

FORWARD_SECONDS = 10.0
#: The action of an operator's close, forwarded like a command.
CLOSE = "__close__"
#: A forwarded command that reached a process that no longer runs the table (not applied).
MOVED = "the table moved; send the command again"
RETRY = "the table's server did not answer; send the command again with the same id"


class Forwarding:
    """The cluster's part that runs commands at a table's owner (a base of
    :class:`~paigow.service.cluster.cluster.Cluster`, which sets the attributes named here)."""

    svc: Host
    store: Store
    instance: str
    ttl: float
    owner_of: dict[str, str]
    work: ReplicaWork
    fanout: PgFanout
    _pending: dict[str, asyncio.Future[dict[str, Any]]]

    async def adopt(
        self, table_id: str, epoch: int, cfg: dict[str, Any] | None = None
    ) -> TableActor | None:
        """Run a table whose lease this process has just taken (the cluster's)."""
        raise NotImplementedError

    async def sync(self, actor: TableActor, snap: dict[str, Any] | None = None) -> None:
        """Bring a replica up to the store (the cluster's)."""
        raise NotImplementedError

    async def take(self, table_id: str) -> int | None:
        """Take a table's lease, its takeover's event with it (the cluster's)."""
        raise NotImplementedError

    async def forward(
        self,
        actor: TableActor,
        user: User,
        key: str,
        action: str,
        args: dict[str, Any],
        *,
        session: str | None = None,
    ) -> dict[str, Any]:
        """Run a command at the table's owner (which checks ``session`` in the transaction
        that commits it); its result once the replica has its change. A table that nobody
        holds at that moment (given back, its owner gone) is taken here and the command run
        here; an owner that answers that the table moved is asked no more: the store says
        where it went."""
        tid = actor.table_id
        owner = self.owner_of.get(tid)
        for _ in range(2):
            if owner is None or owner == self.instance:
                owner, actor = await self._owner_or_take(actor)
            if owner == self.instance:
                if action == CLOSE:
                    await self.svc.close_table(tid)
                    return {"status": "applied", "seq": None}
                return await actor.command(user, key, action, args, session=session)
            if owner is None:
                break
            result = await self._send(actor, user, key, action, args, owner=owner, session=session)
            if result.get("error") != MOVED:
                return result
            self.owner_of.pop(tid, None)  # not applied there: ask the store
            owner = None
        return {"status": "refused", "error": MOVED}

    async def _owner_or_take(self, actor: TableActor) -> tuple[str | None, TableActor]:
        """The process holding the table's lease now, and the actor to run it with here: this
        process (its actor) if it runs the table or the lease was free and it took it (the
        replica promoted, or the table rebuilt if the replica was dropped meanwhile); None if
        the table has no lease or is closed."""
        tid = actor.table_id
        live = self.svc.actors.get(tid)
        if live is not None and live.owner:
            return self.instance, live
        found = await self.store.run(leases.holder, self.store, tid)
        if found is None or not found[2] or actor.closed:
            return None, actor
        if found[1] and found[0] != self.instance:
            return found[0], actor
        epoch = await self.take(tid)
        if epoch is None:  # taken by another in between
            found = await self.store.run(leases.holder, self.store, tid)
            return (found[0] if found is not None and found[1] else None), actor
        taken = await self.adopt(tid, epoch)
        return (None, actor) if taken is None else (self.instance, taken)

    async def _send(
        self,
        actor: TableActor,
        user: User,
        key: str,
        action: str,
        args: dict[str, Any],
        *,
        owner: str,
        session: str | None,
    ) -> dict[str, Any]:
        """The command sent to ``owner``; its answer once the replica has its change."""
        tid = actor.table_id
        req = secrets.token_hex(8)
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self._pending[req] = fut
        msg = {
            "op": "cmd",
            "req": req,
            "t": tid,
            "user": [user.id, user.name, user.role],
            "key": key,
            "action": action,
            "args": args,
            "session": session,
            "reply": self.fanout.mine,
        }
        if not await self.fanout.publish(channel_of(owner), msg):
            self._pending.pop(req, None)
            return {"status": "refused", "error": "the command could not be forwarded; retry"}
        try:
            reply = await asyncio.wait_for(fut, FORWARD_SECONDS)
        except TimeoutError:
            self._pending.pop(req, None)
            return {"status": "refused", "error": RETRY}
        self.work.forwarded += 1
        await self.sync(actor, reply.get("snap"))
        result: dict[str, Any] = reply["result"]
        return result

    async def _run_forwarded(self, msg: dict[str, Any]) -> None:
        tid = str(msg["t"])
        actor = self.svc.actors.get(tid)
        uid, name, role = msg["user"]
        result: dict[str, Any]
        if actor is None or not actor.owner:
            result = {"status": "refused", "error": MOVED}
        elif msg["action"] == CLOSE:
            try:
                await self.svc.close_table(tid)
                result = {"status": "applied", "seq": None}
            except PaigowError as e:  # held, or closed meanwhile: the asker is told why
                result = {"status": "refused", "error": str(e)}
        else:
            result = await actor.command(
                User(int(uid), str(name), str(role)),
                str(msg["key"]),
                str(msg["action"]),
                msg["args"],
                session=msg.get("session"),
            )
        reply = {"op": "reply", "req": msg["req"], "result": result}
        if actor is not None:
            reply["snap"] = snapshot(actor)
        await self.fanout.publish(str(msg["reply"]), reply)
