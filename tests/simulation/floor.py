"""The floor invariant. An operator follows the pit's floor on a websocket (``{"type":
"floor"}``, through any door, again after every cut or every few tens of seconds), and the floor
it was pushed last is compared with the store, read with the checker's own SQL
(:func:`.store.open_tables`): a table open in the store for :data:`BOUND` seconds must be on
it, and one closed in the store for as long must be gone, in a cluster too (tables another
process runs, a process stopped or killed). The times run from when the checker first saw the
table open or closed, from the socket's first floor and from the end of the last fault's
settling time; the service pushes a changed floor within a second or two (its looks four times
a second, the other processes asked once a second, a silent owner waited for two)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from . import store
from .net import Socket
from .world import World

__all__ = ["BOUND", "FloorWatcher"]

#: Seconds a table may be open (or closed) in the store before the floor pushed must show it
#: (or no longer show it): the service's few seconds and a loaded 2-core machine's delays.
BOUND = 10.0


class FloorWatcher:
    """An operator who follows the floor (see the module notes)."""

    kind = "floor watcher"

    def __init__(self, world: World, n: int) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.source = world.new_address()
        #: The ids of the floor pushed last on the open socket (None: none yet).
        self.floor: set[str] | None = None
        #: When the checker first saw each table open, and closed, in the store.
        self.opened: dict[str, float] = {}
        self.closed: dict[str, float] = {}
        #: Since when no fault is settling.
        self.calm = time.monotonic()
        self.pushed = 0
        self.token = ""

    async def run(self) -> None:
        """Follow the floor until the run stops."""
        token = self.token = await self.w.operator(self.source) or ""
        if not token:
            self.w.rec.notes.append("the floor watcher could not sign in")
            return
        while not self.w.stop.is_set():
            door = self.w.door(self.rng)
            self.w.rec.next_step("operator.floor")
            sock = await self.w.socket(door, self.source, token, f"floor watcher at {door}")
            if sock is None:
                await asyncio.sleep(1)
                continue
            sock.on_frame.append(self._frame)
            self.floor = None
            await sock.send({"type": "floor"})
            started = time.monotonic()
            hold = self.rng.uniform(15, 45)
            while (
                not self.w.stop.is_set()
                and not sock.closed.is_set()
                and time.monotonic() - started < hold
            ):
                await asyncio.sleep(1)
                await self._check(door, started)
            self.floor = None
            await sock.close()
        if self.pushed:
            self.w.rec.notes.append(f"floor watcher: {self.pushed} floors pushed")

    def _frame(self, _sock: Socket, msg: dict[str, Any]) -> None:
        if msg.get("type") == "floor" and isinstance(msg.get("tables"), list):
            self.floor = {str(t.get("id")) for t in msg["tables"]}
            self.pushed += 1
        elif msg.get("type") == "error":  # (the operator's door, say: judged by net.py)
            self.w.rec.notes.append(f"floor watcher told: {str(msg.get('error'))[:120]}")

    async def _asked(self, door: str, tid: str) -> str:
        """Whether the same door's ``GET /api/pit/floor`` lists ``tid`` now (a report of a
        missing table says it, to tell the pushed floor from the tables the process knows)."""
        r = await self.w.http(self.source).req("GET", f"{door}/api/pit/floor", self.token)
        if r is None or r.status_code != 200:
            return "GET /api/pit/floor not answered"
        listed = tid in {str(t.get("id")) for t in r.json()}
        return f"GET /api/pit/floor {'lists' if listed else 'does not list'} it"

    async def _check(self, door: str, started: float) -> None:
        def read() -> set[str]:
            with store.snapshot(self.w.setup.db) as s:
                return store.open_tables(s)

        try:
            open_now = await asyncio.to_thread(read)
        except Exception as e:  # the database away (a fault): checked again later
            self.w.rec.notes.append(f"floor check not read: {type(e).__name__}")
            return
        now = time.monotonic()
        for tid in open_now:
            self.opened.setdefault(tid, now)
        for tid in set(self.opened) - open_now:
            self.closed.setdefault(tid, now)
        if self.w.rec.in_fault():
            self.calm = now
        floor = self.floor
        if floor is None:
            return
        since = max(started, self.calm)
        where = door.rsplit(":", 1)[-1]
        for tid in sorted(open_now):
            if now - max(self.opened[tid], since) < BOUND:
                continue
            self.w.rec.check("floor")
            if tid not in floor:
                self.w.rec.violate(
                    "floor",
                    "an open table missing",
                    f"{tid}, open in the store for {now - self.opened[tid]:.0f} s, is not on the "
                    f"floor pushed at {where} ({await self._asked(door, tid)})",
                )
        for tid in sorted(set(self.closed) - open_now):
            if now - max(self.closed[tid], since) < BOUND:
                continue
            self.w.rec.check("floor")
            if tid in floor:
                self.w.rec.violate(
                    "floor",
                    "a closed table shown",
                    f"{tid}, closed in the store {now - self.closed[tid]:.0f} s ago, is still on "
                    f"the floor pushed at {where}",
                )
