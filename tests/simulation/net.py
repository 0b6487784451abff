"""The actors' HTTP and websockets, each from a loopback address of its own (127.0.0.0/8 is
all this machine's: an actor that binds 127.0.0.23 is a client of that address to every
per-address door), and the refusal checker every answer passes through: a refusal is a 4xx
with a reason in words (``detail``), a 429 with ``Retry-After``, a 503 with ``Retry-After``
(no worker free in time: documented), an accepted websocket closed with a documented code, or
a ``refused`` result with its ``error``. Anything else — a 5xx, a handshake refused with
another status, a socket dropped without a close frame — is a violation, unless a fault the
run injected explains it (a process killed or stopped: nginx's 502, a cut socket)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

from .record import Record

__all__ = ["CLOSE_CODES", "Http", "Socket", "address"]

#: Close codes docs/service.md documents (and the normal ones).
CLOSE_CODES = frozenset({1000, 1001, 1009, 1013, 4400, 4401, 4403, 4429})


def address(n: int) -> str:
    """The ``n``-th client address (never 127.0.0.1, which the cluster trusts as its proxy)."""
    return f"127.0.{2 + n // 250}.{1 + n % 250}"


class Http:
    """HTTP from one address; every answer checked."""

    def __init__(self, rec: Record, source: str) -> None:
        self.rec = rec
        self.source = source
        self.client = httpx.AsyncClient(
            transport=httpx.AsyncHTTPTransport(local_address=source), timeout=30
        )

    async def close(self) -> None:
        """Close its connections."""
        await self.client.aclose()

    async def req(
        self,
        method: str,
        url: str,
        token: str | None = None,
        body: Any = None,
        *,
        headers: dict[str, str] | None = None,
        what: str = "",
    ) -> httpx.Response | None:
        """One request; None when it got no answer (a fault's)."""
        h = dict(headers or {})
        if token:
            h["Authorization"] = f"Bearer {token}"
        try:
            r = await self.client.request(method, url, json=body, headers=h)
        except httpx.HTTPError as e:
            if not self.rec.in_fault():
                self.rec.notes.append(f"no answer to {method} {url}: {type(e).__name__}")
            return None
        self.judge(r, what or f"{method} {url.split('/', 3)[-1]}")
        return r

    def judge(self, r: httpx.Response, what: str) -> None:
        """The refusal checker for one HTTP answer."""
        self.rec.check("refusals")
        code = r.status_code
        if code < 400:
            return
        if code in (502, 504) and self.rec.in_fault():
            return  # nginx while a process is killed or stopped: the fault's
        if code in (429, 503):
            if "retry-after" not in r.headers:
                self.rec.violate(
                    "refusals", f"{code}-no-retry", f"{what}: {code} without Retry-After"
                )
            return
        if code >= 500:
            self.rec.violate("refusals", f"5xx {what}", f"{what}: {code} {r.text[:200]}")
            return
        try:
            detail = r.json().get("detail")
        except (ValueError, AttributeError):
            detail = None
        if not detail:
            self.rec.violate(
                "refusals",
                f"no-reason {code} {what}",
                f"{what}: {code} without a reason: {r.text[:200]}",
            )


class Socket:
    """A websocket from one address: every message kept in order, the tables' states
    followed (``state``/``event`` taken whole, a ``delta`` applied to the last state; a gap
    asks for a snapshot), every answer checked."""

    def __init__(self, rec: Record, ws: ClientConnection, what: str) -> None:
        self.rec = rec
        self.ws = ws
        self.what = what
        self.states: dict[str, dict[str, Any]] = {}
        self.frame_n: dict[str, int] = {}
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.results: dict[str, dict[str, Any]] = {}
        self.waiters: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.closed_code: int | None = None
        self.closed = asyncio.Event()
        self.welcome: dict[str, Any] | None = None
        self.on_frame: list[Any] = []
        self._sending: set[asyncio.Future[bool]] = set()
        #: The account signed in on it (None: a signed-out spectator).
        self.user: str | None = None
        self.task = asyncio.create_task(self._read())

    @classmethod
    async def open(
        cls, rec: Record, url: str, source: str, token: str | None, what: str
    ) -> Socket | None:
        """Connect; None when the handshake was refused (checked) or the door is gone."""
        headers = {"Authorization": f"Bearer {token}"} if token else {}
        try:
            ws = await connect(
                url,
                additional_headers=headers,
                local_addr=(source, 0),
                open_timeout=20,
                max_size=2**22,
                ping_interval=None,
            )
        except InvalidStatus as e:
            code = e.response.status_code
            rec.check("refusals")
            if code == 429 and e.response.headers.get("Retry-After"):
                return None
            if code in (502, 503, 504) and rec.in_fault():
                return None
            rec.violate(
                "refusals",
                f"handshake {code} {url.split('/ws', 1)[-1].split('?', maxsplit=1)[0]}",
                f"{what}: websocket handshake refused with HTTP {code} (documented: 429 with "
                "Retry-After, or accepted and closed with a documented code)",
            )
            return None
        except (OSError, TimeoutError, ConnectionClosed) as e:
            if not rec.in_fault():
                rec.notes.append(f"{what}: no websocket: {type(e).__name__}")
            return None
        return cls(rec, ws, what)

    async def _read(self) -> None:
        try:
            async for text in self.ws:
                msg = json.loads(text)
                self._take(msg)
        except ConnectionClosed as e:
            self.closed_code = e.rcvd.code if e.rcvd else None
        except (OSError, ValueError):
            self.closed_code = None
        finally:
            if self.ws.close_code is not None and self.closed_code is None:
                self.closed_code = self.ws.close_code
            self.closed.set()
            for f in self.waiters.values():
                if not f.done():
                    f.set_exception(ConnectionError("closed"))
            self.rec.check("refusals")
            code = self.closed_code
            if (
                code is not None
                and code not in CLOSE_CODES
                and not self.rec.in_fault()
                and not self.rec.stopping
            ):
                self.rec.violate("refusals", f"close {code}", f"{self.what}: closed with {code}")

    def _take(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "welcome":
            self.welcome = msg
        table = msg.get("table")
        if kind in ("state", "event") and isinstance(table, str):
            self.states[table] = msg["state"]
            self.frame_n[table] = int(msg.get("n") or 0)
        elif kind == "delta" and isinstance(table, str):
            n = msg.get("n")
            base = self.states.get(table)
            if base is None or n != self.frame_n.get(table, -2) + 1:
                self.states.pop(table, None)
                self.send_nowait({"type": "subscribe", "table": table})
            else:
                try:
                    self.states[table] = apply_patch(base, msg.get("patch") or [])
                    self.frame_n[table] = int(n)
                except (KeyError, IndexError, TypeError):
                    self.states.pop(table, None)
                    self.send_nowait({"type": "subscribe", "table": table})
        for m in [msg, *(msg.get("results") or [])] if kind in ("event", "delta") else [msg]:
            if m.get("type") == "result":
                self._result(m)
        for hook in self.on_frame:
            hook(self, msg)
        self.inbox.put_nowait(msg)
        if self.inbox.qsize() > 2000:
            self.inbox.get_nowait()

    def _result(self, m: dict[str, Any]) -> None:
        self.rec.check("refusals")
        if m.get("status") == "refused" and not str(m.get("error") or "").strip():
            self.rec.violate("refusals", f"refused-no-reason {self.what}", f"{self.what}: {m}")
        key = str(m.get("id"))
        self.results[key] = m
        f = self.waiters.pop(key, None)
        if f is not None and not f.done():
            f.set_result(m)

    def send_nowait(self, msg: dict[str, Any]) -> None:
        """Send without waiting (from the reader)."""
        task = asyncio.ensure_future(self.send(msg))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    async def send(self, msg: dict[str, Any] | str) -> bool:
        """Send; False when the socket is gone."""
        try:
            await self.ws.send(msg if isinstance(msg, str) else json.dumps(msg))
        except (ConnectionClosed, OSError):
            return False
        return True

    async def command(
        self, table: str, key: str, action: str, args: dict[str, Any], wait: float = 15
    ) -> dict[str, Any] | None:
        """Send a command; its result, or None (no answer in ``wait`` s, or the socket gone)."""
        fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        self.waiters[key] = fut
        msg = {"type": "command", "table": table, "id": key, "action": action, "args": args}
        if not await self.send(msg):
            self.waiters.pop(key, None)
            return None
        try:
            return await asyncio.wait_for(fut, wait)
        except (TimeoutError, ConnectionError):
            self.waiters.pop(key, None)
            return None

    async def subscribe(self, table: str, wait: float = 15) -> dict[str, Any] | None:
        """Subscribe; the table's state, or None."""
        self.states.pop(table, None)
        if not await self.send({"type": "subscribe", "table": table}):
            return None
        deadline = asyncio.get_running_loop().time() + wait
        while asyncio.get_running_loop().time() < deadline:
            if table in self.states:
                return self.states[table]
            if self.closed.is_set():
                return None
            await asyncio.sleep(0.05)
        return None

    async def close(self) -> None:
        """Close (and stop reading)."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.ws.close(), 5)
        self.task.cancel()
        with contextlib.suppress(BaseException):
            await self.task


def apply_patch(state: dict[str, Any], patch: list[Any]) -> dict[str, Any]:
    """A delta's patch applied to ``state`` (docs/service.md, ``delta``): each object or list
    on a changed path copied, the rest shared."""
    root: dict[str, Any] = dict(state)
    for change in patch:
        path = change[0]
        node: Any = root
        for k in path[:-1]:
            child = node[k]
            child = list(child) if isinstance(child, list) else dict(child)
            node[k] = child
            node = child
        last = path[-1]
        if len(change) == 1:
            del node[last]
        elif isinstance(node, list) and last == len(node):
            node.append(change[1])
        else:
            node[last] = change[1]
    return root
