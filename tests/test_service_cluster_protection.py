"""Self-exclusion in a cluster: two ``paigow serve --cluster`` processes on one PostgreSQL
(docs/service.md, "Player protection": "Asked while seated, it is refused until the player has
left their seats").

* Asked through the process that does not run the player's table, the exclusion is refused
  (409) while the player sits there, as it is at the owner: the seats are read from the store
  (``seats``, written with each batch that changes them), not from the actors of the process
  asked. Before, that process looked only at its own tables, answered 200, and the player
  stayed seated and played on.
* Once the player has left, the exclusion is accepted at either process, and a sit is refused
  at both.
* An exclusion and a sit sent at the same moment to the two processes never both succeed:
  both lock the player's wallet row before they look (the exclusion at the seats, the buy-in at
  the protection), so one of them sees the other.
* A table played before the seats were stored has them written at its owner's first look.
* The wallet and the buy-in bound reach the account's websockets at every process: a buy-in at
  the table's owner is told to the account's websocket at the other process, a limit set
  through the other process to the one at the owner (docs/service.md, ``wallet``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from paigow.service.db import schema as db
from paigow.service.protection.tables import protection
from paigow.service.store.store import Store
from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_support import OPERATOR, Server, eventually

__all__ = ["pg_cluster"]

#: Exclusions and sits sent at once, each by a new player.
RACES = 8


@pytest.fixture
def two(pg_cluster: PgCluster, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two cluster processes on a new database; table ``xa`` run by the first, paused (players
    sit and leave at once: no round)."""
    url = pg_cluster.new_database()
    args = ("--cluster", "--lease-seconds", "3")
    a = Server(url, tmp_path, "--instance", "proc-a", *args).start()
    b = Server(url, tmp_path, "--instance", "proc-b", *args).start()
    try:
        op = a.login(OPERATOR)
        a.open_table(op, id="xa", profile="generic", pause_seconds=0)
        c = a.client(op)
        c.subscribe("xa")
        c.ok("xa", "pause")
        c.close()
        yield a, b
    finally:
        a.stop()
        b.stop()


def stored(url: str, name: str) -> dict[str, Any]:
    """The player's protection row, seats and buy-ins, from the store itself."""
    store = Store(url)
    try:
        with store.engine.connect() as c:
            row = c.execute(sa.select(protection).where(protection.c.account == name)).mappings()
            found = row.first()
            seats = c.execute(sa.select(db.seats.c.table_id).where(db.seats.c.player == name)).all()
            buy_ins = c.execute(
                sa.select(sa.func.count()).where(
                    db.ledger.c.debit == f"wallet:{name}", db.ledger.c.reason == "buy-in"
                )
            ).scalar_one()
    finally:
        store.close()
    return {
        "excluded": found is not None and found["excluded_until"] is not None,
        "seats": [r[0] for r in seats],
        "buy_ins": int(buy_ins),
    }


def exclude(srv: Server, token: str) -> Any:
    return srv.http("POST", "/api/me/protection/exclude", token, {"days": 7})


def test_exclusion_at_the_other_process_is_refused_while_seated(two: tuple[Server, Server]) -> None:
    a, b = two
    token = a.player("seatedx")
    me = a.client(token)  # at the owner of the table
    me.subscribe("xa")
    me.ok("xa", "sit", seat="1", cents=10_000)
    for srv in (b, a):  # b runs no table; before the fix it answered 200
        r = exclude(srv, token)
        assert r.status_code == 409, (srv.port, r.status_code, r.text)
        assert r.json()["detail"] == "leave your seat first (xa)", r.text
    assert stored(a.db_url, "seatedx") == {"excluded": False, "seats": ["xa"], "buy_ins": 1}
    me.ok("xa", "leave")
    r = exclude(b, token)  # left: accepted at the process that does not run the table
    assert r.status_code == 200, r.text
    assert r.json()["excluded_until"] is not None
    for srv in (a, b):  # and no sit anywhere: at the owner, and forwarded from b
        c = srv.client(token)
        c.subscribe("xa")
        res = c.command("xa", "sit", seat="2", cents=10_000)
        assert res["status"] == "refused" and "excluded yourself" in res["error"], res
        c.close()
    me.close()
    assert stored(a.db_url, "seatedx") == {"excluded": True, "seats": [], "buy_ins": 1}


