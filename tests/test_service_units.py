"""The service's parts on their own: per-viewer observations of the engine (R-SET-02, R-SURR-01,
TC-32, R-DEAL-03, R-SETTLE-01), the engine adapter's all-or-nothing commands and their replay,
the protocol parser, and the store's ledger and migrations."""

from __future__ import annotations

import asyncio
import datetime as dt
import functools
import json
import logging
import pickle
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from paigow.service.db.accounts_sql import Move, now
from paigow.service.db.chain import GENESIS
from paigow.service.store.store import Batch, OpRow, Store
from paigow.service.tables.conduct import Floor, Wait, next_step
from paigow.service.tables.config import TableConfig
from paigow.service.tables.engine import TableEngine
from paigow.service.wire.protocol import ProtocolError, parse_args, parse_message
from paigow.table.observation import (
    OPERATOR,
    SPECTATOR,
    SURVEILLANCE,
    Viewer,
    observe,
    observe_all,
    observe_op,
    observe_ops,
)
from paigow.table.record import round_record
from paigow.table.redaction import redact_record


def engine_at(phase: str, seed: int = 1, profile: str = "generic") -> tuple[TableEngine, list[Any]]:
    """A table with two players (a and b) who wager, driven to ``phase``; the commands."""
    e = TableEngine(TableConfig(id="u", profile=profile))
    cmds: list[Any] = [
        {"a": "sit", "player": "a", "seat": "1", "cents": 10_000},
        {"a": "sit", "player": "b", "seat": "2", "cents": 10_000},
    ]
    for c in cmds:
        e.apply(c)
    floor = Floor()
    rng = random.Random(seed)
    while e.round is None or e.round.phase != phase:
        step = next_step(e, floor, rng)
        if isinstance(step, Wait):
            if step.what == "wagers":
                for p in ("a", "b"):
                    c = {"a": "wager", "player": p, "spot": e.seats[p], "cents": 500}
                    e.apply(c)
                    cmds.append(c)
            floor.expired.add(step.key)
            continue
        assert step is not None
        e.apply(step)
        cmds.append(step)
    return e, cmds


def test_hands_are_face_down_until_exposure() -> None:
    """R-DEAL-01 / R-SET-02: after the deal a player sees only their own hand; the spectator
    and the operator (the floor) none; surveillance every hand; the stack order nobody
    (R-SHUF-03)."""
    e, _ = engine_at("setting")
    rnd = e.round
    assert rnd is not None
    a = observe(rnd, Viewer.seat("a"))["positions"]
    assert a["1"]["pieces"] is not None and a["2"]["pieces"] is None
    assert a["dealer"]["pieces"] is None
    assert all(p["pieces"] is None for p in observe(rnd, SPECTATOR)["positions"].values())
    assert observe(rnd, OPERATOR) == observe(rnd, SPECTATOR)
    eye = observe(rnd, SURVEILLANCE)["positions"]
    assert all(eye[p]["pieces"] is not None for p in rnd.dealt if p not in rnd.collected)
    for viewer in (OPERATOR, SURVEILLANCE):
        assert "order" not in json.dumps(observe(rnd, viewer))
        assert "order" not in json.dumps([observe_op(rnd, i, viewer) for i in range(len(rnd.log))])


def test_a_viewer_is_a_value_whose_hash_is_made_again_where_it_is_unpickled() -> None:
    """A viewer keeps its hash (made once); equal viewers are one key, and a viewer pickled in
    a process whose strings hash otherwise finds its equal where it is unpickled."""
    assert Viewer.seat("a") == Viewer("seat", "a") and {Viewer.seat("a"): 1}[Viewer("seat", "a")]
    assert hash(SPECTATOR) == hash(Viewer("spectator")) and Viewer.seat("a") != SPECTATOR
    code = "import pickle, sys; from paigow.table.observation import Viewer; "
    code += "sys.stdout.buffer.write(pickle.dumps(Viewer.seat('a')))"
    for seed in ("1", "2"):
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            check=True,
            env={"PYTHONHASHSEED": seed, "PATH": "", "PYTHONPATH": ":".join(sys.path)},
        )
        assert {Viewer.seat("a"): "found"}.get(pickle.loads(done.stdout)) == "found"


def test_the_floor_sees_a_settled_round_whole() -> None:
    """Once a round is settled the operator sees every hand, the surrendered one (TC-32) and
    the stacks collected unexposed (R-DEAL-03) too; players and spectators still do not."""
    e, _ = engine_at("surrender")
    e.apply({"a": "surrender", "spot": "2"})
    rnd = e.round
    assert rnd is not None
    assert observe(rnd, OPERATOR)["positions"]["2"]["pieces"] is None  # not settled yet
    e.apply({"a": "settle"})
    op = observe(rnd, OPERATOR)["positions"]
    assert all(op[p]["pieces"] is not None for p in rnd.dealt if p not in rnd.collected)
    assert observe(rnd, SPECTATOR)["positions"]["2"]["pieces"] is None


