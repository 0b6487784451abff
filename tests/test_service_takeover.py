"""Takeovers in a cluster: two ``paigow serve --cluster`` processes on one PostgreSQL, the
owner of a table killed with ``kill -9`` again and again (docs/scaling.md, "A table has one
owner at a time").

* Every takeover writes exactly one ``table_taken`` event, naming the table, the previous and
  the new owner and the new epoch, whether the process that takes the table kept a replica of
  it (the replica promoted) or not (the table rebuilt from the store): the event is written in
  the transaction that takes the lease (``paigow.service.db.leases.take``). Before, it was written
  only when the taker had heard of the previous owner through a replica's notifications: a
  takeover of a table nobody watched at the taker left no trace in the log.
* The table plays again at the process that took it: a round finishes there.
* The killed process, started again under its name once the log has its crash, counts among
  the live ones again and is given a table back (it used to stay "stopped" for good).
* A player's private tables are listed alike at every process (``GET /api/me/private-tables``
  and the pit's ``GET /api/pit/private-tables``, both read from the store): before, each
  process listed only the tables it ran itself.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from paigow.service.db import leases
from paigow.service.db import schema as db
from paigow.service.store.store import Store
from service_fixtures import pg_cluster
from service_pg import PgCluster
from service_support import OPERATOR, Client, Server, drive, eventually

__all__ = ["pg_cluster"]

LEASE = "3"
#: Takeovers in the loop: both ways of taking a table, twice each.
TRIALS = 4


def start(url: str, tmp: Path, name: str, port: int | None = None) -> Server:
    """A cluster process named ``name``."""
    args = ("--cluster", "--instance", name, "--lease-seconds", LEASE)
    return Server(url, tmp, *args, port=port).start()


@pytest.fixture
def two(pg_cluster: PgCluster, tmp_path: Path) -> Iterator[dict[str, Server]]:
    """Two processes on one new database, by instance name."""
    url = pg_cluster.new_database()
    procs = {n: start(url, tmp_path, n) for n in ("proc-a", "proc-b")}
    try:
        yield procs
    finally:
        for s in procs.values():
            s.stop()


def leased(url: str) -> dict[str, tuple[str, int]]:
    """Table -> (owner, epoch) of every valid lease, read from the store itself."""
    store = Store(url)
    try:
        t = db.table_leases
        with store.engine.connect() as c:
            rows = c.execute(sa.select(t.c.table_id, t.c.owner, t.c.epoch)).all()
        valid = {tid for tid, (_o, ok) in leases.owners(store).items() if ok}
    finally:
        store.close()
    return {str(r[0]): (str(r[1]), int(r[2])) for r in rows if r[0] in valid}


def taken_events(srv: Server, table: str) -> list[dict[str, Any]]:
    """The ``table_taken`` events of ``table`` in the log."""
    events = srv.http("GET", f"/api/events?table={table}&limit=1000", srv.login(OPERATOR))
    assert events.status_code == 200, events.text
    return [e for e in events.json() if e["kind"] == "table_taken"]


def one_each(url: str) -> dict[str, tuple[str, int]] | None:
    """The leases when each process runs one of the two tables, else None."""
    o = leased(url)
    return o if o.keys() == {"ta", "tb"} and o["ta"][0] != o["tb"][0] else None


def held_by(url: str, instance: str) -> dict[str, tuple[str, int]] | None:
    """The leases when ``instance`` holds table ``ta``, else None."""
    o = leased(url)
    return o if o.get("ta", ("", 0))[0] == instance else None


def rounds_past(n: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a table's state is past round ``n``."""
    return lambda s: bool(s["rounds"] > n)


def crashed(srv: Server, instance: str) -> bool:
    """Whether the log says ``instance`` stopped without shutting down."""
    events = srv.http("GET", "/api/events?limit=1000", srv.login(OPERATOR)).json()
    return any(
        e["kind"] == "crash_recovery" and e["detail"].get("instance_lost") == instance
        for e in events
    )


