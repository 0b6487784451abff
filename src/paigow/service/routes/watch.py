"""The spectators' websocket, ``/ws/watch``: anyone, signed in or not, watches tables as a
spectator may see them (the ``state``, ``delta`` and ``event`` messages of the protocol, no
hidden piece); ``subscribe``, ``unsubscribe`` and ``ping`` only.

Its slots are bounded, and a slot is kept only by a spectator who watches (docs/service.md,
"Limits"):

* **per address**: at most ``--spectators-per-address`` such sockets open at once from one
  client address (IPv6 by its /64, :func:`~paigow.service.kit.addresses.address_key`); one more is
  accepted and closed with 4429 and the reason;
* **per process**: at most ``--spectators`` such sockets; one more is accepted and closed with
  1013 ("try again later") and the reason — a browser sees close codes, not the status of a
  refused handshake;
* **idle**: a socket that has sent nothing for ``--spectator-idle-seconds`` (90 s by default:
  the web client pings every 2.5 s, and a browser runs a hidden tab's timers about once a
  minute), or that has watched no open table for as long (pings do not keep a socket that
  watches nothing), is closed with :data:`IDLE` and the reason.

The address's own limits on websockets (door ``ws.address``, ``--sockets-per-address``,
:func:`~paigow.service.routes.deps.socket_gate`) come first, as for every websocket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING

from fastapi import APIRouter, FastAPI, WebSocket
from starlette.websockets import WebSocketDisconnect

from ..accounts.auth import User
from ..connection import Connection
from ..db.database import DatabaseAwayError
from ..floor_feed import OPERATORS_ONLY
from ..kit.addresses import address_key
from ..kit.ratelimit import CLOSE_AFTER
from ..social.chat import signed_out_chat
from ..wire.codec import decode
from ..wire.protocol import ProtocolError, parse_message, result_message
from .deps import BINARY, next_text, socket_closed, socket_gate

if TYPE_CHECKING:
    from ..hub import Service

__all__ = [
    "FULL",
    "IDLE",
    "SPECTATOR_USER",
    "WATCH_QUEUE",
    "WATCH_TABLES",
    "Spectators",
    "install",
]

#: The tables one spectator socket may watch, and the messages queued for one before it is
#: dropped as too slow.
WATCH_TABLES = 4
WATCH_QUEUE = 200
#: The close code of a spectator socket closed for idling (watching nothing, or silent).
IDLE = 4408
#: The close code when the process has no spectator slot free (RFC 6455: try again later).
FULL = 1013
#: The close code when the address has all its spectator slots.
ADDRESS_FULL = 4429
#: Who a signed-out spectator is to a table (no name: never seated, never an operator).
SPECTATOR_USER = User(0, "", "spectator")


@dataclass
class Spectators:
    """The spectator sockets of one application: how many are open, in all and per address
    key, within ``most`` and ``per_address``; each idles at most ``idle`` seconds."""

    most: int = 500
    per_address: int = 8
    idle: float = 90.0
    open: set[Connection] = field(default_factory=set)
    by_address: dict[str, int] = field(default_factory=dict)

    def admit(self, conn: Connection) -> tuple[int, str] | None:
        """Take a slot for ``conn`` (None), or the close code and reason that refuse it."""
        key = address_key(conn.address)
        if self.by_address.get(key, 0) >= self.per_address:
            return ADDRESS_FULL, (
                f"at most {self.per_address} spectator websockets from one address; "
                "close one, or try again later"
            )
        if len(self.open) >= self.most:
            return FULL, "too many spectators on this server; try again later"
        self.open.add(conn)
        self.by_address[key] = self.by_address.get(key, 0) + 1
        return None

    def release(self, conn: Connection) -> None:
        """Give back the slot of ``conn`` (once; nothing for a connection never admitted)."""
        if conn not in self.open:
            return
        self.open.discard(conn)
        key = address_key(conn.address)
        n = self.by_address.get(key, 0) - 1
        if n > 0:
            self.by_address[key] = n
        else:
            self.by_address.pop(key, None)


router = APIRouter()


def _watching(service: Service, conn: Connection) -> bool:
    """``conn`` watches an open table, or waits for one's snapshot (``snapshot.key``)."""
    if conn.deferred:
        return True
    for tid in conn.tables:
        actor = service.actors.get(tid)
        if actor is not None and not actor.closed:
            return True
    return False


