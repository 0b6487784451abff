"""The tests' websocket client of the service: a real websocket that keeps every message it
receives (for the leak checks) and every frame as it came, and follows each table's state as
the web client does, each ``delta`` applied to the last state it was sent (:class:`Feed`).

Every wait is bounded (:data:`WAIT`, then a clear failure; tests/service_support.py's waits
too); nothing asserts on timing. tests/service_support.py's ``Server.client`` opens one for an
account of its server, and ``Client`` is importable from there too.
"""

from __future__ import annotations

import itertools
import json
import ssl
import time
from collections.abc import Callable
from typing import Any

from websockets.sync.client import ClientConnection, connect
from websockets.typing import Origin

from paigow.service.wire.deltas import PatchError, apply_patch

#: The longest any wait of the tests waits (s), then it fails.
WAIT = 60.0


class Feed:
    """What a client keeps of one table: the state it was last sent and the number ``n`` of
    that frame. A ``delta`` is applied to it when it is the next frame; a gap, or a patch that
    does not fit, leaves the feed without a state until the next snapshot (the client asks for
    one: :attr:`lost`)."""

    def __init__(self) -> None:
        self.n: int | None = None
        self.state: dict[str, Any] | None = None
        #: Deltas that could not be applied (the client subscribed again for each stretch).
        self.lost = 0

    def take(self, msg: dict[str, Any]) -> dict[str, Any] | None:
        """``msg`` as an ``event`` or ``state`` with the whole state (a delta applied), or
        None when it cannot be used (then the client should subscribe again when
        :attr:`state` is None and it has not asked yet)."""
        kind = msg.get("type")
        if kind in ("state", "event"):
            self.n = msg.get("n")
            self.state = msg["state"]
            return msg
        n = msg.get("n")
        if self.state is None or self.n is None or type(n) is not int or n != self.n + 1:
            self.state = None
            self.lost += 1
            return None
        try:
            state = apply_patch(self.state, msg.get("patch"))
        except PatchError:
            self.state = None
            self.lost += 1
            return None
        self.n, self.state = n, state
        events = msg.get("events") if isinstance(msg.get("events"), list) else []
        return {"type": "event", "table": msg["table"], "n": n, "events": events, "state": state}


class Client:
    """A websocket client that records every message it receives (a ``delta`` applied to the
    table's last state, recorded as the ``event`` with the whole state it amounts to)."""

    _ids = itertools.count(1)

    def __init__(
        self,
        url: str,
        token: str | None,
        origin: str | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        self.ws: ClientConnection = connect(
            url,
            additional_headers=headers,
            origin=Origin(origin) if origin else None,
            open_timeout=30,
            legacy=True,
            ssl=tls,
        )
        self.messages: list[dict[str, Any]] = []
        #: Every frame as it came (a ``delta`` as a patch, with its ``results``).
        self.frames: list[dict[str, Any]] = []
        #: The ``results`` a frame carried (``/ws?results=inline``), each read after it.
        self._later: list[dict[str, Any]] = []
        self.state: dict[str, dict[str, Any]] = {}
        self.feeds: dict[str, Feed] = {}
        #: Characters received (every frame as sent).
        self.received = 0
        # The players' socket greets; the spectators' (/ws/watch, no session) does not.
        self.welcome: dict[str, Any] = self.recv() if token else {}

    def close(self) -> None:
        """Close the connection."""
        self.ws.close()

    def send(self, msg: dict[str, Any] | str) -> None:
        """Send a message (a dict as JSON, a str as is)."""
        self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))

    def recv(self, timeout: float = WAIT) -> dict[str, Any]:
        """The next message (the results a frame carried, each after the frame, as the
        ``result`` messages they are)."""
        if self._later:
            later = self._later.pop(0)
            self.messages.append(later)
            return dict(later)
        text = self.ws.recv(timeout=timeout)
        self.received += len(text)
        msg = json.loads(text)
        self.frames.append(msg)
        if msg.get("type") in ("event", "delta") and isinstance(msg.get("results"), list):
            self._later += msg["results"]
        if msg.get("type") in ("state", "event", "delta") and isinstance(msg.get("table"), str):
            feed = self.feeds.setdefault(msg["table"], Feed())
            had = feed.state is not None
            got = feed.take(msg)
            if got is None:
                if had:  # a frame missed or a patch that does not fit: a snapshot, please
                    self.send({"type": "subscribe", "table": msg["table"]})
            else:
                msg = got
                self.state[msg["table"]] = msg["state"]
        self.messages.append(msg)
        return dict(msg)

    def closed(self, within: float = 1.0) -> tuple[int | None, float, list[dict[str, Any]]]:
        """Read until the server closes the connection: (its close code, the seconds it took,
        the messages received meanwhile); the code is None when it stays open ``within`` + 10
        seconds."""
        from websockets.exceptions import ConnectionClosed

        t0 = time.monotonic()
        got: list[dict[str, Any]] = []
        while time.monotonic() - t0 < within + 10:
            try:
                got.append(self.recv(timeout=within + 10))
            except ConnectionClosed as e:
                return (e.rcvd.code if e.rcvd else None), time.monotonic() - t0, got
            except TimeoutError:
                break
        return None, time.monotonic() - t0, got

    def pending(self) -> bool:
        """Read one message if one is already here."""
        try:
            self.recv(timeout=0)
        except TimeoutError:
            return False
        return True

    def until(
        self, pred: Callable[[dict[str, Any]], bool], what: str, limit: float = WAIT
    ) -> dict[str, Any]:
        """Read messages until one satisfies ``pred`` (AssertionError after ``limit`` s)."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            try:
                msg = self.recv(timeout=max(deadline - time.monotonic(), 0.01))
            except TimeoutError:
                break
            if pred(msg):
                return msg
        raise AssertionError(f"no message: {what}")

    def subscribe(self, table: str) -> dict[str, Any]:
        """Subscribe; the table's state."""
        self.send({"type": "subscribe", "table": table})
        msg = self.until(lambda m: m.get("type") == "state" and m["table"] == table, "state")
        return dict(msg["state"])

    def command(
        self, table: str, action: str, key: str | None = None, **args: Any
    ) -> dict[str, Any]:
        """Send a command and return its result."""
        key = key or f"c{next(self._ids)}"
        self.send({"type": "command", "table": table, "id": key, "action": action, "args": args})
        return self.until(
            lambda m: m.get("type") == "result" and m.get("id") == key, f"result of {action}"
        )

    def ok(self, table: str, action: str, **args: Any) -> dict[str, Any]:
        """A command that must be applied."""
        r = self.command(table, action, **args)
        assert r["status"] == "applied", r
        return r

    def wait_state(
        self, table: str, pred: Callable[[dict[str, Any]], bool], what: str
    ) -> dict[str, Any]:
        """Read until the table's latest state satisfies ``pred``."""
        if table in self.state and pred(self.state[table]):
            return self.state[table]
        self.until(
            lambda m: (
                m.get("table") == table and m.get("type") in ("state", "event") and pred(m["state"])
            ),
            what,
        )
        return self.state[table]