def test_surrendered_and_collected_hands_stay_hidden() -> None:
    """TC-32: a surrendered hand is collected unexposed; R-DEAL-03: unwagered stacks are
    collected unexposed; R-SETTLE-01: the other hands are exposed to everyone at settlement."""
    e, _ = engine_at("surrender")
    e.apply({"a": "surrender", "spot": "2"})
    e.apply({"a": "settle"})
    rnd = e.round
    assert rnd is not None
    spec = observe(rnd, SPECTATOR)["positions"]
    assert spec["1"]["pieces"] is not None and spec["dealer"]["pieces"] is not None
    assert spec["2"]["pieces"] is None  # surrendered
    assert all(spec[p]["pieces"] is None for p in rnd.collected)
    assert observe(rnd, Viewer.seat("b"))["positions"]["2"]["pieces"] is not None


def test_a_surrendered_hands_comparisons_are_shown_only_to_who_sees_it() -> None:
    """TC-32: a surrendered hand is collected unexposed, so its comparisons with the dealer's
    (which half won) are not shown to anyone else either: not in the round's results, not in
    the settle operation, not in the record recalled. Its player, and the floor once the round
    is settled, see them; the exposed hands' comparisons are everyone's (R-SETTLE-01)."""
    e, _ = engine_at("surrender")
    e.apply({"a": "surrender", "spot": "2"})
    e.apply({"a": "settle"})
    rnd = e.round
    assert rnd is not None
    gave_up = {ref for ref, r in rnd.results.items() if r.get("spot") == "2"}
    kept = {ref for ref, r in rnd.results.items() if r.get("spot") == "1"}
    assert gave_up and kept and all("high" in rnd.results[ref] for ref in gave_up | kept)
    settle = next(i for i, op in enumerate(rnd.log) if op.kind == "settle")
    b, others = Viewer.seat("b"), [SPECTATOR, Viewer.seat("a")]
    for viewer in [*others, b, OPERATOR]:
        sees = viewer not in others
        results = observe(rnd, viewer)["results"]
        one = observe_all(rnd, [viewer, SPECTATOR])[viewer]["results"]
        op = observe_op(rnd, settle, viewer)["data"]["results"]
        told = observe_ops(rnd, [settle], [viewer, SPECTATOR])[viewer][0]["data"]["results"]
        for got in (results, one, op, told):
            assert all(("high" in got[ref] and "low" in got[ref]) == sees for ref in gave_up)
            assert all(got[ref]["high"] == rnd.results[ref]["high"] for ref in kept)
            assert all(got[ref]["result"] == "surrender" for ref in gave_up)
    rec = e.apply({"a": "finish"}).record
    assert rec is not None
    for viewer in others:
        red = redact_record(rec, viewer)
        assert all("high" not in w for w in red["positions"]["2"]["wagers"])
        settled = next(o for o in red["operations"] if o["kind"] == "settle")
        assert all("high" not in settled["data"]["results"][ref] for ref in gave_up)
    assert "high" in next(iter(redact_record(rec, b)["positions"]["2"]["wagers"]))


def test_recall_record_is_redacted_for_players() -> None:
    """A player's recall hides the stack order and the hands never exposed; the operator's is
    the engine's whole record."""
    e, _ = engine_at("surrender")
    e.apply({"a": "settle"})
    rec = e.apply({"a": "finish"}).record
    assert rec is not None
    assert redact_record(rec, OPERATOR) == rec
    red = redact_record(rec, Viewer.seat("a"))
    shuffle = next(o for o in red["operations"] if o["kind"] == "shuffle")
    assert "order" not in shuffle["data"]
    assert all(
        red["positions"][p]["dealt"] is None
        for p in rec["positions"]
        if rec["positions"][p]["collected"]
    )
    assert red["positions"]["1"]["dealt"] == rec["positions"]["1"]["dealt"]


