"""Messages between the server processes of one service: PostgreSQL ``LISTEN``/``NOTIFY``.

The processes already share one PostgreSQL; its notifications are transactional, ordered per
sender, delivered to every listening session, and need nothing else to run or keep (a Redis
would be a second piece of infrastructure to install, secure, monitor and fail over for the same
job). A notification's payload is small (under 8,000 bytes): what it says is "table T changed,
its floor is now F", "run this command for me", "here is its result", or an event for the
operators. What changed is read from the store (the commands by sequence number), so a lost
notification delays a replica but never misleads it: every process also compares the tables'
heads with the store every few seconds.

Channels: ``paigow_tables`` (changes), ``paigow_events`` (the event log), ``paigow_sessions``
(sessions ended: every process closes their websockets) and one per process (``paigow_p_`` and a
digest of its name) for forwarded commands and their replies.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
from collections.abc import Callable
from typing import Any

__all__ = ["EVENTS", "MAX_PAYLOAD", "SESSIONS", "TABLES", "PgFanout", "channel_of"]

log = logging.getLogger("paigow.service")

TABLES = "paigow_tables"
EVENTS = "paigow_events"
SESSIONS = "paigow_sessions"
#: PostgreSQL refuses payloads of 8,000 bytes or more.
MAX_PAYLOAD = 7900


def channel_of(instance: str) -> str:
    """The channel of one process."""
    return "paigow_p_" + hashlib.sha256(instance.encode()).hexdigest()[:20]


class PgFanout:
    """One listening connection and one publishing connection to the service's PostgreSQL."""

    def __init__(
        self,
        dsn: str,
        instance: str,
        on_message: Callable[[str, dict[str, Any]], None],
        on_connect: Callable[[], None],
    ) -> None:
        self.dsn = dsn
        self.instance = instance
        self.mine = channel_of(instance)
        self.on_message = on_message
        self.on_connect = on_connect
        self._task: asyncio.Task[None] | None = None
        self._pub: Any = None
        self._lock = asyncio.Lock()
        self.connected = asyncio.Event()

    async def start(self) -> None:
        """Start listening (returns once the first connection listens)."""
        self._task = asyncio.get_running_loop().create_task(self._listen(), name="fanout")
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.connected.wait(), 30)

    async def stop(self) -> None:
        """Stop listening; close the connections."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        if self._pub is not None:
            with contextlib.suppress(Exception):
                await self._pub.close()

    async def _listen(self) -> None:
        import psycopg

        while True:
            try:
                conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
                async with conn:
                    for ch in (TABLES, EVENTS, SESSIONS, self.mine):
                        await conn.execute(f'LISTEN "{ch}"')
                    self.connected.set()
                    self.on_connect()
                    async for n in conn.notifies():
                        try:
                            msg = json.loads(n.payload)
                        except ValueError:
                            continue
                        if isinstance(msg, dict) and msg.get("from") != self.instance:
                            self.on_message(n.channel, msg)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # the database restarted or is away: listen again
                self.connected.clear()
                log.warning("fanout: %s; listening again in 1 s", type(e).__name__)
                await asyncio.sleep(1.0)

    async def publish(self, channel: str, message: dict[str, Any]) -> bool:
        """Send ``message`` (True when sent; a message too large or a database away: False)."""
        import psycopg

        payload = json.dumps({**message, "from": self.instance}, separators=(",", ":"))
        if len(payload.encode()) > MAX_PAYLOAD:
            return False
        async with self._lock:
            for _ in range(2):
                try:
                    if self._pub is None or self._pub.closed:
                        self._pub = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
                    await self._pub.execute("SELECT pg_notify(%s, %s)", (channel, payload))
                    return True
                except Exception as e:
                    log.warning("fanout: publish failed (%s)", type(e).__name__)
                    with contextlib.suppress(Exception):
                        await self._pub.close()
                    self._pub = None
        return False
