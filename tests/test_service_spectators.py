"""The spectators' websocket (``/ws/watch``) cannot be taken by a few addresses: each address
holds at most its share of the process's slots (IPv6 counted by its /64), a socket that watches
nothing or says nothing is closed when it has idled long enough, and a full process answers
with the close code docs/service.md documents, 1013, and a reason (docs/service.md, "Limits";
docs/reliability.md, "Threats").

The defect these guard: 9 IPv4 addresses with 64 sockets each took all 500 slots in a minute
and kept them (no idle time-out); every later spectator was refused with HTTP 403, not 1013.

The servers run with every default limit and believe ``X-Forwarded-For`` from loopback
(``--trusted-proxy 127.0.0.1``), so one test process can appear as many client addresses, as a
crowd behind nginx does.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from paigow.service.options import ServiceOptions
from paigow.service.routes.watch import FULL, IDLE
from service_support import OPERATOR, Server

#: The defaults every server of the service runs with (``paigow serve``).
DEFAULTS = ServiceOptions()
#: The idle time-out of the server that tests it (seconds), short so the tests are short.
IDLE_SECONDS = 3.0


def _server(tmp: Path, *args: str) -> Server:
    """A server with every default limit (not the tests' loose ones), which believes loopback's
    ``X-Forwarded-For``, with one table."""
    db = f"sqlite:///{tmp / 'watch.sqlite3'}"
    srv = Server(db, tmp, "--trusted-proxy=127.0.0.1", *args, limits=())
    srv.start()
    srv.open_table(srv.login(OPERATOR), id="watched", profile="generic", computer_players=1)
    return srv


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server with the default spectator limits."""
    srv = _server(tmp_path_factory.mktemp("spectators"))
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def idle_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server whose spectators idle at most :data:`IDLE_SECONDS`."""
    srv = _server(tmp_path_factory.mktemp("idle"), f"--spectator-idle-seconds={IDLE_SECONDS}")
    try:
        yield srv
    finally:
        srv.stop()


def _watch(server: Server, address: str = "127.0.0.1") -> ClientConnection:
    """A spectator's socket, from ``address`` (as the trusted proxy says)."""
    return connect(
        server.ws_url + "/watch",
        additional_headers={"X-Forwarded-For": address},
        open_timeout=60,
        legacy=True,
    )


def _closed(ws: ClientConnection, within: float = 30.0) -> tuple[int, str] | None:
    """The close code and reason the server sent, reading until it closes (None: still open
    after ``within`` seconds)."""
    deadline = time.monotonic() + within
    try:
        while time.monotonic() < deadline:
            ws.recv(timeout=max(0.01, deadline - time.monotonic()))
    except ConnectionClosed as e:
        return (e.rcvd.code, e.rcvd.reason) if e.rcvd is not None else (-1, "")
    except TimeoutError:
        pass
    return None


def _open(ws: ClientConnection) -> bool:
    """The socket answers a ping (it holds its slot)."""
    try:
        ws.send(json.dumps({"type": "ping"}))
        while True:
            if json.loads(ws.recv(timeout=30)).get("type") == "pong":
                return True
    except (ConnectionClosed, TimeoutError):
        return False


def test_one_address_holds_at_most_its_share_of_spectator_slots(server: Server) -> None:
    """At most ``spectators_per_address`` (8) spectator sockets from one address: one more is
    accepted and closed with 4429 and the reason, while another address is still let in; an
    IPv6 address counts by its /64 (a subscriber holds a whole /64); a slot given back is
    free again. Before, one address opened 64 (``--sockets-per-address``), 9 addresses all
    500 of the process."""
    cap = DEFAULTS.spectators_per_address
    assert cap < DEFAULTS.spectators // 50  # a handful of addresses cannot fill the process
    for first, same, other in (
        ("203.0.113.7", "203.0.113.7", "203.0.113.8"),
        ("2001:db8:1:2::{}", "2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:3::1"),
    ):
        held = [_watch(server, first.format(i + 1)) for i in range(cap)]
        assert all(_open(ws) for ws in held)
        extra = _watch(server, same)
        got = _closed(extra)
        assert got is not None and got[0] == 4429 and "from one address" in got[1], got
        elsewhere = _watch(server, other)
        assert _open(elsewhere)  # another address (another /64) is not affected
        elsewhere.close()
        held.pop().close()
        again = _watch(server, same)  # the slot given back is free again
        assert _open(again)
        for ws in [*held, again]:
            ws.close()


def test_a_full_process_closes_a_spectator_with_1013_and_a_reason(server: Server) -> None:
    """The process's spectator slots all taken (each address within its share), one more
    spectator is accepted and closed with 1013 ("try again later", as docs/service.md says)
    and the reason; before, it was refused with HTTP 403, which a browser cannot read. One slot
    given back, a spectator is let in again."""
    most, cap = DEFAULTS.spectators, DEFAULTS.spectators_per_address
    addresses = [f"198.51.{i // 250}.{i % 250 + 1}" for i in range(-(-most // cap))]
    wanted = [addresses[i // cap] for i in range(most)]
    with ThreadPoolExecutor(16) as pool:
        held = list(pool.map(lambda a: _watch(server, a), wanted))
    try:
        assert _open(held[0]) and _open(held[-1])
        late = _watch(server, "192.0.2.99")  # an address holding nothing
        got = _closed(late)
        assert got is not None and got[0] == FULL == 1013, got
        assert "too many spectators" in got[1], got
        held.pop().close()
        deadline = time.monotonic() + 30
        while True:  # (the server sees the close when it reads it)
            again = _watch(server, "192.0.2.99")
            if _open(again) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert _open(again)
        again.close()
    finally:
        for ws in held:
            ws.close()


def test_a_spectator_that_watches_nothing_is_closed_when_idle(idle_server: Server) -> None:
    """A spectator socket with no subscription is closed (4408, the reason) after the idle
    time-out, whether it says nothing or keeps pinging: pings do not keep a socket that watches
    nothing. Before, such sockets were kept for ever, holding their slots."""
    silent = _watch(idle_server)
    got = _closed(silent, IDLE_SECONDS + 30)
    assert got is not None and got[0] == IDLE, got
    pinging = _watch(idle_server)
    deadline = time.monotonic() + IDLE_SECONDS + 30
    got = None
    while got is None and time.monotonic() < deadline:
        with contextlib.suppress(ConnectionClosed):
            pinging.send(json.dumps({"type": "ping"}))
        got = _closed(pinging, 0.5)
    assert got is not None and got[0] == IDLE and "watched no table" in got[1], got


def test_a_watching_spectator_is_kept_while_it_pings_and_closed_when_silent(
    idle_server: Server,
) -> None:
    """A spectator subscribed to a table and pinging (as the web client does every 2.5 s) keeps
    its socket well past the idle time-out; one subscribed that sends nothing more (a client
    gone without closing) is closed (4408, "sent nothing")."""
    kept, quiet = _watch(idle_server), _watch(idle_server)
    for ws in (kept, quiet):
        ws.send(json.dumps({"type": "subscribe", "table": "watched"}))
    until = time.monotonic() + 3 * IDLE_SECONDS
    while time.monotonic() < until:
        assert _open(kept)
        time.sleep(IDLE_SECONDS / 4)
    got = _closed(quiet, 30)
    assert got is not None and got[0] == IDLE and "sent nothing" in got[1], got
    assert _open(kept)
    kept.close()