ACTIONS = st.sampled_from(
    [
        "wager",
        "set",
        "house_way",
        "surrender",
        "remove_wager",
        "void_hand",
        "roll",
        "deal",
        "settle",
        "bank_set",
        "tile_off_table",
        "expose_dealt",
        "cut",
        "style",
        "pd_wager",
    ]
)
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-5, 10**7),
    st.floats(allow_nan=True),
    st.sampled_from(["1", "2", "dealer", "dead", "a", "b", "6-6", "w1", "a:3-4:right", ""]),
    st.lists(st.sampled_from(["6-6", "4-5", "1-2", "3-3", "As"]), max_size=3),
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(
        st.tuples(
            ACTIONS,
            st.dictionaries(
                st.sampled_from(
                    [
                        "player",
                        "spot",
                        "cents",
                        "kind",
                        "high",
                        "low",
                        "ref",
                        "position",
                        "count",
                        "cut",
                        "style",
                        "dice",
                    ]
                ),
                VALUES,
                max_size=5,
            ),
        ),
        max_size=12,
    ),
    st.sampled_from(["wagers", "setting", "surrender"]),
)
def test_commands_are_all_or_nothing_and_replay(
    cmds: list[tuple[str, dict[str, Any]]], phase: str
) -> None:
    """A refused command of any shape leaves the table exactly as it was; the accepted
    commands, applied to a new table, rebuild the same table."""
    e, history = engine_at(phase)
    for action, args in cmds:
        rnd = e.round
        assert rnd is not None
        before = (json.dumps(round_record(rnd), sort_keys=True), dict(e.session.stacks))
        cmd = {"a": action, **args}
        try:
            e.apply(cmd)
        except Exception as exc:
            from paigow.errors import PaigowError

            assert isinstance(exc, PaigowError), exc
            assert e.round is not None
            after = (json.dumps(round_record(e.round), sort_keys=True), dict(e.session.stacks))
            assert after == before
        else:
            history.append(cmd)
        if e.round is None:
            break
    again = TableEngine(TableConfig(id="u", profile="generic"))
    for c in history:
        again.apply(c)
    if e.round is not None:
        assert again.round is not None
        assert round_record(again.round) == round_record(e.round)
    assert again.session.stacks == e.session.stacks


@settings(max_examples=300, deadline=None)
@given(
    st.recursive(
        st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=8), st.floats()),
        lambda inner: st.one_of(
            st.lists(inner, max_size=4),
            st.dictionaries(
                st.sampled_from(["type", "table", "id", "action", "args", "watch", "x"]),
                inner,
                max_size=5,
            ),
        ),
        max_leaves=12,
    )
)
def test_protocol_parser_answers_every_value(value: Any) -> None:
    """Any JSON value is a message or a ProtocolError naming what is wrong."""
    try:
        msg = parse_message(value)
    except ProtocolError as e:
        assert str(e)
        return
    if msg.type == "command":
        assert msg.action is not None
        try:
            parse_args(msg.action, msg.args)
        except ProtocolError as e:
            assert str(e)


def test_the_floor_message_has_only_watch() -> None:
    """``{"type": "floor"}`` follows the pit's floor and ``"watch": false`` stops; a floor
    message naming a table or a command's fields, or another message with ``watch``, is refused
    in words."""
    assert parse_message({"type": "floor"}).watch is None
    assert parse_message({"type": "floor", "watch": False}).watch is False
    for bad, why in (
        ({"type": "floor", "table": "t1"}, "a floor message has only 'watch'"),
        ({"type": "floor", "args": {"x": 1}}, "a floor message has only 'watch'"),
        ({"type": "ping", "watch": True}, "only a floor message has 'watch'"),
        ({"type": "floor", "watch": "no"}, "watch"),
    ):
        with pytest.raises(ProtocolError, match=why):
            parse_message(bad)


def test_store_batch_is_all_or_nothing(tmp_path: Path) -> None:
    """A batch that would overdraw a wallet writes nothing; a good one writes its commands and
    balanced ledger rows; migrating twice changes nothing."""
    store = Store(f"sqlite:///{tmp_path / 's.db'}")
    store.migrate()
    store.migrate()
    store.open_table("t", TableConfig(id="t", profile="generic").to_json())
    store.create_user("amy", "x", "player", 1000)
    bad = Batch(
        "t",
        [OpRow(1, {"a": "sit"}, "amy")],
        [(1, Move("wallet:amy", "chips:t:amy", 5000, "buy-in"))],
    )
    with pytest.raises(Exception, match="would hold"):
        store.commit(bad)
    assert store.ops("t") == [] and store.balance("wallet:amy") == 1000
    good = Batch(
        "t",
        [OpRow(1, {"a": "sit"}, "amy", "k1")],
        [(1, Move("wallet:amy", "chips:t:amy", 600, "buy-in"))],
    )
    store.commit(good)
    assert [o.seq for o in store.ops("t")] == [1]
    balances = store.balances("")
    assert balances["wallet:amy"] == 400 and balances["chips:t:amy"] == 600
    assert sum(balances.values()) == 0
    store.close()


