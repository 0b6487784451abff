"""Misuse by players: the protocol fuzzed, ids replayed and raced (:class:`Fuzzer`), and a
self-exclusion asked at every door of every process (:class:`Excluder`)."""

from __future__ import annotations

import asyncio
import itertools
import json
from typing import Any

from .world import World

__all__ = ["Excluder", "Fuzzer"]

#: Every command of the protocol with arguments of the right shape.
SAMPLES: dict[str, dict[str, Any]] = {
    "sit": {"seat": "5", "cents": 1000},
    "leave": {},
    "bank": {"accept": True},
    "cut": {"cut": None},
    "dealer_wager": {"cents": 0},
    "pd_stake": {"cents": 1000},
    "wager": {"spot": "1", "cents": 500},
    "remove_wager": {"ref": "w1"},
    "ready": {},
    "style": {"style": "a"},
    "roll": {},
    "set": {"spot": "1", "high": ["6-6", "4-5"], "low": ["1-2", "3-3"]},
    "house_way": {"spot": "1"},
    "bank_set": {},
    "surrender": {"spot": "1"},
    "stand": {},
    "void_hand": {"spot": "1"},
    "sit_in": {},
    "sit_out": {},
    "withdraw_dice_bonus": {},
    "void": {"reason": "x"},
    "expose_dealt": {"position": "1"},
    "tile_off_table": {"position": "1"},
    "no_roll": {"reason": "x"},
    "expose_stacking": {"pieces": ["6-6"]},
    "stub_count": {"cards": 26},
    "abandon": {"player": "bot-6"},
    "enter_dice": {"dice": [1, 2, 3]},
    "expire": {},
    "pause": {},
    "resume": {},
    "configure": {"min_wager": 1},
}
_ids = itertools.count(1)


class Fuzzer:
    """Everything the protocol allows, and what it does not, at the tables."""

    kind = "attacker"

    def __init__(self, world: World, n: int) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.name = f"f{n}s{world.seed % 1000}{world.setup.kind[0]}"
        self.source = world.new_address()

    def _junk(self, table: str) -> dict[str, Any] | str:
        r = self.rng.random()
        action = self.rng.choice(sorted(SAMPLES))
        args = dict(SAMPLES[action])
        if r < 0.2:
            for k in list(args):
                args[k] = self.rng.choice([None, -1, 10**13, "x" * 50, [], {}, 2**63, 1.5])
        elif r < 0.3:
            return self.rng.choice(
                ["{", "[]", "null", '{"type":"nothing"}', json.dumps({"type": "command"}),
                 '{"type":"subscribe","table":"' + "z" * 60 + '"}', "\u0000", '"x"']
            )  # fmt: skip
        elif r < 0.35:
            return {
                "type": "chat",
                "table": table,
                "text": "\u202e" + "x" * self.rng.choice([1, 400, 2000]),
            }
        return {
            "type": "command",
            "table": table,
            "id": f"z{next(_ids)}",
            "action": action,
            "args": args,
        }

    async def run(self) -> None:
        """Fuzz, replay and race until the run stops."""
        token = await self.w.sign_up(self.name, self.source, self.w.door(self.rng))
        if token is None:
            return
        while not self.w.stop.is_set():
            tables = sorted(t.id for t in self.w.tables.values() if not t.closed)
            if not tables:
                await asyncio.sleep(1)
                continue
            table = self.rng.choice(tables)
            a = await self.w.socket(
                self.w.door(self.rng), self.source, token, f"fuzzer {self.name}"
            )
            b = await self.w.socket(
                self.w.door(self.rng), self.source, token, f"fuzzer {self.name}"
            )
            if a is None or b is None:
                await asyncio.sleep(2)
                continue
            a.user = b.user = self.name
            await a.subscribe(table)
            await b.subscribe(table)
            for _ in range(self.rng.randint(10, 40)):
                if self.w.stop.is_set():
                    break
                self.w.rec.next_step("attacker.fuzz")
                await a.send(self._junk(table))
                await asyncio.sleep(self.rng.choice([0.0, 0.01, 0.1, 0.3]))
            # the same command raced on two sockets, then replayed under its id
            key = f"race{next(_ids)}-{self.name}"
            args = {"seat": str(self.rng.randint(1, 4)), "cents": 1000}
            self.w.rec.next_step("attacker.race")
            got = await asyncio.gather(
                a.command(table, key, "sit", args), b.command(table, key, "sit", args)
            )
            again = await a.command(table, key, "leave", {})
            applied = [g for g in [*got, again] if g and g.get("status") == "applied"]
            self.w.rec.check("rights")
            if len(applied) > 1:
                self.w.rec.violate(
                    "rights",
                    "idempotency",
                    f"one id applied {len(applied)} times at {table}: {applied}",
                )
            if applied:
                await a.command(table, f"out{next(_ids)}", "leave", {})
            await a.close()
            await b.close()
            await asyncio.sleep(self.rng.uniform(0.5, 2))