def test_an_exclusion_and_a_sit_at_once_never_both_succeed(two: tuple[Server, Server]) -> None:
    a, b = two
    outcomes = []
    for i in range(RACES):
        name = f"racer{i}"
        token = a.player(name)
        me = a.client(token)
        me.subscribe("xa")
        go = threading.Barrier(2)
        got: dict[str, Any] = {}

        def sit(c: Any = me, out: dict[str, Any] = got, gate: threading.Barrier = go) -> None:
            gate.wait()
            out["sit"] = c.command("xa", "sit", seat="3", cents=10_000)

        def ask(t: str = token, out: dict[str, Any] = got, gate: threading.Barrier = go) -> None:
            gate.wait()
            out["exclude"] = exclude(b, t)

        threads = [threading.Thread(target=sit), threading.Thread(target=ask)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        sat = got["sit"]["status"] == "applied"
        excluded = got["exclude"].status_code == 200
        # exactly one of the two: never a seat taken by a player the exclusion let through
        assert sat != excluded, (i, got["sit"], got["exclude"].text)
        if sat:
            assert got["exclude"].status_code == 409, got["exclude"].text
            me.ok("xa", "leave")
        else:
            assert "excluded yourself" in got["sit"]["error"], got["sit"]
        after = stored(a.db_url, name)
        assert after["excluded"] == excluded and after["seats"] == [], (i, after)
        assert after["buy_ins"] == (1 if sat else 0), (i, after)
        outcomes.append("sat" if sat else "excluded")
        me.close()
    print(
        f"\n{RACES} races: {outcomes.count('sat')} sat first, {outcomes.count('excluded')}"
        " excluded first"
    )


def test_the_seats_of_a_table_played_before_they_were_stored_are_written_at_its_first_look(
    pg_cluster: PgCluster, tmp_path: Path
) -> None:
    # A table played before migration 0011_seats has no seats rows: its owner writes them at
    # its first look after the start, so an exclusion asked then is refused while the player
    # sits (the rows taken away here, as the migration leaves them).
    url = pg_cluster.new_database()
    srv = Server(url, tmp_path, "--cluster", "--instance", "proc-a").start()
    try:
        op = srv.login(OPERATOR)
        srv.open_table(op, id="old", profile="generic", pause_seconds=0)
        c = srv.client(op)
        c.subscribe("old")
        c.ok("old", "pause")
        c.close()
        token = srv.player("oldtimer")
        me = srv.client(token)
        me.subscribe("old")
        me.ok("old", "sit", seat="1", cents=10_000)
        me.close()
    finally:
        srv.stop()
    store = Store(url)
    try:
        with store.engine.begin() as conn:
            conn.execute(db.seats.delete())
    finally:
        store.close()
    srv = Server(url, tmp_path, "--cluster", "--instance", "proc-a").start()
    try:
        eventually(lambda: stored(url, "oldtimer")["seats"] == ["old"], "the seats written")
        r = exclude(srv, srv.login("oldtimer"))
        assert r.status_code == 409 and "leave your seat first (old)" in r.text, r.text
    finally:
        srv.stop()


def test_a_wallet_change_is_told_to_the_accounts_websockets_at_every_process(
    two: tuple[Server, Server],
) -> None:
    """wdee watches from process b (which runs no table) while she buys in at table xa, run by
    a: b's websocket is told her wallet and buy-in bound as the store has them (before, only a
    reload showed them, and not at all on another process). Her limit set through b is told
    to her websocket at a."""
    a, b = two
    token = a.player("wdee")
    watcher = b.client(token)
    sitter = a.client(token)
    sitter.subscribe("xa")
    sitter.ok("xa", "sit", seat="1", cents=20_000)
    told = watcher.until(lambda m: m.get("type") == "wallet", "the wallet, at the other process")
    me = a.http("GET", "/api/me", token).json()
    assert (told["wallet"], told["buy_in"]) == (me["wallet"], me["buy_in"]), (told, me)
    assert me["buy_in"] == {"max": me["wallet"], "by": "wallet", "left_today": None}
    r = b.http("POST", "/api/me/protection/limit", token, {"cents": 25_000})
    assert r.status_code == 200, r.text
    told = sitter.until(
        lambda m: m.get("type") == "wallet" and m["buy_in"]["by"] == "limit", "the bound, at a"
    )
    assert told["buy_in"] == {"max": 5_000, "by": "limit", "left_today": 5_000}, told
    assert told["buy_in"] == a.http("GET", "/api/me", token).json()["buy_in"]
    sitter.close()
    watcher.close()
