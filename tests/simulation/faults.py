"""Faults, injected at random moments drawn from the seed: ``kill -9`` of a process (restarted
on the same database; in a cluster the other process must take its tables within the lease and
one renewal, docs/scaling.md, and log ``table_taken`` for each), SIGSTOP then SIGCONT of a
process, a PostgreSQL restart (fast: every connection cut), the database's disk slow (every
PostgreSQL process stopped for a moment: each commit waits, as on a disk whose fsync stalls),
an actor's socket dropped without a close, and half-open connections (a handshake begun and
never finished; a websocket that stops reading)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import time
from typing import Any

from . import store
from .procs import Proc
from .world import World

__all__ = ["FAILOVER_SLACK", "Faults"]

#: What the takeover bound allows beyond the lease and one renewal: a loaded machine's delays.
FAILOVER_SLACK = 3.0


class Faults:
    """The fault injector of one set-up."""

    kind = "faults"

    def __init__(self, world: World, n: int, every: float, actors: list[Any]) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.every = every
        self.actors = actors

    def kinds(self) -> list[str]:
        """The faults this set-up can take."""
        out = ["kill9", "stop", "drop", "halfopen"]
        if self.w.setup.kind == "cluster":
            out += ["pg_restart", "slow_disk"]
        return out

    async def run(self) -> None:
        """Inject faults, each kind in turn in an order drawn from the seed."""
        order = self.kinds()
        self.rng.shuffle(order)
        i = 0
        await asyncio.sleep(self.every * self.rng.uniform(0.5, 1.0))
        while not self.w.stop.is_set():
            kind = order[i % len(order)]
            i += 1
            self.w.rec.next_step(f"fault.{kind}")
            try:
                await getattr(self, kind)()
            except Exception as e:  # a fault that could not be made is noted, not a finding
                self.w.rec.notes.append(f"fault {kind} not made: {type(e).__name__}: {e}")
            await asyncio.sleep(self.every * self.rng.uniform(0.7, 1.3))

    async def kill9(self) -> None:
        """kill -9 of a process, restarted; in a cluster, the takeover timed and logged."""
        procs = [p for p in self.w.setup.procs if p.alive()]
        if not procs:
            return
        p = self.rng.choice(procs)
        lease = self.w.setup.lease
        self.w.rec.fault("kill9", (lease * 4 / 3 + FAILOVER_SLACK + 25) if lease else 30)
        if self.w.setup.kind != "cluster":
            await asyncio.to_thread(p.kill9)
            await asyncio.to_thread(p.start)
            return
        held, since = await asyncio.to_thread(self._held_by, p.name)
        await asyncio.to_thread(p.kill9)
        t0 = time.monotonic()
        bound = lease * 4 / 3 + FAILOVER_SLACK
        waiting = set(held)
        took: dict[str, float] = {}
        while waiting and time.monotonic() - t0 < bound + 30:
            now_held, open_ = await asyncio.to_thread(self._valid_owners)
            for t in list(waiting):
                if t not in open_:
                    waiting.discard(t)
                elif now_held.get(t) not in (None, p.name):
                    took[t] = time.monotonic() - t0
                    waiting.discard(t)
            await asyncio.sleep(0.2)
        self.w.rec.check("faults", len(held))
        for t in sorted(waiting):
            self.w.rec.violate(
                "faults",
                "not taken",
                f"table {t} of the killed {p.name} not held again in {bound + 30:.0f} s",
            )
        for t, s in sorted(took.items()):
            if s > bound:
                self.w.rec.timed(
                    "faults",
                    "takeover time",
                    f"table {t} taken over {s:.1f} s after kill -9 of its owner (bound: lease "
                    f"{lease:.0f} s + one renewal {lease / 3:.0f} s + {FAILOVER_SLACK:.0f} s "
                    "slack)",
                )
        if took:
            await asyncio.sleep(1)
            logged = {t for t, _ in await asyncio.to_thread(self._taken, since)}
            for t in sorted(set(took) - logged):
                self.w.rec.violate(
                    "faults",
                    "table_taken",
                    f"table {t} was taken over after kill -9 of {p.name}, and the event log "
                    "has no table_taken for it",
                )
        self.w.rec.notes.append(
            f"kill -9 {p.name}: {len(took)} tables taken in "
            + ", ".join(f"{s:.1f}" for s in took.values())
            + " s"
        )
        await asyncio.to_thread(p.start)

    def _held_by(self, proc: str) -> tuple[list[str], int]:
        with store.snapshot(self.w.setup.db) as s:
            rows = s.q(
                "SELECT table_id FROM table_leases WHERE owner = ? AND expires_at > now()", proc
            )
            open_ = store.open_tables(s)
            return [str(t) for (t,) in rows if str(t) in open_], store.last_event(s)

    def _valid_owners(self) -> tuple[dict[str, str], set[str]]:
        with store.snapshot(self.w.setup.db) as s:
            rows = s.q("SELECT table_id, owner FROM table_leases WHERE expires_at > now()")
            return {str(t): str(o) for t, o in rows}, store.open_tables(s)

    def _taken(self, since: int) -> list[tuple[str, str]]:
        with store.snapshot(self.w.setup.db) as s:
            return store.taken_events(s, since)

    async def stop(self) -> None:
        """SIGSTOP a process for a few seconds, then SIGCONT."""
        procs = [p for p in self.w.setup.procs if p.alive()]
        if not procs:
            return
        p: Proc = self.rng.choice(procs)
        pause = self.rng.uniform(1, 4)
        self.w.rec.fault("stop", pause + self.w.setup.lease * 2 + 10)
        p.pause()
        await asyncio.sleep(pause)
        p.resume()

    async def pg_restart(self) -> None:
        """PostgreSQL restarted (fast shutdown)."""
        pg = self.w.setup.pg
        if pg is None:
            return
        self.w.rec.fault("pg_restart", 30)
        await asyncio.to_thread(pg.restart)

    async def slow_disk(self) -> None:
        """Every PostgreSQL process stopped for a moment: each commit waits."""
        pids = self.w.setup.pg_pids()
        pause = self.rng.uniform(0.5, 2)
        self.w.rec.fault("slow_disk", pause + 10)
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGSTOP)
        await asyncio.sleep(pause)
        for pid in pids:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGCONT)

    async def drop(self) -> None:
        """An actor's socket cut without a close frame (the actor reconnects)."""
        socks = [a.sock for a in self.actors if getattr(a, "sock", None) is not None]
        if not socks:
            return
        s = self.rng.choice(socks)
        self.w.rec.fault("drop", 5)
        transport = getattr(s.ws, "transport", None)
        if transport is not None:
            transport.abort()

    async def halfopen(self) -> None:
        """A handshake begun and never finished, and a websocket that stops reading, held for
        a while at one process: neither may stall anyone else."""
        base = self.rng.choice(self.w.setup.doors)
        host, port = base.split("//", 1)[1].split("/", 1)[0].split(":")
        path = (
            "/" + base.split("//", 1)[1].split("/", 1)[1] if "/" in base.split("//", 1)[1] else ""
        )
        source = self.w.new_address()
        conns = []
        for _ in range(5):
            with contextlib.suppress(OSError):
                _, wr = await asyncio.open_connection(host, int(port), local_addr=(source, 0))
                wr.write(f"GET {path}/ws/watch HTTP/1.1\r\nHost: {host}\r\nUpgrade: webs".encode())
                conns.append(wr)
        live = sorted(t.id for t in self.w.tables.values() if not t.closed)
        deaf = await self.w.socket(base, self.w.new_address(), None, "deaf spectator")
        if deaf is not None and live:
            await deaf.subscribe(live[0])
            transport = getattr(deaf.ws, "transport", None)
            if transport is not None:
                transport.pause_reading()
        await asyncio.sleep(self.rng.uniform(5, 15))
        self.w.rec.fault("halfopen", 5)
        for wr in conns:
            wr.close()
        if deaf is not None:
            transport = getattr(deaf.ws, "transport", None)
            if transport is not None:
                with contextlib.suppress(Exception):
                    transport.abort()
            await deaf.close()
