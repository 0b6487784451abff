"""One websocket client of the service (:class:`Connection`): who it is, its session, its
address, the tables it watches and its outgoing queue, drained by a writer task
(:mod:`paigow.service.routes.app`)."""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import itertools
from typing import Any

from .accounts.auth import User
from .store.store import now

__all__ = ["Connection"]

_IDS = itertools.count(1)


class Connection:
    """One websocket client: its user, its session (the token's hash), its address, and an
    outgoing queue drained by a writer task."""

    def __init__(
        self,
        user: User,
        expires: dt.datetime,
        limit: int,
        session: str | None = None,
        address: str = "?",
        *,
        inline_results: bool = False,
    ) -> None:
        self.user = user
        self.key = f"c{next(_IDS)}"
        self.expires = expires
        self.session = session
        self.address = address
        self.tables: set[str] = set()
        #: Tables whose subscription waits for its door (``snapshot.key``): answered later,
        #: once each (:meth:`paigow.service.hub.Service.subscribe`).
        self.deferred: set[str] = set()
        #: The connection has closed (nothing more is sent).
        self.closed = False
        #: Messages: a dict, or a frame already encoded (the same text for many connections).
        self.queue: asyncio.Queue[dict[str, Any] | str | None] = asyncio.Queue(limit)
        self.overflowed = False
        #: Why the session ended (None while it is valid): nothing more is sent or read.
        self.revoked: str | None = None
        #: The results of its commands go inside the frames of the tables it watches
        #: (``/ws?results=inline``), else each in its own message.
        self.inline_results = inline_results

    def push(self, message: dict[str, Any] | str) -> None:
        """Queue a message (a dict, or JSON text); a client that falls ``limit`` messages
        behind is disconnected."""
        if self.revoked is not None:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.overflowed = True

    def revoke(self, code: int, reason: str, *, drop: bool = True) -> None:
        """Queue nothing more; have the writer close the websocket with ``code`` and
        ``reason`` — at once, what is queued dropped (the session ended), or with ``drop``
        False after what is queued (a connection closed for flooding is told why first)."""
        if self.revoked is not None:
            return
        self.revoked = reason
        while (drop or self.queue.full()) and not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait({"close": code, "reason": reason})

    def close(self) -> None:
        """Stop the writer once the queue is drained."""
        self.closed = True
        with contextlib.suppress(asyncio.QueueFull):
            self.queue.put_nowait(None)

    def expired(self) -> bool:
        """True once the session behind this connection has expired."""
        return now() >= self.expires
