"""The commands that wait together in a table's queue make one batch (src/paigow/service/
batches.py, docs/reliability.md "One batch per gathered queue"): the commands of several
senders applied in order, one chain of dealer steps, one commit, one broadcast — with each
command still all-or-nothing on its own:

* several senders' commands waiting together are written in one transaction (the store's
  counters), each stored with its sender and idempotency key;
* a command the rules refuse, or the wallet, or the session check, answers its sender with the
  error it gets alone, while the others are applied and stored;
* a batch the database does not write (the connection lost) is tried again one command at a
  time; one it wrote though the answer was lost is told once, never applied twice;
* every sender sees its update before its result, an idempotency key is applied at most once,
  and the stored commands replay to the live table (generated bursts, hypothesis).

Run on SQLite and PostgreSQL (the store's own checks: wallets, protection, sessions).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import random
from pathlib import Path
from typing import Any, cast

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from paigow.service.accounts.auth import User
from paigow.service.db.accounts_sql import now
from paigow.service.store.groupcommit import GroupCommit
from paigow.service.store.store import Batch, Store
from paigow.service.tables.actor import TableActor
from paigow.service.tables.config import TableConfig
from paigow.service.tables.engine import TableEngine
from paigow.table.observation import OPERATOR
from paigow.table.record import round_record
from service_fixtures import BACKENDS, db_url, pg_cluster
from service_sim import Sim, Sub

__all__ = ["pg_cluster"]

NAMES = ["ann", "bea", "cid", "dot", "eve"]


def _config(table_id: str = "t") -> TableConfig:
    return TableConfig(id=table_id, profile="generic", pause_seconds=0, computer_players=0)


class Table:
    """A table actor on a real store, its players signed in (a live session each), a
    subscriber per player that records the sequence numbers it was told."""

    def __init__(self, store: Store, seed: int = 5, table_id: str = "t") -> None:
        self.store = store
        self.actor = TableActor(TableEngine(_config(table_id)), store, random.Random(seed))
        self.actor.committer = GroupCommit(store).commit
        self.users = {n: User(i + 1, n, "player") for i, n in enumerate(NAMES)}
        self.operator = User(99, "op", "operator")
        self.told: dict[str, set[int]] = {n: set() for n in NAMES}
        self.frames = 0
        self.n = 0

    def check(self, sub: Sub, msg: dict[str, Any]) -> None:
        if sub.user.name == NAMES[0] and msg["type"] == "event":
            self.frames += 1
        for ev in msg.get("events", []):
            self.told[sub.user.name].add(ev["seq"])

    async def start(self) -> None:
        self.actor.start()
        for u in self.users.values():
            await self.actor.subscribe(Sub(u, self.check))

    async def send(self, name: str, action: str, args: dict[str, Any], session: str = "") -> Any:
        """A command of ``name`` with its live session (or ``session``), and whether the
        sender had been told its update when it got its result."""
        self.n += 1
        r = await self.actor.command(
            self.users[name], f"k{self.n}", action, args, session or f"live-{name}"
        )
        told = r.get("seq") is None or r["seq"] in self.told[name]
        return {**r, "told_first": told}

    async def together(self, *cmds: tuple[str, str, dict[str, Any]]) -> list[dict[str, Any]]:
        """The commands sent at once (they wait together in the table's queue)."""
        return list(await asyncio.gather(*(self.send(n, a, args) for n, a, args in cmds)))

    async def to_wagers(self) -> None:
        """One command at a time until the table waits for wagers (bank offers declined)."""
        for _ in range(50):
            w = self.actor.wait
            if w is not None and w.what == "wagers":
                return
            if w is not None and w.what == "bank offer" and w.who:
                await self.send(w.who[0], "bank", {"accept": False})
            else:
                self.n += 1
                await self.actor.command(self.operator, f"k{self.n}", "expire", {})
        raise AssertionError(f"the table did not come to its wagers: {self.actor.wait}")


def _store(backend: str, tmp: Path, request: pytest.FixtureRequest, cls: type = Store) -> Store:
    store = cast(Store, cls(db_url(backend, tmp, request)))
    store.migrate()
    store.open_table("t", _config().to_json())
    for name in NAMES:
        uid = store.create_user(name, "x", "player", 1_000_000)
        store.add_session(f"live-{name}", uid, now() + dt.timedelta(hours=1))
    return store


def _replayed(store: Store, live: TableEngine, table_id: str = "t") -> None:
    """The stored commands, applied to a new table, give the live table."""
    again = TableEngine(_config(table_id))
    for row in store.ops(table_id):
        again.apply(row.command)
    assert again.session.stacks == live.session.stacks
    assert again.session.rounds == live.session.rounds
    assert (again.round is None) == (live.round is None)
    if live.round is not None:
        assert again.round is not None
        assert round_record(again.round) == round_record(live.round)


@pytest.mark.parametrize("backend", BACKENDS)
def test_several_senders_commands_waiting_together_are_one_transaction(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Four players who sit down at once, then wager at once, then say they are ready at once:
    each time their commands and the dealer's steps after them are written in one
    transaction and told in one frame; each command is stored with its sender and its
    idempotency key, and answered after its sender was told it."""
    store = _store(backend, tmp_path, request)
    t = Table(store)

    async def main() -> None:
        await t.start()
        before = store.transactions, t.frames
        sits = await t.together(
            *((n, "sit", {"seat": str(i + 1), "cents": 20_000}) for i, n in enumerate(NAMES[:4]))
        )
        assert [r["status"] for r in sits] == ["applied"] * 4
        assert (store.transactions, t.frames) == (before[0] + 1, before[1] + 1)
        stored = {(o.actor, o.idem_key): o.seq for o in store.ops("t") if o.idem_key}
        assert stored == {
            (n, f"k{i + 1}"): r["seq"] for i, (n, r) in enumerate(zip(NAMES[:4], sits, strict=True))
        }
        await t.to_wagers()
        least = t.actor.engine.profile.table.min_wager
        for action, args in (("wager", {"cents": least}), ("ready", {})):
            before = store.transactions, t.frames
            seated = t.actor.engine.seats
            found = await t.together(
                *((n, action, {**args, "spot": seated[n]} if args else {}) for n in NAMES[:4])
            )
            assert [r["status"] for r in found] == ["applied"] * 4, found
            assert all(r["told_first"] for r in found)
            assert (store.transactions, t.frames) == (before[0] + 1, before[1] + 1)
        assert t.actor.wait is not None and t.actor.wait.what != "wagers"  # the dealer went on
        await t.actor.stop()

    asyncio.run(main())
    _replayed(store, t.actor.engine)
    store.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_groups_in_flight_one_on_sqlite_several_allowed_on_postgresql(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """SQLite has one writer, so a group commit with more groups in flight is refused. On
    PostgreSQL the service writes one group at a time (src/paigow/service/store/groupcommit.py), but
    more may be asked for a database across a network: six tables sharing three groups in
    flight have every command applied, stored once and replayed to the live table."""
    store = _store(backend, tmp_path, request)
    if backend == "sqlite":
        with pytest.raises(ValueError, match="groups in flight"):
            GroupCommit(store, parallel=2)
        store.close()
        return
    ids = [f"t{i}" for i in range(6)]
    for tid in ids:
        store.open_table(tid, _config(tid).to_json())
    group = GroupCommit(store, parallel=3)
    tables = [Table(store, seed=i, table_id=tid) for i, tid in enumerate(ids)]
    for t in tables:
        t.actor.committer = group.commit

    async def main() -> list[list[dict[str, Any]]]:
        for t in tables:
            await t.start()
        sits = [(n, "sit", {"seat": str(i + 1), "cents": 20_000}) for i, n in enumerate(NAMES)]
        found = await asyncio.gather(*(t.together(*sits) for t in tables))
        for t in tables:
            await t.actor.stop()
        return list(found)

    found = asyncio.run(main())
    assert [[r["status"] for r in rs] for rs in found] == [["applied"] * len(NAMES)] * len(ids)
    assert group.batches >= len(ids)
    for t, tid in zip(tables, ids, strict=True):
        keys = [(o.actor, o.idem_key) for o in store.ops(tid) if o.idem_key]
        assert sorted(keys) == sorted((n, f"k{i + 1}") for i, n in enumerate(NAMES))
        _replayed(store, t.actor.engine, tid)
    store.close()


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_refused_command_answers_its_sender_alone_and_the_others_are_applied(
    backend: str, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """Five players sit down at once: one takes a seat taken by the command before it (the
    rules refuse it), one buys in for more than its wallet holds (refused, in words, before
    the table takes it: the store is asked first), one sends from a session that was signed
    out (the session check refuses the batch). Each of the three is answered with the error
    the same command gets sent alone; the two others are applied and stored, and nothing of
    the refused ones is."""
    store = _store(backend, tmp_path, request)
    t = Table(store)
    senders: list[set[str]] = []
    group = GroupCommit(store)

    async def commit(b: Batch) -> str:
        senders.append({o.actor for o in b.ops if o.idem_key is not None})
        return await group.commit(b)

    t.actor.committer = commit
    sits = [
        ("ann", {"seat": "1", "cents": 20_000}, ""),
        ("bea", {"seat": "1", "cents": 20_000}, ""),  # taken by ann just before
        ("cid", {"seat": "3", "cents": 5_000_000}, ""),  # the wallet holds 1,000,000
        ("dot", {"seat": "4", "cents": 20_000}, "signed-out"),
        ("eve", {"seat": "5", "cents": 20_000}, ""),
    ]

    async def main() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        await t.start()
        found = await asyncio.gather(*(t.send(n, "sit", a, s) for n, a, s in sits))
        alone = [await t.send(n, "sit", a, s) for n, a, s in sits[1:4]]
        await t.actor.stop()
        return list(found), alone

    found, alone = asyncio.run(main())
    assert [r["status"] for r in found] == ["applied", "refused", "refused", "refused", "applied"]
    # one batch of the three the rules and the wallets let in, refused by the store's
    # session check; then one at a time
    assert senders[:4] == [{"ann", "dot", "eve"}, {"ann"}, {"dot"}, {"eve"}]
    assert [r["error"] for r in found[1:4]] == [r["error"] for r in alone]
    assert "seat 1 is taken" in found[1]["error"]
    assert found[2]["error"] == (
        "your wallet holds $10,000.00: a buy-in of $50,000.00 is more than it holds"
    )
    assert "signed out" in found[3]["error"]
    assert all(r["told_first"] for r in found)
    assert t.actor.engine.seats == {"ann": "1", "eve": "5"}
    sat = [o.actor for o in store.ops("t") if o.command["a"] == "sit"]
    assert sat == ["ann", "eve"]
    balances = store.balances("")
    assert balances["wallet:cid"] == balances["wallet:dot"] == balances["wallet:bea"] == 1_000_000
    assert balances["wallet:ann"] == balances["wallet:eve"] == 1_000_000 - 20_000
    _replayed(store, t.actor.engine)
    store.close()


class LosesAnswers(Store):
    """A store whose first commit of a batch of several senders fails: before writing it
    (``after=False``: the connection lost) or after (the answer lost)."""

    after = False
    lost = 0

    def commit(self, batch: Batch) -> str:
        senders = {o.actor for o in batch.ops if o.idem_key is not None}
        if len(senders) < 2 or self.lost:
            return super().commit(batch)
        self.lost += 1
        if self.after:
            super().commit(batch)
        raise sa.exc.OperationalError("COMMIT", {}, Exception("the connection was lost"))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("after", [False, True], ids=["before-writing", "after-writing"])
def test_a_batch_the_database_did_not_confirm(
    backend: str, after: bool, tmp_path: Path, request: pytest.FixtureRequest
) -> None:
    """The commit of three senders' batch fails. Not written: the table goes back to the state
    before it and the three commands are tried again one at a time, each its own transaction,
    all applied. Written though its answer was lost: the store is asked, the batch is told
    once, nothing is applied twice (a retry of a key is a duplicate)."""
    store = cast(LosesAnswers, _store(backend, tmp_path, request, LosesAnswers))
    store.after = after
    t = Table(store)
    t.actor.committer = None  # the store's own commit, one batch a transaction

    async def main() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        await t.start()
        found = await t.together(
            *((n, "sit", {"seat": str(i + 1), "cents": 20_000}) for i, n in enumerate(NAMES[:3]))
        )
        again = await t.actor.command(t.users["ann"], "k1", "sit", {"seat": "1", "cents": 1})
        await t.actor.stop()
        return found, again

    before = store.transactions
    found, again = asyncio.run(main())
    assert store.lost == 1
    assert [r["status"] for r in found] == ["applied"] * 3
    assert all(r["told_first"] for r in found)
    assert again["status"] == "duplicate" and again["seq"] == found[0]["seq"]
    assert store.transactions - before == (1 if after else 3)
    assert [o.actor for o in store.ops("t") if o.command["a"] == "sit"] == NAMES[:3]
    assert [o.seq for o in store.ops("t")] == list(range(1, len(store.ops("t")) + 1))
    _replayed(store, t.actor.engine)
    store.close()


PLAYS = st.sampled_from(["play", "play", "play", "junk", "retry", "sit_out", "sit_in"])
JUNK: list[tuple[str, dict[str, Any]]] = [
    ("wager", {"spot": "6", "cents": 500}),
    ("wager", {"spot": "1", "cents": -5}),
    ("set", {"spot": "1", "high": ["6-6", "4-5"], "low": ["1-2", "3-3"]}),
    ("bank_set", {}),
    ("roll", {}),
    ("stand", {}),
    ("sit", {"seat": "1", "cents": 5000}),
    ("expire", {}),
]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    bursts=st.lists(
        st.lists(st.tuples(st.integers(0, 3), PLAYS), min_size=2, max_size=7),
        min_size=4,
        max_size=30,
    ),
)
def test_generated_bursts_keep_order_idempotency_and_replay(
    seed: int, bursts: list[list[tuple[int, str]]]
) -> None:
    """Bursts of commands of four players sent at once — their legal choices, illegal ones,
    retries of a key sent before, sitting out and back — gathered into batches: every sender
    is told its update before its result, no answer is an internal error, a key is applied at
    most once (a duplicate answers the sequence number of the first), and the stored commands,
    replayed on a new table, give the live table."""
    sim = Sim(_config(), players=4, seed=seed)
    rng = random.Random(seed)
    told: dict[str, set[int]] = {u.name: set() for u in sim.users}
    sent: list[tuple[User, str, str, dict[str, Any]]] = []
    answers: dict[tuple[str, str], list[dict[str, Any]]] = {}

    def check(_s: Sim, sub: Sub, msg: dict[str, Any]) -> None:
        if sub.user.name in told:
            told[sub.user.name].update(e["seq"] for e in msg.get("events", []))

    async def one(u: User, key: str, action: str, args: dict[str, Any]) -> None:
        r = await sim.actor.command(u, key, action, args)
        assert r.get("error") != "internal error", (action, args)
        if r["status"] == "applied" and r.get("seq") is not None:
            assert r["seq"] in told[u.name], (u.name, action, r)
        answers.setdefault((u.name, key), []).append(r)

    def commands(u: User, kind: str) -> list[tuple[str, str, dict[str, Any]]]:
        w = sim.actor.wait
        if kind == "retry" and sent:
            was = rng.choice([s for s in sent if s[0] is u] or sent)
            return [(was[1], was[2], was[3])] if was[0] is u else []
        if kind in ("sit_out", "sit_in"):
            picked: list[tuple[str, dict[str, Any]]] = [(kind, {})]
        elif kind == "junk":
            picked = [rng.choice(JUNK)]
        elif w is not None and u.name in w.who:
            picked = sim._choices(u, w.what)
        else:
            picked = [("ready", {})]
        out = []
        for action, args in picked:
            sim.n += 1
            out.append((f"k{sim.n}", action, args))
        return out

    async def main() -> None:
        sim.checker = check
        await sim.start()
        for burst in bursts:
            calls = []
            for i, kind in burst:
                u = sim.users[i]
                for key, action, args in commands(u, kind):
                    sent.append((u, key, action, args))
                    calls.append(one(u, key, action, args))
            await asyncio.gather(*calls)
            if sim.actor.wait is None or not set(sim.actor.wait.who) - sim.actor.floor.away:
                await sim.cmd(sim.operator, "expire", {})
        await sim.actor.stop()

    asyncio.run(main())
    ops = [o for b in sim.store.batches for o in b.ops]
    assert [o.seq for o in ops] == list(range(1, len(ops) + 1))
    keyed = [(o.actor, o.idem_key) for o in ops if o.idem_key is not None]
    assert len(keyed) == len(set(keyed))  # each key applied at most once
    first = {(o.actor, o.idem_key): o.seq for o in ops if o.idem_key is not None}
    for k, rs in answers.items():
        for r in rs:
            if r["status"] == "duplicate":
                assert r["seq"] == first[k], (k, rs)
    again = TableEngine(_config())
    for o in ops:
        again.apply(o.command)
    live = sim.actor.engine
    assert again.session.stacks == live.session.stacks
    assert json.dumps(again.view(OPERATOR), sort_keys=True, default=str) == json.dumps(
        live.view(OPERATOR), sort_keys=True, default=str
    )
