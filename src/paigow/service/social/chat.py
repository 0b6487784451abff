"""Table chat: what players (and, where the table allows it, spectators) write at a table, sent
to everyone watching it over the table's websockets, beside — never inside — the table's
projection.

* **Who writes.** A seated player (``player``), an operator (``operator``), and a signed-in
  spectator at a table opened with ``spectator_chat`` (``spectator``); everyone watching reads,
  signed-out spectators too. A writer must watch the table (``subscribe``) first.
* **What is written** is plain text, normalised (:func:`paigow.service.wire.chat_text.chat_text`),
  at most 300 characters; it is never read as markup, and every client shows it as text.
* **Limits.** The doors ``chat.account`` (per account) and ``chat.table`` (everyone at one
  table) of the service's limiter, after the websocket's own message limits. Messages are
  written in groups (:class:`ChatWriter`: one short transaction for every message waiting, on
  the store's thread), so a flood costs the tables one write at a time, not one per message;
  at most :data:`MAX_WAITING` wait, past that a message is refused.
* **Mutes and silences.** A player's mutes are theirs: the server sends them no message of a
  player they muted (history included). An operator deletes a message (every client watching
  removes it, ``chat_deleted``) and silences an account (its messages refused until then); both
  are in the event log.
* **Storage.** Every message is stored (``chat_messages``) with its table, author and role,
  deleted ones kept with who deleted them and when, for the operators' review
  (``GET /api/tables/{id}/chat``). The last :data:`RING` of each table are kept in memory for
  the ``chat_history`` a new watcher gets.
* **Several processes** (``--cluster``): a message, a deletion, a silence or a change of mutes
  is published to the others (PostgreSQL ``NOTIFY``, :mod:`paigow.service.cluster.cluster`), which
  tell their own watchers.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from collections import deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Literal, Protocol

from pydantic import ValidationError

from paigow.errors import IllegalActionError

from ..db.accounts_sql import now
from ..db.background import spawn
from ..db.database import log_failure
from ..wire.chat_text import ChatTextError, chat_text
from ..wire.protocol import ChatPost
from .chat_sql import (
    delete_message,
    insert_messages,
    mutes_of,
    recent_messages,
    set_mute,
    set_silence,
    silences,
)

if TYPE_CHECKING:
    from ..accounts.auth import User
    from ..db.events import EventLog
    from ..kit.ratelimit import Limits
    from ..store.store import Store
    from ..tables.actor import TableActor


class Connection(Protocol):
    """What the chat uses of a websocket client (:class:`paigow.service.connection.Connection`)."""

    user: User
    session: str | None
    tables: set[str]

    def push(self, message: dict[str, Any]) -> None: ...

    def expired(self) -> bool: ...


class Service(Protocol):
    """What the chat uses of the table service (:class:`paigow.service.hub.Service`), which
    holds the chat: named here, not imported, so that the two do not import each other."""

    @property
    def store(self) -> Store: ...

    @property
    def actors(self) -> Mapping[str, TableActor]: ...

    @property
    def connections(self) -> Mapping[str, object]: ...

    @property
    def limits(self) -> Limits: ...

    @property
    def events(self) -> EventLog: ...


__all__ = [
    "MAX_MUTES",
    "MAX_WAITING",
    "RING",
    "Chat",
    "ChatWriter",
    "signed_out_chat",
]

log = logging.getLogger("paigow.service")

#: Messages of a table kept in memory for a new watcher's ``chat_history``.
RING = 50
#: Messages waiting to be written at most (past it, a message is refused: the chat is busy).
MAX_WAITING = 2000
#: Players one account may mute.
MAX_MUTES = 500
#: Seconds between two reloads of the silences (made up for a lost notification).
REFRESH = 30.0


class ChatWriter:
    """Writes messages in groups: whatever waits when the last write ends goes in the next one
    (at most 200 a transaction), so the store writes chat once at a time however many post."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._waiting: list[tuple[dict[str, Any], asyncio.Future[dict[str, Any] | str]]] = []
        self._flying = False
        self.groups = 0

    @property
    def waiting(self) -> int:
        """Messages waiting for a write."""
        return len(self._waiting)

    async def add(self, row: dict[str, Any]) -> dict[str, Any] | str:
        """Write ``row``: the message as stored (with ``id`` and ``at``), or why it was not."""
        fut: asyncio.Future[dict[str, Any] | str] = asyncio.get_running_loop().create_future()
        self._waiting.append((row, fut))
        self._pump()
        return await fut

    def _pump(self) -> None:
        if self._flying or not self._waiting:
            return
        group, self._waiting = self._waiting[:200], self._waiting[200:]
        self._flying = True
        asyncio.get_running_loop().create_task(self._write(group))

    async def _write(
        self, group: list[tuple[dict[str, Any], asyncio.Future[dict[str, Any] | str]]]
    ) -> None:
        results: list[dict[str, Any] | str]
        try:
            results = await self.store.run(insert_messages, self.store, [r for r, _ in group])
        except Exception as e:  # the database is away: these messages are not written
            log.warning("chat: a write failed (%s)", type(e).__name__)
            results = ["the chat could not be stored; try again"] * len(group)
        finally:
            self._flying = False
        self.groups += 1
        for (_, fut), r in zip(group, results, strict=True):
            if not fut.done():
                fut.set_result(r)
        with contextlib.suppress(RuntimeError):
            self._pump()


