"""A bounded load generator for the table service: real websocket clients on loopback, each a
player who sits, wagers, sets and leaves, at a realistic pace (a think time before each
decision) or at the maximum pace (no think time, no pause between rounds).

The players are signed in by writing their sessions into the store (sign-in itself, argon2 on
purpose, is not what is measured). Each player answers when the table waits for it, as
:func:`service_support.default_policy` does. Figures: tables and seats held, rounds and actions
a second, the latency from a command to its result and to the update reaching every seat of the
table (p50, p99, max), the server processes' CPU and memory (from /proc), the server's CPU
seconds per 1,000 actions and the bytes each player receives per round.

``scripts/load.py`` runs it from the command line; ``tests/test_service_load.py`` runs a small
bounded version.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import gc
import json
import math
import os
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from paigow.service.accounts.auth import hash_password, new_token, token_hash
from paigow.service.store.store import Store
from service_client import Feed
from service_support import default_policy

__all__ = ["LoadResult", "ProcStat", "limited_wait", "make_players", "percentile", "run_load"]


def percentile(xs: list[float], q: float) -> float:
    """The ``q``-quantile (0..1) of ``xs`` by the nearest rank (0.0 when empty)."""
    if not xs:
        return 0.0
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s) - 1e-9) - 1))]


def make_players(db_url: str, names: list[str], grant: int = 1_000_000) -> dict[str, str]:
    """Accounts and sessions written straight into the store; name -> session token."""
    store = Store(db_url)
    try:
        store.migrate()
        pw = hash_password("load test password")
        out = {}
        expires = dt.datetime.now(dt.UTC) + dt.timedelta(hours=6)
        for name in names:
            if store.user_by_name(name) is None:
                store.create_user(name, pw, "player", grant)
            user = store.user_by_name(name)
            assert user is not None
            token = new_token()
            store.add_session(token_hash(token), user["id"], expires)
            out[name] = token
        return out
    finally:
        store.close()


@dataclass
class ProcStat:
    """CPU seconds and resident memory of a process (Linux /proc)."""

    pid: int

    def cpu(self) -> float:
        """User + system CPU seconds so far."""
        with open(f"/proc/{self.pid}/stat", encoding="ascii") as f:
            parts = f.read().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return (int(parts[11]) + int(parts[12])) / ticks

    def rss_mb(self) -> float:
        """Resident memory, MB."""
        with open(f"/proc/{self.pid}/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return 0.0


@dataclass
class LoadResult:
    """The figures of one run."""

    tables: int
    seats: int
    seconds: float
    rounds: int = 0
    actions: int = 0
    refused: list[str] = field(default_factory=list)
    to_result: list[float] = field(default_factory=list)
    to_every_seat: list[float] = field(default_factory=list)
    server_cpu: float = 0.0
    server_rss_mb: float = 0.0
    client_cpu: float = 0.0
    client_lag: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    #: Characters of the table messages received by all players while measuring (the JSON is
    #: ASCII: bytes), and the deltas a player could not apply (it asked for a snapshot).
    received: int = 0
    lost: int = 0
    #: The slowest results while measuring: (milliseconds, seconds into the measurement,
    #: table, action), the longest first (at most five), to tell a stall from a steady tail.
    slowest: list[tuple[float, float, str, str]] = field(default_factory=list)
    #: Commands sent again after the server's rate limit refused them (each waited as told).
    limited: int = 0
    #: The same over the whole run (seating and warmup too), to compare with the server's count.
    limited_all: int = 0
    #: When each table's first player came (seconds after the first table's; --stagger).
    came: dict[str, float] = field(default_factory=dict)

    def summary(self) -> dict[str, Any]:
        """Plain figures (latencies in milliseconds)."""
        ms = [x * 1000 for x in self.to_every_seat]
        own = [x * 1000 for x in self.to_result]
        return {
            "tables": self.tables,
            "seats": self.seats,
            "seconds": round(self.seconds, 1),
            "rounds": self.rounds,
            "rounds_per_s": round(self.rounds / self.seconds, 2),
            "actions": self.actions,
            "actions_per_s": round(self.actions / self.seconds, 1),
            "every_seat_ms": {
                "n": len(ms),
                "p50": round(percentile(ms, 0.5), 1),
                "p99": round(percentile(ms, 0.99), 1),
                "max": round(max(ms, default=0.0), 1),
            },
            "result_ms": {
                "p50": round(percentile(own, 0.5), 1),
                "p99": round(percentile(own, 0.99), 1),
                "max": round(max(own, default=0.0), 1),
            },
            "server_cpu_percent": round(100 * self.server_cpu / self.seconds, 1),
            "server_cpu_s_per_1000_actions": round(1000 * self.server_cpu / self.actions, 3)
            if self.actions
            else None,
            # every table's players receive its rounds: per round of a table, per player of it
            "bytes_per_round_per_client": round(
                self.received * self.tables / self.rounds / self.seats
            )
            if self.rounds and self.seats
            else None,
            "deltas_lost": self.lost,
            "server_rss_mb": round(self.server_rss_mb, 1),
            "client_cpu_percent": round(100 * self.client_cpu / self.seconds, 1),
            "client_lag_ms": {
                "p99": round(1000 * percentile(self.client_lag, 0.99), 1),
                "max": round(1000 * max(self.client_lag, default=0.0), 1),
            },
            "refused": len(self.refused),
            "rate_limited": self.limited,
            "slowest_results": [
                {"ms": round(ms, 1), "at_s": round(at, 2), "table": t, "action": a}
                for ms, at, t, a in self.slowest
            ],
            "errors": self.errors[:5],
        }


class _Table:
    def __init__(self, tid: str, players: list[str]) -> None:
        self.tid = tid
        self.players = players
        self.arrivals: dict[int, dict[str, float]] = {}
        self.pending: dict[int, float] = {}
        self.rounds0: int | None = None
        self.rounds = 0
        self.start_after = 0.0  # seconds before its players come (a staggered start)


class _Bot:
    def __init__(
        self,
        name: str,
        table: _Table,
        seat: str,
        run: _Run,
    ) -> None:
        self.name, self.table, self.seat, self.run = name, table, seat, run
        self.ws: ClientConnection | None = None
        self.state: dict[str, Any] | None = None
        self.feed = Feed()
        self.came = 0.0
        self.acted = ""
        self.n = 0
        self.waiters: dict[str, asyncio.Future[dict[str, Any]]] = {}
        self.busy = False

    async def main(self, url: str, token: str) -> None:
        await asyncio.sleep(self.table.start_after)
        self.came = time.monotonic()
        # the answers inside the frames (a server before ``?results=inline`` ignores the query
        # and answers apart: _read takes both)
        url += ("&" if "?" in url else "?") + "results=inline"
        async with connect(
            url, additional_headers={"Authorization": f"Bearer {token}"}, max_size=2**22
        ) as ws:
            self.ws = ws
            reader = asyncio.create_task(self._read(ws))
            await ws.send(json.dumps({"type": "subscribe", "table": self.table.tid}))
            while self.state is None:
                await asyncio.sleep(0.01)
            if self.name not in self.state["seats"]:
                r = await self.command("sit", {"seat": self.seat, "cents": 200_000})
                if r["status"] != "applied":
                    self.run.result.errors.append(f"{self.name} could not sit: {r}")
            self.run.seated += 1
            await self.run.stop.wait()
            reader.cancel()

    async def _read(self, ws: ClientConnection) -> None:
        async for raw in ws:
            now = time.perf_counter()
            if self.run.measuring:
                self.run.result.received += len(raw)
            msg = json.loads(raw)
            kind = msg.get("type")
            if kind in ("event", "delta"):  # its answers (their waiters resume after this frame)
                for r in msg.get("results", ()):
                    fut = self.waiters.pop(r["id"], None)
                    if fut is not None and not fut.done():
                        fut.set_result(r)
            if kind in ("state", "event", "delta"):
                had = self.feed.state is not None
                got = self.feed.take(msg)
                if got is None:
                    if had:
                        self.run.result.lost += 1
                        await ws.send(json.dumps({"type": "subscribe", "table": self.table.tid}))
                    continue
                msg, kind = got, got["type"]
                self.state = msg["state"]
                if kind == "event":
                    t = self.table
                    for ev in msg["events"]:
                        t.arrivals.setdefault(ev["seq"], {})[self.name] = now
                        self.run.check(t, ev["seq"])
                    t.rounds = max(t.rounds, msg["state"]["rounds"])
                self.maybe_act()
            elif kind == "result":
                fut = self.waiters.pop(msg["id"], None)
                if fut is not None and not fut.done():
                    fut.set_result(msg)

    def maybe_act(self) -> None:
        st = self.state
        if st is None or self.busy or not self.run.playing:
            return
        w = st["waiting"]
        if not w or self.name not in w["who"]:
            return
        key = f"{w['key']}:{st['seq']}"
        if key == self.acted:
            return
        self.acted = key
        self.busy = True
        asyncio.get_running_loop().create_task(self._act(st))

    async def _act(self, st: dict[str, Any]) -> None:
        try:
            lo, hi = self.run.think
            if hi > 0:
                await asyncio.sleep(self.run.rng.uniform(lo, hi))
            for action, args in default_policy(None, self.table.tid, st):  # type: ignore[arg-type]
                if not self.run.playing:
                    return
                await self.command(action, args)
        finally:
            self.busy = False
            self.maybe_act()

    async def command(self, action: str, args: dict[str, Any]) -> dict[str, Any]:
        assert self.ws is not None
        self.n += 1
        key = f"{self.name}-{self.n}"
        msg = {"type": "command", "table": self.table.tid, "id": key, "action": action}
        text = json.dumps({**msg, "args": args})
        res = self.run.result
        while True:
            fut: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
            self.waiters[key] = fut
            t0 = time.perf_counter()
            # measured only when sent and answered while measuring: a command sent before the
            # start would count the generator's own collection there (gc.collect(), run_load)
            sent_measuring = self.run.measuring
            await self.ws.send(text)
            try:
                r = await asyncio.wait_for(fut, 60)
            except TimeoutError:
                res.errors.append(f"{self.name}: no result for {action} in 60 s")
                return {"status": "refused", "error": "timeout"}
            wait = limited_wait(r)
            if wait is not None:
                res.limited_all += 1
            if wait is None or not self.run.playing:
                break
            # over the websocket's door (a player at the maximum pace on a fast machine): the
            # message was not handled; a well-behaved client waits as told and sends it again
            if self.run.measuring:
                res.limited += 1
            await asyncio.sleep(wait + 0.01)
        t1 = time.perf_counter()
        if self.run.measuring and sent_measuring:
            res.actions += 1
            res.to_result.append(t1 - t0)
            took = 1000 * (t1 - t0)
            if len(res.slowest) < 5 or took > res.slowest[-1][0]:
                at = t0 - self.run.started
                res.slowest = sorted(
                    [*res.slowest, (took, at, self.table.tid, action)], reverse=True
                )[:5]
            if r["status"] == "refused":
                res.refused.append(f"{action}: {r.get('error')}")
            elif r.get("seq"):
                self.table.pending[int(r["seq"])] = t0
                self.run.check(self.table, int(r["seq"]))
        return r


def limited_wait(r: dict[str, Any]) -> float | None:
    """The wait a ``refused`` result over the websocket's rate limit asks for (None: another
    result)."""
    error = r.get("error")
    if r.get("status") != "refused" or not isinstance(error, str):
        return None
    found = re.fullmatch(r"rate limit: too many messages; wait ([0-9.]+) s", error)
    return float(found.group(1)) if found else None


class _Run:
    def __init__(self, think: tuple[float, float], seed: int) -> None:
        self.think = think
        self.rng = random.Random(seed)
        self.stop = asyncio.Event()
        self.playing = True
        self.measuring = False
        #: When the measurement started (time.perf_counter()).
        self.started = 0.0
        self.seated = 0
        self.result = LoadResult(0, 0, 0.0)

    def check(self, t: _Table, seq: int) -> None:
        """A command's latency to every seat, once its result and every seat's update are in."""
        t0 = t.pending.get(seq)
        got = t.arrivals.get(seq, {})
        if t0 is None or len(got) < len(t.players):
            return
        del t.pending[seq]
        self.result.to_every_seat.append(max(got.values()) - t0)
        for old in [s for s in t.arrivals if s <= seq]:
            del t.arrivals[old]


async def _lag(run: _Run) -> None:
    """How late the load generator's own event loop wakes up (its share of the latency)."""
    while True:
        t = time.perf_counter()
        await asyncio.sleep(0.01)
        run.result.client_lag.append(max(0.0, time.perf_counter() - t - 0.01))


