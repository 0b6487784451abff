"""Players and spectators. A player signs up from an address of its own, sits at a table
through a door chosen at random (the table's owner, or any process), and plays: well (the
house way, the minimum) or badly (a random split of its tiles, often refused; windows left to
run out until it sits out), banks when offered, surrenders, chats, sits out and back in,
reconnects, sets a daily limit, opens and leaves private tables. A spectator watches signed
out (``/ws/watch``) or signed in, subscribing and leaving again (every first subscription at a
process that does not run the table builds a replica there)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import random
from typing import Any

from .net import Socket
from .world import World

__all__ = ["Player", "Spectator", "decide"]

_keys = itertools.count(1)


def decide(
    st: dict[str, Any], me: str, rng: random.Random, style: str
) -> list[tuple[str, dict[str, Any]]]:
    """What the player does when the table waits for them (``style``: good, bad, surrender)."""
    w = st.get("waiting") or {}
    rnd = st.get("round") or {}
    ch = st.get("choices") or {}
    what = w.get("for")
    if what == "bank offer":
        return [("bank", {"accept": style == "bad" and rng.random() < 0.3})]
    if what == "wagers":
        banker = rnd.get("banker") or {}
        if banker.get("kind") == "player-dealer" and banker.get("player") == me:
            return [("pd_stake", {"cents": st["limits"]["min"] * 4}), ("ready", {})]
        mine = [x for x in rnd.get("wagers", []) if x.get("player") == me]
        out: list[tuple[str, dict[str, Any]]] = []
        if not mine and banker.get("player") != me and me in (st.get("seats") or {}):
            lo = int(st["limits"]["min"])
            cents = lo if style != "bad" else rng.choice([lo, lo * 2, lo - 1, 10**13])
            out.append(("wager", {"spot": st["seats"][me], "cents": cents}))
        return [*out, ("ready", {})]
    if what == "setting":
        spots = [str(s) for s in (ch.get("set") or rnd.get("unset") or [])]
        out = []
        for s in spots:
            pieces = ((rnd.get("positions") or {}).get(s) or {}).get("pieces")
            if style == "bad" and pieces and rng.random() < 0.6:
                p = list(pieces)
                rng.shuffle(p)
                out.append(("set", {"spot": s, "high": p[:2], "low": p[2:]}))
            out.append(("house_way", {"spot": s}))
        return out
    if what == "bank_set":
        return [("bank_set", {})]
    if what == "surrender":
        spots = [str(s) for s in (ch.get("surrender") or [])]
        if spots and style == "surrender" and rng.random() < 0.7:
            return [("surrender", {"spot": spots[0]}), ("stand", {})]
        return [("stand", {})]
    if what == "style":
        styles = ch.get("styles") or [rnd.get("style") or "a"]
        return [("style", {"style": rng.choice(list(styles))})]
    if what == "cut":
        return [("cut", {"cut": None})]
    if what == "roll":
        return [("roll", {})]
    return []


class Player:
    """A player of one table at a time."""

    kind = "player"

    def __init__(self, world: World, n: int, style: str, table: str | None = None) -> None:
        self.w = world
        self.n = n
        self.rng = world.rng(n)
        self.style = style
        self.fixed = table
        self.name = f"p{n}s{world.seed % 1000}{world.setup.kind[0]}"
        self.source = world.new_address()
        self.token: str | None = None
        self.sock: Socket | None = None
        self.table: str | None = None
        self.acted: str = ""
        self.steady = table is not None

    async def run(self) -> None:
        """Play until the run stops."""
        self.token = await self.w.sign_up(self.name, self.source, self.w.door(self.rng))
        if self.token is None:
            return
        self.w.names.append(self.name)
        while not self.w.stop.is_set():
            table = self.fixed or self._pick()
            if table is None:
                await asyncio.sleep(1)
                continue
            await self._play(table)
            if not self.steady:
                await self._aside()

    def _pick(self) -> str | None:
        open_ = [
            t.id for t in self.w.tables.values() if not t.closed and t.role in ("play", "temp")
        ]
        return self.rng.choice(sorted(open_)) if open_ else None

    async def _connect(self, table: str) -> bool:
        if self.sock is not None:
            await self.sock.close()
        door = await self.w.owner_door(self.source, table, self.rng)
        self.sock = await self.w.socket(
            door, self.source, self.token, f"player {self.name} at {door}"
        )
        if self.sock is None:
            return False
        self.sock.user = self.name
        return await self.sock.subscribe(table) is not None

    async def cmd(self, action: str, args: dict[str, Any]) -> dict[str, Any] | None:
        """One command at the table (counted as a step)."""
        if self.sock is None or self.table is None:
            return None
        self.w.rec.next_step(f"player.{action}")
        return await self.sock.command(self.table, f"k{next(_keys)}-{self.name}", action, args)

    async def _play(self, table: str) -> None:
        self.table = table
        for _ in range(20):
            if await self._connect(table):
                break
            if self.w.stop.is_set() or (
                self.w.tables.get(table, None) and self.w.tables[table].closed
            ):
                return
            await asyncio.sleep(1)
        else:
            return
        assert self.sock is not None
        st = self.sock.states.get(table) or {}
        if self.name not in (st.get("seats") or {}):
            free = [
                str(s) for s in (((st.get("choices") or {}).get("sit") or {}).get("seats") or [])
            ]
            if not free:
                await asyncio.sleep(2)
                return
            seat = free[0] if self.steady else self.rng.choice(free)
            r = await self.cmd("sit", {"seat": seat, "cents": int(st["limits"]["min"]) * 40})
            if r is None or r.get("status") != "applied":
                await asyncio.sleep(1)
                return
        rounds = 0 if self.steady else self.rng.randint(2, 6)
        start = int(st.get("rounds") or 0)
        while not self.w.stop.is_set():
            if self.w.tables.get(table) is not None and self.w.tables[table].closed:
                return
            await self._tick(table)
            st = (self.sock.states.get(table) if self.sock else None) or {}
            if rounds and int(st.get("rounds") or 0) >= start + rounds:
                break
            if self.sock is None or self.sock.closed.is_set():
                await asyncio.sleep(0.5)
                await self._connect(table)
        if not self.w.stop.is_set():
            await self.cmd("leave", {})

    async def _tick(self, table: str) -> None:
        if self.sock is None:
            await asyncio.sleep(0.3)
            return
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.sock.inbox.get(), 0.3)
        st = self.sock.states.get(table)
        if not st:
            return
        w = st.get("waiting") or {}
        if self.name in (st.get("away") or []) and self.rng.random() < 0.5:
            await self.cmd("sit_in", {})
        if not w or self.name not in (w.get("who") or []):
            if not self.steady and self.rng.random() < 0.01:
                await self._side(table)
            return
        key = f"{w.get('key')}:{st.get('seq')}"
        if key == self.acted:
            return
        self.acted = key
        if self.style == "bad" and self.rng.random() < 0.15:
            return  # lets the window run out
        for action, args in decide(st, self.name, self.rng, self.style):
            r = await self.cmd(action, args)
            if r is not None and r.get("status") == "applied" and action in ("set", "house_way"):
                break

    async def _side(self, table: str) -> None:
        """Something beside the play."""
        pick = self.rng.random()
        if pick < 0.3 and self.sock is not None:
            self.w.rec.next_step("player.chat")
            await self.sock.send(
                {"type": "chat", "table": table, "text": f"gl {self.rng.randint(0, 99)}"}
            )
        elif pick < 0.5:
            await self.cmd("sit_out", {})
        elif pick < 0.7 and self.sock is not None:
            self.w.rec.next_step("player.reconnect")
            await self._connect(table)
        else:
            self.w.rec.next_step("player.limit")
            await self.w.http(self.source).req(
                "POST",
                f"{self.w.door(self.rng)}/api/me/protection/limit",
                self.token,
                {"cents": self.rng.choice([10**9, 10**10])},
            )

    async def _aside(self) -> None:
        """Between tables: a private table opened, listed at every door, left to close."""
        if self.rng.random() > 0.3:
            return
        self.w.rec.next_step("player.private")
        h = self.w.http(self.source)
        r = await h.req(
            "POST",
            f"{self.w.door(self.rng)}/api/private-tables",
            self.token,
            {"profile": "generic"},
        )
        if r is None or r.status_code != 201:
            return
        await asyncio.sleep(0.5)
        await self.w.private_listed(self.name, self.token or "", self.source)


class Spectator:
    """Watches tables, signed out or signed in, subscribing again and again through any door."""

    kind = "spectator"

    def __init__(self, world: World, n: int, signed_in: bool) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.signed_in = signed_in
        self.name = f"s{n}s{world.seed % 1000}{world.setup.kind[0]}"
        self.source = world.new_address()

    async def run(self) -> None:
        """Watch until the run stops."""
        token = await self.w.sign_up(self.name, self.source) if self.signed_in else None
        while not self.w.stop.is_set():
            tables = sorted(
                t.id for t in self.w.tables.values() if not t.closed and t.role != "private"
            )
            if not tables:
                await asyncio.sleep(1)
                continue
            table = self.rng.choice(tables)
            owner = (
                await self.w.owner_of(self.source, table)
                if self.w.setup.kind == "cluster"
                else None
            )
            door = (
                self.w.other_door(owner)
                if owner and self.rng.random() < 0.7
                else self.w.door(self.rng)
            )
            self.w.rec.next_step("spectator.watch")
            sock = await self.w.socket(door, self.source, token, f"spectator {self.name} at {door}")
            if sock is None:
                await asyncio.sleep(1)
                continue
            sock.user = self.name if token else None
            for _ in range(self.rng.randint(1, 4)):
                await sock.subscribe(table)
                await asyncio.sleep(self.rng.uniform(0.5, 3))
                await sock.send({"type": "unsubscribe", "table": table})
            await sock.close()
