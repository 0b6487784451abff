"""What a client can send that the service's routes do not expect, answered without a server
error, without reading on, and without holding the event loop (docs/reliability.md, "Abuse"):
request bodies over the limit or holding numbers JSON cannot say, websocket frames that are
binary or nested past the parser, a lobby feed flooded with messages, and subscriptions asked
for again and again (each one a whole snapshot of the table)."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from paigow.service.hub import DEFERRED
from paigow.service.kit.ratelimit import CLOSE_AFTER, DOORS
from paigow.service.routes.deps import BINARY, MAX_BODY
from service_support import OPERATOR, Server, eventually


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One SQLite server for the module, with one table."""
    tmp = tmp_path_factory.mktemp("doors")
    srv = Server(f"sqlite:///{tmp / 'doors.sqlite3'}", tmp).start()
    srv.open_table(srv.login(OPERATOR), id="doors", profile="generic", computer_players=0)
    try:
        yield srv
    finally:
        srv.stop()


def _log(server: Server) -> str:
    return (Path(server.workdir) / f"server-{server.port}.log").read_text(errors="replace")


#: Bodies whose numbers are not JSON (Python's parser reads NaN, Infinity and 1e400 as floats):
#: each route answered 500 (its 422 echoed the input, which JSON cannot say).
NOT_JSON_NUMBERS = [
    ("/api/register", '{"name": NaN, "password": "x"}'),
    ("/api/login", '{"name": "a", "password": Infinity}'),
    ("/api/trainer/answer", '{"profile": -Infinity}'),
    ("/api/tutorial/deal", '{"deal": 1e400}'),
    ("/api/private-tables", '{"profile": "generic", "min_wager": NaN}'),
]


def _post(server: Server, path: str, body: bytes, token: str | None = None) -> httpx.Response:
    """``body`` sent as it is, as JSON."""
    return server.http(
        "POST", path, token, content=body, headers={"Content-Type": "application/json"}
    )


@pytest.mark.parametrize(("path", "body"), NOT_JSON_NUMBERS)
def test_a_body_with_numbers_json_cannot_say_is_a_422_naming_the_field(
    server: Server, path: str, body: str
) -> None:
    r = _post(server, path, body.encode(), server.player("doors_nan"))
    assert r.status_code == 422, (path, r.status_code, r.text)
    detail = r.json()["detail"]
    assert detail and all(set(e) == {"type", "loc", "msg"} for e in detail), detail
    assert "input" not in r.text  # what was sent is never echoed


