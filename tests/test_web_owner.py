"""The web client goes to its table's owner (docs/scaling.md, "Clients go to the table's
owner"): two ``paigow serve --cluster`` processes on one PostgreSQL behind nginx, each with its
own path of the site (``/p/a/``, ``/p/b/``) as its client address (A's from ``PAIGOW_ADDRESS``,
B's from ``--advertise``). A player loads the page through nginx's one address, sits at a table
process B runs and plays a round in a real Chromium (Debian's, via Playwright): her table socket
and her table's requests go to B's path, so process A forwards no command, keeps no replica and
replays nothing (``GET /api/cluster``), and the result the page shows is the stored record's
(R-SETTLE: the player's net for the round). A spectator's socket (``/ws/watch``) goes to B's
path as well."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_proxy import Nginx
from service_support import OPERATOR, Server, eventually
from test_service_replicas import report
from test_service_scale import LEASE, PROXY, owners
from test_web_play import register, sit
from web_fixtures import browser
from web_oracle import money
from web_players import Player, play_rounds
from web_support import DIST, Visit, build, visits

__all__ = ["browser", "pg_cluster"]

WINDOWS = {"wager_seconds": 30, "setting_seconds": 40, "decision_seconds": 30, "pause_seconds": 0.5}


@pytest.fixture
def site(pg_cluster: PgCluster, tmp_path: Path) -> Iterator[tuple[Server, Server, Nginx]]:
    """Processes A and B, seeded, serving the built client, behind nginx with their own paths."""
    build()
    url = pg_cluster.new_database()
    args = ("--cluster", "--lease-seconds", LEASE, *PROXY, "--web", str(DIST), "--seed", "5")
    a = Server(url, tmp_path, *args, "--instance", "proc-a")
    b = Server(url, tmp_path, *args, "--instance", "proc-b")
    proxy = Nginx([a.port, b.port], tmp_path)
    b.args = (*b.args, "--advertise", proxy.address(1))
    started: list[Server] = []
    try:
        os.environ["PAIGOW_ADDRESS"] = proxy.address(0)
        started.append(a.start())
        os.environ.pop("PAIGOW_ADDRESS")
        started.append(b.start())
        proxy.start()
        yield a, b, proxy
    finally:
        os.environ.pop("PAIGOW_ADDRESS", None)
        proxy.stop()
        for srv in started:
            srv.stop()


@pytest.fixture
def visit(browser: Browser, site: tuple[Server, Server, Nginx]) -> Iterator[Callable[..., Visit]]:
    """Browser contexts on nginx's one address."""
    yield from visits(browser, site[2].base + "/")


def test_a_player_plays_at_the_owner_through_the_site(
    site: tuple[Server, Server, Nginx], visit: Callable[..., Visit]
) -> None:
    a, b, proxy = site
    b.open_table(b.login(OPERATOR), id="atb", profile="colorado", computer_players=4, **WINDOWS)
    eventually(lambda: owners(b.db_url) == {"atb": "proc-b"}, "B runs the table")
    for srv in (a, b):  # either process says where the table's clients go
        assert srv.http("GET", "/api/tables/atb/server").json()["server"] == "/p/b/ws"

    v = visit()
    sockets: list[str] = []
    v.page.on("websocket", lambda ws: sockets.append(ws.url))
    register(v, "owned")
    sit(v, "atb", "1")
    player = Player(v, "owned", "atb")
    play_rounds(b, [player], "atb", 1)

    site_ws = f"ws://127.0.0.1:{proxy.port}"
    # (the player's socket asks for the commands' results inside the frames: docs/service.md)
    assert f"{site_ws}/p/b/ws?results=inline" in sockets, sockets
    assert not any(s.startswith(f"{site_ws}/p/a/ws") for s in sockets), sockets
    ra, rb = report(a), report(b)
    assert ra["forwarded"] == 0 and rb["forwarded"] == 0, (ra, rb)
    # (on failure, the page's sockets too: one at the site's one address, the fallback when
    # the owner could not be asked, would reach A)
    assert ra["replicas"] == [] and ra["replicas_created"] == 0, (ra, sockets)
    assert ra["replica_commands"] == {}, (ra, sockets)
    assert rb["runs"] == ["atb"] and rb["replicas_created"] == 0, rb

    # R-SETTLE: the round's net the page shows is the stored record's
    rows = b.http("GET", "/api/tables/atb/rounds", b.login(OPERATOR)).json()
    record: dict[str, Any] = next(r["record"] for r in rows if r["round"] == 1)
    row = v.page.locator(".pg-history__row", has_text="Round 1").first
    expect(row.locator(".pg-history__net")).not_to_have_text("", timeout=20_000)
    assert money(row.locator(".pg-history__net").inner_text()) == record["net"]["player:owned"]
    assert v.errors == [] and v.outside == []

    # a spectator (signed out: /ws/watch) is sent there too
    watcher = visit()
    with watcher.page.expect_websocket(lambda ws: ws.url == f"{site_ws}/p/b/ws/watch"):
        page = watcher.open("#/table/atb")
    expect(page.locator("section.pg-table")).to_be_visible()
    assert watcher.errors == [] and watcher.outside == []
    assert report(a)["replicas_created"] == 0  # nothing either page did reached A's tables