def test_every_takeover_writes_one_table_taken_and_the_table_plays_again(
    two: dict[str, Server], tmp_path: Path
) -> None:
    procs = two
    url = procs["proc-a"].db_url
    for name, table in (("proc-a", "ta"), ("proc-b", "tb")):  # one table each: both at share
        srv = procs[name]
        srv.open_table(
            srv.login(OPERATOR),
            id=table,
            profile="generic",
            computer_players=2,
            pause_seconds=0,
        )
    assert {t: o for t, (o, _e) in leased(url).items()} == {"ta": "proc-a", "tb": "proc-b"}
    procs["proc-a"].seat("ta", ["taker"], ["1"], cents=100_000)
    for trial in range(TRIALS):
        # the human's table is run by one process, the other table by the other
        held = eventually(lambda: one_each(url), "one table at each process")
        victim, epoch = held["ta"]
        survivor = next(n for n in procs if n != victim)
        player = procs[victim].reconnect("taker")
        st = player.subscribe("ta")
        rounds = st["rounds"]
        drive([player], "ta", rounds_past(rounds))  # it plays here first
        player.close()
        watcher: Client | None = None
        if trial % 2:  # the survivor keeps a replica of the table: it is promoted
            watcher = procs[survivor].watcher()
            watcher.subscribe("ta")
        before = len(taken_events(procs[survivor], "ta"))
        killed = time.monotonic()
        procs[victim].kill9()
        now = eventually(partial(held_by, url, survivor), f"{survivor} takes ta")
        held_after = time.monotonic() - killed
        assert now["ta"] == (survivor, epoch + 1)
        # the table plays again where it was taken: a round finishes there
        player = procs[survivor].reconnect("taker")
        st = player.subscribe("ta")
        rounds = st["rounds"]
        drive([player], "ta", rounds_past(rounds), tolerate=True)
        played_after = time.monotonic() - killed
        player.close()
        if watcher is not None:
            watcher.close()
        # exactly one event for this takeover, naming both owners and the epoch
        events = taken_events(procs[survivor], "ta")
        mine = [e for e in events if e["detail"]["epoch"] == epoch + 1]
        assert len(mine) == 1, (trial, events)
        (ev,) = mine
        assert ev["table"] == "ta" and ev["instance"] == survivor, ev
        assert ev["detail"]["previous"] == victim and ev["detail"]["owner"] == survivor, ev
        assert ev["detail"]["given_back"] is False and ev["level"] == "warning", ev
        assert len(events) == before + 1, (trial, events)
        print(
            f"\ntrial {trial} ({'replica promoted' if trial % 2 else 'rebuilt'}):"
            f" held {held_after:.1f} s, a round done {played_after:.1f} s after kill -9"
        )
        # the survivor logs the crash (the killed process marked stopped), then the killed
        # process comes back under its name: it counts among the live ones again, and the
        # survivor gives it a table back between rounds, which writes its own event (the lease
        # given back, not expired). Before, a process started again under the name of one
        # marked stopped stayed "stopped": it was never given a table back.
        eventually(partial(crashed, procs[survivor], victim), f"{victim}'s crash in the log")
        procs[victim] = start(url, tmp_path, victim, port=procs[victim].port)
        back = eventually(lambda: one_each(url), "a table given back to the restarted process")
        moved = next(t for t, (o, _e) in back.items() if o == victim)
        given = [
            e
            for e in taken_events(procs[survivor], moved)
            if e["detail"]["epoch"] == back[moved][1]
        ]
        assert len(given) == 1 and given[0]["detail"]["given_back"] is True, given
        assert given[0]["detail"]["previous"] == survivor, given


def test_a_players_private_tables_are_listed_alike_at_every_process(
    two: dict[str, Server],
) -> None:
    a, b = two["proc-a"], two["proc-b"]
    token = a.player("lister")
    made = []
    for srv in (a, b):  # one opened through each process: each runs its own
        r = srv.http("POST", "/api/private-tables", token, {"profile": "generic"})
        assert r.status_code == 201, r.text
        made.append(r.json()["table"])
    runs = {t: o for t, (o, _e) in leased(a.db_url).items()}
    assert runs[made[0]] == "proc-a" and runs[made[1]] == "proc-b", runs
    sitter = b.client(b.player("sitter"))
    sitter.subscribe(made[1])
    sitter.ok(made[1], "sit", seat="1", cents=10_000)
    mine = [srv.http("GET", "/api/me/private-tables", token) for srv in (a, b)]
    assert [r.status_code for r in mine] == [200, 200], [r.text for r in mine]
    assert mine[0].json() == mine[1].json(), [r.json() for r in mine]
    listed = mine[0].json()["tables"]
    assert [t["table"] for t in listed] == made, listed
    assert all(t["profile"] == "generic" and t["link"] == f"/#/join/{t['code']}" for t in listed)
    pit = [srv.http("GET", "/api/pit/private-tables", srv.login(OPERATOR)) for srv in (a, b)]
    assert [r.status_code for r in pit] == [200, 200], [r.text for r in pit]
    assert pit[0].json() == pit[1].json(), [r.json() for r in pit]
    rows = {t["table"]: t for t in pit[0].json()["tables"]}
    assert set(rows) == set(made), rows
    assert rows[made[1]]["players"] == ["sitter"] and rows[made[0]]["players"] == [], rows
    assert all(r["owner"] == "lister" for r in rows.values()), rows
    sitter.close()