def signed_out_chat(data: dict[str, Any]) -> dict[str, Any]:
    """The answer to a ``chat`` message on a signed-out spectator's websocket (``/ws/watch``):
    refused; they read."""
    reply: dict[str, Any] = {"type": "chat_result", "table": str(data.get("table", ""))[:40]}
    ref = data.get("ref")
    if isinstance(ref, str) and ref:
        reply["ref"] = ref[:40]
    return {**reply, "status": "refused", "error": "sign in to chat; a signed-out spectator reads"}


def _public(m: dict[str, Any]) -> dict[str, Any]:
    """A message as clients see it."""
    return {k: m[k] for k in ("id", "author", "role", "text", "at") if k in m}


class Chat:
    """The chat of every table of the service (module notes)."""

    def __init__(self, service: Service) -> None:
        self.svc = service
        self.writer = ChatWriter(service.store)
        self.rings: dict[str, deque[dict[str, Any]]] = {}
        self.mutes: dict[str, frozenset[str]] = {}
        self.silenced: dict[str, dict[str, Any]] = {}
        #: Sends a message to the other processes (set with ``--cluster``).
        self.publish: Callable[[dict[str, Any]], None] | None = None
        self._task: asyncio.Task[None] | None = None
        self._spawned: set[asyncio.Task[Any]] = set()

    # ------------------------------------------------------------------ life
    async def start(self) -> None:
        """Read the silences; keep them fresh."""
        await self.reload()
        self._task = asyncio.get_running_loop().create_task(self._refresh(), name="chat")

    async def stop(self) -> None:
        """Stop the refresh."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def reload(self) -> None:
        """Read the accounts silenced now."""
        self.silenced = await self.svc.store.run(silences, self.svc.store)

    async def _refresh(self) -> None:
        while True:
            await asyncio.sleep(REFRESH)
            try:
                await self.reload()
                actors = self.svc.actors
                for tid in [t for t in self.rings if t not in actors or actors[t].closed]:
                    del self.rings[tid]
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the database is away: the next look tries again
                log_failure(log, "chat", e)

    def _spawn(self, coro: Any) -> None:
        spawn(coro, self._spawned, "chat")

    # ------------------------------------------------------------------ rights
    def silenced_until(self, name: str) -> dt.datetime | Literal[False] | None:
        """When ``name``'s silence ends (None: until an operator lifts it; False: not
        silenced)."""
        found = self.silenced.get(name)
        if found is None:
            return False
        until: dt.datetime | None = found["until"]
        if until is not None and until <= now():
            del self.silenced[name]
            return False
        return until

    @staticmethod
    def role(actor: TableActor, user: User) -> tuple[str | None, str]:
        """The role ``user`` writes in at this table, or None and why they may not."""
        if not user.name:
            return None, "sign in to chat"
        if user.is_operator:
            return "operator", ""
        if user.name in actor.engine.session.seats:
            return "player", ""
        if actor.engine.config.spectator_chat:
            return "spectator", ""
        return None, "at this table only the seated players chat; spectators read"

    # ------------------------------------------------------------------ messages
    async def post(self, conn: Connection, data: dict[str, Any]) -> None:
        """A ``chat`` message from ``conn``: written and shown, or refused (``chat_result``)."""
        try:
            p = ChatPost.model_validate(data)
        except ValidationError as e:
            err = e.errors()[0]
            where = ".".join(str(x) for x in err["loc"]) or "message"
            conn.push({"type": "error", "error": f"chat: {where}: {err['msg']}"})
            return
        reply: dict[str, Any] = {"type": "chat_result", "table": p.table}
        if p.ref is not None:
            reply["ref"] = p.ref

        def refuse(why: str) -> None:
            conn.push({**reply, "status": "refused", "error": why})

        actor = self.svc.actors.get(p.table)
        if actor is None or actor.closed:
            return refuse(f"no open table {p.table!r}")
        if p.table not in conn.tables:
            return refuse("watch the table first (subscribe), then chat")
        if conn.expired():
            return refuse("the session has expired; sign in again")
        role, why = self.role(actor, conn.user)
        if role is None:
            return refuse(why)
        until = self.silenced_until(conn.user.name)
        if until is not False:
            end = "until an operator lifts it" if until is None else f"until {until:%H:%M} UTC"
            return refuse(f"an operator has silenced you in chat {end}")
        try:
            text = chat_text(p.text)
        except ChatTextError as e:
            return refuse(str(e))
        if self.writer.waiting >= MAX_WAITING:
            return refuse("the chat is busy; try again in a moment")
        wait = self.svc.limits.take(("chat.account", conn.user.name), ("chat.table", p.table))
        if wait:
            return refuse(f"too many chat messages; wait {wait:.1f} s")
        row = {
            "table": p.table,
            "author": conn.user.name,
            "role": role,
            "text": text,
            "session": conn.session,
        }
        stored = await self.writer.add(row)
        if isinstance(stored, str):
            return refuse(stored)
        self.show(stored)
        if self.publish is not None:
            self.publish({"op": "chat", "message": {**_public(stored), "table": p.table}})
        conn.push({**reply, "status": "posted", "id": stored["id"]})
        return None

    def show(self, m: dict[str, Any]) -> None:
        """Keep a stored message and send it to everyone watching its table here (but those
        who muted its author)."""
        table = str(m["table"])
        ring = self.rings.get(table)
        msg = _public(m)
        if ring is not None and all(x["id"] != msg["id"] for x in ring):
            ring.append(msg)
            if len(ring) > 1 and ring[-2]["id"] > msg["id"]:
                self.rings[table] = deque(sorted(ring, key=lambda x: x["id"]), maxlen=RING)
        actor = self.svc.actors.get(table)
        if actor is None:
            return
        out = {"type": "chat", "table": table, "message": msg}
        for sub in list(actor.subscribers):
            if msg["author"] not in self.mutes.get(sub.user.name, ()):
                sub.push(out)

    async def _ring(self, table: str) -> deque[dict[str, Any]]:
        ring = self.rings.get(table)
        if ring is None:
            rows = await self.svc.store.run(recent_messages, self.svc.store, table, RING)
            ring = self.rings.get(table) or deque(rows, maxlen=RING)
            self.rings[table] = ring
        return ring

    async def _mutes(self, name: str) -> frozenset[str]:
        found = self.mutes.get(name)
        if found is None:
            if len(self.mutes) > 10_000:  # forget the accounts no longer connected here
                for n in [n for n in self.mutes if n not in self.svc.connections]:
                    del self.mutes[n]
            found = frozenset(await self.svc.store.run(mutes_of, self.svc.store, name))
            self.mutes[name] = found
        return found

    async def muted(self, name: str) -> frozenset[str]:
        """The players ``name`` muted."""
        return await self._mutes(name)

    async def joined(self, conn: Connection, table: str) -> None:
        """``conn`` watches ``table`` now: its recent messages (but those of players it muted),
        whether spectators write there, and until when ``conn``'s account is silenced."""
        actor = self.svc.actors.get(table)
        if actor is None:
            return
        ring = await self._ring(table)
        name = conn.user.name
        muted = await self._mutes(name) if name else frozenset()
        until = self.silenced_until(name) if name else False
        conn.push(
            {
                "type": "chat_history",
                "table": table,
                "messages": [m for m in ring if m["author"] not in muted],
                "spectators": "write" if actor.engine.config.spectator_chat else "read",
                "silenced_until": None
                if until is False
                else ("" if until is None else until.isoformat()),
            }
        )

    # ------------------------------------------------------------------ moderation
    async def delete(self, table: str, message_id: int, by: User) -> dict[str, Any] | None:
        """An operator deletes a message: every client watching removes it (None: no such
        message at this table)."""
        store = self.svc.store
        row = await store.run(delete_message, store, table, message_id, by.name)
        if row is None:
            return None
        self.removed(table, message_id)
        if self.publish is not None:
            self.publish({"op": "chat_deleted", "table": table, "id": message_id})
        await self.svc.events.add(
            "chat_deleted", "info", table, by.name, message=message_id, author=row["author"]
        )
        return row

    def removed(self, table: str, message_id: int) -> None:
        """A message was deleted: forget it, and tell everyone watching its table here."""
        ring = self.rings.get(table)
        if ring is not None:
            self.rings[table] = deque((m for m in ring if m["id"] != message_id), maxlen=RING)
        actor = self.svc.actors.get(table)
        if actor is not None:
            out = {"type": "chat_deleted", "table": table, "id": message_id}
            for sub in list(actor.subscribers):
                sub.push(out)

    async def silence(self, name: str, minutes: int | None, by: User) -> dict[str, Any]:
        """Silence ``name`` in every chat for ``minutes`` (None: until lifted)."""
        until = None if minutes is None else now() + dt.timedelta(minutes=minutes)
        await self.svc.store.run(set_silence, self.svc.store, name, until, by.name, True)
        self.silenced[name] = {"until": until, "by": by.name, "at": now()}
        self._changed({"op": "chat_silence"})
        await self.svc.events.add(
            "chat_silenced",
            "warning",
            None,
            by.name,
            account=name,
            until=None if until is None else until.isoformat(),
        )
        end = None if until is None else until.isoformat()
        return {"name": name, "silenced": True, "until": end}

    async def unsilence(self, name: str, by: User) -> bool:
        """Lift ``name``'s silence (False: it was not silenced)."""
        found = await self.svc.store.run(set_silence, self.svc.store, name, None, by.name, False)
        self.silenced.pop(name, None)
        if found:
            self._changed({"op": "chat_silence"})
            await self.svc.events.add("chat_unsilenced", "info", None, by.name, account=name)
        return bool(found)

    async def mute(self, player: str, other: str, on: bool) -> list[str]:
        """``player`` mutes (or unmutes) ``other``; the players muted now."""
        if on and len(await self._mutes(player)) >= MAX_MUTES and other not in self.mutes[player]:
            raise IllegalActionError(f"you may mute at most {MAX_MUTES} players")
        found = await self.svc.store.run(set_mute, self.svc.store, player, other, on)
        self.mutes[player] = frozenset(found)
        self._changed({"op": "chat_mutes", "player": player})
        return sorted(found)

    def _changed(self, msg: dict[str, Any]) -> None:
        if self.publish is not None:
            self.publish(msg)

    def remote(self, msg: dict[str, Any]) -> None:
        """A message of another process (``--cluster``)."""
        op = msg.get("op")
        if op == "chat" and isinstance(msg.get("message"), dict):
            self.show(msg["message"])
        elif op == "chat_deleted":
            self.removed(str(msg.get("table")), int(msg.get("id", 0)))
        elif op == "chat_silence":
            self._spawn(self.reload())
        elif op == "chat_mutes":
            name = str(msg.get("player"))
            if name in self.mutes:

                async def again() -> None:
                    self.mutes[name] = frozenset(
                        await self.svc.store.run(mutes_of, self.svc.store, name)
                    )

                self._spawn(again())
