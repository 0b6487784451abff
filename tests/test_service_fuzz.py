"""Abuse: the HTTP API fuzzed from its own OpenAPI document (schemathesis: every operation,
generated valid and invalid bodies, paths and queries, as the operator, a player and nobody),
and the websocket fuzzed (hypothesis: malformed JSON, wrong types, unknown messages and
actions, huge frames, floods of valid messages). The service never answers with a server
error, stays up, answers clearly, limits each connection's and each account's rate, and its
state stays consistent (the audit is clean). Bounded runs; docs/reliability.md has the longer
ones."""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from websockets.exceptions import ConnectionClosed

from depth import size
from paigow.service.pit.audit import audit_store
from paigow.service.store.store import Store
from paigow.service.wire.protocol import SERVER_MESSAGES
from service_support import OPERATOR, Server

#: Examples per operation and kind of sender (``PAIGOW_TEST_DEEP=1``: 25).
EXAMPLES = size(15, 25)


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    tmp: Path = tmp_path_factory.mktemp("fuzz")
    s = Server(f"sqlite:///{tmp / 'fuzz.sqlite3'}", tmp).start()
    op = s.login(OPERATOR)
    s.open_table(op, id="fz", profile="generic", computer_players=2, pause_seconds=0)
    for name in ("fuzzer", "flooder"):  # before the fuzzing uses up the sign-in limits
        s.player(name)
    try:
        yield s
    finally:
        s.stop()
        store = Store(s.db_url)
        try:
            findings = audit_store(store).findings
        finally:
            store.close()
        assert findings == [], findings


def test_operators_see_the_event_log_live(srv: Server) -> None:
    """A failed sign-in reaches every connected operator as a ``log`` message, and no
    player."""
    op = srv.client(srv.login(OPERATOR))
    player = srv.client(srv.login("fuzzer"))
    r = srv.http("POST", "/api/login", body={"name": "fuzzer", "password": "not the password"})
    assert r.status_code == 401
    msg = op.until(lambda m: m.get("type") == "log", "a log message")
    assert msg["event"]["kind"] == "login_failed" and msg["event"]["actor"] == "fuzzer"
    player.send({"type": "ping"})
    player.until(lambda m: m.get("type") == "pong", "pong")
    assert not [m for m in player.messages if m.get("type") == "log"]
    for c in (op, player):
        c.close()