def test_a_group_commit_writes_what_each_batch_alone_would(tmp_path: Path) -> None:
    """Store.commit_many (one transaction, one statement per kind of row) against the slow
    obvious reference, each batch committed alone and in order on another store: the same
    answers (a new head, or the same refusal), commands and chain, ledger rows and balances, for
    random groups of batches of three tables; overdrafts that only the order of the batches
    shows, and a session signed out, among them."""
    rng = random.Random(19)
    group, alone = (Store(f"sqlite:///{tmp_path / name}.db") for name in ("group", "alone"))
    for store in (group, alone):
        store.migrate()
        for t in ("a", "b", "c"):
            store.open_table(t, TableConfig(id=t, profile="generic").to_json())
        for name in ("amy", "bob"):
            uid = store.create_user(name, "x", "player", 1000)
            store.add_session(f"live-{name}", uid, now() + dt.timedelta(hours=1))
    seq, head = dict.fromkeys("abc", 0), dict.fromkeys("abc", GENESIS)
    merged = refused = 0
    for _ in range(30):
        batches = []
        for t in rng.sample(sorted(seq), rng.randint(2, 3)):
            moves = []
            for _m in range(rng.randint(0, 3)):
                u = rng.choice(["amy", "bob"])
                wallet, chips = f"wallet:{u}", f"chips:{t}:{u}"
                src, dst = (wallet, chips) if rng.random() < 0.6 else (chips, wallet)
                moves.append((seq[t] + 1, Move(src, dst, rng.choice([100, 300, 700]), "buy-in")))
            cmd = {"a": "sit", "n": rng.randint(0, 10**6)}
            b = Batch(t, [OpRow(seq[t] + 1, cmd, "amy")], moves, head=head[t])
            session = rng.choice([None, "live-amy", "live-bob", "live-bob", "gone"])
            b.sessions = [] if session is None else [session]
            batches.append(b)
        got = group.commit_many(batches)
        want: list[str | Exception] = []
        for b in batches:
            try:
                want.append(alone.commit(b))
            except Exception as e:
                want.append(e)
        assert [_answer(r) for r in got] == [_answer(r) for r in want]
        merged += all(isinstance(r, str) for r in got)
        refused += sum(isinstance(r, Exception) for r in got)
        for b, r in zip(batches, got, strict=True):
            if isinstance(r, str):
                seq[b.table_id], head[b.table_id] = seq[b.table_id] + 1, r
    assert merged >= 3 and refused >= 3, (merged, refused)  # both paths were taken
    for t in seq:
        assert group.ops(t) == alone.ops(t)
    assert group.balances("") == alone.balances("")
    drop = ("id", "created_at")
    assert [{k: v for k, v in r.items() if k not in drop} for r in group.ledger_rows()] == [
        {k: v for k, v in r.items() if k not in drop} for r in alone.ledger_rows()
    ]
    group.close()
    alone.close()


def _answer(r: str | Exception) -> Any:
    return r if isinstance(r, str) else (type(r).__name__, str(r))


def test_exposure_order_is_shown_after_settlement() -> None:
    """R-SETTLE-01: hands are exposed from the player farthest to the dealer's right; the view
    lists them in that order once the round is settled."""
    e, _ = engine_at("surrender")
    rnd = e.round
    assert rnd is not None
    assert observe(rnd, SPECTATOR)["exposure"] == []
    e.apply({"a": "settle"})
    assert observe(rnd, SPECTATOR)["exposure"] == ["1", "2"]


def test_a_slow_store_call_is_logged_and_counted(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """A store call that waits longer than the store's ``slow`` seconds, its wait for the
    store's thread included, is logged as a warning naming its function (never its arguments:
    a partial of a store call may carry a password's hash) and counted; a quick one is
    neither."""
    store = Store(f"sqlite:///{tmp_path / 's.db'}", slow=0.2)
    store.migrate()

    def hold(secret: str) -> None:
        time.sleep(0.6)

    async def calls() -> None:
        # the first holds the store's one thread: the second waits for it, then runs quickly
        held = asyncio.ensure_future(store.run(functools.partial(hold, "hash-of-a-password")))
        await asyncio.sleep(0.05)
        assert await store.run(store.balance, "wallet:nobody") == 0
        await held
        await store.run(store.balance, "wallet:nobody")  # quick, with the thread free

    with caplog.at_level(logging.WARNING, logger="paigow.service"):
        asyncio.run(calls())
    slow = [r.getMessage() for r in caplog.records if "the database took" in r.getMessage()]
    assert store.slow_calls == 2 and len(slow) == 2, slow
    assert any("for test_a_slow_store_call_is_logged_and_counted.<locals>.hold" in m for m in slow)
    assert any("for Store.balance" in m for m in slow)
    assert not any("hash-of-a-password" in m for m in slow), slow
    store.close()
