"""What every actor of a set-up shares: the record, the processes and their doors, the tables
the run opened, the accounts, the commands acknowledged (for the "nothing lost" check) and
the helpers to sign in and to reach a table's owner. Actors draw every choice from their own
``random.Random``, seeded from the run's seed and their number: a run is reproduced by its
seed as far as real processes allow (the actors' choices are; the processes' timing is not).
"""

from __future__ import annotations

import asyncio
import itertools
import random
from dataclasses import dataclass, field
from typing import Any

from .net import Http, Socket, address
from .procs import OPERATOR, PASSWORD, Setup
from .record import Record

__all__ = ["Table", "World"]


@dataclass
class Table:
    """A table the run opened: its id, its role in the run, its windows."""

    id: str
    role: str  # live | hidden | play | temp | private
    options: dict[str, Any]
    closed: bool = False


@dataclass
class World:
    """The shared context of one set-up's run."""

    rec: Record
    setup: Setup
    seed: int
    budget: int
    stop: asyncio.Event = field(default_factory=asyncio.Event)
    tables: dict[str, Table] = field(default_factory=dict)
    #: (table, account, idempotency key) of every command a client was told was applied and
    #: that stored a command (``seq`` not null).
    acked: set[tuple[str, str, str]] = field(default_factory=set)
    #: (table, monotonic time, door, what) of every frame that showed a table held.
    held_seen: list[tuple[str, float, str, str]] = field(default_factory=list)
    #: Closes refused as "held" or "moved": (table, answer).
    close_refused: list[tuple[str, str]] = field(default_factory=list)
    #: Names of the accounts that play (the look-alike attacker copies them).
    names: list[str] = field(default_factory=list)
    _addr: itertools.count[int] = field(default_factory=lambda: itertools.count(0))
    _http: dict[str, Http] = field(default_factory=dict)
    op_token: str = ""

    def rng(self, n: int) -> random.Random:
        """Actor ``n``'s own random source."""
        return random.Random(self.seed * 1_000_003 + n)

    def new_address(self) -> str:
        """A client address no one used yet in this set-up."""
        return address(next(self._addr))

    def http(self, source: str) -> Http:
        """The HTTP client of ``source``."""
        h = self._http.get(source)
        if h is None:
            h = self._http[source] = Http(self.rec, source)
        return h

    async def close(self) -> None:
        """Close every HTTP client."""
        for h in self._http.values():
            await h.close()

    def door(self, rng: random.Random) -> str:
        """A door of the set-up: the one address, or one process's own (port or path)."""
        return rng.choice([self.setup.base, *self.setup.doors])

    def ws_url(self, base: str, path: str = "/ws") -> str:
        """A websocket URL under ``base``."""
        return base.replace("http://", "ws://", 1) + path

    async def owner_door(self, source: str, table: str, rng: random.Random) -> str:
        """Where a table's clients connect (``GET /api/tables/{id}/server``), or another door
        at random (a client that only knows the one address)."""
        if self.setup.kind != "cluster" or rng.random() < 0.3:
            return self.door(rng)
        r = await self.http(source).req("GET", f"{self.setup.base}/api/tables/{table}/server")
        if r is None or r.status_code != 200:
            return self.setup.base
        server = r.json().get("server")
        if isinstance(server, str) and server.startswith("/p/"):
            return self.setup.base + server.rsplit("/ws", 1)[0]
        return self.setup.base

    def other_door(self, owner: str | None) -> str:
        """A process's own door other than the one that runs the table (cluster)."""
        procs = self.setup.procs
        for p, name in zip(procs, ("a", "b"), strict=False):
            if p.name != owner and owner is not None:
                return f"{self.setup.base}/p/{name}"
        return self.setup.base

    async def owner_of(self, source: str, table: str) -> str | None:
        """The process that runs ``table`` now (cluster), by its own answer."""
        r = await self.http(source).req("GET", f"{self.setup.base}/api/tables/{table}/server")
        if r is None or r.status_code != 200:
            return None
        o = r.json().get("owner")
        return str(o) if o else None

    async def sign_up(self, name: str, source: str, door: str | None = None) -> str | None:
        """Register ``name`` from ``source`` (if new) and sign in; the token."""
        base = door or self.setup.base
        h = self.http(source)
        body = {"name": name, "password": PASSWORD}
        for _ in range(20):
            r = await h.req("POST", f"{base}/api/register", body=body)
            if r is not None and r.status_code in (201, 409):
                break
            await asyncio.sleep(
                1 + (float(r.headers.get("retry-after", 1)) if r is not None else 0)
            )
        for _ in range(20):
            r = await h.req("POST", f"{base}/api/login", body=body)
            if r is not None and r.status_code == 200:
                return str(r.json()["token"])
            await asyncio.sleep(1)
        return None

    async def operator(self, source: str) -> str | None:
        """The operator's token."""
        h = self.http(source)
        for _ in range(30):
            r = await h.req(
                "POST",
                f"{self.setup.base}/api/login",
                body={"name": OPERATOR, "password": PASSWORD},
            )
            if r is not None and r.status_code == 200:
                return str(r.json()["token"])
            await asyncio.sleep(1)
        return None

    async def socket(self, base: str, source: str, token: str | None, what: str) -> Socket | None:
        """A websocket to ``base`` (``/ws`` with a token, ``/ws/watch`` without)."""
        path = "/ws?results=inline" if token else "/ws/watch"
        s = await Socket.open(self.rec, self.ws_url(base, path), source, token, what)
        if s is not None:
            s.on_frame.append(self._frame)
        return s

    def _frame(self, sock: Socket, msg: dict[str, Any]) -> None:
        """Every frame any actor receives: held tables noted, names checked."""
        st = msg.get("state")
        table = msg.get("table")
        if isinstance(st, dict) and isinstance(table, str):
            held = st.get("held")
            self.rec.check("cluster")
            if held:
                self.held_seen.append(
                    (table, asyncio.get_running_loop().time(), sock.what, str(held))
                )
            for name in st.get("seats") or {}:
                self.rec.check("rights")
                if name != name.strip() or any(
                    ord(c) < 32 or c in "\u200b\u200c\u200d\ufeff" for c in name
                ):
                    self.rec.violate(
                        "rights",
                        f"shown name {name!r}",
                        f"a seat at {table} shows the name {name!r}",
                    )
        for m in [msg] if msg.get("type") == "result" else list(msg.get("results") or []):
            if m.get("status") == "applied" and m.get("seq") is not None:
                who = getattr(sock, "user", None)
                if who:
                    self.acked.add((str(m.get("table")), str(who), str(m.get("id"))))

    async def private_listed(self, name: str, token: str, source: str) -> None:
        """The rights invariant for a player's private tables: every door lists exactly the
        open private tables the store holds for them (a table in the store before and after
        the answers must be listed; none listed may be missing from both reads)."""
        from . import store

        def read() -> set[str]:
            with store.snapshot(self.setup.db) as s:
                return store.private_tables(s, name)

        before = await asyncio.to_thread(read)
        answers: dict[str, set[str]] = {}
        for door in [self.setup.base, *self.setup.doors]:
            r = await self.http(source).req("GET", f"{door}/api/me/private-tables", token)
            if r is not None and r.status_code == 200:
                answers[door] = {str(t["table"]) for t in r.json().get("tables") or []}
        after = await asyncio.to_thread(read)
        for door, got in answers.items():
            self.rec.check("rights")
            missing, extra = (before & after) - got, got - (before | after)
            if missing or extra:
                self.rec.violate(
                    "rights",
                    f"private list {door.rsplit(':', 1)[-1].split('/', 1)[-1]}",
                    f"GET /api/me/private-tables at {door} lists {sorted(got)} for {name}; the "
                    f"store holds {sorted(before & after)} open",
                )
