"""An in-process table for the service's bulk tests: the real :class:`TableActor` (commands,
rights, the dealer, projections) with the store replaced by memory, subscribers that keep every
message, and random players and operators who try legal and illegal actions."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any, cast

from paigow.errors import IllegalActionError
from paigow.service.accounts.auth import User
from paigow.service.store.store import Batch, Store
from paigow.service.tables.actor import TableActor
from paigow.service.tables.config import TableConfig
from paigow.service.tables.engine import TableEngine
from service_client import Feed

__all__ = ["PROFILES", "MemoryStore", "Sim", "Sub"]

#: Every profile, each with the table options that switch on its side wagers (Dragon's Eye,
#: Pair Fortunes): what the simulated tables of the tests play, as (profile, options).
PROFILES = [
    ("generic", {}),
    ("colorado", {"dragons_eye": True, "pair_fortunes": "1"}),
    ("maryland", {"pair_fortunes": "A"}),
    ("lucky-chances", {}),
    ("nj-supreme", {}),
]


class MemoryStore:
    """What the actor needs of a store, in memory: every buy-in is paid, and a batch is
    written unless ``refuse`` names why a batch with a buy-in is refused (as a wallet short,
    or a player's protection, refuses it in the database's transaction)."""

    def __init__(self) -> None:
        self.batches: list[Batch] = []
        self.refuse: str | None = None

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        return fn(*args)

    def buy_in_refusals(self, asks: list[tuple[str, int]]) -> list[str | None]:
        return [None] * len(asks)

    def commit(self, batch: Batch) -> None:
        if self.refuse is not None and any(m.reason == "buy-in" for _s, m in batch.moves):
            raise IllegalActionError(self.refuse)
        self.batches.append(batch)


class Sub:
    """A subscriber that hands every message, when it is sent, to ``check``: a ``delta``
    applied to the state it was sent before, as the ``event`` it amounts to, with its
    ``patch`` (what was sent) kept."""

    def __init__(self, user: User, check: Callable[[Sub, dict[str, Any]], None]) -> None:
        self.user = user
        self.check = check
        self.count = 0
        self.feed = Feed()
        #: Characters of the frames sent as text (deltas).
        self.chars = 0
        #: The ``results`` the frames carried (commands sent with ``reply_to`` this subscriber).
        self.results: list[dict[str, Any]] = []

    def push(self, message: dict[str, Any] | str) -> None:
        self.count += 1
        if isinstance(message, str):
            self.chars += len(message)
            message = json.loads(message)
        assert isinstance(message, dict)
        got = self.feed.take(message)
        assert got is not None, f"a delta did not apply: {message}"
        for r in message.get("results", []):  # after the change they answer
            assert r.get("seq") is None or r["seq"] <= got["state"]["seq"], (r, got["state"])
            self.results.append(r)
        if message.get("type") == "delta":
            got = {**got, "patch": message["patch"]}
        self.check(self, got)


class Sim:
    """A table played by random people."""

    def __init__(
        self, config: TableConfig, players: int, seed: int, irregular: float = 0.03
    ) -> None:
        """``irregular``: the share of steps at which an operator or a player enters an
        irregularity instead of the decision the table waits for."""
        self.rng = random.Random(seed)
        self.irregular = irregular
        self.store = MemoryStore()
        self.actor = TableActor(TableEngine(config), cast(Store, self.store), random.Random(seed))
        self.users = [User(i + 1, f"p{i + 1}", "player") for i in range(players)]
        self.operator = User(99, "op", "operator")
        self.spectator = User(98, "watcher", "player")
        self.subs = [Sub(u, self._check) for u in [*self.users, self.operator, self.spectator]]
        self.n = 0
        self.rounds: dict[int, Any] = {}
        self.checker: Callable[[Sim, Sub, dict[str, Any]], None] | None = None
        #: The subscriber of each player whose commands are answered inside its frames (a
        #: connection opened with ``/ws?results=inline``), and every command's answer.
        self.inline: dict[str, Sub] = {}
        self.answers: list[tuple[User, str, dict[str, Any]]] = []

    def _check(self, sub: Sub, message: dict[str, Any]) -> None:
        e = self.actor.engine
        if e.round is not None:
            self.rounds[e.session.rounds + 1] = e.round
        if e.last_round is not None:
            self.rounds[e.session.rounds] = e.last_round
        if self.checker is not None:
            self.checker(self, sub, message)

    async def start(self) -> None:
        self.actor.start()
        for s in self.subs:
            await self.actor.subscribe(s)
        n = self.actor.engine.profile.table.positions
        seats = self.rng.sample(range(1, n + 1), len(self.users))
        for u, seat in zip(self.users, seats, strict=True):
            await self.cmd(u, "sit", {"seat": str(seat), "cents": 200_000})

    async def cmd(self, user: User, action: str, args: dict[str, Any]) -> dict[str, Any]:
        self.n += 1
        key = f"k{self.n}"
        r = await self.actor.command(user, key, action, args, reply_to=self.inline.get(user.name))
        assert r.get("error") != "internal error", (action, args)
        self.answers.append((user, key, r))
        return r

    async def step(self) -> None:
        """One decision by whoever the table waits for (or an operator's expiry)."""
        a = self.actor
        w = a.wait
        if w is None:
            await self.cmd(self.operator, "resume", {})
            return
        if self.rng.random() < self.irregular:
            await self._irregular()
            return
        people = [u for u in self.users if u.name in w.who]
        if not people or self.rng.random() < 0.02:
            await self.cmd(self.operator, "expire", {})
            return
        u = self.rng.choice(people)
        for action, args in self._choices(u, w.what):
            await self.cmd(u, action, args)

    def _choices(self, u: User, what: str) -> list[tuple[str, dict[str, Any]]]:
        e = self.actor.engine
        rnd = e.round
        r = self.rng
        prof = e.profile
        if what == "bank offer":
            accept = r.random() < 0.3
            return [("bank", {"accept": accept, "co_bank": accept and r.random() < 0.3})]
        assert rnd is not None
        me = u.name
        if what == "wagers":
            out: list[tuple[str, dict[str, Any]]] = []
            if rnd.banker.player == me and rnd.banker.kind == "player-dealer":
                out.append(("pd_stake", {"cents": r.choice([0, 2000, 10_000])}))
            elif rnd.banker.player == me and r.random() < 0.3:
                out.append(("dealer_wager", {"cents": r.choice([0, 100, 10**6])}))
            spot = e.seats[me]
            lo = prof.table.min_wager
            if r.random() < 0.85:
                out.append(("wager", {"spot": spot, "cents": r.choice([lo, 2 * lo, 5 * lo])}))
            for kind in ("pair-fortunes", "de-odd", "de-match", "dice-bonus", "supreme-bonus"):
                if r.random() < 0.25:
                    out.append(("wager", {"spot": spot, "cents": max(lo, 100), "kind": kind}))
            if r.random() < 0.05:
                out.append(("wager", {"spot": r.choice("123456"), "cents": lo}))
            if r.random() < 0.05 and rnd.wagers:
                out.append(("remove_wager", {"ref": r.choice(rnd.wagers).ref}))
            return [*out, ("ready", {})]
        if what in ("cut", "style"):
            if what == "cut":
                return [("cut", {"cut": None})]
            return [("style", {"style": r.choice(list(prof.dealing.styles))})]
        if what == "roll":
            return [("roll", {})]
        if what == "setting":
            out = []
            for spot in rnd.unset_spots():
                if rnd.controller(spot) != me:
                    continue
                if r.random() < 0.3:
                    out.append(("house_way", {"spot": spot}))
                else:
                    s = r.choice(rnd.legal_settings(spot))
                    pieces = [str(t) for t in s.tiles] if hasattr(s, "tiles") else []
                    if len(pieces) == 4:
                        out.append(("set", {"spot": spot, "high": pieces[:2], "low": pieces[2:]}))
                    else:
                        out.append(("house_way", {"spot": spot}))
            return out
        if what == "bank_set":
            return [("bank_set", {})]
        if what == "surrender":
            mine = [s for s in rnd.settings if rnd.controller(s) == me]
            if mine and r.random() < 0.15:
                return [("surrender", {"spot": r.choice(mine)}), ("stand", {})]
            return [("stand", {})]
        return []

    async def _irregular(self) -> None:
        e = self.actor.engine
        rnd = e.round
        r = self.rng
        if rnd is None:
            return
        ring = list(rnd.ring)
        choice = r.choice(["expose", "off", "void_hand", "void", "no_roll", "stack"])
        if choice == "expose":
            await self.cmd(
                self.operator,
                "expose_dealt",
                {"position": r.choice(ring), "count": r.choice([1, 1, 2])},
            )
        elif choice == "off":
            await self.cmd(self.operator, "tile_off_table", {"position": r.choice(ring)})
        elif choice == "void_hand":
            u = r.choice(self.users)
            await self.cmd(u, "void_hand", {"spot": e.seats.get(u.name, "1")})
        elif choice == "void" and r.random() < 0.2:
            await self.cmd(self.operator, "void", {"reason": "dealer error"})
        elif choice == "no_roll":
            await self.cmd(self.operator, "no_roll", {"reason": "a die left the table"})
        elif choice == "stack" and rnd.dealt == {} and rnd.order:
            await self.cmd(self.operator, "expose_stacking", {"pieces": [str(rnd.order[0])]})

    def run(self, rounds: int, check: Callable[[Sim, Sub, dict[str, Any]], None]) -> None:
        """Play ``rounds`` rounds, calling ``check`` on every message when it is sent."""
        self.checker = check

        async def main() -> None:
            await self.start()
            guard = 0
            while self.actor.engine.session.rounds < rounds:
                await self.step()
                guard += 1
                assert guard < rounds * 400, "the table is stuck"

            await self.actor.stop()

        asyncio.run(main())
