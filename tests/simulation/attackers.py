"""Attackers: whatever the protocol allows, at any rate, through every door of every process.

* ``SitFlood``: an account the commit must refuse (a $0 wallet, a one-cent daily limit) sends
  ``sit`` to the live table every 0.7 s, in bursts with quiet between (the liveness monitor
  compares the table's rate of rounds in both).
* ``LookAlike``: registers the name of a player with a line break, a space or an invisible
  character after it: must be refused (a name is shown to every player).
* ``WatchHog``: seventeen addresses open thirty spectators' sockets each and keep them idle;
  then a polite spectator from a fresh address must still get in (the ``access`` invariant),
  and a refusal must be a documented one.
* ``HistoryFlood``: a signed-in account floods the tables' histories from several addresses
  while a polite client times the trainer's answers, in alternating windows.
* ``Fuzzer``: every command of the protocol with arguments of the right shape and of the
  wrong one, commands of another seat, ids replayed, the same command raced on two sockets.
* ``Excluder``: a seated player asks for self-exclusion through every door (refused while
  seated: 409), leaves, excludes themself, then tries to sit and wager anywhere.
"""

from __future__ import annotations

import asyncio
import statistics
import time

from .net import Socket
from .operators import adjust, new_key
from .world import World

#: How long a polite spectator may wait for a place while others hold sockets idle.
PATIENCE = 30.0

__all__ = ["HistoryFlood", "LookAlike", "SitFlood", "WatchHog"]


class SitFlood:
    """Refused buy-ins sent to the live table in bursts, by two accounts in turn: one whose
    wallet holds $0 (a second account of an address that had its sign-up grant) and one with
    money and a daily limit of one cent."""

    kind = "attacker"

    def __init__(self, world: World, n: int) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.name = f"a{n}s{world.seed % 1000}{world.setup.kind[0]}"
        #: (start, end) of each burst, monotonic.
        self.bursts: list[tuple[float, float]] = []

    async def _account(self, name: str, source: str, limited: bool) -> str | None:
        token = await self.w.sign_up(name, source)
        if token is not None and limited:
            h = self.w.http(source)
            body = {"cents": 100_000, "reason": "a limited player's stake"}
            key = new_key(self.w)
            base = self.w.setup.base
            await adjust(self.w, source, base, token=self.w.op_token, who=name, body=body, key=key)
            await h.req("POST", f"{self.w.setup.base}/api/me/protection/limit", token, {"cents": 1})
        return token

    async def run(self) -> None:
        """Flood in bursts until the run stops."""
        source = self.w.new_address()
        await self.w.sign_up(self.name + "g", source)  # the address's sign-up grant
        broke = await self._account(self.name + "b", source, False)
        limited = await self._account(self.name + "l", self.w.new_address(), True)
        live = next((t.id for t in self.w.tables.values() if t.role == "live"), None)
        if broke is None or limited is None or live is None:
            return
        socks = []
        for token, name in ((broke, self.name + "b"), (limited, self.name + "l")):
            door = await self.w.owner_door(source, live, self.rng)
            s = await self.w.socket(door, source, token, f"sit flood {name}")
            if s is None:
                return
            s.user = name
            await s.subscribe(live)
            socks.append(s)
        await asyncio.sleep(self.rng.uniform(6, 10))  # a quiet stretch first
        i = 0
        while not self.w.stop.is_set():
            sock = socks[len(self.bursts) % 2]
            t0 = time.monotonic()
            until = t0 + self.rng.uniform(8, 12)
            while time.monotonic() < until and not self.w.stop.is_set():
                i += 1
                self.w.rec.next_step("attacker.sit")
                args = {"seat": str(self.rng.randint(1, 4)), "cents": 50_000}
                msg = {
                    "type": "command",
                    "table": live,
                    "id": f"sit{i}",
                    "action": "sit",
                    "args": args,
                }
                await sock.send(msg)
                await asyncio.sleep(0.7)
            self.bursts.append((t0, time.monotonic()))
            await asyncio.sleep(self.rng.uniform(8, 12))
        for s in socks:
            await s.close()


class LookAlike:
    """Names that look like a player's."""

    kind = "attacker"

    def __init__(self, world: World, n: int) -> None:
        self.w = world
        self.rng = world.rng(n)

    async def run(self) -> None:
        """Try each look-alike of a player's name once."""
        while not self.w.names and not self.w.stop.is_set():
            await asyncio.sleep(0.5)
        source = self.w.new_address()
        for tail in ("\n", " ", "\t", "\u200b", "\r\n"):
            if self.w.stop.is_set():
                return
            name = self.rng.choice(sorted(self.w.names)) + tail
            self.w.rec.next_step("attacker.lookalike")
            r = await self.w.http(source).req(
                "POST",
                f"{self.w.door(self.rng)}/api/register",
                body={"name": name, "password": "x" * 20},
            )
            self.w.rec.check("rights")
            if r is not None and r.status_code < 300:
                self.w.rec.violate(
                    "rights", f"lookalike {tail!r}", f"the name {name!r} was registered"
                )
            await asyncio.sleep(0.3)


