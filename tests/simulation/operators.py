"""Operators. The house's operator opens the run's tables, then pauses and resumes them,
changes their options, opens tables and closes them (in the middle of a round too), adjusts
wallets with a reason, and tries the surveillance right; after every such action the money
invariant is checked from the store (:mod:`.store`). The careless operator sends what an
operator's console lets through: reasons of spaces or invisible characters, the same
adjustment again and again under one idempotency key, a deposit with no reason, an adjustment
of their own wallet: each must be refused, or move once."""

from __future__ import annotations

import asyncio
import itertools
import re
from typing import Any

from . import store
from .procs import OPERATOR
from .world import Table, World

__all__ = ["CarelessOperator", "HouseOperator", "check_money"]

#: The run's tables (their windows short, so that a stall shows within a short run).
WINDOWS = {"wager_seconds": 4, "setting_seconds": 4, "decision_seconds": 3, "pause_seconds": 1}
TABLES: list[tuple[str, str, dict[str, Any]]] = [
    ("live", "live", {"profile": "generic", "computer_players": 2, **WINDOWS}),
    # every seat but one a computer player's: what the rules hide at the end is one or two
    # hands (the dead hand, a surrendered one), a space a brute force searches at once
    ("hidden", "hidden", {"profile": "generic", "computer_players": 5, **WINDOWS}),
    (
        "play1",
        "play",
        {"profile": "colorado", "computer_players": 2, "dragons_eye": True, **WINDOWS},
    ),
    ("play2", "play", {"profile": "maryland", "computer_players": 1, **WINDOWS}),
]


_keys = itertools.count(1)


async def adjust(
    w: World, source: str, door: str, *, token: str, who: str, body: dict[str, Any], key: str
) -> Any:
    """``POST /api/pit/accounts/{who}/adjust`` with the idempotency ``key`` in its body
    (docs/service.md); a service that takes no key in the body (its older form) is sent the
    key as an ``Idempotency-Key`` header instead, so that a run against it still shows what
    the same adjustment sent again does."""
    h = w.http(source)
    url = f"{door}/api/pit/accounts/{who}/adjust"
    r = await h.req("POST", url, token, {**body, "key": key})
    if r is not None and r.status_code == 422 and "extra_forbidden" in r.text and '"key"' in r.text:
        r = await h.req("POST", url, token, body, headers={"Idempotency-Key": key})
    return r


def new_key(w: World) -> str:
    """An idempotency key of its own for one intended adjustment."""
    return f"adj-{w.seed}-{w.setup.kind}-{next(_keys)}"


async def check_money(w: World, after: str) -> None:
    """The money invariant from the store, now (after ``after``)."""

    def read() -> list[str]:
        with store.snapshot(w.setup.db) as s:
            return store.ledger(s) + store.rounds(s) + store.operator_movements(s)

    try:
        found = await asyncio.to_thread(read)
    except Exception as e:  # the database away (a fault): checked again later
        w.rec.notes.append(f"money check after {after} not read: {type(e).__name__}")
        return
    w.rec.check("money")
    for f in found:
        inv = "rights" if "adjust" in f else "money"
        w.rec.violate(inv, re.sub(r"[0-9]+", "N", f)[:100], f"after {after}: {f}")