def test_http_api_from_its_openapi_document(srv: Server) -> None:
    """Every operation of the service's own OpenAPI document (logout left out: it would end
    the session the fuzzing uses), generated requests sent as the operator, a player and
    nobody: never a server error (5xx), and the service stays up."""
    schema = schemathesis.openapi.from_url(srv.base + "/openapi.json")
    tokens = {who: srv.login(who) for who in (OPERATOR, "fuzzer")}
    results = list(schema.get_all_operations())
    operations = [r.ok() for r in results if isinstance(r, Ok)]
    assert len(operations) == len(results), [r for r in results if not isinstance(r, Ok)]
    assert len(operations) >= 14
    tried = 0
    for op in operations:
        if op.path == "/api/logout":
            continue

        @settings(
            max_examples=EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @given(case=op.as_strategy())
        def fuzz(case: Any) -> None:
            for token in (tokens[OPERATOR], tokens["fuzzer"], None):
                headers = {"Authorization": f"Bearer {token}"} if token else {}
                case.call_and_validate(
                    base_url=srv.base, headers=headers, checks=[not_a_server_error]
                )

        fuzz()
        tried += 1
    assert tried == len(operations) - 1
    assert httpx.get(srv.base + "/healthz", timeout=10).status_code == 200


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = st.fixed_dictionaries(
    {},
    optional={
        "type": st.sampled_from(["subscribe", "unsubscribe", "command", "ping", "dance"]) | JSON,
        "table": st.sampled_from(["fz", "nope", ""]) | JSON,
        "id": st.text(max_size=100) | JSON,
        "action": st.sampled_from(["wager", "sit", "set", "void", "expire", "leave", "x"]) | JSON,
        "args": st.dictionaries(
            st.sampled_from(["spot", "cents", "seat", "high", "low", "kind", "reason", "ref"]),
            JSON,
            max_size=4,
        )
        | JSON,
    },
)
FRAMES = (
    FIELDS.map(json.dumps)
    | JSON.map(json.dumps)
    | st.text(max_size=200)
    | st.binary(max_size=50).map(lambda b: b.decode("latin-1"))
)


@settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(frames=st.lists(FRAMES, min_size=1, max_size=6))
def test_websocket_fuzz(srv: Server, frames: list[str]) -> None:
    """Generated frames (valid-looking messages with wrong types, junk, unknown messages and
    actions): each gets an answer (an error, a result, a state with the table's chat history, a
    delta or a pong) and the connection stays usable."""
    c = srv.client(srv.login("fuzzer"))
    try:
        for f in frames:
            c.send(f)
        for _ in range(20):  # the account's rate limit may hold a ping back: ask again
            c.send({"type": "ping"})
            try:
                c.until(lambda m: m.get("type") == "pong", "pong", limit=3)
                break
            except AssertionError:
                continue
        else:
            raise AssertionError("the connection does not answer")
        kinds = {m["type"] for m in c.messages}
        # only messages of the protocol, and none of an operator's (the event log's "log")
        assert kinds <= set(SERVER_MESSAGES) - {"log"}, kinds
        for m in c.messages:
            if m["type"] == "result":
                assert m["status"] in ("applied", "duplicate", "refused")
            if m["type"] == "error":
                assert m["error"] and "Traceback" not in m["error"]
    finally:
        c.close()


def test_huge_frames(srv: Server) -> None:
    """A frame over the server's limit closes that connection (code 1009); one under it but
    over the message limit gets an error; the service stays up."""
    c = srv.client(srv.login("fuzzer"))
    c.send(json.dumps({"type": "ping", "pad": "x" * 20_000}))
    msg = c.until(lambda m: m.get("type") == "error", "too long")
    assert "16384" in msg["error"]
    with pytest.raises(ConnectionClosed):
        c.send("x" * 100_000)
        c.recv(timeout=10)
    assert httpx.get(srv.base + "/healthz", timeout=10).status_code == 200


def test_a_flood_is_limited_per_connection_and_per_account(srv: Server) -> None:
    """A client sending valid messages as fast as it can: told to slow down, then closed
    (4429); the event log names it; other clients play on; the account's other connection is
    limited too while the flood lasts."""
    token = srv.player("flooder")
    flood = srv.client(token)
    other = srv.client(token)
    bystander = srv.client(srv.login("fuzzer"))
    closed = False
    with contextlib.suppress(ConnectionClosed):  # (closed while it still sends: read below)
        for _ in range(2000):
            flood.send({"type": "ping"})
    # what the server sent before it closed the connection is read all the same, then its close
    deadline = time.monotonic() + 30
    while not closed and time.monotonic() < deadline:
        try:
            flood.recv(timeout=1)
        except TimeoutError:
            continue
        except ConnectionClosed as e:
            closed = True
            assert e.rcvd is not None and e.rcvd.code == 4429
    assert closed
    errors = [m for m in flood.messages if m.get("type") == "error"]
    assert errors and "rate limit" in errors[0]["error"]
    assert sum(1 for m in flood.messages if m.get("type") == "pong") < 2000
    bystander.send({"type": "ping"})
    assert bystander.until(lambda m: m.get("type") == "pong", "bystander")
    time.sleep(2.5)  # the account's bucket refills
    other.send({"type": "ping"})
    assert other.until(lambda m: m.get("type") == "pong", "other connection, later")
    events = srv.http("GET", "/api/events", srv.login(OPERATOR)).json()
    assert any(e["kind"] == "rate_limited" and e["actor"] == "flooder" for e in events)
    for c in (other, bystander):
        c.close()


def test_an_event_id_beyond_the_database_integers_is_refused(srv: Server) -> None:
    """Found by the OpenAPI fuzzing: ``since`` past a 64-bit integer was a server error (the
    database cannot compare it); now a 422 like any other bad query."""
    op = srv.login(OPERATOR)
    r = srv.http("GET", "/api/events?since=1239623883571329236992&limit=5", op)
    assert r.status_code == 422, r.text
    r = srv.http("GET", f"/api/events?since={2**63 - 1}&limit=5", op)
    assert r.status_code == 200 and r.json() == []