async def run_load(
    ws_urls: list[str],
    tokens: dict[str, str],
    tables: dict[str, list[str]],
    seconds: float,
    *,
    think: tuple[float, float] = (0.0, 0.0),
    server_pids: tuple[int, ...] = (),
    warmup: float = 2.0,
    seed: int = 1,
    table_urls: dict[str, str] | None = None,
    mark: Callable[[str], object] | None = None,
    stagger: float = 0.0,
) -> LoadResult:
    """Seat every player (table -> players, seats 1..n), play ``warmup`` seconds, then measure
    for ``seconds``. Players connect to ``ws_urls`` in turn (several processes, or a proxy),
    or the players of a table in ``table_urls`` to its address there (its owner's). ``mark``
    is called (in a thread) with ``"start"`` and ``"end"`` around the measured seconds.

    ``stagger``: each table's players come at a time drawn uniformly from the first
    ``stagger`` seconds (seeded), so that the tables' rounds are not in step; with 0 every
    table starts at once and the tables deal, set and settle together (a burst at each step).
    The warmup begins when the last table is seated."""
    run = _Run(think, seed)
    bots: list[_Bot] = []
    tabs = {tid: _Table(tid, names) for tid, names in tables.items()}
    if stagger > 0:
        for t in tabs.values():
            t.start_after = run.rng.uniform(0.0, stagger)
    for tid, names in tables.items():
        for i, name in enumerate(names):
            bots.append(_Bot(name, tabs[tid], str(i + 1), run))
    tasks = [
        asyncio.create_task(
            b.main((table_urls or {}).get(b.table.tid) or ws_urls[i % len(ws_urls)], tokens[b.name])
        )
        for i, b in enumerate(bots)
    ]
    deadline = time.monotonic() + 120 + stagger
    while run.seated < len(bots) and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
        for task in tasks:
            if task.done() and task.exception() is not None:
                raise RuntimeError(f"a player failed: {task.exception()!r}")
    first = min(b.came for b in bots)
    for b in bots:
        came = run.result.came
        came[b.table.tid] = min(came.get(b.table.tid, math.inf), b.came - first)
    await asyncio.sleep(warmup)
    if mark is not None:
        await asyncio.to_thread(mark, "start")
    procs = [ProcStat(p) for p in server_pids]
    me = ProcStat(os.getpid())
    cpu0 = [p.cpu() for p in procs]
    me0 = me.cpu()
    for t in tabs.values():
        t.rounds0 = t.rounds
    # The generator's own collector stays still while it measures: it holds every player's
    # state (600 at 100 tables), and its collections paused it for up to 115 ms, which the
    # latencies counted as the server's (docs/reliability.md, "The load generator's pauses").
    # What it frees meanwhile is freed by reference counting; the rest waits for the end.
    gc.collect()
    gc.freeze()
    gc.disable()
    run.measuring = True
    run.started = time.perf_counter()
    t_start = time.monotonic()
    lag = asyncio.create_task(_lag(run))
    try:
        await asyncio.sleep(seconds)
        if mark is not None:
            await asyncio.to_thread(mark, "end")
    finally:
        run.measuring = False
        gc.enable()
        gc.unfreeze()
    lag.cancel()
    elapsed = time.monotonic() - t_start
    res = run.result
    res.tables, res.seats, res.seconds = len(tabs), len(bots), elapsed
    res.rounds = sum(t.rounds - (t.rounds0 or 0) for t in tabs.values())
    res.server_cpu = sum(p.cpu() - c for p, c in zip(procs, cpu0, strict=True))
    res.server_rss_mb = sum(p.rss_mb() for p in procs)
    res.client_cpu = me.cpu() - me0
    run.playing = False
    await asyncio.sleep(0.5)
    run.stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    return res