def test_a_body_over_the_limit_is_413_and_not_read_on(server: Server) -> None:
    """A body of 12 MB used to be read, parsed and validated (and its 422 echoed it): 12 s with
    every table waiting. Over :data:`MAX_BODY` it is refused as too large (413), not read on;
    one just under it is still read and answered for what it is."""
    big = b"[" + b"{}," * 4_000_000 + b"{}]"  # 12 MB
    r = _post(server, "/api/tutorial/deal", big)
    assert r.status_code == 413, r.text  # (a body read and validated would be a 422)
    assert "at most" in r.json()["detail"], (r.headers, r.text)
    # the same sent without saying its length (chunked): stopped once it is over
    chunks = iter([b"[", *([b"{}," * 10_000] * 100), b"{}]"])
    r = server.http(
        "POST",
        "/api/tutorial/deal",
        None,
        content=chunks,
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code == 413 and "at most" in r.json()["detail"], r.text
    # a route that reads no body does nothing when its body is over the limit (before, it acted
    # and was then answered 413): the session stays signed in
    token = server.player("doors_big")
    r = _post(server, "/api/logout", b"[" + b"0," * MAX_BODY + b"0]", token)
    assert r.status_code == 413, r.text
    assert server.http("GET", "/api/me", token).status_code == 200
    under = json.dumps({"deal": 1, "pad": "x" * (MAX_BODY - 100)}).encode()
    assert len(under) <= MAX_BODY
    r = _post(server, "/api/tutorial/deal", under)
    assert r.status_code == 422 and "pad" in r.text, r.text
    assert server.http("GET", "/healthz").status_code == 200


def test_binary_and_deeply_nested_frames_get_an_error_and_the_socket_keeps_answering(
    server: Server,
) -> None:
    """On ``/ws`` and ``/ws/watch``: a binary frame, and JSON nested deeper than the parser
    goes, each get an ``error`` (before: the handler ended with a traceback, the socket closed
    abnormally); a ping after them is answered. The lobby's feed reads a binary frame as
    nothing and answers the next ping."""
    player = server.client(server.player("doors_bin"))
    watcher = server.watcher()
    for c in (player, watcher):
        c.ws.send(b"\x00\x01binary")
        got = c.until(lambda m: m.get("type") == "error", "binary")
        assert got["error"] == BINARY
        c.send("[" * 4000)
        got = c.until(lambda m: m.get("type") == "error", "nested")
        assert got["error"] == "not JSON", got  # (before: RecursionError, the socket dropped)
        c.send({"type": "ping"})
        c.until(lambda m: m.get("type") == "pong", "pong")
        c.close()
    with connect(server.base.replace("http", "ws") + "/ws/lobby", open_timeout=30) as lobby:
        json.loads(lobby.recv(timeout=10))  # the lobby's tables
        lobby.send(b"\x00binary")
        lobby.send('{"type":"ping"}')
        assert eventually(lambda: lobby.recv(timeout=10) == '{"type":"pong"}', "pong")
    assert "Traceback" not in _log(server)


def test_a_client_gone_with_frames_queued_leaves_no_traceback(server: Server) -> None:
    """A client that asks for many snapshots and closes before reading them: its handler ends
    quietly (before: ``WebSocketDisconnected`` with a traceback in the log, for anyone to
    repeat)."""
    for path in ("", "/watch"):
        with connect(
            server.ws_url + path,
            open_timeout=30,
            additional_headers=(
                {"Authorization": f"Bearer {server.player('doors_gone')}"} if not path else {}
            ),
        ) as ws:
            for _ in range(30):
                ws.send(json.dumps({"type": "subscribe", "table": "doors"}))
    ok = server.client(server.player("doors_after"))
    ok.send({"type": "ping"})
    ok.until(lambda m: m.get("type") == "pong", "pong")
    ok.close()
    time.sleep(1)
    assert "Traceback" not in _log(server)


def test_a_lobby_feed_flooded_with_messages_is_closed(server: Server) -> None:
    """The lobby's feed takes each message from its socket's bucket (``ws.connection``), as
    ``/ws`` does: a flood is closed with 4429 after :data:`CLOSE_AFTER` refused in a row
    (before: 20,000 pings gave 17,944 pongs in 1.3 s)."""
    burst = DOORS["ws.connection"][0].count
    with connect(server.base.replace("http", "ws") + "/ws/lobby", open_timeout=30) as lobby:
        json.loads(lobby.recv(timeout=10))
        pongs = 0
        with pytest.raises(ConnectionClosed) as closed:
            for _ in range(burst + CLOSE_AFTER + 500):
                lobby.send('{"type":"ping"}')
            while True:
                if lobby.recv(timeout=10) == '{"type":"pong"}':
                    pongs += 1
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4429
        assert pongs <= burst + 10  # the bucket's burst, and what refilled meanwhile
    assert server.http("GET", "/healthz").status_code == 200


def test_subscriptions_have_a_door_of_their_own(server: Server) -> None:
    """Each subscription is a whole snapshot of the table: one account, or one address's
    signed-out spectators, may ask for :data:`DOORS` ``snapshot.key`` of them (60 in 10 s).
    Past it a subscription is answered later, once, when the door lets it through (a client
    that lost a delta asks once and must get its snapshot), however often it is asked
    meanwhile; at most :data:`DEFERRED` tables wait per connection, past them it is refused.
    Another account is not affected."""
    rate = DOORS["snapshot.key"][0]
    for c in (server.client(server.player("doors_snap")), server.watcher()):
        time.sleep(rate.seconds)  # the address's bucket full again (the tests before used it)
        for _ in range(rate.count + 20):
            c.send({"type": "subscribe", "table": "doors"})
        states = follows = 0
        deadline = time.monotonic() + 30
        while states < rate.count + 1 and time.monotonic() < deadline:
            m = c.recv(timeout=10)
            if m.get("type") in ("state", "event") and m.get("table") == "doors":
                states += 1
            elif m.get("type") == "error" and "follows in" in m.get("error", ""):
                follows += 1
        assert (states, follows) == (rate.count + 1, 1), (states, follows)
        with pytest.raises(AssertionError):  # nothing more: the twenty were answered once
            c.until(lambda m: m.get("type") in ("state", "error"), "nothing", limit=1)
        c.close()
    late = server.client(server.player("doors_many"))
    for _ in range(rate.count):
        late.send({"type": "subscribe", "table": "doors"})
    for i in range(DEFERRED + 2):
        late.send({"type": "subscribe", "table": f"nope{i}"})
    said = [late.until(_about(f"nope{i}"), f"nope{i}")["error"] for i in range(DEFERRED + 2)]
    assert sum("follows in" in w for w in said) == DEFERRED, said
    assert sum("; wait " in w for w in said) == 2, said
    # each deferred one is answered when the door lets it through: no such table
    # (each deferred one that finds the door shut again waits once more, and says so)
    answered: set[str] = set()
    deadline = time.monotonic() + 30
    while len(answered) < DEFERRED and time.monotonic() < deadline:
        m = late.recv(timeout=10)
        if m.get("error") == f"no open table {m.get('table')!r}":
            answered.add(str(m["table"]))
    assert answered == {f"nope{i}" for i in range(DEFERRED)}, answered
    late.close()
    other = server.client(server.player("doors_other"))
    other.subscribe("doors")
    assert "doors" in other.state
    other.close()


def _about(table: str, error: str | None = None) -> Callable[[dict[str, Any]], bool]:
    """A message about ``table`` (with that ``error``, when given)."""
    return lambda m: m.get("table") == table and (error is None or m.get("error") == error)