@router.websocket("/ws/watch")
async def watch(ws: WebSocket) -> None:
    """A table as a spectator sees it, live, for anyone (module notes): each message taken
    from a bucket of its own (``ws.connection``), a flood closed with 4429."""
    service: Service = ws.app.state.service
    spectators: Spectators = ws.app.state.spectators
    address = await socket_gate(service, ws)
    if address is None:
        return
    conn = Connection(
        SPECTATOR_USER, datetime.max.replace(tzinfo=UTC), WATCH_QUEUE, address=address
    )
    await ws.accept()
    refused = spectators.admit(conn)
    if refused is not None:
        socket_closed(service, address)
        await _close(ws, *refused)
        return
    writer = asyncio.create_task(_write(ws, conn))
    loop = asyncio.get_running_loop()
    heard = seen = loop.time()  # the last message; the last moment it watched a table
    flooded = 0
    try:
        while not conn.overflowed:
            if _watching(service, conn):
                seen = loop.time()
            deadline = min(heard, seen) + spectators.idle
            try:
                text = await asyncio.wait_for(next_text(ws), max(0.0, deadline - loop.time()))
            except TimeoutError:
                now = loop.time()
                if _watching(service, conn):
                    seen = now
                if now - heard >= spectators.idle:
                    await _close(ws, IDLE, f"sent nothing for {spectators.idle:g} s")
                    break
                if now - seen >= spectators.idle:
                    await _close(ws, IDLE, f"watched no table for {spectators.idle:g} s")
                    break
                continue
            heard = loop.time()
            if service.limits.take(("ws.connection", conn.key)):
                flooded += 1
                if flooded >= CLOSE_AFTER:
                    await _close(ws, 4429, "too many messages")
                    break
                if flooded == 1:
                    conn.push({"type": "error", "error": "rate limit: too many messages"})
                continue
            flooded = 0
            try:
                await _watch_message(service, conn, text)
            except DatabaseAwayError as e:  # (a table's chat history): said in words, as on /ws
                conn.push({"type": "error", "error": str(e)})
    except WebSocketDisconnect:
        pass
    finally:
        for tid in conn.tables:
            if tid in service.actors:
                service.actors[tid].unsubscribe(conn)
        spectators.release(conn)
        conn.close()
        writer.cancel()
        service.limits.forget("ws.connection", conn.key)
        socket_closed(service, address)


async def _close(ws: WebSocket, code: int, reason: str) -> None:
    """Close with ``code`` and ``reason`` (nothing when the client has gone already)."""
    with contextlib.suppress(Exception):
        await ws.close(code=code, reason=reason)


async def _write(ws: WebSocket, conn: Connection) -> None:
    with contextlib.suppress(Exception):
        while (msg := await conn.queue.get()) is not None:
            text = msg if isinstance(msg, str) else json.dumps(msg, separators=(",", ":"))
            await ws.send_text(text)


async def _watch_message(service: Service, conn: Connection, text: str | None) -> None:
    if text is None:
        conn.push({"type": "error", "error": BINARY})
        return
    try:
        data = decode(text) if len(text) <= 4096 else None
        if isinstance(data, dict) and data.get("type") == "chat":
            conn.push(signed_out_chat(data))
            return
        msg = parse_message(data) if data is not None else None
    except (ValueError, ProtocolError) as e:
        conn.push(
            {"type": "error", "error": str(e) if isinstance(e, ProtocolError) else "not JSON"}
        )
        return
    if msg is None:
        conn.push({"type": "error", "error": "message too long"})
        return
    if msg.type == "ping":
        conn.push({"type": "pong"})
        return
    if msg.type == "floor":
        conn.push({"type": "error", "error": OPERATORS_ONLY})
        return
    assert msg.table is not None
    if msg.type == "command":
        watching = {"status": "refused", "error": "sign in to play: a spectator watches"}
        conn.push(result_message(msg.table, msg.id or "", watching))
        return
    if msg.type == "unsubscribe":
        actor = await service.find(msg.table)
        if actor is None:
            why = f"no open table {msg.table!r}"
            conn.push({"type": "error", "table": msg.table, "error": why})
            return
        conn.tables.discard(msg.table)
        conn.deferred.discard(msg.table)
        actor.unsubscribe(conn)
    elif msg.table in conn.tables or len(conn.tables) < WATCH_TABLES:
        await service.subscribe(conn, msg.table)
    else:
        conn.push({"type": "error", "error": f"a spectator watches at most {WATCH_TABLES} tables"})


def install(app: FastAPI, spectators: Spectators) -> None:
    """Add ``/ws/watch`` to the service's application, with its slots."""
    app.state.spectators = spectators
    app.include_router(router)