class HouseOperator:
    """The operator who runs the floor."""

    kind = "operator"

    def __init__(self, world: World, n: int) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.source = world.new_address()
        self.token = ""
        self.temp = itertools.count(1)

    async def open_tables(self) -> None:
        """Open the run's tables."""
        token = await self.w.operator(self.source)
        assert token, "the operator could not sign in"
        self.token = self.w.op_token = token
        for tid, role, opts in TABLES:
            await self._open(f"{tid}-{self.w.setup.kind[0]}", role, opts)

    async def _open(self, tid: str, role: str, opts: dict[str, Any]) -> None:
        r = await self.w.http(self.source).req(
            "POST", f"{self.w.door(self.rng)}/api/tables", self.token, {"id": tid, **opts}
        )
        if r is not None and r.status_code == 201:
            self.w.tables[tid] = Table(tid, role, opts)

    async def run(self) -> None:
        """Act on the floor now and then until the run stops."""
        while not self.w.stop.is_set():
            await asyncio.sleep(self.rng.uniform(2, 5))
            if self.w.stop.is_set():
                return
            pick = self.rng.random()
            if pick < 0.35:
                await self._temp_table()
            elif pick < 0.55:
                await self._pause_resume()
            elif pick < 0.7:
                await self._configure()
            elif pick < 0.9:
                await self._adjust()
            else:
                await self._surveillance()

    async def _post(self, path: str, body: Any = None, door: str | None = None) -> Any:
        self.w.rec.next_step("operator." + path.rsplit("/", 1)[-1])
        return await self.w.http(self.source).req(
            "POST", f"{door or self.w.door(self.rng)}{path}", self.token, body
        )

    async def _temp_table(self) -> None:
        """Open a table, let players come, close it (often while a round is open)."""
        tid = f"tmp{next(self.temp)}-{self.w.setup.kind[0]}"
        await self._open(tid, "temp", {"profile": "generic", "computer_players": 2, **WINDOWS})
        if tid not in self.w.tables:
            return
        await asyncio.sleep(self.rng.uniform(4, 12))
        for _ in range(40):  # a round open, if one comes
            r = await self.w.http(self.source).req(
                "GET", f"{self.w.door(self.rng)}/api/pit/floor", self.token
            )
            row: dict[str, Any] = {}
            if r is not None and r.status_code == 200:
                row = next((t for t in r.json() if t.get("id") == tid), {})
            if row.get("round_open"):
                break
            await asyncio.sleep(0.25)
        self.w.tables[tid].closed = True
        r = await self._post(f"/api/tables/{tid}/close")
        if r is not None and r.status_code != 200:
            self.w.close_refused.append((tid, f"{r.status_code} {r.text[:200]}"))
            text = r.text.lower()
            if "held" in text or "moved" in text:
                self.w.rec.violate(
                    "cluster", "close refused", f"the close of {tid} was refused: {r.text[:200]}"
                )
        await check_money(self.w, f"closing {tid}")

    async def _pause_resume(self) -> None:
        tables = sorted(t.id for t in self.w.tables.values() if not t.closed and t.role == "play")
        if not tables:
            return
        tid = self.rng.choice(tables)
        await self._post(f"/api/pit/tables/{tid}/pause")
        await asyncio.sleep(self.rng.uniform(0.5, 3))
        await self._post(f"/api/pit/tables/{tid}/resume")
        await check_money(self.w, f"pausing {tid}")

    async def _configure(self) -> None:
        tables = sorted(t.id for t in self.w.tables.values() if not t.closed and t.role == "play")
        if tables:
            tid = self.rng.choice(tables)
            body = {"min_wager": self.rng.choice([500, 1000])}
            await self._post(f"/api/pit/tables/{tid}/configure", body)
            await check_money(self.w, f"configuring {tid}")

    async def _adjust(self) -> None:
        names = sorted(self.w.names)
        if names:
            who = self.rng.choice(names)
            cents = self.rng.choice([100, 2500, -100])
            self.w.rec.next_step("operator.adjust")
            body = {"cents": cents, "reason": "goodwill credit"}
            door = self.w.door(self.rng)
            key = new_key(self.w)
            await adjust(self.w, self.source, door, token=self.token, who=who, body=body, key=key)
            await check_money(self.w, f"adjusting {who}")

    async def _surveillance(self) -> None:
        """A right an operator cannot give themself; a look without it is refused."""
        r = await self._post(f"/api/pit/accounts/{OPERATOR}/surveillance", {"surveillance": True})
        self.w.rec.check("rights")
        if r is not None and r.status_code < 300:
            self.w.rec.violate(
                "rights", "self surveillance", "an operator granted themself the surveillance right"
            )
        live = [t.id for t in self.w.tables.values() if not t.closed and t.role == "live"]
        if live:
            r = await self._post(f"/api/pit/tables/{live[0]}/look")
            if r is not None and r.status_code < 300:
                self.w.rec.violate(
                    "rights",
                    "look without right",
                    f"a look at {live[0]} without the right: {r.status_code}",
                )