class Excluder:
    """A player who asks for self-exclusion through every door, seated and not."""

    kind = "player"

    def __init__(self, world: World, n: int) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.name = f"x{n}s{world.seed % 1000}{world.setup.kind[0]}"
        self.source = world.new_address()

    async def run(self) -> None:
        """Seated: refused at every door; not seated: excluded, and then never seated."""
        token = await self.w.sign_up(self.name, self.source)
        await asyncio.sleep(self.rng.uniform(1, 5))
        tables = sorted(t.id for t in self.w.tables.values() if t.role == "play" and not t.closed)
        if token is None or not tables:
            return
        table = self.rng.choice(tables)
        door = await self.w.owner_door(self.source, table, self.rng)
        sock = await self.w.socket(door, self.source, token, f"excluder {self.name}")
        if sock is None:
            return
        sock.user = self.name
        st = await sock.subscribe(table) or {}
        free = [str(s) for s in (((st.get("choices") or {}).get("sit") or {}).get("seats") or [])]
        if not free:
            await sock.close()
            return
        self.w.rec.next_step("player.sit")
        r = await sock.command(table, f"xs-{self.name}", "sit", {"seat": free[0], "cents": 20_000})
        if not r or r.get("status") != "applied":
            self.w.rec.notes.append(f"excluder could not sit at {table}: {r}")
            await sock.close()
            return
        h = self.w.http(self.source)
        doors = [self.w.setup.base, *self.w.setup.doors]
        await asyncio.sleep(1)
        for d in doors:
            self.w.rec.next_step("player.exclude")
            r2 = await h.req("POST", f"{d}/api/me/protection/exclude", token, {"days": 1})
            self.w.rec.check("rights")
            if r2 is not None and r2.status_code < 300:
                self.w.rec.violate(
                    "rights",
                    "exclusion while seated",
                    f"self-exclusion asked at {d} while seated at {table} answered "
                    f"{r2.status_code} (documented: 409 while seated)",
                )
                break
        self.w.rec.next_step("player.leave")
        await sock.command(table, f"xl-{self.name}", "leave", {})
        for _ in range(30):  # a leave in a round takes effect at the round's end
            await asyncio.sleep(1)
            url = f"{self.w.door(self.rng)}/api/me/protection/exclude"
            excluded = await h.req("POST", url, token, {"days": 1})
            if excluded is not None and excluded.status_code == 200:
                break
        else:
            await sock.close()
            return
        for t in tables:  # excluded: no seat anywhere, through any door
            d = self.rng.choice(doors)
            s2 = await self.w.socket(d, self.source, token, f"excluder {self.name}")
            if s2 is None:
                continue
            s2.user = self.name
            st = await s2.subscribe(t) or {}
            free = [
                str(s) for s in (((st.get("choices") or {}).get("sit") or {}).get("seats") or ["4"])
            ]
            self.w.rec.next_step("player.sit")
            r3 = await s2.command(t, f"xe-{t}-{self.name}", "sit", {"seat": free[0], "cents": 1000})
            self.w.rec.check("rights")
            if r3 and r3.get("status") == "applied":
                self.w.rec.violate(
                    "rights", "excluded sat", f"an excluded player sat at {t} through {d}"
                )
            await s2.close()
        await sock.close()