class WatchHog:
    """Spectators' sockets held open and idle from many addresses; then a polite spectator."""

    kind = "attacker"

    def __init__(self, world: World, n: int, addresses: int = 17, each: int = 30) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.addresses = addresses
        self.each = each

    async def run(self) -> None:
        """Hold the sockets until the run stops; a polite spectator tries meanwhile."""
        door = self.rng.choice(self.w.setup.doors[: len(self.w.setup.procs)])  # one process
        held: list[Socket] = []
        url = self.w.ws_url(door, "/ws/watch")
        for _ in range(self.addresses):
            source = self.w.new_address()
            socks = await asyncio.gather(
                *(Socket.open(self.w.rec, url, source, None, "watch hog")
                  for _ in range(self.each))
            )  # fmt: skip
            held += [s for s in socks if s is not None]
            self.w.rec.next_step("attacker.watchhog")
        await asyncio.sleep(1.0)  # a socket over a cap is accepted, then closed with its code
        kept = sum(1 for s in held if not s.closed.is_set())
        self.w.rec.notes.append(
            f"watch hog: {kept} of {len(held)} sockets opened from {self.addresses} addresses"
            f" still open after 1 s at {door}"
        )
        polite = self.w.new_address()
        admitted = False
        deadline = time.monotonic() + PATIENCE
        while not self.w.stop.is_set() and time.monotonic() < deadline:
            self.w.rec.next_step("spectator.polite")
            s = await Socket.open(
                self.w.rec, self.w.ws_url(door, "/ws/watch"), polite, None, "polite spectator"
            )
            if s is not None:
                await asyncio.sleep(0.5)
                if not s.closed.is_set():
                    admitted = True
                    await s.close()
                    break
                await s.close()
            await asyncio.sleep(3)
        self.w.rec.check("access")
        if not admitted and not self.w.stop.is_set():
            self.w.rec.violate(
                "access",
                "watch slots",
                f"{len(held)} idle spectators' sockets from {self.addresses} addresses kept a "
                "polite "
                f"spectator out of /ws/watch for {PATIENCE:.0f} s",
            )
        for s in held:
            await s.close()


class HistoryFlood:
    """A signed-in flood of histories against a polite client's trainer answers."""

    kind = "attacker"

    def __init__(self, world: World, n: int, windows: int = 4) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.windows = windows
        self.name = f"h{n}s{world.seed % 1000}{world.setup.kind[0]}"

    async def run(self) -> None:
        """Alternate quiet and flood windows; compare the polite client's answers."""
        sources = [self.w.new_address() for _ in range(4)]
        token = await self.w.sign_up(self.name, sources[0])
        probe = self.w.new_address()
        if token is None:
            return
        await asyncio.sleep(6)  # some rounds in the histories first
        tables = sorted(
            t.id for t in self.w.tables.values() if t.role in ("live", "hidden", "play")
        )
        base = self.w.setup.doors[0]
        quiet: list[float] = []
        flood: list[float] = []
        for i in range(self.windows * 2):
            if self.w.stop.is_set():
                break
            on = i % 2 == 1
            stop = asyncio.Event()
            tasks = (
                [
                    asyncio.create_task(self._flood(base, s, token, tables, stop))
                    for s in sources
                    for _ in range(2)
                ]
                if on
                else []
            )
            t_end = time.monotonic() + 3
            while time.monotonic() < t_end:
                ms = await self._probe(base, probe)
                if ms is not None:
                    (flood if on else quiet).append(ms)
            stop.set()
            await asyncio.gather(*tasks, return_exceptions=True)
        self.w.rec.check("access")
        if len(quiet) >= 5 and len(flood) >= 5:
            q, f = statistics.median(quiet), statistics.median(flood)
            self.w.rec.notes.append(
                f"trainer answer p50 quiet {q:.1f} ms, during a history flood {f:.1f} ms"
            )
            if f > max(4 * q, q + 150):
                self.w.rec.timed(
                    "access",
                    "history flood",
                    f"a signed-in history flood took a polite client's trainer answers from "
                    f"{q:.1f} ms to {f:.1f} ms at the median",
                )

    async def _flood(
        self, base: str, source: str, token: str, tables: list[str], stop: asyncio.Event
    ) -> None:
        h = self.w.http(source)
        while not stop.is_set():
            self.w.rec.next_step("attacker.history")
            r = await h.req("GET", f"{base}/api/tables/{self.rng.choice(tables)}/history", token)
            if r is not None and r.status_code == 429:
                await asyncio.sleep(min(float(r.headers.get("retry-after", "1")), 1.0))

    async def _probe(self, base: str, source: str) -> float | None:
        h = self.w.http(source)
        r = await h.req(
            "POST", f"{base}/api/trainer/deal", body={"profile": "generic", "drill": "all"}
        )
        if r is None or r.status_code != 200:
            await asyncio.sleep(0.2)
            return None
        deal = r.json()
        pieces = deal.get("pieces") or deal.get("hand") or []
        t0 = time.monotonic()
        r = await h.req(
            "POST",
            f"{base}/api/trainer/answer",
            body={"profile": "generic", "pieces": pieces, "high": pieces[:2], "low": pieces[2:]},
        )
        ms = (time.monotonic() - t0) * 1000
        if r is not None and r.status_code == 503:
            self.w.rec.violate(
                "access", "probe 503", "a polite trainer answer got 503 during a flood of others"
            )
        return ms if r is not None and r.status_code in (200, 422) else None