class CarelessOperator:
    """An operator's mistakes and misuses of the wallet routes (each must be refused, or move
    money once)."""

    kind = "attacker"

    def __init__(self, world: World, n: int) -> None:
        self.w = world
        self.rng = world.rng(n)
        self.source = world.new_address()

    async def run(self) -> None:
        """Each misuse once, in an order drawn from the seed."""
        token = await self.w.operator(self.source)
        if not token:
            return
        while not self.w.names and not self.w.stop.is_set():
            await asyncio.sleep(0.5)
        if self.w.stop.is_set():
            return
        h = self.w.http(self.source)
        who = self.rng.choice(sorted(self.w.names))
        tries = [self._reason, self._invisible, self._retries, self._deposit, self._own]
        self.rng.shuffle(tries)
        for t in tries:
            if self.w.stop.is_set():
                return
            self.w.rec.next_step(f"attacker.operator.{t.__name__.strip('_')}")
            await t(h, token, who)
            await asyncio.sleep(self.rng.uniform(0.5, 2))
        await check_money(self.w, "the careless operator")

    async def _adjust(
        self, _h: Any, token: str, who: str, reason: str, key: str | None = None
    ) -> Any:
        door = self.w.door(self.rng)
        body = {"cents": 100, "reason": reason}
        key = key or new_key(self.w)
        return await adjust(self.w, self.source, door, token=token, who=who, body=body, key=key)

    async def _reason(self, h: Any, token: str, who: str) -> None:
        r = await self._adjust(h, token, who, "   ")
        self.w.rec.check("rights")
        if r is not None and r.status_code < 300:
            self.w.rec.violate(
                "rights", "blank reason", "an adjustment with a reason of three spaces moved money"
            )

    async def _invisible(self, h: Any, token: str, who: str) -> None:
        r = await self._adjust(h, token, who, "\u200b\u200b\u200b\u200b")
        self.w.rec.check("rights")
        if r is not None and r.status_code < 300:
            self.w.rec.violate(
                "rights",
                "invisible reason",
                "an adjustment with a reason of zero-width characters moved money",
            )

    async def _retries(self, h: Any, token: str, who: str) -> None:
        """The same adjustment sent 12 times under one key (a console retrying): moves once.
        Counted in the store's ledger by its reason, of this try alone (the player's wallet
        moves meanwhile with their buy-ins and cash-outs)."""
        n = self.rng.randint(0, 10**9)
        key, reason = f"adj-{self.w.seed}-{n}", f"retried credit {n}"
        for _ in range(12):
            await self._adjust(h, token, who, reason, key)

        def read() -> list[int]:
            with store.snapshot(self.w.setup.db) as s:
                return store.credits(s, who, reason)

        try:
            moved = await asyncio.to_thread(read)
        except Exception as e:  # the database away (a fault): not checked this time
            self.w.rec.notes.append(f"adjustment retries not read: {type(e).__name__}")
            return
        self.w.rec.check("rights")
        if len(moved) > 1 or sum(moved) > 100:
            self.w.rec.violate(
                "rights",
                "adjust idempotency",
                f"one adjustment of 100 cents sent 12 times under one idempotency key was "
                f"stored {len(moved)} times ({sum(moved)} cents)",
            )

    async def _deposit(self, h: Any, token: str, who: str) -> None:
        r = await h.req(
            "POST", f"{self.w.door(self.rng)}/api/wallets/{who}/deposit", token, {"cents": 10**12}
        )
        self.w.rec.check("rights")
        if r is not None and r.status_code < 300:
            self.w.rec.violate(
                "rights",
                "deposit without reason",
                "POST /api/wallets/{name}/deposit moved 10^12 cents with no reason",
            )
            await h.req(
                "POST",
                f"{self.w.setup.base}/api/wallets/{who}/deposit",
                token,
                {"cents": -(10**12)},
            )

    async def _own(self, h: Any, token: str, who: str) -> None:
        r = await self._adjust(h, token, OPERATOR, "own bonus")
        self.w.rec.check("rights")
        if r is not None and r.status_code < 300:
            self.w.rec.violate("rights", "own wallet", "an operator adjusted their own wallet")
